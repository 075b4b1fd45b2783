import CivilTime

/// Points with a known zone (airports and tzdata's zone locations) in a grid of one-degree
/// cells, for the nearest point to a coordinate within a maximum distance.
///
/// Nearest-point is an approximation of the zone boundaries: within `maximumDistance` of a
/// border the nearest point can lie across it (a hotel in Kalispell, Montana is nearer no
/// airport of Idaho, but one just inside Idaho's Pacific-time panhandle can be nearer
/// Spokane than Missoula). Where the markup also gives an address, the coordinates still
/// win (issue 17's order); `ZoneEvidence.coordinates` says how far the point was.
struct PointIndex: Sendable {
    struct Point: Sendable, Hashable {
        var latitude: Double
        var longitude: Double
        var zone: ZoneIdentifier
    }

    private var cells: [Int: [Point]] = [:]

    init(points: [Point]) {
        for point in points { cells[Self.cell(latitude: point.latitude, longitude: point.longitude), default: []].append(point) }
    }

    private static func cell(latitude: Double, longitude: Double) -> Int {
        cell(row: Int((latitude + 90).rounded(.down)), column: Int((longitude + 180).rounded(.down)))
    }

    private static func cell(row: Int, column: Int) -> Int {
        min(max(row, 0), 180) * 361 + ((column % 360) + 360) % 360
    }

    /// The nearest point within `maximumKilometres`, and its distance.
    func nearest(latitude: Double, longitude: Double, maximumKilometres: Double) -> (point: Point, kilometres: Double)? {
        let row = Int((latitude + 90).rounded(.down)), column = Int((longitude + 180).rounded(.down))
        let rowSpan = Int((maximumKilometres / Self.kilometresPerDegree).rounded(.up))
        var best: (point: Point, kilometres: Double)?
        for candidateRow in (row - rowSpan)...(row + rowSpan) where candidateRow >= 0 && candidateRow <= 180 {
            // A degree of longitude shrinks toward the poles: widen the columns searched.
            let edgeLatitude = min(abs(Double(candidateRow) - 90) + 1, 90)
            let shrink = max(Self.cosineOf(degrees: edgeLatitude), 0.01)
            let columnSpan = min(Int((maximumKilometres / (Self.kilometresPerDegree * shrink)).rounded(.up)), 180)
            for candidateColumn in (column - columnSpan)...(column + columnSpan) {
                for point in cells[Self.cell(row: candidateRow, column: candidateColumn)] ?? [] {
                    let distance = Self.kilometres(latitude, longitude, point.latitude, point.longitude)
                    if distance <= maximumKilometres, best.map({ distance < $0.kilometres }) ?? true { best = (point, distance) }
                }
            }
        }
        return best
    }

    static let kilometresPerDegree = 111.195 // 6371 km × π / 180
    private static let earthRadius = 6371.0

    /// Great-circle distance (haversine), in kilometres.
    static func kilometres(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let φ1 = radians(latitude1), φ2 = radians(latitude2)
        let dφ = φ2 - φ1, dλ = radians(longitude2 - longitude1)
        let a = sine(dφ / 2) * sine(dφ / 2) + cosine(φ1) * cosine(φ2) * sine(dλ / 2) * sine(dλ / 2)
        return 2 * earthRadius * arcsine(min(1, a.squareRoot()))
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    private static func cosineOf(degrees: Double) -> Double { cosine(radians(degrees)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's trigonometry (libm), not Foundation's.
private func sine(_ x: Double) -> Double { sin(x) }
private func cosine(_ x: Double) -> Double { cos(x) }
private func arcsine(_ x: Double) -> Double { asin(x) }
