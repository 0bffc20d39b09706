/// A key of a policy file that a format after the first adds (`docs/policy-file.md`): the
/// format that adds it and what a message calls it. The reader refuses one in a file of an
/// older format, and `PolicyFileReader.formatNeeded` finds the newest a file holds, so the
/// refusal can name the format the whole file needs.
enum FormatGatedKey: CaseIterable {
    /// A product's `introductoryOffer` (format 2).
    case introductoryOffer
    /// `creditPacks` (format 3).
    case creditPacks
    /// A feature's `cost` (format 4).
    case cost
    /// `dayStartsAt` (format 5).
    case dayStart
    /// A plan's `week` limit (format 6).
    case weekLimit
    /// A plan's response for the reason `week` (format 6).
    case weekResponse
    /// `weekStartsOn` (format 6).
    case firstWeekday
    /// A plan's `rolling` limit (format 7).
    case rollingLimit
    /// `rollingHours` (format 7).
    case rollingHours
    /// A feature's second meter, `then` (format 8).
    case secondMeter
    /// `otherProducts` (format 9).
    case otherProducts
    /// `monthAnchor` (format 10).
    case monthAnchor
    /// A `meter` or `bar` screen's list of windows (format 11).
    case screenWindows

    /// The format that adds the key.
    var format: Int {
        switch self {
        case .introductoryOffer: 2
        case .creditPacks: 3
        case .cost: 4
        case .dayStart: 5
        case .weekLimit, .weekResponse, .firstWeekday: 6
        case .rollingLimit, .rollingHours: 7
        case .secondMeter: 8
        case .otherProducts: 9
        case .monthAnchor: 10
        case .screenWindows: 11
        }
    }

    /// What a message calls it.
    var name: String {
        switch self {
        case .introductoryOffer: "an introductory offer"
        case .creditPacks: "credit packs"
        case .cost: "a feature's cost"
        case .dayStart: "a day start"
        case .weekLimit: "a week limit"
        case .weekResponse: "the reason \"week\""
        case .firstWeekday: "a week's first day"
        case .rollingLimit: "a rolling limit"
        case .rollingHours: "a rolling window"
        case .secondMeter: "a second meter"
        case .otherProducts: "other products"
        case .monthAnchor: "a month anchor"
        case .screenWindows: "a screen of several windows"
        }
    }

    /// `need` after a plural `name`, else `needs`.
    var verb: String { self == .creditPacks || self == .otherProducts ? "need" : "needs" }

    /// The key at the top of the file, for the keys that stand there.
    var topKey: String? {
        switch self {
        case .creditPacks: "creditPacks"
        case .dayStart: "dayStartsAt"
        case .firstWeekday: "weekStartsOn"
        case .rollingHours: "rollingHours"
        case .otherProducts: "otherProducts"
        case .monthAnchor: "monthAnchor"
        default: nil
        }
    }
}
