#if canImport(Glibc)
import Glibc
#endif
import EventSuggestCommands

HeapRetention.keepFreedMemoryForReuse()
let streams = StandardStreams()
let status: ExitStatus
do {
    status = try EventSuggestTool.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
                                      streams: streams)
} catch {
    status = ExitStatusMapping.report(error, streams: streams)
}
streams.flush()
exit(status.rawValue)
