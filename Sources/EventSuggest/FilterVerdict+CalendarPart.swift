extension FilterVerdict {
    /// The verdict for a host that edits the message itself (the milter) under
    /// `--attach-event`: the same report, the same removals (their indices count the fields
    /// of the message as received, which the host still holds), and our fields as `filter
    /// --attach-event` writes them, so that X-Event-Suggestion names the part (or says why
    /// it was not attached) in both hosts alike.
    /// For several recipients, the fields are the ones ``CalendarRecording`` makes for them.
    public func attaching(_ attachment: CalendarPartAttachment.Result, authservID: String) -> FilterVerdict {
        FilterVerdict(message: message, report: report, edit: edit,
                      fields: recording.fields(authservID: authservID, lineEnding: edit.lineEnding, attachment: attachment),
                      recording: recording)
    }
}
