import EventSuggest
import Mailbox
import POSIXFiles

/// The messages of a scan that write events, in input order, from their analysis until the
/// date-ordered writes and then until their report lines go out (issue 21). The first
/// `heldLimit` are held whole, as before; the others are set aside in the spool as bytes
/// (``ScanSpoolRecord``), and memory keeps 24 bytes for each: its date key and where it is.
/// Nothing is analysed twice.
final class ScanWaitingMessages {
    /// One waiting message: its place in the date order, and where its bytes are (the
    /// analysis, then, once recorded, its report line and log lines).
    struct Entry {
        let orderKey: Int64
        /// In the spool from here; negative: not in the spool (held in memory, or nothing left to put out).
        fileprivate(set) var offset: Int64
        fileprivate(set) var count: UInt32
        fileprivate(set) var recorded = false
    }

    /// What a recorded message still has to put out, in input order: its report line and log lines.
    struct Output: Equatable {
        var reportLine: [UInt8]
        var logLines: [UInt8]
    }

    private let heldLimit: Int
    private let spool: ScanSpool
    /// Fixed-size chunks: the list grows by one chunk, never by a copy of all of it (a
    /// doubling array's copy would be the scan's peak at a million messages).
    private var chunks: [[Entry]] = []
    private static let chunkSize = 16_384
    private var held: [Int: (report: MessageReport, location: MessageLocation)] = [:]
    private var heldOutputs: [Int: Output] = [:]
    private var heldCount = 0
    private(set) var count = 0

    init(heldLimit: Int, spool: ScanSpool) {
        self.heldLimit = heldLimit
        self.spool = spool
    }

    var isEmpty: Bool { count == 0 }

    func add(_ report: MessageReport, at location: MessageLocation) {
        let index = count
        var entry = Entry(orderKey: report.orderKey, offset: -1, count: 0)
        if heldCount < heldLimit {
            heldCount += 1
            held[index] = (report, location)
        } else if let bytes = ScanSpoolRecord.encode(report, at: location), bytes.count <= Int(UInt32.max) {
            let range = spool.append(bytes)
            entry.offset = Int64(range.offset)
            entry.count = UInt32(range.count)
        } else {
            held[index] = (report, location)
        }
        if chunks.last.map({ $0.count == Self.chunkSize }) ?? true {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(entry)
        count += 1
    }

    subscript(index: Int) -> Entry { chunks[index / Self.chunkSize][index % Self.chunkSize] }

    /// The indices in the order their events are written: by date key, then input order
    /// (stable: the newest version of a reservation is written last).
    func dateOrder() -> [Int32] {
        var order = (0..<Int32(count)).map { $0 }
        order.sort { left, right in
            let (a, b) = (self[Int(left)].orderKey, self[Int(right)].orderKey)
            return a != b ? a < b : left < right
        }
        return order
    }

    /// The analysis of message `index`, read back from the spool when it was set aside.
    func analysis(_ index: Int) throws(ScanWaitingError) -> (report: MessageReport, location: MessageLocation) {
        if let whole = held[index] { return whole }
        let entry = self[index]
        do {
            return try ScanSpoolRecord.decode(try spool.read(ScanSpool.Range(offset: Int(entry.offset), count: Int(entry.count))))
        } catch let error as FileError {
            throw .unreadable("\(error.path): cannot read the messages set aside: \(error.reason)")
        } catch let error as ScanSpoolDecodingError {
            throw .unreadable(error.description)
        } catch {
            throw .unreadable("\(error)")
        }
    }

    /// Message `index` is recorded: what it puts out later replaces its analysis.
    func recorded(_ index: Int, output: Output) {
        var entry = self[index]
        entry.recorded = true
        if held.removeValue(forKey: index) != nil {
            heldOutputs[index] = output
        } else if output.reportLine.isEmpty && output.logLines.isEmpty {
            // No --report and no --log: nothing to put out later, so nothing is spooled for it
            // (and nothing read back).
            entry.offset = -1
            entry.count = 0
        } else {
            var writer = ScanSpoolWriter()
            writer.int(output.reportLine.count)
            let range = spool.append(writer.bytes + output.reportLine + output.logLines)
            entry.offset = Int64(range.offset)
            entry.count = UInt32(clamping: range.count)
        }
        chunks[index / Self.chunkSize][index % Self.chunkSize] = entry
    }

    /// What a recorded message puts out (nil when it was not recorded).
    func output(_ index: Int) throws(ScanWaitingError) -> Output? {
        let entry = self[index]
        guard entry.recorded else { return nil }
        if let output = heldOutputs.removeValue(forKey: index) { return output }
        if entry.offset < 0 { return Output(reportLine: [], logLines: []) }
        let bytes: [UInt8]
        do {
            bytes = try spool.read(ScanSpool.Range(offset: Int(entry.offset), count: Int(entry.count)))
        } catch {
            throw .unreadable("\(error.path): cannot read the messages set aside: \(error.reason)")
        }
        var reader = ScanSpoolReader(bytes)
        let lineCount = (try? reader.int()) ?? -1
        let start = Self.varintLength(lineCount)
        guard lineCount >= 0, start + lineCount <= bytes.count else {
            throw .unreadable(ScanSpoolDecodingError(reason: "a report line runs past its record").description)
        }
        return Output(reportLine: Array(bytes[start..<(start + lineCount)]), logLines: Array(bytes[(start + lineCount)...]))
    }

    private static func varintLength(_ value: Int) -> Int {
        var writer = ScanSpoolWriter()
        writer.int(value)
        return writer.bytes.count
    }
}

/// A message set aside that could not be read back.
enum ScanWaitingError: Error, Equatable {
    case unreadable(String)

    var message: String {
        switch self {
        case .unreadable(let text): text
        }
    }
}
