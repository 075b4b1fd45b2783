// Fuzz target: body canonicalization (RFC 6376 §3.4.3, §3.4.4). The streaming
// canonicalizer fed the input in pseudo-random chunk splits (with drains between)
// must equal the one-shot result, for relaxed and simple.
import DKIM

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    // Split points from a hash of the input, so every corpus file is a body as it stands.
    var state: UInt64 = 0xcbf29ce484222325
    for byte in body { state = (state ^ UInt64(byte)) &* 0x100000001b3 }
    state |= 1
    func nextChunk() -> Int {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        // Mostly tiny chunks (boundaries inside CRLF and WSP runs), sometimes large ones.
        return state % 8 == 0 ? Int((state >> 8) % 256) : Int((state >> 8) % 4)
    }
    for mode in [Canonicalization.relaxed, .simple] {
        let oneShot = BodyCanonicalizer.canonicalize(body, mode: mode)
        var streaming = BodyCanonicalizer(mode: mode)
        var collected: [UInt8] = []
        var start = 0
        while start < body.count {
            let end = min(body.count, start + nextChunk())
            streaming.update(body[start..<end])
            if state & 0x10 != 0 { collected += streaming.drain() }
            start = end
        }
        streaming.finish()
        collected += streaming.drain()
        precondition(collected == oneShot, "\(mode): chunked canonical form differs from one-shot")
        // Canonicalizing twice changes nothing.
        precondition(BodyCanonicalizer.canonicalize(oneShot, mode: mode) == oneShot, "\(mode): not idempotent")
    }
    return 0
}
