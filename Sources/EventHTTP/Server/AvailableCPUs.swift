import CLibevent
import Glibc

/// How many CPUs this process may really use: the fewest of the online cores, its affinity
/// mask (cpusets, `taskset`) and its cgroup's CPU quota (`docker run --cpus`, Kubernetes
/// limits), rounded up. A container limited to 2 CPUs on a 64-core host gets 2 event loops
/// by default, not 64 threads fighting over 2 CPUs' worth of time.
public enum AvailableCPUs {
    /// Computed once per process.
    public static let count: Int = resolve(files: readSmallFile)

    /// - Parameter files: reads a file's text (nil when absent); tests pass a fake tree.
    static func resolve(
        files: (String) -> String?, online: Int = HTTPServerConfiguration.onlineCores,
        affinity: Int = Int(eventhttp_affinity_cpu_count())
    ) -> Int {
        var limit = affinity > 0 ? min(affinity, online) : online
        if let quota = quota(files: files) {
            limit = min(limit, Int(quota.rounded(.up)))
        }
        return max(1, limit)
    }

    /// The CPU quota of the process's cgroup and its ancestors (the tightest), in CPUs;
    /// nil when there is none. cgroup v2 first (`cpu.max`), then v1 (`cpu.cfs_quota_us`):
    /// hybrid hosts list a v2 path but keep the cpu controller on v1.
    static func quota(files: (String) -> String?) -> Double? {
        guard let membership = files("/proc/self/cgroup") else { return nil }
        if let path = cgroupV2Path(membership),
            let found = tightest(
                over: path, root: "/sys/fs/cgroup",
                { directory in
                    files(directory + "/cpu.max").flatMap(parseCPUMax)
                })
        {
            return found
        }
        if let path = cgroupV1CPUPath(membership) {
            for root in ["/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup/cpu"] {
                let found = tightest(over: path, root: root) { directory in
                    guard let quota = files(directory + "/cpu.cfs_quota_us"),
                        let period = files(directory + "/cpu.cfs_period_us")
                    else { return nil }
                    return parseCFSQuota(quota: quota, period: period)
                }
                if let found { return found }
            }
        }
        return nil
    }

    /// cgroup v2's `cpu.max`: "QUOTA PERIOD" in microseconds, or "max PERIOD" for none.
    static func parseCPUMax(_ text: String) -> Double? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]),
            quota > 0, period > 0
        else { return nil }
        return quota / period
    }

    /// cgroup v1's `cpu.cfs_quota_us` (-1 for none) over `cpu.cfs_period_us`.
    static func parseCFSQuota(quota: String, period: String) -> Double? {
        guard let quota = Double(quota.trimmingNewlines), let period = Double(period.trimmingNewlines),
            quota > 0, period > 0
        else { return nil }
        return quota / period
    }

    /// The unified hierarchy's path in `/proc/self/cgroup` (the `0::/path` line).
    static func cgroupV2Path(_ membership: String) -> String? {
        membership.split(separator: "\n").first { $0.hasPrefix("0::") }.map { String($0.dropFirst(3)) }
    }

    /// The v1 path of the hierarchy that has the `cpu` controller (`4:cpu,cpuacct:/path`).
    static func cgroupV1CPUPath(_ membership: String) -> String? {
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            if fields[1].split(separator: ",").contains("cpu") { return String(fields[2]) }
        }
        return nil
    }

    /// The smallest quota found at `root + path` and each ancestor up to `root`. Inside a
    /// container's cgroup namespace the path is `/` and the mount root is its own cgroup.
    private static func tightest(over path: String, root: String, _ quotaAt: (String) -> Double?) -> Double? {
        var components = path.split(separator: "/").map(String.init)
        var best: Double?
        while true {
            let directory = components.isEmpty ? root : root + "/" + components.joined(separator: "/")
            if let quota = quotaAt(directory) { best = min(best ?? quota, quota) }
            if components.isEmpty { return best }
            components.removeLast()
        }
    }

    /// A small file's text (cgroup and proc files are a line or a few).
    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate var trimmingNewlines: Substring {
        var text = Substring(self)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        return text
    }
}
