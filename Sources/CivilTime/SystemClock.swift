#if canImport(Glibc)
import Glibc
#endif

/// The system's real-time clock (clock_gettime, CLOCK_REALTIME): where the tool reads "now"
/// when `--now` does not fix it, and the seconds of a run's progress.
public enum SystemClock {
    /// Seconds since 1970-01-01T00:00:00Z, with their fraction.
    public static func secondsSinceEpoch() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    /// The current instant, its seconds truncated.
    public static func now() -> Instant {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Instant(secondsSinceEpoch: Int64(time.tv_sec))
    }
}
