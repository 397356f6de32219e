import CLibevent
import Glibc

/// Detached pthreads running a Swift closure (no Foundation in this module).
public enum Threads {
    private final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(_ name: String, _ body: @escaping @Sendable () -> Void) {
            self.name = String(name.utf8.prefix(15))!
            self.body = body
        }
    }

    /// - Parameter name: shown by `top -H` and debuggers; Linux keeps 15 bytes.
    public static func detach(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let start = Unmanaged.passRetained(Start(name, body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
                _ = eventhttp_name_current_thread(start.name)
                start.body()
                return nil
            }, start)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
