import HTTPClient
import ICalendar

/// Where a message's events go, from the options: a vdir folder (`--calendar`) or a CalDAV
/// collection (`--caldav`, `--caldav-credentials`), either a template filled in for the
/// recipient. One function for filter, scan and the milter, so all three mean the same.
public struct CalendarDestination: Sendable {
    public enum Kind: Sendable {
        case folder
        case caldav(HTTPClient)
    }

    public let template: CalendarAddressTemplate
    public let kind: Kind

    /// Checks what can be checked once: the template, a fixed CalDAV URL, the credentials file.
    public init(folder: String) throws(CalendarDestinationError) {
        do { template = try CalendarAddressTemplate(folder) } catch { throw CalendarDestinationError(description: error.description) }
        kind = .folder
    }

    public init(caldav url: String, credentialsFile: String?, configuration: HTTPClient.Configuration = .init()) throws(CalendarDestinationError) {
        do { template = try CalendarAddressTemplate(url) } catch { throw CalendarDestinationError(description: error.description) }
        if template.isFixed {
            do { _ = try CalDAVAddress(url) } catch { throw CalendarDestinationError(description: error.description) }
        }
        var configuration = configuration
        configuration.credentialsFile = credentialsFile
        do { kind = .caldav(try HTTPClient(configuration: configuration)) } catch {
            throw CalendarDestinationError(description: error.description)
        }
    }

    /// The recipient's calendar. One that cannot be had (the address makes no safe segment,
    /// the filled-in URL is no calendar URL) is an ``UnusableCollection``: the message gets
    /// no event, is reported as not written, and still passes.
    public func collection(for recipient: String?) -> any CalendarCollection {
        let address: String
        do {
            address = try template.address(for: recipient)
        } catch {
            return UnusableCollection(location: template.text, reason: error.reason + " (\(error.address))")
        }
        switch kind {
        case .folder:
            return VdirCollection(directory: address)
        case .caldav(let client):
            do {
                return CalDAVCollection(address: try CalDAVAddress(address), client: client)
            } catch {
                return UnusableCollection(location: template.text, reason: error.reason)
            }
        }
    }
}

public struct CalendarDestinationError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
