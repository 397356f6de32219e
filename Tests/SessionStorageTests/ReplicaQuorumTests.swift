import Testing

@testable import SessionStorage

/// How a read without a master picks its replica (`RedisReplicaQuorum`).
@Suite("Redis replica quorum (local)")
struct ReplicaQuorumTests {
    /// `INFO replication` as a replica whose master is gone answers it (Redis 7.0), lines
    /// ended by CR LF: the offset is the number after `master_repl_offset:`, not
    /// `slave_repl_offset` or `second_repl_offset`.
    @Test func theOffsetIsReadFromInfoReplication() {
        let info = """
            # Replication\r
            role:slave\r
            master_host:127.0.0.1\r
            master_link_status:down\r
            slave_repl_offset:5120\r
            master_repl_offset:5121\r
            second_repl_offset:-1\r

            """
        #expect(RedisReplicaQuorum.replicationOffset(in: Array(info.utf8)) == 5121)
        #expect(RedisReplicaQuorum.replicationOffset(in: Array("role:master\nmaster_repl_offset:42\n".utf8)) == 42)
        #expect(RedisReplicaQuorum.replicationOffset(in: Array("# Replication\r\nrole:slave\r\n".utf8)) == nil)
    }

    /// Without WAIT no replica can vouch for an acknowledged change: no fallback at all.
    @Test func withoutWaitThereIsNoReplicaToReadFrom() {
        let quorum = RedisReplicaQuorum(
            watched: RedisSentinels(sentinels: [], masterName: "tessera"), password: nil, sentinelPassword: nil, minReplicaAcks: 0,
            connectTimeoutMilliseconds: 100, commandTimeoutMilliseconds: 100)
        #expect(throws: StorageError.self) { try quorum.freshestReplica() }
    }
}
