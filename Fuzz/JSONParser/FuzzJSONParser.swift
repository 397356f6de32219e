/// libFuzzer target: the JSON parser every request body goes through, and the writer every
/// reply comes from. An input that parses is written back out; that text must parse, and
/// writing it again must give the same bytes (the parser and the writer agree on every
/// escape and every number). No input may trap or read out of bounds (AddressSanitizer).
/// Built and run by `scripts/fuzz.sh json SECONDS` (Fuzz/README.md).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tape = try? JSONTape.parse(input, maxDepth: 64) else { return 0 }
    var first = JSONWriter()
    first.value(tape.root)
    guard let again = try? JSONTape.parse(first.bytes, maxDepth: 64) else {
        fatalError("the writer's output does not parse: \(String(decoding: first.bytes.prefix(200), as: UTF8.self))")
    }
    var second = JSONWriter()
    second.value(again.root)
    guard first.bytes == second.bytes else {
        fatalError("writing twice differs: \(String(decoding: first.bytes.prefix(200), as: UTF8.self))")
    }
    return 0
}
