import Testing
import CivilTime

/// `ZoneRulesCache.derived`: what the calendar builds from a zone's rules (its VTIMEZONE) is
/// built once per zone, span of years and kind of value, and kept for the run.
@Suite("ZoneRulesCache: values built from a zone's rules, once")
struct ZoneRulesCacheDerivedTests {
    static func zone(_ name: String) -> ZoneIdentifier { ZoneIdentifier(name)! }

    @Test func aValueIsBuiltOnceAndTheSameOneComesBack() {
        let cache = ZoneRulesCache()
        var builds = 0
        let build = { (rules: ZoneRules) -> [ZoneTransition] in
            builds += 1
            return rules.transitions(from: Instant(secondsSinceEpoch: 1_800_000_000), to: Instant(secondsSinceEpoch: 1_830_000_000))
        }
        let first = cache.derived(from: Self.zone("Europe/Paris"), years: 2027...2027, build: build)
        let second = cache.derived(from: Self.zone("Europe/Paris"), years: 2027...2027, build: build)
        #expect(builds == 1)
        #expect(first != nil && first == second)
        #expect(first?.count == 2, "Paris changes its clocks twice in 2027")
    }

    /// The attack: another zone, another span of years or another kind of value must not be
    /// answered with a value built for something else.
    @Test func anotherZoneSpanOrKindIsBuiltOnItsOwn() {
        let cache = ZoneRulesCache()
        var builds: [String] = []
        let name = { (tag: String) in { (rules: ZoneRules) -> String in
            builds.append(tag)
            return "\(rules.identifier) \(tag)"
        } }
        #expect(cache.derived(from: Self.zone("Europe/Paris"), years: 2027...2027, build: name("a")) == "Europe/Paris a")
        #expect(cache.derived(from: Self.zone("Europe/Paris"), years: 2027...2028, build: name("b")) == "Europe/Paris b")
        #expect(cache.derived(from: Self.zone("Asia/Tokyo"), years: 2027...2027, build: name("c")) == "Asia/Tokyo c")
        #expect(cache.derived(from: Self.zone("Europe/Paris"), years: 2027...2027) { _ in 7 } == 7)
        #expect(cache.derived(from: Self.zone("Europe/Paris"), years: 2027...2027, build: name("d")) == "Europe/Paris a")
        #expect(builds == ["a", "b", "c"])
    }

    @Test func aZoneWithoutRulesBuildsNothing() {
        let cache = ZoneRulesCache(directory: ZoneInfoDirectory(root: "/nonexistent-zoneinfo"))
        var builds = 0
        #expect(cache.derived(from: Self.zone("Europe/Paris"), years: 2027...2027) { _ in builds += 1 } == nil)
        #expect(builds == 0)
    }
}
