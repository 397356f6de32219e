import LayoutEngine
import SeededRandom
import TesseraJSON
import Testing
@testable import LayoutService

/// Identifiers off the tape: the fast path for runs of bare strings (`IdentifierReader.stringRun`,
/// taken by `itemIds`, `reloaded`, operations' `items` and a snapshot's entries) packs what the
/// slow path (`IdentifierReader.append`, one identifier at a time) packs, and refuses what it
/// refuses, with the same message and field.
///
/// The comparison: every list is written twice, once plainly and once with the first
/// character of each string escaped (`"\u0069tem-7"` is `"item-7"`), which the fast path leaves
/// to the slow one.
@Suite("Identifier reader: runs of bare strings")
struct IdentifierReaderTests {
    enum Entry {
        case string(String)
        case integer(Int)
        case other(String) // JSON that is no identifier: 1.5, null, [1]
        case object(String, size: Bool) // {"id": "…"} with or without data (entries only)
    }

    /// A string as JSON: plain, or with its first character as a \u escape.
    static func json(_ s: String, escaped: Bool) -> String {
        var out = "\""
        for (k, scalar) in s.unicodeScalars.enumerated() {
            if escaped && k == 0 && scalar.value < 0x10000 {
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            } else if scalar == "\"" || scalar == "\\" {
                out += "\\" + String(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func json(_ entries: [Entry], escaped: Bool) -> String {
        "["
            + entries.map { e in
                switch e {
                case .string(let s): json(s, escaped: escaped)
                case .integer(let i): String(i)
                case .other(let text): text
                case .object(let id, let size): #"{"id":\#(json(id, escaped: escaped))\#(size ? #","size":[3,4]"# : "")}"#
                }
            }.joined(separator: ",") + "]"
    }

    static func randomEntries(_ g: inout XorShiftStar, objects: Bool) -> [Entry] {
        let count = Int(g.next() % 60)
        return (0..<count).map { k in
            let draw = g.next() % 100
            switch draw {
            case 0..<70: return .string("item-\(g.digits(Int(g.next() % 12)))-\(k)")
            case 70..<75: return .string("ünï-\(k)-✓")
            case 75..<78: return .string(String(repeating: "x", count: 250 + Int(g.next() % 10)) + "\(k)") // some past 256 bytes
            case 78..<80: return .string("q\"uo\\te\(k)")
            case 80..<88: return .integer(Int(g.next() % 1000) - 500)
            case 88..<90: return .other(["1.5", "null", "[1]", "true", "1e300"][Int(g.next() % 5)])
            default: return objects ? .object("obj-\(k)", size: g.next() % 2 == 0) : .string("s\(k)")
            }
        }
    }

    enum Outcome: Equatable {
        case ids([SnapshotIdentifier])
        case refused(String)
    }

    static func outcome(_ body: () throws(APIError) -> IdentifierColumn) -> Outcome {
        do { return .ids(try body().identifiers) } catch { return .refused("\(error.field ?? "-"): \(error.message)") }
    }

    @Test func aListOfIdentifiersReadsTheSameEitherWay() throws {
        var g = XorShiftStar(state: 0x22_2211)
        var fast = 0
        for _ in 0..<600 {
            let entries = Self.randomEntries(&g, objects: false)
            func read(_ escaped: Bool) throws -> Outcome {
                let tape = try JSONTape.parse(Array(Self.json(entries, escaped: escaped).utf8))
                return Self.outcome { () throws(APIError) in try IdentifierReader.column(tape.root, path: "itemIds", maxCount: 1000) }
            }
            let plain = try read(false), slow = try read(true)
            #expect(plain == slow, "\(Self.json(entries, escaped: false))")
            if case .ids = plain { fast += 1 }
        }
        #expect(fast > 100)
    }

    @Test func aSnapshotsEntriesReadTheSameEitherWay() throws {
        var g = XorShiftStar(state: 0x22_2212)
        var fast = 0
        for _ in 0..<600 {
            let entries = Self.randomEntries(&g, objects: true)
            func read(_ escaped: Bool) throws -> Outcome {
                let tape = try JSONTape.parse(Array(Self.json(entries, escaped: escaped).utf8))
                return Self.outcome { () throws(APIError) in
                    let decoded = try ItemsDecoder.decodeIdentified(
                        tape.root, path: "sections[0].items", kind: LayoutRegistry.flow,
                        overrides: SectionOverrides(), identifiers: .entries)
                    return decoded.ids ?? IdentifierColumn()
                }
            }
            let plain = try read(false), slow = try read(true)
            #expect(plain == slow, "\(Self.json(entries, escaped: false))")
            if case .ids = plain { fast += 1 }
        }
        #expect(fast > 100)
    }

    /// A run packs into arrays of exactly its size: what a session keeps is what it holds.
    @Test func aRunIsPackedWithoutSlack() throws {
        let ids = (0..<5000).map { "item-\(String(repeating: "0", count: $0 % 9))\($0)" }
        let tape = try JSONTape.parse(Array(("[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8))
        let column = try IdentifierReader.column(tape.root, path: "itemIds", maxCount: 5000)
        #expect(column.identifiers == ids.map { .string($0) })
        #expect(column.byteCount == ids.reduce(0) { $0 + 1 + $1.utf8.count })
        #expect(column.bytes.capacity - column.byteCount < 64)
    }
}
