/// RFC 3492 Punycode: a Unicode label as a string of ASCII letters, digits and hyphens, the
/// part after `xn--` of an IDNA A-label. Pure functions over Unicode scalars, no case
/// annotation (RFC 3492 Appendix A is optional; IDNA never uses it).
enum Punycode {
    // RFC 3492 §5: the parameter values for Punycode.
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 0x80
    private static let delimiter = UInt8(ascii: "-")

    /// RFC 3492 §6.3: the encoding of `scalars`; nil when a value would overflow (the RFC's
    /// "overflow" failure), which a label of at most 63 octets never reaches.
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        var output: [UInt8] = scalars.filter(\.isASCII).map { UInt8($0.value) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(delimiter) }
        var n = initialN, delta = 0, bias = initialBias
        let values = scalars.map { Int($0.value) }
        while handled < values.count {
            // The smallest code point not yet handled.
            guard let next = values.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            n = next
            for value in values {
                if value < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// RFC 3492 §6.2: the code points `text` encodes; nil for anything that is not a
    /// well-formed Punycode string (a non-basic character, a bad digit, an overflow, a value
    /// outside Unicode or a surrogate).
    static func decode(_ text: some StringProtocol) -> [Unicode.Scalar]? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        // The basic code points are those before the last delimiter (none if there is none).
        let split = bytes.lastIndex(of: delimiter)
        var output: [Int] = split.map { bytes[..<$0].map(Int.init) } ?? []
        var position = split.map { $0 + 1 } ?? 0
        var n = initialN, i = 0, bias = initialBias
        while position < bytes.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < bytes.count, let value = digitValue(bytes[position]) else { return nil }
                position += 1
                let (product, overflow) = value.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = threshold(k, bias: bias)
                if value < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow, nextWeight <= Int(Int32.max) else { return nil }
                weight = nextWeight
                k += base
            }
            bias = adapt(i - oldI, points: output.count + 1, first: oldI == 0)
            n += i / (output.count + 1)
            guard n <= 0x10FFFF else { return nil }
            i %= output.count + 1
            output.insert(n, at: i)
            i += 1
        }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(output.count)
        for value in output {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil } // a surrogate
            scalars.append(scalar)
        }
        return scalars
    }

    private static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
    }

    /// RFC 3492 §6.1: bias adaptation.
    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0–25 as a–z, 26–35 as 0–9 (lowercase: IDNA's A-labels are lowercase).
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }
}
