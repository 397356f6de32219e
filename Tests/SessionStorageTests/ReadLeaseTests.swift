import Testing
@testable import SessionStorage

/// The local half of Redis's read leases: what a replica may trust without asking Redis.
@Suite("Read leases (local)")
struct ReadLeaseTests {
    static let second: UInt64 = 1_000_000_000

    static func listening() -> RedisReadLeases {
        let leases = RedisReadLeases(lengthMilliseconds: 1000)
        leases.listen()
        return leases
    }

    /// A grant vouches for its version until 7/8 of the lease after its request left (Redis
    /// counts the whole lease from later: the script ran after the request left).
    @Test func aLeaseEndsLocallyBeforeRedisEndsIt() throws {
        let leases = Self.listening()
        let ticket = try #require(leases.ticket(for: "s", now: 10 * Self.second))
        leases.grant(ticket, version: 5)
        #expect(leases.version(of: "s", now: 10 * Self.second + 1) == 5)
        #expect(leases.version(of: "s", now: 10 * Self.second + Self.second / 8 * 7 - 1) == 5)
        #expect(leases.version(of: "s", now: 10 * Self.second + Self.second / 8 * 7) == nil)
        #expect(leases.version(of: "other", now: 10 * Self.second + 1) == nil)
    }

    /// A revocation that overtakes the grant's reply (another connection) wins.
    @Test func aRevocationBeforeTheGrantsReplyKeepsTheGrantOut() throws {
        let leases = Self.listening()
        let ticket = try #require(leases.ticket(for: "s", now: Self.second))
        leases.revoke("s", now: Self.second + 1)
        leases.grant(ticket, version: 5)
        #expect(leases.version(of: "s", now: Self.second + 2) == nil)
    }

    /// Without the revocation channel nothing is granted or trusted: revocations sent while
    /// it was down are lost.
    @Test func losingTheChannelDropsEveryLease() throws {
        let leases = Self.listening()
        let held = try #require(leases.ticket(for: "a", now: Self.second))
        leases.grant(held, version: 1)
        let pending = try #require(leases.ticket(for: "b", now: Self.second))
        leases.deafen()
        #expect(leases.version(of: "a", now: Self.second + 1) == nil)
        #expect(leases.ticket(for: "a", now: Self.second + 1) == nil)
        leases.listen()
        leases.grant(pending, version: 1) // asked for before the loss
        #expect(leases.version(of: "b", now: Self.second + 2) == nil)
    }

    /// After a revocation, reads ask for no lease for a tenth of the lease length.
    @Test func noLeaseIsAskedForJustAfterARevocation() {
        let leases = Self.listening()
        leases.revoke("s", now: 5 * Self.second)
        #expect(leases.ticket(for: "s", now: 5 * Self.second + Self.second / 10 - 1) == nil)
        #expect(leases.ticket(for: "s", now: 5 * Self.second + Self.second / 10) != nil)
        #expect(leases.ticket(for: "t", now: 5 * Self.second) != nil)
    }

    /// Any interleaving of grants, revocations and losses of the channel, on a few sessions:
    /// whenever a lease vouches for a version, no revocation of that session and no loss of
    /// the channel came after its ticket was taken, and the version is the one granted.
    @Test func aLeaseNeverOutlivesARevocationOrALossOfTheChannel() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let leases = Self.listening()
            let ids = ["a", "b", "c"]
            var now: UInt64 = Self.second
            var lastRevoked: [String: Int] = [:]
            var lastLoss = 0
            var granted: [String: (step: Int, version: Int)] = [:]
            var open: [(ticket: RedisReadLeases.Ticket, step: Int)] = []
            for step in 1...60 {
                now += UInt64.random(in: 0...(Self.second / 20), using: &rng)
                let id = ids.randomElement(using: &rng)!
                switch Int.random(in: 0..<10, using: &rng) {
                case 0...2:
                    if let t = leases.ticket(for: id, now: now) { open.append((t, step)) }
                case 3...5:
                    guard !open.isEmpty else { break }
                    let (ticket, taken) = open.remove(at: Int.random(in: 0..<open.count, using: &rng))
                    leases.grant(ticket, version: step)
                    if taken > (lastRevoked[ticket.id] ?? 0), taken > lastLoss { granted[ticket.id] = (taken, step) }
                case 6...7:
                    leases.revoke(id, now: now)
                    lastRevoked[id] = step
                case 8:
                    leases.deafen()
                    leases.listen()
                    lastLoss = step
                default:
                    break
                }
                for id in ids {
                    guard let version = leases.version(of: id, now: now) else { continue }
                    let grant = granted[id]
                    #expect(grant?.version == version)
                    #expect((grant?.step ?? 0) > (lastRevoked[id] ?? 0))
                    #expect((grant?.step ?? 0) > lastLoss)
                }
            }
        }
    }
}
