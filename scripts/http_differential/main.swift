/// The Swift half of the llhttp differential (`make http-differential`, docs/http1.md):
/// Tessera's `RequestParser`, compiled with the EventHTTP module's sources (see run.py),
/// reads each stream and writes one verdict line per stream as JSON.
///
/// Input on stdin, repeated: a little-endian UInt32 length, then that many bytes. Output on
/// stdout, one line per stream:
///   {"m":[message…],"x":"more"|"closed"|"rejected","r":reason,"o":offset,"s":settled}
/// where a message is {"method","t"(hex),"v","f":[[name hex, value hex]…],"b"(hex),"ka",
/// "ec","end"}. Like the server, reading stops after a request that does not keep the
/// connection alive ("closed") or at a refusal ("rejected", with the refused request's
/// offset).
///
/// Every stream is parsed whole, a byte at a time, and cut at random points (seeded by
/// the stream's bytes); every way must give the same verdict, or the line is
/// {"split-mismatch":…} and the driver fails.
///
/// Arguments: maxTargetLength maxHeaderBytes maxBodyBytes.

import Glibc

struct Verdict: Equatable {
    var messages: [RequestMessage] = []
    var ends: [Int] = []
    var termination = "more"
    var rejection: StreamRejection?
    /// When the stream ran out mid-request ("more"): what the parser says once CRLFs follow
    /// (up to eight, one at a time): "accepted" (the request completes), a refusal's
    /// reason, or "more". It tells a request still undecided from one the parser took.
    var settled = ""
}

func parse(_ bytes: [UInt8], cuts: [Int], limits: RequestParser.Limits) -> Verdict {
    var parser = RequestParser(limits: limits)
    var verdict = Verdict()
    var offset = 0
    var pieceStart = 0
    let bounds = cuts + [bytes.count]
    outer: for pieceEnd in bounds where pieceEnd > pieceStart || pieceEnd == bytes.count {
        var index = pieceStart
        pieceStart = pieceEnd
        while index < pieceEnd {
            let (consumed, outcome) = bytes[index..<pieceEnd].withUnsafeBytes { parser.consume($0) }
            precondition(consumed >= 0 && consumed <= pieceEnd - index, "consumed \(consumed) of \(pieceEnd - index)")
            index += consumed
            offset = index
            switch outcome {
            case .needMore:
                precondition(index == pieceEnd, "needMore with \(pieceEnd - index) bytes left")
            case .message:
                let message = parser.takeMessage()
                verdict.messages.append(message)
                verdict.ends.append(offset)
                if !message.keepAlive {
                    verdict.termination = "closed"
                    break outer
                }
            case .rejected(let rejection):
                precondition(rejection.offset <= offset, "refused at \(rejection.offset) after \(offset)")
                verdict.termination = "rejected"
                verdict.rejection = rejection
                // Nothing after a refusal is read: a further call consumes nothing.
                let again = bytes[index..<bytes.count].withUnsafeBytes { parser.consume($0) }
                precondition(again.consumed == 0 || index == bytes.count, "the parser read on after a refusal")
                break outer
            }
        }
    }
    if verdict.termination == "more" {
        verdict.settled = "more"
        let crlf: [UInt8] = [0x0D, 0x0A]
        settling: for _ in 0..<8 {
            let (_, outcome) = crlf.withUnsafeBytes { parser.consume($0) }
            switch outcome {
            case .needMore: continue
            case .message: verdict.settled = "accepted"
            case .rejected(let rejection): verdict.settled = rejection.reason.rawValue
            }
            break settling
        }
    }
    return verdict
}

/// SplitMix64: split points that are the same on every run for the same stream.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let hexDigits = Array("0123456789abcdef".utf8)
var out: [UInt8] = []
out.reserveCapacity(1 << 20)

func put(_ text: String) { out.append(contentsOf: text.utf8) }
func putHex<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    out.append(UInt8(ascii: "\""))
    for byte in bytes {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 15)])
    }
    out.append(UInt8(ascii: "\""))
}

func write(_ verdict: Verdict) {
    put("{\"m\":[")
    for (number, message) in verdict.messages.enumerated() {
        if number > 0 { put(",") }
        put("{\"method\":\"\(message.method?.rawValue ?? "")\",\"t\":")
        putHex(message.target)
        put(",\"v\":\(message.minorVersion),\"f\":[")
        for (index, field) in fieldBytes(message.fields).enumerated() {
            if index > 0 { put(",") }
            put("[")
            putHex(field.name)
            put(",")
            putHex(field.value)
            put("]")
        }
        put("],\"b\":")
        putHex(message.body)
        put(",\"ka\":\(message.keepAlive ? 1 : 0),\"ec\":\(message.expectsContinue ? 1 : 0),\"end\":\(verdict.ends[number])}")
    }
    put("],\"x\":\"\(verdict.termination)\"")
    if let rejection = verdict.rejection {
        put(",\"r\":\"\(rejection.reason.rawValue)\",\"o\":\(rejection.offset)")
    }
    if !verdict.settled.isEmpty { put(",\"s\":\"\(verdict.settled)\"") }
    put("}\n")
}

/// The fields' raw bytes (HeaderBlock's `fields` makes Strings, which would repair bytes
/// that are not UTF-8): its layout is name length, value length (UInt32 LE), name, value.
func fieldBytes(_ block: HeaderBlock) -> [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] {
    let bytes = block.bytes
    var result: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    var at = 0
    func load(_ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
    while at + 8 <= bytes.count {
        let nameLength = load(at), valueLength = load(at + 4)
        let nameStart = at + 8, valueStart = nameStart + nameLength
        result.append((bytes[nameStart..<valueStart], bytes[valueStart..<(valueStart + valueLength)]))
        at = valueStart + valueLength
    }
    return result
}

func flush() {
    var written = 0
    while written < out.count {
        let count = out[written...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
        precondition(count > 0, "write failed")
        written += count
    }
    out.removeAll(keepingCapacity: true)
}

func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = buffer[filled...].withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, stdin) }
        if got == 0 { return nil }
        filled += got
    }
    return buffer
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
precondition(arguments.count == 3, "usage: http-differential maxTargetLength maxHeaderBytes maxBodyBytes")
let limits = RequestParser.Limits(maxTargetLength: arguments[0], maxHeaderBytes: arguments[1], maxBodyBytes: arguments[2])

while let header = readExactly(4) {
    let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
    guard let stream = length == 0 ? [] : readExactly(length) else { break }
    let whole = parse(stream, cuts: [], limits: limits)
    var mismatch: String?
    if stream.count > 1 {
        let everyByte = parse(stream, cuts: Array(1..<stream.count), limits: limits)
        if everyByte != whole { mismatch = "byte at a time" }
        var random = SplitMix(state: stream.reduce(UInt64(stream.count)) { $0 &* 31 &+ UInt64($1) })
        for _ in 0..<3 where mismatch == nil {
            let cuts = (0..<(1 + Int(random.next() % 4))).map { _ in 1 + Int(random.next() % UInt64(stream.count - 1)) }.sorted()
            if parse(stream, cuts: cuts, limits: limits) != whole { mismatch = "cut at \(cuts)" }
        }
    }
    if let mismatch {
        put("{\"split-mismatch\":\"\(mismatch)\"}\n")
    } else {
        write(whole)
    }
    if out.count > 1 << 19 { flush() }
}
flush()
