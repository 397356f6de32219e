import Foundation
import LayoutEngine
@testable import SessionStorage
import Testing
@testable import LayoutService
import StorageTestSupport

/// Stored bytes are checked before they are served (issue 19): session images and log
/// entries carry a checksum and decoded numbers must be finite (that the SQLite file is Tessera's is
/// SessionStorageTests' SQLiteStorageOpenTests).
@Suite("Stored data checks")
struct StoredDataChecksTests {
    /// Digests of the reference implementation (libxxhash 0.8.1, `XXH64(data, length, 0)`),
    /// covering each path through the function: under 32 bytes, 32-byte stripes, and the
    /// 8-, 4- and 1-byte tails.
    @Test func theChecksumIsXXH64() {
        #expect(Checksum.xxh64([]) == 0xEF46_DB37_51D8_E999)
        #expect(Checksum.xxh64(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(Checksum.xxh64((0..<15).map { UInt8($0) }) == 0xA948_F5F0_F6AB_AC2D)
        #expect(Checksum.xxh64((0..<1024).map { UInt8($0 % 256) } + Array("xyz".utf8)) == 0xE146_CB31_B65B_C21A)
        #expect(Checksum.xxh64((0..<1039).map { UInt8($0 * 7 % 256) }) == 0x4396_8CE8_4DC1_EBCB)
    }

