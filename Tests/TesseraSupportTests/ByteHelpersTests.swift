import Testing
import TesseraSupport

@Suite struct ByteHelpersTests {
    @Test func lowercasingFoldsOnlyASCIILetters() {
        for byte in UInt8.min...UInt8.max {
            let expected = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            #expect(asciiLowercased(byte) == expected)
        }
    }

    @Test func hexValuesOfEitherCase() {
        let digits = Array("0123456789abcdef".utf8), upper = Array("ABCDEF".utf8)
        for (value, byte) in digits.enumerated() { #expect(hexValue(byte) == UInt8(value)) }
        for (value, byte) in upper.enumerated() { #expect(hexValue(byte) == UInt8(value + 10)) }
        let others = (UInt8.min...UInt8.max).filter { !digits.contains($0) && !upper.contains($0) }
        #expect(others.allSatisfy { hexValue($0) == nil })
    }

    /// The one-copy append equals the element-wise one, for whole buffers, slices and
    /// nothing.
    @Test func appendBytesEqualsAppendingEachByte() {
        let source: [UInt8] = Array(0...255) + Array("tail".utf8)
        source.withUnsafeBytes { bytes in
            for range in [0..<0, 0..<1, 3..<100, 0..<source.count, 250..<source.count] {
                var fast: [UInt8] = [9, 9]
                fast.appendBytes(UnsafeRawBufferPointer(rebasing: bytes[range]))
                #expect(fast == [9, 9] + source[range], "\(range)")
            }
        }
    }

    @Test func hexDigits() {
        #expect((0...15).map { HexDigits.lowercase(UInt8($0)) } == Array("0123456789abcdef".utf8))
        #expect(HexDigits.lowercase(0xFA) == UInt8(ascii: "a")) // the low four bits only
        let text = OutputBuffer.string(capacity: 32) { out in
            out.hex(0x0123_4567_89AB_CDEF)
            out.hex(0xF0)
        }
        #expect(text == "0123456789abcdef00000000000000f0")
        for byte in UInt8.min...UInt8.max {
            let pair = OutputBuffer.string(capacity: 16) { $0.hex(UInt64(byte)) }.suffix(2)
            #expect(pair == String(byte, radix: 16).leftPadded(to: 2), "\(byte)")
        }
    }

    /// The digit counts that size labels and numbers: each power of ten starts one more.
    @Test func decimalDigitCounts() {
        #expect(DecimalDigits.count(0) == 0)
        var power: UInt64 = 1
        for digits in 1...20 {
            #expect(DecimalDigits.count(power) == digits)
            #expect(DecimalDigits.count(power - 1) == digits - 1)
            if digits < 20 { power *= 10 }
        }
        #expect(DecimalDigits.count(.max) == 20)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
