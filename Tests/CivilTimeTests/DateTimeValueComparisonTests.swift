import Testing
import CivilTime

@Suite("DateTimeValue compare(_:)")
struct DateTimeValueComparisonTests {
    @Test(arguments: [
        // Instants by instant, whatever the offsets.
        ("2020-06-26T19:30:00-07:00", "2020-06-27T02:30:00Z", DateTimeValue.Order?.some(.orderedSame)),
        ("2020-06-26T19:30:00-07:00", "2020-06-27T02:00:00+00:00", .orderedDescending),
        ("2020-06-26T19:30:00+02:00", "2020-06-26T18:30:00Z", .orderedAscending),
        ("2020-06-26T19:30:00.1Z", "2020-06-26T19:30:00.2Z", .orderedAscending),
        ("2020-06-26T19:30:00.000000002Z", "2020-06-26T19:30:00.000000001Z", .orderedDescending),
        // Floating and dates by their fields.
        ("2020-06-26T19:30:00", "2020-06-26T19:30:00", .orderedSame),
        ("2020-06-26T19:30:00", "2020-06-26T19:31:00", .orderedAscending),
        ("2020-06-27T00:00:00", "2020-06-26T23:59:59.999", .orderedDescending),
        ("2020-06-26", "2020-06-27", .orderedAscending),
        ("2020-06-26", "2020-06-26", .orderedSame),
        ("2020-06-26", "2020-06-26T00:00:00", .orderedAscending),
        ("2020-06-26", "2020-06-25T23:00:00", .orderedDescending),
        // An offset on one side only: no order.
        ("2020-06-26T19:30:00", "2020-06-26T19:30:00Z", nil),
        ("2020-06-26", "2020-06-26T19:30:00-07:00", nil),
    ])
    func compare(_ lhs: String, _ rhs: String, _ expected: DateTimeValue.Order?) throws {
        let a = try #require(DateTimeValue(parsing: lhs))
        let b = try #require(DateTimeValue(parsing: rhs))
        #expect(a.compare(b) == expected)
        let inverse: DateTimeValue.Order? = switch expected {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case let other: other
        }
        #expect(b.compare(a) == inverse)
    }

    @Test func sameInstantIsNotAnEqualValue() throws {
        let a = try #require(DateTimeValue(parsing: "2020-06-26T19:30:00-07:00"))
        let b = try #require(DateTimeValue(parsing: "2020-06-27T02:30:00Z"))
        #expect(a.compare(b) == .orderedSame)
        #expect(a != b)
    }
}
