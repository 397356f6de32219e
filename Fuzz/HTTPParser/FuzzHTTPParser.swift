/// libFuzzer target: the HTTP/1.1 request-stream parser (`RequestStreamValidator`), the one
/// piece that reads bytes straight from the network. Each input is consumed twice: whole, and
/// split in two at a point the input's first byte picks. Both must reach the same verdict at
/// the same offset (the parser keeps partial lines between reads), and neither may trap,
/// read out of bounds (AddressSanitizer) or reserve bytes it does not give back.
/// Built and run by `scripts/fuzz.sh http SECONDS` (Fuzz/README.md).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let limits = RequestStreamValidator.Limits(maxTargetLength: 64, maxHeaderBytes: 256, maxBodyBytes: 1024)
    let budget = ByteBudget(capacity: 2048)

    var whole = RequestStreamValidator(limits: limits, bodyBudget: budget)
    let wholeVerdict = whole.consume(bytes)

    var split = RequestStreamValidator(limits: limits, bodyBudget: budget)
    let cut = size == 0 ? 0 : Int(data[0]) % (size + 1)
    var splitVerdict = split.consume(UnsafeRawBufferPointer(rebasing: bytes[..<cut]))
    if splitVerdict == nil { splitVerdict = split.consume(UnsafeRawBufferPointer(rebasing: bytes[cut...])) }

    guard wholeVerdict == splitVerdict, whole.phase == split.phase, whole.requestsRead == split.requestsRead else {
        fatalError("split at \(cut) of \(size): \(String(describing: wholeVerdict)) vs \(String(describing: splitVerdict))")
    }
    if wholeVerdict == nil, whole.position != size { fatalError("consumed \(whole.position) of \(size) bytes without a verdict") }
    whole.releaseAllReservations()
    split.releaseAllReservations()
    guard budget.inUse == 0 else { fatalError("\(budget.inUse) body bytes still reserved after every request was let go") }
    return 0
}
