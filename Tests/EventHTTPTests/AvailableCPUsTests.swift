import Testing
@testable import EventHTTP

/// The default loop count follows the CPUs a container may use: cgroup v2 and v1 quotas,
/// read from a fake file tree, and the affinity mask.
@Suite struct AvailableCPUsTests {
    @Test func cpuMaxIsQuotaOverPeriod() {
        #expect(AvailableCPUs.parseCPUMax("200000 100000\n") == 2)
        #expect(AvailableCPUs.parseCPUMax("150000 100000") == 1.5)
        #expect(AvailableCPUs.parseCPUMax("max 100000\n") == nil)
        #expect(AvailableCPUs.parseCPUMax("") == nil)
        #expect(AvailableCPUs.parseCPUMax("0 100000") == nil)
        #expect(AvailableCPUs.parseCFSQuota(quota: "50000\n", period: "100000\n") == 0.5)
        #expect(AvailableCPUs.parseCFSQuota(quota: "-1\n", period: "100000\n") == nil)
    }

    @Test func cgroupPathsAreReadFromProcSelfCgroup() {
        #expect(AvailableCPUs.cgroupV2Path("0::/system.slice/docker-abc.scope\n") == "/system.slice/docker-abc.scope")
        let v1 = "12:pids:/docker/abc\n4:cpu,cpuacct:/docker/abc\n3:cpuset:/docker/abc\n"
        #expect(AvailableCPUs.cgroupV2Path(v1) == nil)
        #expect(AvailableCPUs.cgroupV1CPUPath(v1) == "/docker/abc")
        #expect(AvailableCPUs.cgroupV1CPUPath("3:cpuset:/x\n") == nil)
    }

    @Test func aV2QuotaRoundsUpAndTheTightestAncestorWins() {
        let files = [
            "/proc/self/cgroup": "0::/kubepods/pod1/ctr\n",
            "/sys/fs/cgroup/kubepods/pod1/ctr/cpu.max": "max 100000\n",
            "/sys/fs/cgroup/kubepods/pod1/cpu.max": "250000 100000\n", // 2.5 CPUs → 3
            "/sys/fs/cgroup/kubepods/cpu.max": "400000 100000\n"
        ]
        #expect(AvailableCPUs.resolve(files: { files[$0] }, online: 64, affinity: 64) == 3)
        // The affinity mask can be tighter still.
        #expect(AvailableCPUs.resolve(files: { files[$0] }, online: 64, affinity: 2) == 2)
    }

    @Test func aV1QuotaIsFoundUnderEitherMount() {
        let files = [
            "/proc/self/cgroup": "4:cpu,cpuacct:/\n",
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "150000\n",
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n"
        ]
        #expect(AvailableCPUs.resolve(files: { files[$0] }, online: 8, affinity: 8) == 2)
        let plainMount = [
            "/proc/self/cgroup": "2:cpu:/job\n",
            "/sys/fs/cgroup/cpu/job/cpu.cfs_quota_us": "-1\n",
            "/sys/fs/cgroup/cpu/job/cpu.cfs_period_us": "100000\n",
            "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "100000\n",
            "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n"
        ]
        #expect(AvailableCPUs.resolve(files: { plainMount[$0] }, online: 8, affinity: 8) == 1)
        // A hybrid host: a v2 line without cpu.max, the quota on the v1 cpu hierarchy.
        let hybrid = [
            "/proc/self/cgroup": "1:cpu:/\n0::/\n",
            "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "300000\n",
            "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n"
        ]
        #expect(AvailableCPUs.resolve(files: { hybrid[$0] }, online: 8, affinity: 8) == 3)
    }

    @Test func noQuotaMeansTheAffinityOrTheOnlineCores() {
        let files = ["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/cpu.max": "max 100000\n"]
        #expect(AvailableCPUs.resolve(files: { files[$0] }, online: 8, affinity: 6) == 6)
        #expect(AvailableCPUs.resolve(files: { _ in nil }, online: 8, affinity: 0) == 8)
        // A tiny quota still gets one loop.
        let tiny = ["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/cpu.max": "1000 100000\n"]
        #expect(AvailableCPUs.resolve(files: { tiny[$0] }, online: 8, affinity: 8) == 1)
    }

    @Test func thisMachineHasAtLeastOneUsableCPU() {
        #expect(AvailableCPUs.count >= 1)
        #expect(AvailableCPUs.count <= HTTPServerConfiguration.onlineCores)
    }
}
