import Synchronization

/// The rules of each zone a run needs, read once from a `ZoneInfoDirectory` and kept: the
/// caller owns one per run (no global cache) and may share it between threads.
public final class ZoneRulesCache: Sendable {
    public let directory: ZoneInfoDirectory
    private let loaded = Mutex<[ZoneIdentifier: Result<ZoneRules, ZoneRulesError>]>([:])

    public init(directory: ZoneInfoDirectory = ZoneInfoDirectory()) {
        self.directory = directory
    }

    /// The rules of `zone`, or why there are none (the failure is cached too).
    public func rules(for zone: ZoneIdentifier) throws(ZoneRulesError) -> ZoneRules {
        if let known = loaded.withLock({ $0[zone] }) { return try known.get() }
        let result: Result<ZoneRules, ZoneRulesError>
        do {
            result = .success(try directory.rules(for: zone))
        } catch {
            result = .failure(error)
        }
        loaded.withLock { $0[zone] = result }
        return try result.get()
    }

    /// The rules of `zone`, nil when it has none.
    public func rulesIfKnown(for zone: ZoneIdentifier) -> ZoneRules? {
        try? rules(for: zone)
    }

    /// A value `build` makes from the rules of `zone` for the years `years` (the calendar's
    /// VTIMEZONE), made once per cache and kept: every event of a run in that zone and those
    /// years gets the same one. nil when the zone has no rules. Values of different types
    /// are kept apart, so two users of the cache never see each other's.
    public func derived<Value: Sendable>(from zone: ZoneIdentifier, years: ClosedRange<Int>,
                                         build: (ZoneRules) -> Value) -> Value? {
        let key = DerivedKey(zone: zone, years: years, type: ObjectIdentifier(Value.self))
        if let known = derivedValues.withLock({ $0[key] }) { return known as? Value }
        guard let rules = rulesIfKnown(for: zone) else { return nil }
        let value = build(rules)
        derivedValues.withLock { $0[key] = value }
        return value
    }

    private struct DerivedKey: Hashable, Sendable {
        var zone: ZoneIdentifier
        var years: ClosedRange<Int>
        var type: ObjectIdentifier
    }

    private let derivedValues = Mutex<[DerivedKey: any Sendable]>([:])
}

extension ZoneRulesCache: Hashable {
    /// One cache is equal only to itself: options that carry it compare by which cache they use.
    public static func == (lhs: ZoneRulesCache, rhs: ZoneRulesCache) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
