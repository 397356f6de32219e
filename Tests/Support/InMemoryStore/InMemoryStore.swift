import LayoutService
import SessionStorage

/// The tests' and the benchmark's store: sessions in this process's memory only. The service
/// names no storage of its own; whoever runs it wires one (the executable: `--store`).
extension SessionStore {
    public static func inMemory(configuration: Configuration = Configuration(), clock: any SessionClock = SystemSessionClock()) -> SessionStore {
        SessionStore(configuration: configuration, storage: MemorySessionStorage { clock.nowNanoseconds() }, clock: clock)
    }
}

extension TesseraService {
    /// A service over an in-memory store with the default configuration.
    public static func inMemory(limits: Limits = Limits()) -> TesseraService {
        TesseraService(store: .inMemory(), limits: limits)
    }
}
