import EventSuggest
import Synchronization

/// The pipeline every connection shares, and so one DKIM key cache for all of them (as
/// scan's workers share one), rebuilt once it is older than `lifetime`.
///
/// A milter runs for weeks: a pipeline made once would keep the clock of its start (the
/// pipeline's `now` decides expired signatures and dates in the future), every key it ever
/// fetched (a rotated key, a DNS failure remembered for good) and the registered-domains
/// list as it was. Rebuilding it (`make`, the same function the command line used at the
/// start) renews all three; a rebuild that fails keeps the pipeline in use.
public final class RefreshingPipeline: Sendable {
    private let make: @Sendable () throws -> Pipeline
    private let lifetime: Duration
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let state: Mutex<(pipeline: Pipeline, madeAt: ContinuousClock.Instant)>

    /// - Parameters:
    ///   - initial: the pipeline to start with (already made by the caller, whose errors it reported).
    ///   - clock: the monotonic clock rebuilds are timed by (injected for tests).
    public init(initial: Pipeline, lifetime: Duration, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
                make: @escaping @Sendable () throws -> Pipeline) {
        self.make = make
        self.lifetime = lifetime
        self.clock = clock
        state = Mutex((initial, clock()))
    }

    /// The pipeline to use for the next message.
    public var current: Pipeline {
        let now = clock()
        let (pipeline, madeAt) = state.withLock { ($0.pipeline, $0.madeAt) }
        guard now - madeAt >= lifetime else { return pipeline }
        // Outside the lock: building reads files; two threads may both build, one wins.
        guard let fresh = try? make() else {
            state.withLock { $0.madeAt = now }
            return pipeline
        }
        state.withLock { $0 = (fresh, now) }
        return fresh
    }
}
