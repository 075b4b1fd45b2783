#if canImport(Glibc)
import Glibc
#endif
import POSIXFiles

/// How many processors this process may use, `--jobs`'s default: the CPUs of its affinity
/// mask (taskset, a cpuset), fewer when a cgroup CPU quota allows fewer (cgroup v2 `cpu.max`,
/// v1 `cpu.cfs_quota_us` over `cpu.cfs_period_us`, rounded up), at least one. The count
/// Foundation's `ProcessInfo.activeProcessorCount` gave, from the same sources.
enum AvailableProcessors {
    static func count() -> Int {
        var count = affinityCount() ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        if let quota = quotaCount() { count = min(count, quota) }
        return max(1, count)
    }

    /// The CPUs of the affinity mask, from /proc/self/status's "Cpus_allowed_list:" (as "0-3,8"):
    /// sched_getaffinity(2) is a GNU extension that Swift's Glibc module does not bring.
    private static func affinityCount() -> Int? {
        guard let status = FileSystem.contents(of: "/proc/self/status") else { return nil }
        let prefix = "Cpus_allowed_list:"
        guard let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix(prefix) })
        else { return nil }
        var count = 0
        for range in line.dropFirst(prefix.count).split(separator: ",") {
            let bounds = range.split(separator: "-").map { Int($0.trimmingBlanks()) }
            guard let first = bounds.first ?? nil, let last = bounds.last ?? nil, bounds.count <= 2, last >= first else { return nil }
            count += last - first + 1
        }
        return count > 0 ? count : nil
    }

    /// The quota in whole processors, nil when there is none ("max", -1) or none can be read.
    private static func quotaCount() -> Int? {
        let quota: Int?, period: Int?
        if let fields = firstLine("/sys/fs/cgroup/cpu.max")?.split(separator: " "), fields.count == 2 {
            (quota, period) = (Int(fields[0]), Int(fields[1]))
        } else {
            (quota, period) = (firstLine("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap { Int($0) },
                               firstLine("/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap { Int($0) })
        }
        guard let quota, let period, quota > 0, period > 0 else { return nil }
        return (quota + period - 1) / period
    }

    private static func firstLine(_ path: String) -> Substring? {
        FileSystem.contents(of: path).flatMap { String(decoding: $0, as: UTF8.self).split(separator: "\n").first }
    }
}
