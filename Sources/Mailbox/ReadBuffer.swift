import POSIXFiles
#if canImport(Glibc)
import Glibc
#endif

/// A growable byte buffer that a file is read into directly (no intermediate chunk), and
/// that hands out its bytes by index without reference counting, for the mbox splitter.
///
/// Dropping bytes from the front costs nothing at once; they are reclaimed when a read
/// needs the room, by moving what is left to the front.
struct ReadBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Where index 0 is in `storage`.
    private var offset = 0
    /// How many bytes the buffer holds, at indices `0..<count`.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    private var base: UnsafeMutablePointer<UInt8> { storage + offset }

    @inline(__always)
    subscript(index: Int) -> UInt8 { base[index] }

    /// The bytes at `range`, valid until the buffer next changes.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Whether the bytes at `index` are `prefix` (false when the buffer ends first).
    func hasPrefix(_ prefix: StaticString, at index: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard index + length <= count else { return false }
        return memcmp(base + index, prefix.utf8Start, length) == 0
    }

    /// The index of the first `byte` in `range`, or nil.
    @inline(__always)
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The start of the first line after `index` whose first byte is `first` or `second`: the
    /// index after a line feed at or after `index`, when the byte there is one of them. Nil
    /// when there is none whose first byte is read yet. Sixteen bytes per step.
    func lineStart(after index: Int, beginningWith first: UInt8, or second: UInt8) -> Int? {
        let raw = UnsafeRawPointer(base)
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        let firsts = SIMD16<UInt8>(repeating: first), seconds = SIMD16<UInt8>(repeating: second)
        var position = index
        while position + 17 <= count {
            let here = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
            let next = raw.loadUnaligned(fromByteOffset: position + 1, as: SIMD16<UInt8>.self)
            let found = (here .== lineFeed) .& ((next .== firsts) .| (next .== seconds))
            // As two words (not `any(_:)`, which compiles to a lane-by-lane reduction).
            let lanes = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: found),
                                      to: (UInt64, UInt64).self)
            if lanes.0 | lanes.1 != 0 {
                // Lane 0 is the lowest-addressed byte, so the least significant in little-endian order.
                let low = UInt64(littleEndian: lanes.0), high = UInt64(littleEndian: lanes.1)
                return position + 1 + (low != 0 ? low.trailingZeroBitCount / 8 : 8 + high.trailingZeroBitCount / 8)
            }
            position += 16
        }
        while position + 1 < count {
            if base[position] == 0x0A && (base[position + 1] == first || base[position + 1] == second) {
                return position + 1
            }
            position += 1
        }
        return nil
    }

    /// How many line feeds `range` holds. Sixteen bytes per step, counted in byte lanes that
    /// are summed before they can overflow.
    func lineFeeds(in range: Range<Int>) -> Int {
        let raw = UnsafeRawPointer(base)
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        let one = SIMD16<UInt8>(repeating: 1), zero = SIMD16<UInt8>(repeating: 0)
        var total = 0
        var position = range.lowerBound
        while position + 16 <= range.upperBound {
            var lanes = zero
            var steps = 0
            while steps < 255 && position + 16 <= range.upperBound {
                let bytes = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
                lanes &+= zero.replacing(with: one, where: bytes .== lineFeed)
                position += 16
                steps += 1
            }
            // Up to 255 per lane: summed as 16-bit lanes, which hold 16 × 255.
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while position < range.upperBound {
            if base[position] == 0x0A { total += 1 }
            position += 1
        }
        return total
    }

    /// The index after the last line feed in `range`, or nil when it has none.
    func lastLineStart(in range: Range<Int>) -> Int? {
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            if base[index] == 0x0A { return index + 1 }
        }
        return nil
    }

    /// Drops the first `length` bytes: indices shift down by `length`.
    /// Puts `bytes` after the ones held (room for them must be there: a new buffer).
    mutating func append(_ bytes: [UInt8]) {
        precondition(capacity - offset - count >= bytes.count)
        bytes.withUnsafeBufferPointer { (base + count).update(from: $0.baseAddress!, count: $0.count) }
        count += bytes.count
    }

    mutating func removeFirst(_ length: Int) {
        precondition(length >= 0 && length <= count)
        offset += length
        count -= length
    }

    /// Reads up to `length` more bytes from `reader` after the ones held, making room when
    /// needed. Returns how many came: 0 at the end of the file.
    mutating func fill(from reader: FileDescriptor, upTo length: Int) throws(MailboxError) -> Int {
        if capacity - offset - count < length {
            if offset >= capacity / 2 && capacity - count >= length {
                // At least half the storage is dropped bytes: moving the rest down is paid
                // for by the reads that filled it.
                if count > 0 { memmove(storage, base, count) }
                offset = 0
            } else {
                let grown = max(capacity * 2, count + length)
                let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
                moved.update(from: base, count: count)
                storage.deallocate()
                storage = moved
                capacity = grown
                offset = 0
            }
        }
        let read = try MailboxError.reading { () throws(FileError) in
            try reader.read(upTo: length, into: UnsafeMutableRawPointer(base + count))
        }
        count += read
        return read
    }
}
