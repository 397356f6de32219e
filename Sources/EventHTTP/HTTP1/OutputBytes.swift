/// Bytes being written, in an array that keeps its storage between uses. Appends go
/// through the array, which checks its room itself: nothing here counts a capacity.
struct OutputBytes {
    private var storage: [UInt8]

    init(capacity: Int) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    var count: Int { storage.count }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        storage.appendBytes(bytes)
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// A non-negative integer's decimal digits.
    mutating func appendDecimal(_ value: Int) {
        DecimalDigits(value).withBytes { append($0) }
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes(body)
    }
}
