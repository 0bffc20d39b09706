/// The zone a policy counts days in (G2).
package enum PolicyCalendar: Hashable, Sendable, CustomStringConvertible {
    /// The device's current zone (U2): the usage day follows the traveller.
    case device
    /// One fixed zone (such as `UTC`, where a server keeps the day), wherever the device is.
    case fixed(TimeZoneRules)

    /// `device` or the zone's identifier, as a policy file writes it.
    package var description: String {
        switch self {
        case .device: "device"
        case .fixed(let zone): zone.identifier
        }
    }
}
