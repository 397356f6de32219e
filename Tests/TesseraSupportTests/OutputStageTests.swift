import Testing
import TesseraSupport

/// The stage (`OutputStage`): what goes through it arrives in the buffer in order, whole, at
/// every flush point; its reservations are checked as the buffer's are.
@Suite("Output stage")
struct OutputStageTests {
    /// Pieces of every size up to the stage's, through a small stage: the buffer ends with
    /// exactly the bytes written, whichever reservation made the stage move them.
    @Test func piecesArriveInOrderWhole() {
        var buffer = OutputBuffer(capacity: 4)
        buffer.append(UInt8(ascii: "["))
        var expected: [UInt8] = [UInt8(ascii: "[")]
        var stage = OutputStage(capacity: 64)
        var next: UInt8 = 0
        for round in 0..<500 {
            let room = 1 + (round * 37) % 64
            let written = room - round % 3 // sometimes less than reserved
            stage.withReserved(room, flushingInto: &buffer) { w in
                for _ in 0..<max(0, written) {
                    w.byte(next)
                    expected.append(next)
                    next &+= 1
                }
            }
        }
        stage.flush(into: &buffer)
        #expect(buffer.bytes == expected)
        stage.flush(into: &buffer) // nothing left: nothing added
        #expect(buffer.bytes == expected)
    }

    @Test func aStorePastAStageReservationTraps() async {
        await #expect(processExitsWith: .failure) {
            var buffer = OutputBuffer()
            var stage = OutputStage(capacity: 64)
            stage.withReserved(4, flushingInto: &buffer) { w in
                w.bytes("1234")
                w.byte(UInt8(ascii: "5"))
            }
        }
    }

    @Test func aReservationLargerThanTheStageTraps() async {
        await #expect(processExitsWith: .failure) {
            var buffer = OutputBuffer()
            var stage = OutputStage(capacity: 64)
            stage.withReserved(65, flushingInto: &buffer) { _ in }
        }
    }
}
