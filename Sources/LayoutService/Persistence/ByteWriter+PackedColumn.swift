/// Columns of numbers in the narrowest form that gives back every value bit for bit. Sizes
/// in points are nearly always small whole numbers: a million sizes then take 4 MB instead
/// of 16 MB, and the store writes (and Redis fsyncs) a quarter of the bytes when a session
/// is created or compacted. (Before this, snapshots, magic `TSN1`, held raw doubles; they
/// still load.)
enum PackedColumnForm: UInt8 {
    /// 8-byte doubles as they lie in memory.
    case raw = 0
    /// 4-byte floats: each value is a float exactly.
    case float = 1
    /// 2-byte unsigned integers: each value is a whole number from 0 to 65535 (not -0).
    case uint16 = 2

    /// The narrowest form every value fits exactly.
    static func narrowest(_ values: UnsafeBufferPointer<Double>) -> PackedColumnForm {
        var form = PackedColumnForm.uint16
        for v in values {
            if form == .uint16 {
                if v >= 0, v <= 65535, Double(UInt16(v)).bitPattern == v.bitPattern { continue }
                form = .float
            }
            if Double(Float(v)).bitPattern != v.bitPattern { return .raw }
        }
        return form
    }
}

extension ByteWriter {
    /// Doubles (or structs of doubles: `Size`), as `count`, form, values.
    mutating func packedColumn<T>(_ values: [T]) {
        precondition(_isPOD(T.self) && MemoryLayout<T>.stride % MemoryLayout<Double>.stride == 0)
        int(values.count)
        values.withUnsafeBytes { raw in
            let doubles = raw.bindMemory(to: Double.self)
            let form = PackedColumnForm.narrowest(doubles)
            u8(form.rawValue)
            switch form {
            case .raw: append(raw)
            case .float: append(doubles, as: Float.self) { Float($0) }
            case .uint16: append(doubles, as: UInt16.self) { UInt16($0) }
            }
        }
    }

    private mutating func append<N>(_ doubles: UnsafeBufferPointer<Double>, as: N.Type, _ narrow: (Double) -> N) {
        append(count: doubles.count * MemoryLayout<N>.size) { out in
            for i in doubles.indices { out.storeBytes(of: narrow(doubles[i]), toByteOffset: i * MemoryLayout<N>.size, as: N.self) }
        }
    }
}

extension ByteReader {
    /// What `packedColumn` wrote: `expected` values of `T` (doubles, or structs of them).
    mutating func packedColumn<T>(_ type: T.Type, count expected: Int, _ what: String) throws(SnapshotError) -> [T] {
        precondition(_isPOD(T.self) && MemoryLayout<T>.stride % MemoryLayout<Double>.stride == 0)
        let n = try int(what)
        guard n == expected else { throw SnapshotError("\(what) has \(n) entries for \(expected) items") }
        let perValue = MemoryLayout<T>.stride / MemoryLayout<Double>.stride
        guard let form = PackedColumnForm(rawValue: try u8("\(what) form")) else { throw SnapshotError("\(what) has an unknown column form") }
        let doubles = n * perValue
        let width = switch form {
        case .raw: 8
        case .float: 4
        case .uint16: 2
        }
        let r = try take(doubles * width, what)
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            let out = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: Double.self)
            bytes.withUnsafeBytes { all in
                let source = UnsafeRawBufferPointer(rebasing: all[r])
                switch form {
                case .raw: UnsafeMutableRawBufferPointer(out).copyMemory(from: source)
                case .float: for i in 0..<doubles { out[i] = Double(source.loadUnaligned(fromByteOffset: i * 4, as: Float.self)) }
                case .uint16: for i in 0..<doubles { out[i] = Double(source.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self)) }
                }
            }
            initialized = n
        }
    }
}
