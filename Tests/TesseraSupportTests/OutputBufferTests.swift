import Testing
import TesseraSupport

/// `OutputBuffer` and its reservations' `OutputWriter`, against bytes worked out by hand.
@Suite struct OutputBufferTests {
    private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aReservationPublishesWhatWasWritten() {
        var b = OutputBuffer()
        let returned = b.withReserved(5) { w -> Int in
            #expect(w.capacity == 5 && w.count == 0 && w.remaining == 5)
            w.bytes("abc")
            w.byte(UInt8(ascii: "d"))
            w.byte(UInt8(ascii: "e"))
            #expect(w.count == 5 && w.remaining == 0)
            return 42
        }
        #expect(returned == 42)
        #expect(b.bytes == ascii("abcde"))
    }

    @Test func aCommitOfFewerBytesThanReservedKeepsOnlyThose() {
        var b = OutputBuffer()
        b.append("x")
        b.withReserved(100) { w in w.bytes("yz") }
        #expect(b.bytes == ascii("xyz") && b.count == 3)
        // The next append follows the two bytes written, not the 100 reserved.
        b.append(UInt8(ascii: "!"))
        b.withReserved(10) { _ in }
        #expect(b.bytes == ascii("xyz!"))
    }

    @Test func anEmptyReservationWritesNothing() {
        var b = OutputBuffer()
        b.withReserved(0) { w in #expect(w.capacity == 0 && w.remaining == 0) }
        #expect(b.isEmpty)
        #expect(OutputBuffer.string(capacity: 0) { _ in } == "")
    }

    @Test func reservationsGrowTheBufferAndKeepItsBytes() {
        var b = OutputBuffer(capacity: 4)
        b.append("0123")
        // 4 bytes in a buffer of capacity at least 4, then 1,000 more reserved at once.
        b.withReserved(1_000) { w in
            #expect(w.capacity == 1_000)
            w.repeating(UInt8(ascii: "a"), count: 1_000)
        }
        #expect(b.count == 1_004 && b.capacity >= 1_004)
        #expect(b.bytes.prefix(4) == ascii("0123")[...] && b.bytes.dropFirst(4).allSatisfy { $0 == UInt8(ascii: "a") })
        // Many small reservations: the same bytes as appending them one by one.
        var many = OutputBuffer()
        var expected: [UInt8] = []
        for i in 0..<5_000 {
            let byte = UInt8(truncatingIfNeeded: i)
            many.withReserved(64) { $0.byte(byte) }
            expected.append(byte)
        }
        #expect(many.bytes == expected)
    }

    /// `shortDecimal` (eight digits made at once, one store) against the standard library, for
    /// every count of digits, its powers of ten and neighbours, and values drawn from a seed.
    @Test func shortDecimalsAreTheirDescription() {
        func digits(_ value: UInt32) -> String {
            var b = OutputBuffer()
            b.withReserved(8) { $0.shortDecimal(value) }
            return String(decoding: b.bytes, as: UTF8.self)
        }
        var values: [UInt32] = [0, 1, 9, 10, 11, 99, 100, 101, 99_999_999]
        var p: UInt32 = 1
        while p < 100_000_000 {
            values += [p - 1, p, p + 1]
            p *= 10
        }
        var x: UInt32 = 2_463_534_242
        for _ in 0..<20_000 {
            x ^= x << 13
            x ^= x >> 17
            x ^= x << 5
            values.append(x % 100_000_000 >> (x % 27))
        }
        for v in values where v < 100_000_000 { #expect(digits(v) == String(v), "\(v)") }
    }

    @Test func shortDecimalNeedsEightBytesOfRoom() async {
        await #expect(processExitsWith: .failure) {
            var b = OutputBuffer()
            b.withReserved(7) { $0.shortDecimal(5) }
        }
    }

    @Test func decimalDigits() {
        func digits(_ value: Int) -> String {
            var b = OutputBuffer()
            b.appendDecimal(value)
            return String(decoding: b.bytes, as: UTF8.self)
        }
        #expect(digits(0) == "0")
        #expect(digits(9) == "9")
        #expect(digits(10) == "10")
        #expect(digits(99) == "99")
        #expect(digits(100) == "100")
        #expect(digits(Int.max) == "9223372036854775807")
        #expect(digits(-1) == "-1")
        #expect(digits(-10) == "-10")
        #expect(digits(Int.min) == "-9223372036854775808")
        var b = OutputBuffer()
        b.appendDecimal(UInt64.max)
        #expect(b.bytes == ascii("18446744073709551615"))
        // Every power of ten and its neighbours, against the standard library.
        var p: UInt64 = 1
        for _ in 0...19 {
            for v in [p - 1, p, p + 1] {
                var one = OutputBuffer()
                one.appendDecimal(v)
                #expect(one.bytes == ascii(String(v)), "\(v)")
            }
            if p > UInt64.max / 10 { break }
            p *= 10
        }
    }

    @Test func fixedDigitsPadWithZerosAndKeepTheLastDigits() {
        var b = OutputBuffer()
        b.withReserved(12) { w in
            w.fixedDigits(7, count: 3)
            w.fixedDigits(2026, count: 4)
            w.fixedDigits(123_456, count: 2)
            w.fixedDigits(5, count: 1)
            w.fixedDigits(9, count: 0)
        }
        #expect(b.bytes == ascii("007202656" + "5"))
    }

    @Test func littleEndianStoresPutTheLeastSignificantByteFirst() {
        var b = OutputBuffer()
        b.appendLittleEndian(UInt16(0x0102))
        b.appendLittleEndian(UInt32(0x0A0B_0C0D))
        b.appendLittleEndian(UInt64(0x1122_3344_5566_7788))
        #expect(b.bytes == [0x02, 0x01, 0x0D, 0x0C, 0x0B, 0x0A, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11])
    }

    @Test func storesAheadOfThePositionAndLoadsBack() {
        var b = OutputBuffer()
        b.withReserved(16) { w in
            w.byte(UInt8(ascii: "<"))
            // Eight bytes at 1..<9 past the position (2..<10 of the reservation), then one
            // byte at 0 past it, then the position moves over all nine.
            w.store(littleEndian: 0x3837_3635_3433_3231, at: 1)
            w.store(UInt8(ascii: "0"), at: 0)
            #expect(w.count == 1)
            #expect(w.load(littleEndianAt: 1) == 0x3837_3635_3433_3231)
            w.store(twoDigits: 42, at: 9)
            w.advance(by: 11)
            #expect(w.loadWritten(littleEndianFrom: 0, count: 3) == 0x31_30_3C)
            w.byte(UInt8(ascii: ">"))
        }
        #expect(b.bytes == ascii("<01234567842>"))
    }

    @Test func lendingBytesToAFormatter() {
        var b = OutputBuffer()
        b.withReserved(40) { w in
            w.bytes("n=")
            w.withUnsafeUninitializedBytes(maxCount: 32) { scratch in
                #expect(scratch.count == 32)
                scratch[0] = UInt8(ascii: "4")
                scratch[1] = UInt8(ascii: "2")
                return 2
            }
            w.byte(UInt8(ascii: ";"))
        }
        #expect(b.bytes == ascii("n=42;"))
    }

    @Test func safeConveniences() {
        var b = OutputBuffer(ascii("["))
        b.append("static")
        b.append(UInt8(ascii: ","))
        b.append(utf8: "é\u{1F600}")
        b.append(contentsOf: [0x2C, 0x2C])
        b.append(contentsOf: ascii("abc").dropFirst())
        ascii("!").withUnsafeBytes { b.append(contentsOf: $0) }
        b.append(contentsOf: "xy".utf8)
        #expect(b.bytes == ascii("[static,é\u{1F600},,bc!xy"))
        b.truncate(to: 7)
        #expect(b.bytes == ascii("[static"))
        b.removeAll()
        #expect(b.isEmpty)
    }

    @Test func temporaryAndStringWriters() {
        let line = OutputBuffer.withTemporary(capacity: 8) { w -> String in
            w.bytes("t=")
            w.decimal(-5)
            return w.withWrittenBytes { String(decoding: $0, as: UTF8.self) }
        }
        #expect(line == "t=-5")
        #expect(
            OutputBuffer.string(capacity: 15) {
                $0.byte(UInt8(ascii: "\""))
                $0.decimal(7)
                $0.byte(UInt8(ascii: "\""))
            } == "\"7\"")
        #expect(OutputBuffer.string(capacity: 23) { $0.decimal(Int.min) } == "-9223372036854775808")
    }

