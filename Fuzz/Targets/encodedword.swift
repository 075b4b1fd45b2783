// Fuzz target: RFC 2047 encoded words and the charset decoders behind them.
import MailMessage

private let charsets = ["utf-8", "us-ascii", "iso-8859-1", "iso-8859-15", "windows-1252", "utf-16", "koi8-r", "x-unknown"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = EncodedWordDecoder.decodeUnstructured(bytes)
    _ = EncodedWordDecoder.decodeUnstructured(bytes[...])
    if let first = bytes.first {
        _ = CharsetDecoder.decode(bytes.dropFirst(), charset: charsets[Int(first) % charsets.count])
    }
    return 0
}
