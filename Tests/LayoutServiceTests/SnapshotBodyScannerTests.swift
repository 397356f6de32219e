import LayoutEngine
import SeededRandom
import TesseraJSON
import Testing
@testable import LayoutService

/// The PUT snapshot body read straight from its bytes (`SnapshotBodyScanner`): what it takes
/// it reads exactly as the generic path (tape, then `SnapshotRequestDecoder`) reads it, and
/// everything else it leaves to that path. docs/snapshots.md "Reading the body".
@Suite("Snapshot body scanner")
struct SnapshotBodyScannerTests {
    static let decoder = SnapshotRequestDecoder(kind: LayoutRegistry.flow, maxItems: 10_000, maxSections: 50)

    static func scan(_ text: String) -> ScannedSnapshot? { SnapshotBodyScanner.scan(Array(text.utf8)) }

    /// The generic path's request, or nil where it refuses the body.
    static func generic(_ body: [UInt8], _ decoder: SnapshotRequestDecoder = decoder) -> SnapshotRequest? {
        do throws(APIError) {
            return try decoder.decode(JSONTape.parseBody(body).root)
        } catch {
            return nil
        }
    }

    // MARK: What it reads, worked out by hand

    @Test func stringsAndIntegersArePackedAsTheColumnPacksThem() throws {
        let scanned = try #require(
            Self.scan(#"{"sections":[{"id":"s0","items":["a","bb",7,-3,0,-0]}],"rect":[0,10,390,844],"animatingDifferences":false}"#))
        // A tag byte, then the string's bytes or the integer's eight little-endian bytes.
        let minusThree: [UInt8] = [0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let zero = [UInt8](repeating: 0, count: 8)
        let expected: [UInt8] =
            [0, 0x61] + [0, 0x62, 0x62] + [1, 7, 0, 0, 0, 0, 0, 0, 0] + [1] + minusThree + [1] + zero + [1] + zero
        #expect(scanned.itemIDs.bytes == expected)
        #expect(scanned.itemIDs.ends == [2, 5, 14, 23, 32, 41])
        #expect(scanned.itemIDs.identifiers == [.string("a"), .string("bb"), .integer(7), .integer(-3), .integer(0), .integer(0)])
        #expect(scanned.sectionIDs.bytes == [0, 0x73, 0x30])
        #expect(scanned.itemCounts == [6])
        #expect(scanned.rect == Rect(x: 0, y: 10, width: 390, height: 844))
        #expect(scanned.animatingDifferences == false)
        #expect(scanned.reloaded.isEmpty && scanned.reconfigured.isEmpty)
    }

    @Test func whiteSpaceKeyOrderAndOptionalFields() throws {
        let body = """
             {
               "reloaded" : [ "b" , 12 ] ,
               "sections" : [
                 { "items" : [ "a" ,
                   "b" ] , "id" : 1 } ,
                 { "id" : "empty" } ,
                 { "id" : "none" , "items" : null , "layout" : null } ,
                 { "id" : 2 , "items" : [ ] }
               ] ,
               "reconfigured" : null ,
               "rect" : { "x" : 1 , "y" : 2 , "width" : 3 , "height" : 4 } ,
               "animatingDifferences" : null
             }\t\r

            """
        let scanned = try #require(Self.scan(body))
        #expect(scanned.sectionIDs.identifiers == [.integer(1), .string("empty"), .string("none"), .integer(2)])
        #expect(scanned.itemCounts == [2, 0, 0, 0])
        #expect(scanned.itemIDs.identifiers == [.string("a"), .string("b")])
        #expect(scanned.reloaded.identifiers == [.string("b"), .integer(12)])
        #expect(scanned.reconfigured.isEmpty)
        #expect(scanned.rect == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(scanned.animatingDifferences == true)
        let generic = try #require(Self.generic(Array(body.utf8)))
        #expect(try #require(Self.decoder.request(scanned)) == generic)
    }

    /// Identifiers across the eight-byte steps: every length from 0 to 256 reads back, each
    /// twice (the second time through the path that guesses the last one's length), and one
    /// that guesses wrong after them.
    @Test func everyLengthUpToTheLimit() throws {
        let ids = (0...256).flatMap { [String(repeating: "k", count: $0), String(repeating: "j", count: $0)] } + ["abcdefgh"]
        let body = #"{"sections":[{"id":"s","items":["# + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]}]}"
        let scanned = try #require(Self.scan(body))
        #expect(scanned.itemIDs.identifiers == ids.map { .string($0) })
        // Exactly the packed size: the session keeps these arrays.
        #expect(scanned.itemIDs.bytes.capacity - scanned.itemIDs.byteCount < 64)
        #expect(Self.scan(#"{"sections":[{"id":"s","items":[""# + String(repeating: "k", count: 257) + #""]}]}"#) == nil)
    }

    /// A long list outgrows one reservation when its integers pack larger than they are written.
    @Test func aListOfIntegersOutgrowsItsFirstReservation() throws {
        let body = #"{"sections":[{"id":0,"items":["# + (0..<20_000).map { String($0 % 10) }.joined(separator: ",") + "]}]}"
        let scanned = try #require(SnapshotBodyScanner.scan(Array(body.utf8)))
        #expect(scanned.itemIDs.count == 20_000)
        #expect(scanned.itemIDs.byteCount == 20_000 * 9)
        #expect(scanned.itemIDs[19_999] == .integer(9))
    }

    // MARK: What it leaves to the generic path

    @Test(arguments: [
        // Valid bodies outside the common form.
        #"{"sections":[{"id":"s","items":["\u0061"]}]}"#, // an escape
        #"{"sections":[{"id":"s","items":[{"id":"a","size":[1,2]}]}]}"#, // an item with data
        #"{"sections":[{"id":"s","items":["a"],"layout":{"itemSize":[1,2]}}]}"#, // a section's layout
        #"{"sections":[{"id":"s","items":[1.0]}]}"#, // a fraction
        #"{"sections":[{"id":"s","items":[1e2]}]}"#, // an exponent
        #"{"sections":[{"id":"s","items":[1234567890123456]}]}"#, // 16 digits
        #"{"sect\u0069ons":[{"id":"s"}]}"#, // an escaped key
        #"{"sections":[{"id":"s"}],"rect":[[0],0,1,1]}"#, // a nested rect
        // Bodies the decoder or the parser refuses.
        #"{"sections":[{"id":"s","items":[01]}]}"#, // a leading zero
        #"{"sections":[{"id":"s","items":[-]}]}"#,
        #"{"sections":[{"id":"s","items":["a",]}]}"#, // a trailing comma
        #"{"sections":[{"id":"s","items":["a"]}]} x"#, // trailing data
        #"{"sections":[{"id":"s","items":["a"]}]"#, // cut short
        #"{"sections":[{"id":"s","items":["a]}]}"#, // an unterminated string
        "{\"sections\":[{\"id\":\"s\",\"items\":[\"a\tb\"]}]}", // a control character
        #"{"sections":[{"id":"s","id":"t"}]}"#, // a key twice
        #"{"sections":[],"sections":[]}"#,
        #"{"sections":[{"items":["a"]}]}"#, // no section identifier
        #"{"sections":[{"id":"s","extra":1}]}"#, // an unknown key
        #"{"sections":[{"id":"s"}],"extra":1}"#,
        #"{"reloaded":["a"]}"#, // no sections
        #"{"sections":null}"#,
        #"{"sections":[{"id":null}]}"#,
        #"{"sections":[{"id":"s","items":"a"}]}"#,
        #"{"sections":[{"id":"s"}],"rect":[0,0,1]}"#, // a rect the reader refuses
        #"{"sections":[{"id":"s"}],"animatingDifferences":1}"#,
        #"{"sections":[{"id":"s"}],"animatingDifferences":truex}"#,
        #"[{"sections":[]}]"#,
        "",
        " "
    ])
    func leftToTheGenericPath(_ body: String) {
        #expect(Self.scan(body) == nil)
    }

    /// Identifiers in UTF-8 are read as the parser reads them: valid scalars are taken as they
    /// are, anything the parser refuses is left to it.
    @Test func utf8IdentifiersAreTakenAsTheParserTakesThem() throws {
        let ids = ["ü", "ünï-✓", "日本語の識別子", "😀x", "aé" + String(repeating: "z", count: 20) + "€"]
        let body = #"{"sections":[{"id":"é","items":["# + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]}]}"
        let scanned = try #require(Self.scan(body))
        #expect(scanned.itemIDs.identifiers == ids.map { .string($0) })
        #expect(scanned.sectionIDs.identifiers == [.string("é")])
        #expect(try #require(Self.decoder.request(scanned)) == Self.generic(Array(body.utf8)))
        // Overlong, surrogate, above U+10FFFF, a lone continuation byte, cut short, invalid lead.
        let invalid: [[UInt8]] = [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82], [0xFF]]
        for bytes in invalid {
            let body = Array(#"{"sections":[{"id":"s","items":["a"#.utf8) + bytes + Array(#"b"]}]}"#.utf8)
            #expect(SnapshotBodyScanner.scan(body) == nil, "\(bytes)")
            #expect(Self.generic(body) == nil, "\(bytes)")
        }
    }

    /// Limits are the session store's, so the scanned request is checked against them and
    /// the generic path names the field that is over.
    @Test func aBodyOverALimitIsReadAgainToNameTheField() throws {
        let decoder = SnapshotRequestDecoder(kind: LayoutRegistry.flow, maxItems: 3, maxSections: 2)
        let body = Array(#"{"sections":[{"id":"s","items":["a","b"]},{"id":"t","items":["c","d"]}]}"#.utf8)
        let scanned = try #require(SnapshotBodyScanner.scan(body))
        #expect(decoder.request(scanned) == nil)
        var field: String?? = nil
        do throws(APIError) {
            _ = try decoder.decode(SnapshotBody.scanned(scanned, body: body))
        } catch {
            field = error.field
        }
        #expect(field == "sections[1].items")
    }

    // MARK: The two paths against each other

    /// One random body: sections of random identifiers, optional fields in random order,
    /// random white space, and now and then something the common form lacks.
    static func randomBody(_ g: inout XorShiftStar) -> String {
        func space() -> String { g.next() % 4 == 0 ? [" ", "\n", "\t", "\r\n  "][Int(g.next() % 4)] : "" }
        func identifier(_ k: Int) -> String {
            switch g.next() % 40 {
            case 0..<26: return "\"item-\(g.digits(Int(g.next() % 14)))\""
            case 26..<32: return String(Int(g.next() % 2_000_000) - 1_000_000)
            case 32: return "\"" + String(repeating: "z", count: 250 + Int(g.next() % 10)) + "\""
            case 33: return "\"\\u0069tem-\(k)\""
            case 34: return "\"ünï-\(k)\""
            case 35: return ["1.5", "-0", "0", "12345678901234567", "null", "1e3", "[1]"][Int(g.next() % 7)]
            case 36: return #"{"id":"o\#(k)","size":[3,4]}"#
            default: return "\"d\(g.next() % 8)\"" // repeats, for the validator
            }
        }
        func list(_ n: Int) -> String {
            "[" + space() + (0..<n).map { identifier($0) }.joined(separator: space() + "," + space()) + space() + "]"
        }
        var sections: [String] = []
        for s in 0..<Int(g.next() % 5) {
            var members = [#""id""# + space() + ":" + space() + (g.next() % 3 == 0 ? String(s) : "\"s\(s)\"")]
            switch g.next() % 5 {
            case 0: break
            case 1: members.append(#""items":null"#)
            default: members.append(#""items":"# + space() + list(Int(g.next() % 40)))
            }
            if g.next() % 10 == 0 { members.append(#""layout":null"#) }
            if g.next() % 40 == 0 { members.append(#""layout":{"itemSize":[1,2]}"#) }
            if g.next() % 2 == 0 { members.reverse() }
            sections.append("{" + space() + members.joined(separator: space() + "," + space()) + space() + "}")
        }
        var fields = [#""sections":"# + space() + "[" + sections.joined(separator: "," + space()) + "]"]
        if g.next() % 3 == 0 { fields.append(#""reloaded":"# + list(Int(g.next() % 4))) }
        if g.next() % 3 == 0 { fields.append(#""reconfigured":"# + (g.next() % 4 == 0 ? "null" : list(Int(g.next() % 4)))) }
        if g.next() % 2 == 0 {
            fields.append(
                #""rect":"#
                    + [
                        "[0,10,390,844]", #"{"x":0,"y":1,"width":2,"height":3}"#, "null", "[0,1,2]", "[1e2,0.5,-3,4]",
                        #"{"x":0,"y":1,"width":2}"#
                    ][Int(g.next() % 6)])
        }
        if g.next() % 2 == 0 { fields.append(#""animatingDifferences":"# + ["true", "false", "null", "0"][Int(g.next() % 4)]) }
        if g.next() % 3 == 0 {
            fields.append(
                #""anchor":"# + space()
                    + [
                        #""firstVisible""#, #"{"indexPath":[0,1]}"#, #"{"kind":"header","indexPath":[1,0]}"#, "null", "7",
                        #""lastVisible""#, #"{"indexPath":[0,1],"x":1}"#, #"{"kind":"h\u0065","indexPath":[0,0]}"#, "[0,1]"
                    ][Int(g.next() % 9)])
        }
        for _ in 0..<Int(g.next() % 3) { fields.swapAt(Int(g.next() % UInt64(fields.count)), Int(g.next() % UInt64(fields.count))) }
        return space() + "{" + space() + fields.joined(separator: space() + "," + space()) + space() + "}" + space()
    }

    /// A byte taken out, doubled or changed at a random place.
    static func mutated(_ body: [UInt8], _ g: inout XorShiftStar) -> [UInt8] {
        guard !body.isEmpty else { return body }
        var out = body
        let k = Int(g.next() % UInt64(out.count))
        switch g.next() % 3 {
        case 0: out.remove(at: k)
        case 1: out.insert(out[k], at: k)
        default:
            let alphabet = Array(#"",:[]{}"\ 0-1a.e"#.utf8) + [0xC3, 0x80, 0xE2, 0xFF]
            out[k] = alphabet[Int(g.next() % UInt64(alphabet.count))]
        }
        return out
    }

    @Test func whatTheScannerTakesTheGenericPathReadsTheSame() {
        var g = XorShiftStar(state: 0x22_5CA4)
        var taken = 0, refusedByBoth = 0
        for round in 0..<4000 {
            var body = Array(Self.randomBody(&g).utf8)
            if round % 2 == 1 { body = Self.mutated(body, &g) }
            let generic = Self.generic(body)
            guard let scanned = SnapshotBodyScanner.scan(body) else {
                if generic == nil { refusedByBoth += 1 }
                continue
            }
            taken += 1
            guard let generic else {
                Issue.record("the scanner took a body the generic path refuses: \(String(decoding: body, as: UTF8.self))")
                continue
            }
            guard let request = Self.decoder.request(scanned) else {
                Issue.record("within the limits, yet no request: \(String(decoding: body, as: UTF8.self))")
                continue
            }
            #expect(request == generic, "\(String(decoding: body, as: UTF8.self))")
        }
        // Both kinds of body come up often enough to mean something.
        #expect(taken > 400)
        #expect(refusedByBoth > 300)
    }

    /// Bodies in the common form are all taken (the fast path is the one a client meets).
    @Test func everyBodyInTheCommonFormIsTaken() {
        var g = XorShiftStar(state: 0x22_5CA5)
        for _ in 0..<500 {
            let sections = (0..<Int(g.next() % 4)).map { s in
                let items = (0..<Int(g.next() % 30)).map { k in g.next() % 4 == 0 ? String(k) : "\"i\(g.digits(Int(g.next() % 20)))\"" }
                return #"{"id":"s\#(s)","items":[\#(items.joined(separator: ","))]}"#
            }
            let anchor = [#""firstVisible""#, #"{"indexPath":[0,3]}"#, #"{"kind":"header","indexPath":[0,0]}"#][Int(g.next() % 3)]
            let body = #"{"sections":[\#(sections.joined(separator: ","))],"rect":[0,0,390,844],"animatingDifferences":true,"anchor":\#(anchor)}"#
            #expect(Self.scan(body) != nil, "\(body)")
        }
    }
}
