import CivilTime
import Mailbox

/// scan's progress on standard error: `1,024/6,000 (17%) ~3 s left` while messages are
/// analysed (only the count and rate when the total is not known: an mbox is split as it
/// is read), then `writing events 12/40`. On a terminal one line rewritten in place; in a
/// log (--progress, standard error not a terminal) a line now and then.
final class ScanProgress {
    let enabled: Bool
    /// A terminal: `\r` rewrites the line. Otherwise whole lines, at most one per `logInterval`.
    let rewritesLine: Bool
    private let streams: StandardStreams
    private let clock: () -> Double
    private let start: Double
    private var lastLogged: Double = -.infinity
    private var shown = false
    static let logInterval = 2.0

    init(enabled: Bool, rewritesLine: Bool, streams: StandardStreams,
         clock: @escaping () -> Double = { SystemClock.secondsSinceEpoch() }) {
        self.enabled = enabled
        self.rewritesLine = rewritesLine
        self.streams = streams
        self.clock = clock
        start = clock()
    }

    func update(done: Int, total: Int?) {
        show(Self.analysing(done: done, total: total, elapsed: clock() - start), final: done == total)
    }

    func writing(done: Int, total: Int) {
        show("writing events \(Self.grouped(done))/\(Self.grouped(total))", final: done == total)
    }

    /// Removes the line from a terminal before other output (a log keeps its lines).
    func clear() {
        guard enabled, rewritesLine, shown else { return }
        streams.errorWithoutNewline("\r\u{1B}[K")
        shown = false
    }

    private func show(_ text: String, final: Bool) {
        guard enabled else { return }
        if rewritesLine {
            streams.errorWithoutNewline("\r\u{1B}[K" + text)
            shown = true
            return
        }
        let now = clock()
        guard final || now - lastLogged >= Self.logInterval else { return }
        lastLogged = now
        streams.error("eventsuggest: " + text)
    }

    /// `1,024/6,000 (17%) ~3 s left`, or `1,024 messages (512/s)` without a total.
    static func analysing(done: Int, total: Int?, elapsed: Double) -> String {
        guard let total, total > 0 else {
            return "\(grouped(done)) messages (\(Int(Double(done) / max(elapsed, 0.001)))/s)"
        }
        let percent = done * 100 / total
        var text = "\(grouped(done))/\(grouped(total)) (\(percent)%)"
        if done > 0 && done < total {
            let left = elapsed / Double(done) * Double(total - done)
            text += left < 90 ? " ~\(Int(left.rounded(.up))) s left" : " ~\(Int((left / 60).rounded(.up))) min left"
        }
        return text
    }

    /// `6,000`: thousands grouped with commas, whatever the locale (the output is parsed by people and tests alike).
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }

    /// How many messages the paths hold, when that is known before reading them: a
    /// Maildir's files are listed, a file is one message; an mbox or standard input is not
    /// counted (nil). A path that cannot be opened counts nothing (its error comes later).
    static func knownCount(of paths: [String], recursive: Bool) -> Int? {
        var count = 0
        for path in paths {
            switch try? MessageSource.open(path, recursive: recursive) {
            case .maildir(let maildir)?: count += (try? maildir.messageFiles().count) ?? 0
            case .file?: count += 1
            case .mbox?, .standardInput?: return nil
            case nil: continue
            }
        }
        return count
    }
}
