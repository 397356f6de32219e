import LayoutService
import SessionStorage

extension SessionStore {
    /// Opens the backend `--store` names; a database that cannot be opened or fails its
    /// check is refused here, at start-up, with the reason. The executable is the one place
    /// that knows the concrete backends: the service talks to `SessionStorage` only.
    static func open(
        _ location: StoreLocation, configuration: Configuration,
        redis: RedisOptions = RedisOptions()
    ) throws(StorageError) -> SessionStore {
        switch location {
        case .memory: return inMemory(configuration: configuration)
        case .sqlite(let path): return SessionStore(configuration: configuration, storage: try SQLiteSessionStorage(path: path))
        case .redis(let endpoint):
            return SessionStore(configuration: configuration, storage: RedisSessionStorage(endpoint, options: redis))
        case .redisSentinel(let sentinels):
            return SessionStore(configuration: configuration, storage: RedisSessionStorage(sentinels: sentinels, options: redis))
        case .redisCluster(let seeds):
            return SessionStore(configuration: configuration, storage: RedisSessionStorage(cluster: seeds, options: redis))
        }
    }

    /// Sessions in this process's memory only: `--store memory`, and the one-shot commands.
    static func inMemory(configuration: Configuration = Configuration()) -> SessionStore {
        let clock = SystemSessionClock()
        return SessionStore(configuration: configuration, storage: MemorySessionStorage { clock.nowNanoseconds() }, clock: clock)
    }
}
