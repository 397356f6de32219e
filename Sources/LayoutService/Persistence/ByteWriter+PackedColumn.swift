import TesseraSupport

/// Columns of numbers in the narrowest form that gives back every value bit for bit. Sizes
/// in points are nearly always small whole numbers: a million sizes then take 4 MB instead
/// of 16 MB, and the store writes (and Redis fsyncs) a quarter of the bytes when a session
/// is created or compacted. (Before this, session images, magic `TSN1`, held raw doubles; they
/// still load.)
enum PackedColumnForm: UInt8 {
    /// 8-byte doubles as they lie in memory.
    case raw = 0
    /// 4-byte floats: each value is a float exactly.
    case float = 1
    /// 2-byte unsigned integers: each value is a whole number from 0 to 65535 (not -0).
    case uint16 = 2
}

extension ByteWriter {
    /// Doubles (or structs of doubles: `Size`), as `count`, form, values. Each narrow form is
    /// written in one branch-free pass that also checks it gave every value back bit for bit;
    /// a column that does not fit is cut off and tried in the next wider form.
    mutating func packedColumn<T>(_ values: [T]) {
        precondition(_isPOD(T.self) && MemoryLayout<T>.stride % MemoryLayout<Double>.stride == 0)
        int(values.count)
        values.withUnsafeBytes { raw in
            let doubles = raw.bindMemory(to: Double.self)
            let mark = count
            u8(PackedColumnForm.uint16.rawValue)
            if withReserved(doubles.count * 2, { Self.pack(doubles, asUInt16: &$0) }) { return }
            cut(to: mark)
            u8(PackedColumnForm.float.rawValue)
            if withReserved(doubles.count * 4, { Self.pack(doubles, asFloat: &$0) }) { return }
            cut(to: mark)
            u8(PackedColumnForm.raw.rawValue)
            append(raw)
        }
    }

    /// Writes each value as a UInt16; whether every one comes back bit for bit. NaN and
    /// values out of range narrow to something in range, which the check then refuses. No
    /// conversion that can trap (so no branch): adding 2^52 to a value in 0...65535 leaves
    /// it, rounded to a whole number, in the low bits of the sum's significand.
    private static func pack(_ doubles: UnsafeBufferPointer<Double>, asUInt16 out: inout OutputWriter) -> Bool {
        var mismatch: UInt64 = 0
        for i in 0..<doubles.count {
            let v = doubles[i]
            let inRange = v > 0 ? (v < 65535 ? v : 65535) : 0
            let n = UInt16(truncatingIfNeeded: (inRange + 0x1p52).bitPattern)
            out.littleEndian(n)
            mismatch |= Double(n).bitPattern ^ v.bitPattern
        }
        return mismatch == 0
    }

    private static func pack(_ doubles: UnsafeBufferPointer<Double>, asFloat out: inout OutputWriter) -> Bool {
        var mismatch: UInt64 = 0
        for i in 0..<doubles.count {
            let v = doubles[i]
            let n = Float(v)
            out.littleEndian(n.bitPattern)
            mismatch |= Double(n).bitPattern ^ v.bitPattern
        }
        return mismatch == 0
    }
}

extension ByteReader {
    /// What `packedColumn` wrote: `expected` values of `T` (doubles, or structs of them).
    mutating func packedColumn<T>(_ type: T.Type, count expected: Int, _ what: String) throws(SessionImageError) -> [T] {
        precondition(_isPOD(T.self) && MemoryLayout<T>.stride % MemoryLayout<Double>.stride == 0)
        let n = try int(what)
        guard n == expected else { throw SessionImageError("\(what) has \(n) entries for \(expected) items") }
        let perValue = MemoryLayout<T>.stride / MemoryLayout<Double>.stride
        guard let form = PackedColumnForm(rawValue: try u8("\(what) form")) else { throw SessionImageError("\(what) has an unknown column form") }
        let doubles = n * perValue
        let width =
            switch form {
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
