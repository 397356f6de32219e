import Testing
@testable import EventHTTP

/// `OutputBytes`, the one way the HTTP layer writes bytes: reservations, growth, and the
/// check that stops a write past its reservation.
@Suite struct OutputBytesTests {
    private func text(_ bytes: OutputBytes) -> String {
        bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aReservationKeepsWhatWasWrittenNotWhatWasReserved() {
        var bytes = OutputBytes(capacity: 4)
        #expect(bytes.isEmpty)
        let written = bytes.reserve(10) { writer in
            writer.put("ab")
            writer.put("c")
            return writer.written
        }
        #expect(written == 3)
        #expect(bytes.count == 3)
        #expect(text(bytes) == "abc")
        bytes.write("de")
        #expect(text(bytes) == "abcde")
        bytes.removeAll()
        #expect(bytes.isEmpty && text(bytes) == "")
    }

    @Test func growingKeepsTheBytesWritten() {
        var bytes = OutputBytes(capacity: 2)
        var expected = ""
        for index in 0..<500 {
            bytes.write(String(index))
            expected += String(index)
        }
        #expect(text(bytes) == expected)
        var copy = bytes
        copy.write("!")
        #expect(text(bytes) == expected)  // a copy does not write into its original
        #expect(text(copy) == expected + "!")
        #expect(bytes != copy)
        bytes.write("!")
        #expect(bytes == copy)
    }

    @Test func aWritePastItsReservationStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var bytes = OutputBytes(capacity: 64)
            bytes.reserve(2) { writer in writer.put("abc") }
        }
    }
}
