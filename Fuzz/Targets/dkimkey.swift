// Fuzz target: DKIM key records (RFC 6376 §3.6.1, RFC 8463), key bytes through OpenSSL.
import DKIM

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let record = try? DKIMKeyRecord(parsing: text) {
        _ = record.acceptableHashes
    }
    return 0
}
