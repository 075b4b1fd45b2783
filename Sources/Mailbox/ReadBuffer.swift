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
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Drops the first `length` bytes: indices shift down by `length`.
    mutating func removeFirst(_ length: Int) {
        precondition(length >= 0 && length <= count)
        offset += length
        count -= length
    }

    /// Reads up to `length` more bytes from `reader` after the ones held, making room when
    /// needed. Returns how many came: 0 at the end of the file.
    mutating func fill(from reader: FileDescriptorReader, upTo length: Int) throws(MailboxError) -> Int {
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
        let read = try reader.read(upTo: length, into: UnsafeMutableRawPointer(base + count))
        count += read
        return read
    }
}
