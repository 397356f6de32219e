import Foundation

/// A process's memory as Linux reports it in /proc/PID/status: what the hardening tests
/// read to tell a request that costs its size from one that costs a gigabyte.
enum ProcessMemory {
    /// Resident bytes now (VmRSS).
    static func resident(_ pid: pid_t) -> Int? { field("VmRSS", pid) }

    /// The most resident bytes the process has had (VmHWM, the high-water mark).
    static func peakResident(_ pid: pid_t) -> Int? { field("VmHWM", pid) }

    private static func field(_ name: String, _ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            // "VmRSS:     12345 kB"
            let number = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }
}
