import SessionStorage
import Testing

/// `--store` forms, the Sentinel one especially (issue 19).
@Suite("store locations")
struct StoreLocationTests {
    @Test func sentinelsAreListedWithTheMasterAndDatabase() throws {
        let parsed = try StoreLocation.parse("redis-sentinel://10.0.0.1:26379,sentinel-b:26380/mymaster/3").get()
        #expect(
            parsed
                == .redisSentinel(
                    RedisSentinels(
                        sentinels: [
                            RedisAddress(host: "10.0.0.1", port: 26379),
                            RedisAddress(host: "sentinel-b", port: 26380)
                        ],
                        masterName: "mymaster", database: 3)))
        #expect(parsed.description == "redis-sentinel://10.0.0.1:26379,sentinel-b:26380/mymaster/3")
        let one = try StoreLocation.parse("redis-sentinel://s:1/m").get()
        #expect(one == .redisSentinel(RedisSentinels(sentinels: [RedisAddress(host: "s", port: 1)], masterName: "m")))
    }

    @Test(arguments: [
        "redis-sentinel://", "redis-sentinel://s:1", "redis-sentinel://s:1/", "redis-sentinel://s/m",
        "redis-sentinel://s:0/m", "redis-sentinel://s:1/m/x", "redis-sentinel://:1/m", "redis-sentinel://s:1/m/1/2"
    ])
    func malformedSentinelLocationsAreRefused(_ text: String) {
        guard case .failure(let error) = StoreLocation.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.message.contains("redis-sentinel://") || error.message.contains("database"))
    }

    /// Issue 39: the seeds of a Redis Cluster; a cluster has one database, so none is named.
    @Test func clusterSeedsAreListed() throws {
        let parsed = try StoreLocation.parse("redis-cluster://redis-1:6379,10.0.0.2:7000").get()
        #expect(parsed == .redisCluster([RedisAddress(host: "redis-1", port: 6379), RedisAddress(host: "10.0.0.2", port: 7000)]))
        #expect(parsed.description == "redis-cluster://redis-1:6379,10.0.0.2:7000")
        for bad in ["redis-cluster://", "redis-cluster://a:1/0", "redis-cluster://a:1,,b:2", "redis-cluster://a", "redis-cluster://a:70000"] {
            guard case .failure(let error) = StoreLocation.parse(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            #expect(error.message.contains("redis-cluster://HOST:PORT"), "\(bad): \(error.message)")
        }
    }

    @Test func plainRedisStillParses() throws {
        #expect(try StoreLocation.parse("redis://h:6379/2").get() == .redis(RedisEndpoint(host: "h", port: 6379, database: 2)))
    }
}
