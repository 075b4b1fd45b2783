import CMalloc

/// How much freed memory glibc's allocator keeps for the next document instead of handing it
/// back to the kernel (issue 21).
///
/// With glibc's defaults, the heap's top is given back once 128 KiB of it is free, and the
/// next document takes the pages back, each a page fault and a zeroed page: `extract` over
/// 3,237 HTML parts took 8,000 faults, 4–6 % of its CPU (`perf stat`: 435 ms, 745 faults and
/// 411 ms with these settings). Keeping up to 2 MiB free at the top of each arena, and
/// serving requests up to 1 MiB from the heap rather than by `mmap` (the fixed threshold
/// the first setting would otherwise leave at 128 KiB), costs at most 2 MiB of resident
/// memory per arena: a scan's peak RSS did not move (30–31 MB in four runs each way).
enum HeapRetention {
    static let trimThreshold: Int32 = 2 << 20
    static let mmapThreshold: Int32 = 1 << 20

    /// Sets both thresholds; the process's first act, before anything is allocated in bulk.
    static func keepFreedMemoryForReuse() {
        _ = mallopt(M_TRIM_THRESHOLD, trimThreshold)
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
    }
}
