/// libFuzzer target: the HTTP/1.1 request parser (`RequestParser`), the one piece that reads
/// bytes straight from the network. Each input is read three ways: whole, cut in two at a
/// point its first byte picks, and cut at every point its second byte's bits pick (up to one
/// piece a byte). Every way must give the same requests (method, target, version, fields,
/// body, keep-alive, Expect), the same refusal at the same offset, and the same end state;
/// no call may consume more than it is given, leave bytes when it asks for more, or read
/// anything after a refusal; every body byte reserved is given back once the requests are
/// answered; no trap, no out-of-bounds access (AddressSanitizer).
/// Built and run by `scripts/fuzz.sh http SECONDS` (Fuzz/README.md).

struct Reading: Equatable {
    var messages: [RequestMessage] = []
    /// Where each request ended in the stream.
    var ends: [Int] = []
    var rejection: StreamRejection?
    var phase: RequestParser.Phase = .requestLine
}

let limits = RequestParser.Limits(maxTargetLength: 64, maxHeaderBytes: 256, maxBodyBytes: 1024)

func read(_ bytes: UnsafeRawBufferPointer, cuts: [Int], budget: ByteBudget) -> Reading {
    var parser = RequestParser(limits: limits, bodyBudget: budget)
    var reading = Reading()
    var start = 0
    pieces: for end in cuts + [bytes.count] where end >= start {
        var index = start
        start = end
        while index < end {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[index..<end])
            let (consumed, outcome) = parser.consume(piece)
            guard consumed >= 0, consumed <= piece.count else { fatalError("consumed \(consumed) of \(piece.count)") }
            index += consumed
            switch outcome {
            case .needMore:
                guard index == end else { fatalError("asked for more with \(end - index) bytes left") }
            case .message:
                reading.messages.append(parser.takeMessage())
                reading.ends.append(index)
                // Answered at once: its body leaves the budget.
                parser.releaseReservations(answered: reading.messages.count)
            case .rejected(let rejection):
                guard rejection.offset >= (reading.ends.last ?? 0), rejection.offset <= index else {
                    fatalError("refused at \(rejection.offset), the last request ended at \(reading.ends.last ?? 0), \(index) read")
                }
                reading.rejection = rejection
                // Nothing after a refusal is read, and no request comes out of it.
                let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
                let after = parser.consume(rest)
                guard after.consumed == 0, after.outcome == .needMore, parser.phase == .rejected else {
                    fatalError("read \(after.consumed) bytes after a refusal: \(after.outcome)")
                }
                break pieces
            }
        }
    }
    reading.phase = parser.phase
    parser.releaseAllReservations()
    return reading
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let budget = ByteBudget(capacity: 4096)
    let whole = read(bytes, cuts: [], budget: budget)
    let half = size == 0 ? 0 : Int(data[0]) % (size + 1)
    let pattern = size < 2 ? 0 : data[1] | 1
    let many = (1..<max(1, size)).filter { pattern & (1 << ($0 % 8)) != 0 }
    for (name, cuts) in [("in two at \(half)", [half]), ("in pieces (pattern \(pattern))", many)] {
        let other = read(bytes, cuts: cuts, budget: budget)
        guard other == whole else {
            fatalError(
                "cut \(name) of \(size) bytes: \(other.messages.count) requests, \(String(describing: other.rejection)), "
                    + "\(other.phase); whole: \(whole.messages.count), \(String(describing: whole.rejection)), \(whole.phase)")
        }
    }
    guard budget.inUse == 0 else { fatalError("\(budget.inUse) body bytes still reserved after every request was let go") }
    return 0
}
