import LayoutEngine
import SeededRandom
import Testing
@testable import LayoutService

/// The rect query read straight from its bytes (`RectQuery.common`) against the general path
/// it shortcuts (`QueryParameters` and `Double(_:)`): whatever the fast path reads must be what
/// the general path reads, to the bit; whatever it declines, the general path decides.
@Suite("Rect query parsing")
struct RectQueryTests {
    private static func bits(_ q: RectQuery) -> [UInt64]? {
        guard let r = q.rect else { return nil }
        return [r.minX.bitPattern, r.minY.bitPattern, r.width.bitPattern, r.height.bitPattern]
    }

    /// Both paths on one query: the fast one, when it answers, agrees with the general one
    /// (which must then succeed), and `RectQuery.init` answers as the general path does.
    private static func check(_ query: String) {
        let general = Result { () throws(APIError) in try RectQuery.general(query) }
        let whole = Result { () throws(APIError) in try RectQuery(query) }
        switch (general, whole) {
        case (.success(let g), .success(let w)):
            #expect(bits(g) == bits(w) && g.progressText == w.progressText, "\(query)")
        case (.failure(let g), .failure(let w)):
            #expect(g.body == w.body && g.status == w.status, "\(query)")
        default:
            Issue.record("\(query): the general path gives \(general), the whole path \(whole)")
        }
        if let fast = RectQuery.common(query) {
            guard case .success(let g) = general else {
                Issue.record("\(query): read by the fast path, refused by the general one")
                return
            }
            #expect(bits(fast) == bits(g) && fast.progressText == g.progressText, "\(query)")
        }
    }

    @Test func handWrittenQueriesReadAlike() throws {
        let queries = [
            "", "rect=0,0,390,844", "rect=-0,0,390,844", "rect=0.5,12.25,390.125,844", "rect=007,0010,1,1",
            "rect=1,2,3,4&progress=0.5", "progress=1&rect=1,2,3,4", "progress=0", "rect=1,2,3,4&rect=5,6,7,8",
            "rect=1,2,3", "rect=1,2,3,4,5", "rect=1,2,-3,4", "rect=1,2,3,-0", "rect=1e3,2,3,4", "rect=0x10,2,3,4",
            "rect=.5,2,3,4", "rect=5.,2,3,4", "rect=+5,2,3,4", "rect=%35,2,3,4", "rect= 5,2,3,4", "rect=inf,2,3,4",
            "rect=nan,2,3,4", "rect=1,2,3,4&", "&rect=1,2,3,4", "rect=1,2,3,4&&progress=0.5", "bogus=1",
            "rect=1,2,3,4&bogus", "rect", "rect=", "progress=", "progress=abc", "progress=-0.5",
            "rect=123456789012345,2,3,4", "rect=1234567890123456,2,3,4", "rect=0.000000000000000000001,2,3,4",
            "rect=0.1234567890123456789012,2,3,4", "rect=0.12345678901234567890123,2,3,4",
            "rect=9007199254740993,1,1,1", "rect=-1.5,-2.25,0,0", "rect=1,2,3,4%26progress=1", "re%63t=1,2,3,4"
        ]
        for q in queries { Self.check(q) }
        // The common forms are read by the fast path.
        for q in ["rect=0,0,390,844", "rect=1,2,3,4&progress=0.5", "progress=1&rect=1,2,3,4", "", "rect=-0.5,3.25,1,2"] {
            #expect(RectQuery.common(q) != nil, "\(q)")
        }
    }

    /// Numbers of every shape the fast path takes and of many it declines, in queries of
    /// every shape: 20,000 queries from a fixed seed.
    @Test func generatedQueriesReadAlike() {
        var g = XorShiftStar(state: 0x52_4543_54)
        func pick(_ n: Int) -> Int { Int(g.next() % UInt64(n)) }
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(pick(10))) }) }
        func number() -> String {
            let sign = pick(4) == 0 ? "-" : ""
            switch pick(10) {
            case 0: return sign + digits(1 + pick(20))
            case 1: return sign + digits(1 + pick(8)) + "." + digits(1 + pick(25))
            case 2: return sign + "0." + String(repeating: "0", count: pick(20)) + digits(1 + pick(6))
            case 3: return sign + digits(1 + pick(3)) + "e" + String(pick(40) - 20)
            case 4: return ["inf", "nan", "0x1p3", ".5", "5.", "+1", "1_0", "", " 1", "1 ", "%31", "１"][pick(12)]
            default: return sign + digits(1 + pick(6)) + (pick(2) == 0 ? "" : "." + digits(1 + pick(4)))
            }
        }
        func rect() -> String { (0..<(pick(10) == 0 ? 3 + pick(3) : 4)).map { _ in number() }.joined(separator: ",") }
        func parameter() -> String {
            switch pick(12) {
            case 0: return "progress=" + number()
            case 1: return "bogus=" + number()
            case 2: return "rect"
            case 3: return ""
            default: return "rect=" + rect()
            }
        }
        for _ in 0..<20_000 {
            Self.check((0..<(1 + pick(3))).map { _ in parameter() }.joined(separator: pick(20) == 0 ? "&&" : "&"))
        }
    }
}
