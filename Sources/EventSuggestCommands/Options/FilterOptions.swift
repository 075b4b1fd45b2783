import CommandLineOptions

/// What filter mode adds to the pipeline: when to defer, what to attach. Shared with the
/// milter, which is a filter behind a socket.
struct FilterOptions: OptionGroup {
    static let deferOnTempfail = OptionDeclaration.switch(
        "defer-on-tempfail", "Exit 75 (EX_TEMPFAIL) without output when a key lookup fails temporarily or the setup is broken.")
    static let deferOnError = OptionDeclaration.switch(
        "defer-on-error", "Exit 75 without output on any failure: setup, key lookup, or a calendar event not written.")
    static let attachEvent = OptionDeclaration.switch(
        "attach-event",
        "Also carry the events in the message as a text/calendar part; changes the body, so a later DKIM check of the delivered copy fails.")
    static let options = PipelineOptions.options + [deferOnTempfail, deferOnError, attachEvent]

    var pipeline: PipelineOptions
    var defersOnError: Bool
    /// Also on when --defer-on-error is.
    var defersOnTempfail: Bool
    var attachesEvent: Bool

    init(parsing values: ParsedValues) throws(UsageError) {
        pipeline = try PipelineOptions(parsing: values)
        defersOnError = values.isOn(Self.deferOnError)
        defersOnTempfail = defersOnError || values.isOn(Self.deferOnTempfail)
        attachesEvent = values.isOn(Self.attachEvent)
    }
}
