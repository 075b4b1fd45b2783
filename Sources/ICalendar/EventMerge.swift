import Findings

/// One message's word on one reservation part, merged with what the calendar holds, so
/// that the result does not depend on the order the messages arrive in:
///
/// - the event's **content** (times, place, summary) is that of the newest message that
///   describes the part (a confirmation, or a cancellation with the details);
/// - its **STATUS** is that of the newest message that names the part at all (those, and
///   cancellations that name only the reservation, which the store remembers as tombstones);
///   on a tie a cancellation wins;
/// - "newest" is ``EventVersion`` order; equal versions with different content keep what is
///   stored (`same-version-conflict`).
///
/// So a confirmation older than a cancellation adds at most its details to a cancelled event
/// (`cancelled-earlier`), exactly what arrival in date order leaves; a newer one (a
/// re-booking under the same id) confirms again. An update replaces the event's content:
/// changes a user made to the event by hand are not kept (out of scope).
enum EventMerge {
    /// What the message says about the part.
    struct Message {
        var cancelled: Bool
        /// The part as an event, when the message describes it (nil: status only).
        var draft: EventDraft?
        var version: EventVersion
    }

    enum Decision {
        /// Store `event` (complete, bookkeeping set) and report `action`.
        case write(ICSComponent, StoreOutcome.Action, code: String?, reason: String?)
        /// Store nothing.
        case keep(StoreOutcome.Action, code: String?, reason: String?)
        /// A cancellation of a part the calendar has no event for, and too little to make one.
        case rememberCancellation
    }

    /// `build` makes the event from the message's draft; `tombstone` is the newest remembered
    /// cancellation that covers the part.
    static func decide(stored: ICSComponent?, tombstone: EventVersion?, message: Message, now: String,
                       build: (_ draft: EventDraft, _ cancelled: Bool, _ version: EventVersion, _ statusVersion: EventVersion)
                           -> ICSComponent) -> Decision {
        let storedVersions = stored.map(EventComponent.versions)
        let storedCancelled = stored.map(EventComponent.isCancelled) ?? false

        // STATUS: the newest word on it.
        var cancelled = message.cancelled
        var statusVersion = message.version
        func consider(_ otherCancelled: Bool, _ version: EventVersion) {
            if version > statusVersion || (version == statusVersion && otherCancelled && !cancelled) {
                cancelled = otherCancelled
                statusVersion = version
            }
        }
        if let storedVersions { consider(storedCancelled, storedVersions.status) }
        if let tombstone { consider(true, tombstone) }

        // Content: the newest description.
        var conflict = false
        var takesContent = false
        if let draft = message.draft {
            if let storedVersions, let stored {
                if message.version > storedVersions.content {
                    takesContent = true
                } else if message.version == storedVersions.content {
                    let candidate = build(draft, cancelled, message.version, statusVersion)
                    conflict = !sameContent(withoutStatus(EventComponent.content(candidate)), withoutStatus(EventComponent.content(stored)))
                }
            } else {
                takesContent = true
            }
        }
        let fresh = takesContent ? message.draft.map { build($0, cancelled, message.version, statusVersion) } : nil
        guard let base = fresh ?? stored else {
            return .rememberCancellation
        }
        var event = base
        if !takesContent {
            event.set("STATUS", .raw("STATUS", cancelled ? "CANCELLED" : "CONFIRMED"))
            event.set(EventComponent.Provenance.statusVersion, .raw(EventComponent.Provenance.statusVersion, statusVersion.description))
            // A cancelled event reminds nobody.
            if cancelled { event.components.removeAll { $0.name == "VALARM" } }
        }

        let confirmationOverruled = !message.cancelled && cancelled
        guard let stored else {
            return .write(event, cancelled ? .cancelled : .created,
                          code: confirmationOverruled ? FindingCode.cancelledEarlier.id : nil,
                          reason: confirmationOverruled ? cancelledEarlierReason(statusVersion) : nil)
        }
        let contentChanged = !sameContent(EventComponent.content(event), EventComponent.content(stored))
        let sequence = Int(stored.property("SEQUENCE")?.rawValue ?? "0") ?? 0
        event.set("CREATED", stored.property("CREATED") ?? .raw("CREATED", now))
        if contentChanged {
            // RFC 5545 §3.8.7.4: SEQUENCE rises with every significant change.
            event.set("SEQUENCE", .integer("SEQUENCE", sequence + 1))
            event.set("DTSTAMP", .raw("DTSTAMP", now))
            event.set("LAST-MODIFIED", .raw("LAST-MODIFIED", now))
            let action: StoreOutcome.Action = cancelled && !storedCancelled ? .cancelled : .updated
            return .write(event, action, code: confirmationOverruled ? FindingCode.cancelledEarlier.id : nil,
                          reason: confirmationOverruled ? cancelledEarlierReason(statusVersion) : nil)
        }
        for name in ["SEQUENCE", "DTSTAMP", "LAST-MODIFIED"] { event.set(name, stored.property(name)) }
        if event != stored {
            // The same event from a newer message: recorded, so that an older message
            // arriving later is still recognised as older. No SEQUENCE change.
            return .write(event, .unchanged, code: nil, reason: "the event already says this; the newer message is recorded")
        }
        if conflict {
            return .keep(.skipped, code: FindingCode.sameVersionConflict.id,
                         reason: "the calendar holds a different version of this part with the same modifiedTime and Date "
                            + "(\(message.version)); the stored one is kept")
        }
        let newest = storedVersions?.status ?? .oldest
        if let content = storedVersions?.content, message.version < content || (message.cancelled && message.version < newest) {
            return .keep(.skipped, code: FindingCode.olderMessage.id,
                         reason: "the event was written from a newer message (\(newest)); this one (\(message.version)) is older")
        }
        if confirmationOverruled {
            return .keep(.skipped, code: FindingCode.cancelledEarlier.id, reason: cancelledEarlierReason(statusVersion))
        }
        return .keep(.unchanged, code: nil, reason: cancelled ? "already cancelled" : "the event already says this")
    }

    private static func withoutStatus(_ properties: [ICSProperty]) -> [ICSProperty] {
        properties.filter { $0.name != "STATUS" }
    }

    private static func cancelledEarlierReason(_ cancellation: EventVersion) -> String {
        "the reservation was cancelled by a newer message (\(cancellation)); this older confirmation brings nothing back"
    }
}

extension EventMerge {
    /// The same properties, in whatever order: RFC 5545 gives the order of a component's
    /// properties no meaning, and CalDAV servers rewrite it (Radicale sorts them by name).
    static func sameContent(_ left: [ICSProperty], _ right: [ICSProperty]) -> Bool {
        left.count == right.count
            && Dictionary(left.map { ($0, 1) }, uniquingKeysWith: +) == Dictionary(right.map { ($0, 1) }, uniquingKeysWith: +)
    }
}
