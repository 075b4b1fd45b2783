#if canImport(Glibc)
import Glibc
#endif

let streams = StandardStreams()
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), streams: streams)
streams.flush()
exit(status)