    static func image(width: Double = 320) -> SessionImage {
        let sizes = (0..<50).map { Size(width: Double(10 + $0), height: 20) }
        return SessionImage(
            version: 1, layoutJSON: Array(#"{"type":"flow"}"#.utf8),
            view: ViewContext(bounds: Size(width: width, height: 480)),
            dataSource: DataSource(sections: [SectionData(itemCount: sizes.count, sizes: sizes)]))
    }

    /// Any one byte flipped anywhere in a session image or a log entry is refused by name, never
    /// decoded as other data.
    @Test func everyDamagedByteIsCaught() throws {
        let image = Self.image().encoded
        #expect(try SessionImage(decoding: image).dataSource == Self.image().dataSource)
        for i in 0..<image.count {
            var damaged = image
            damaged[i] ^= 0x10
            #expect(throws: SessionImageError.self) { try SessionImage(decoding: damaged) }
        }
        let entry = SessionChange(.view, body: Array(#"{"bounds":[300,300]}"#.utf8)).encoded
        #expect(try SessionChange(decoding: entry).body == Array(#"{"bounds":[300,300]}"#.utf8))
        for i in 0..<entry.count {
            var damaged = entry
            damaged[i] ^= 0x01
            #expect(throws: SessionImageError.self) { try SessionChange(decoding: damaged) }
        }
    }

    /// What earlier versions wrote still loads: `TSN6` images (the same bytes less the list
    /// inputs), `TSN5` images (less the orthogonal offsets too), `TSN4` images (less the layout direction too, which loads as
    /// left-to-right), `TSN3` images (less the identifiers' flag
    /// too), `TSN2` images and 0xC7 log entries without a checksum.
    @Test func imagesAndLogEntriesWithoutAChecksumStillLoad() throws {
        func summed(_ bytes: [UInt8]) -> [UInt8] {
            let sum = Checksum.xxh64(bytes)
            return bytes + (0..<8).map { k in UInt8(truncatingIfNeeded: sum >> (8 * UInt64(k))) }
        }
        var rightToLeft = Self.image()
        rightToLeft.view.layoutDirection = .rightToLeft
        // The list inputs (a margins flag, four doubles of safe area, a wide-margins byte: 34
        // bytes without margins) are last before the sum; the orthogonal offsets' count (0:
        // eight bytes) before them, the layout direction the byte before it, the identifiers'
        // flag (0: none) the one before that.
        var old = Array(rightToLeft.encoded.dropLast(8 + 34))
        old[3] = UInt8(ascii: "6")
        let tsn6 = try SessionImage(decoding: summed(old))
        #expect(tsn6.view == rightToLeft.view)
        old = Array(old.dropLast(8))
        old[3] = UInt8(ascii: "5")
        let tsn5 = try SessionImage(decoding: summed(old))
        #expect(tsn5.view == rightToLeft.view)
        old = Array(old.dropLast())
        old[3] = UInt8(ascii: "4")
        let tsn4 = try SessionImage(decoding: summed(old))
        #expect(tsn4.dataSource == Self.image().dataSource && tsn4.view.layoutDirection == .leftToRight)
        old = Array(old.dropLast())
        old[3] = UInt8(ascii: "3")
        old = summed(old)
        let tsn3 = try SessionImage(decoding: old)
        #expect(tsn3.dataSource == Self.image().dataSource && tsn3.identifiers == nil)
        old = Array(old.dropLast(8))
        old[3] = UInt8(ascii: "2")
        #expect(try SessionImage(decoding: old).dataSource == Self.image().dataSource)
        let entry = try SessionChange(decoding: [0xC7, SessionChange.Kind.view.rawValue] + Array("{}".utf8))
        #expect(entry.kind == .view && entry.body == Array("{}".utf8))
    }

    /// What list sections read of the view is stored and loads again (`TSN7` on): margins of
    /// its own or the system's, the safe area, the wide-margins trait.
    @Test func theListInputsAreStored() throws {
        var image = Self.image()
        image.view.layoutMargins = EdgeInsets(top: 8, left: 20, bottom: 8, right: 24)
        image.view.safeAreaInsets = EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
        image.view.wantsWideMargins = true
        #expect(try SessionImage(decoding: image.encoded).view == image.view)
        #expect(try SessionImage(decoding: Self.image().encoded).view == Self.image().view)
        #expect(Self.image().view.layoutMargins == nil)
    }

    /// The view's layout direction is stored and loads again (`TSN5` on).
    @Test func theLayoutDirectionIsStored() throws {
        var image = Self.image()
        image.view.layoutDirection = .rightToLeft
        #expect(try SessionImage(decoding: image.encoded).view == image.view)
        #expect(try SessionImage(decoding: Self.image().encoded).view.layoutDirection == .leftToRight)
    }

    /// A stored session image without a checksum (an older version's) whose view width is NaN:
    /// quarantined on first load (500 `session_quarantined` naming the value, then 404), not
    /// a 500 `internal_error` on every request; another session of the store is served.
    @Test func aNonFiniteViewQuarantinesInsteadOfFailingEveryRequest() throws {
        let path = try temporaryDirectory() + "/s.db"
        let storage = try SQLiteSessionStorage(path: path)
        let limits = StorageLimits(maxSessions: 10, maxTotalItems: 1000, idleExpirySeconds: 900)
        let counts = StoredCounts(items: 50, sections: 1)
        func oldFormat(_ s: SessionImage) -> [UInt8] {
            // Less the sum, the list inputs, the orthogonal offsets' count, the direction and
            // the identifiers' flag.
            var bytes = Array(s.encoded.dropLast(18 + 34))
            bytes[3] = UInt8(ascii: "2")
            return bytes
        }
        let (bad, good) = (SessionID.make(), SessionID.make())
        #expect(try storage.create(id: bad, version: 1, image: oldFormat(Self.image(width: .nan)), holding: counts, limits: limits) == .created)
        #expect(try storage.create(id: good, version: 1, image: oldFormat(Self.image()), holding: counts, limits: limits) == .created)
        let service = try sqliteService(path)
        let first = service.elements(id: bad, query: "rect=0,0,320,480")
        #expect(first.status == 500)
        #expect(try errorOf(first).code == "session_quarantined")
        #expect(try errorOf(first).message.contains("view.bounds.width is nan"))
        #expect(service.elements(id: bad, query: "rect=0,0,320,480").status == 404)
        #expect(service.elements(id: good, query: "rect=0,0,320,480").status == 200)
        #expect(try storage.quarantined()[bad]?.contains("view.bounds.width") == true)
    }

    /// A log entry damaged in the store: the checksum quarantines the session.
    @Test func aDamagedLogEntryQuarantinesTheSession() throws {
        let path = try temporaryDirectory() + "/s.db"
        let a = try sqliteService(path)
        let id = try createSession(a, circleBody)
        var entry = SessionChange(.view, body: Array(#"{"bounds":[300,300]}"#.utf8)).encoded
        // Byte 13 (after marker, kind and `{"bounds":[`) is the first 3: 0x33 ^ 0x04 is a 7,
        // so the body still parses and applies, as bounds of 700 × 300.
        entry[13] ^= 0x04
        let storage = try SQLiteSessionStorage(path: path)
        let counts = StoredCounts(items: 6, sections: 1)
        let outcome = try storage.append(id: id, baseVersion: 1, entry: entry, from: counts, to: counts, limits: a.store.configuration.limits)
        guard case .appended = outcome else {
            Issue.record("append: \(outcome)")
            return
        }
        let r = try sqliteService(path).getSession(id: id)
        #expect(r.status == 500)
        #expect(try errorOf(r).message.contains("the log entry fails its checksum"))
    }
}

/// The orthogonal sections' own scroll offsets (docs/compositional.md C13) are part of the
/// view: a session image keeps them (`TSN6` on), so a compacted session loads them again on
/// another replica.
@Suite struct StoredOrthogonalOffsetsTests {
    static let session =
        #"{"layout":{"type":"compositional","section":{"orthogonalScrollingBehavior":"continuous","group":{"axis":"horizontal","size":{"width":{"fractionalWidth":0.45},"height":{"absolute":100}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}},"dataSource":{"sections":[{"itemCount":20},{"itemCount":20}]},"view":{"bounds":[390,844]}}"#

    @Test func aCompactedImageKeepsThem() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let a = try sqliteService(path)
        let id = try createSession(a, Self.session)
        // Section 1's offset once, then enough changes of section 0's that the log outweighs
        // the image and is folded into a new one: section 1's is then only in that image.
        #expect(a.patchView(id: id, body: body(#"{"orthogonalOffsets":{"1":79}}"#)).status == 200)
        for k in 0..<40 {
            #expect(a.patchView(id: id, body: body(#"{"orthogonalOffsets":{"0":\#(k)}}"#)).status == 200)
        }
        let stored = try #require(try a.store.storage.load(id: id, after: nil))
        let image = try SessionImage(decoding: try #require(stored.image).bytes)
        // Folded at some change after the first: the image holds section 1's offset.
        #expect(image.view.orthogonalOffsets[1] == 79)
        #expect(image.version > 2)
        let b = try sqliteService(path)
        let view = try #require(try object(b.getSession(id: id))["view"] as? [String: Any])
        #expect(view["orthogonalOffsets"] as? [String: Double] == ["0": 39, "1": 79])
    }
}
