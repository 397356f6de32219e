import LayoutEngine
import SeededRandom
import TesseraJSON
import Testing
import LayoutService

/// The batch writer's pieces written in one reservation (`moveItem` objects and index-path
/// lists, docs/performance.md#batch-writer) write the bytes the writer's general methods
/// write, inside arrays and after other members.
@Suite("Batch encoding")
struct BatchEncodingTests {
    /// A move and a list of index paths, part by part.
    private func byParts(_ op: BatchUpdateOperation, into w: inout JSONWriter) {
        w.beginObject()
        switch op {
        case .moveItem(let from, let to):
            w.key("op")
            w.string("moveItem")
            w.key("from")
            w._indexPath(from)
            w.key("to")
            w._indexPath(to)
        case .deleteItems(let paths):
            w.key("op")
            w.string("deleteItems")
            w.key("indexPaths")
            w.beginArray()
            for p in paths { w._indexPath(p) }
            w.endArray()
        default:
            Issue.record("not a case of this test")
        }
        w.endObject()
    }

    @Test func movesAndIndexPathsWriteTheSameBytesAsTheirParts() {
        var random = XorShiftStar(state: 0x22_1207)
        func path() -> IndexPath {
            IndexPath(Int(random.next() % 3), [0, 9, 10, 99_999, 1_000_000, Int.max][Int(random.next() % 6)])
        }
        for _ in 0..<200 {
            let ops: [BatchUpdateOperation] = (0..<Int(random.next() % 5)).map { _ in
                random.next() % 2 == 0
                    ? .moveItem(from: path(), to: path())
                    : .deleteItems((0..<Int(random.next() % 4)).map { _ in path() })
            }
            var fast = JSONWriter(), slow = JSONWriter()
            fast.beginObject()
            fast.key("before")
            fast.int(1)
            fast.key("updates")
            fast._updates(ops)
            fast.key("after")
            fast.int(2)
            fast.endObject()

            slow.beginObject()
            slow.key("before")
            slow.int(1)
            slow.key("updates")
            slow.beginArray()
            for op in ops { byParts(op, into: &slow) }
            slow.endArray()
            slow.key("after")
            slow.int(2)
            slow.endObject()
            #expect(fast.bytes == slow.bytes, "\(String(decoding: fast.bytes, as: UTF8.self))")
        }
    }
}