    // MARK: A store past a reservation traps (debug builds: every test run)

    @Test func oneBytePastAReservationTraps() async {
        await #expect(processExitsWith: .failure) {
            var b = OutputBuffer()
            b.withReserved(4) { w in
                w.bytes("1234")
                w.byte(UInt8(ascii: "5"))
            }
        }
    }

    @Test func aByteIntoAnEmptyReservationTraps() async {
        await #expect(processExitsWith: .failure) {
            var b = OutputBuffer()
            b.withReserved(0) { $0.byte(0) }
        }
    }

    @Test func anEightByteStoreReachingPastAReservationTraps() async {
        await #expect(processExitsWith: .failure) {
            var b = OutputBuffer()
            b.withReserved(8) { w in
                w.byte(0)
                w.store(littleEndian: 0, at: 0) // bytes 1..<9 of 8
            }
        }
    }

    @Test func digitsPastAReservationTrap() async {
        await #expect(processExitsWith: .failure) {
            // "-9223372036854775808" is 20 bytes; a String of 15 cannot hold it.
            _ = OutputBuffer.string(capacity: 15) { $0.decimal(Int.min) }
        }
    }

    @Test func aFormatterClaimingMoreThanItWasLentTraps() async {
        await #expect(processExitsWith: .failure) {
            var b = OutputBuffer()
            b.withReserved(40) { w in
                w.withUnsafeUninitializedBytes(maxCount: 8) { _ in 9 }
            }
        }
    }

    @Test func advancingPastAReservationTraps() async {
        await #expect(processExitsWith: .failure) {
            OutputBuffer.withTemporary(capacity: 4) { w in w.advance(by: 5) }
        }
    }
}
