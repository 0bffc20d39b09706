/// What one event leads to, observed right after it: one line of the replay contract.
///
/// Texts are the policy's strings as they would be shown (interned as `ShownText`),
/// so an implementation under test can be compared field by field with the model.
///
/// Two outputs are made and compared for nearly every simulated event, so the fields
/// are stored packed in eight machine words, absent parts as zeros: making an output
/// is eight stores, copying it is four vector moves, and `==` compares eight words.
/// The properties read and write that packing; an output behaves as the plain
/// record of its eight contract fields.
public struct FlagshipOutput: Hashable, Sendable {
    /// The usage day (high 32 bits), the plan, the outcome, the kind of PlanView box
    /// and which optional parts are present (one byte each).
    @usableFromInline var head: UInt64
    @usableFromInline var usedValue: Int
    @usableFromInline var limitValue: Int
    @usableFromInline var labelBits: UInt64
    @usableFromInline var alertTitleBits: UInt64
    @usableFromInline var alertMessageBits: UInt64
    /// The bar's `used`, or the box text's bits.
    @usableFromInline var boxFirst: UInt64
    /// The bar's `limit`.
    @usableFromInline var boxSecond: UInt64

    @usableFromInline static var hasLimit: UInt64 { 1 }
    @usableFromInline static var hasAlert: UInt64 { 2 }
    @usableFromInline static var hasAlertMessage: UInt64 { 4 }

    /// Creates an output.
    @inlinable
    public init(day: LocalDate, plan: FlagshipPlan, outcome: Outcome?, alert: Alert?, used: Int, limit: Int?, label: ShownText, planView: PlanViewBox?) {
        var head = UInt64(UInt32(bitPattern: day.daysSince1970)) << 32 | Self.code(plan) << 24 | Self.code(outcome) << 16
        usedValue = used
        labelBits = label.bits
        if let limit {
            head |= Self.hasLimit
            limitValue = limit
        } else {
            limitValue = 0
        }
        if let alert {
            head |= Self.hasAlert
            alertTitleBits = alert.title.bits
            if let message = alert.message {
                head |= Self.hasAlertMessage
                alertMessageBits = message.bits
            } else {
                alertMessageBits = 0
            }
        } else {
            alertTitleBits = 0
            alertMessageBits = 0
        }
        switch planView {
        case .bar(let used, let limit)?:
            head |= 1 << 8
            boxFirst = UInt64(UInt(bitPattern: used))
            boxSecond = UInt64(UInt(bitPattern: limit))
        case .text(let text)?:
            head |= 2 << 8
            boxFirst = text.bits
            boxSecond = 0
        case nil:
            boxFirst = 0
            boxSecond = 0
        }
        self.head = head
    }

    @inlinable
    static func code(_ plan: FlagshipPlan) -> UInt64 {
        switch plan {
        case .trial: 0
        case .premium: 1
        case .unlimited: 2
        case .none: 3
        }
    }

    @inlinable
    static func code(_ outcome: Outcome?) -> UInt64 {
        switch outcome {
        case nil: 0
        case .captured?: 1
        case .planSheet?: 2
        case .limitAlert?: 3
        }
    }

    @inlinable
    func headByte(_ shift: UInt64) -> UInt64 { head >> shift & 0xFF }

    @inlinable
    mutating func setHeadByte(_ shift: UInt64, _ value: UInt64) {
        head = head & ~(0xFF << shift) | value << shift
    }

    /// The usage day (U3).
    @inlinable
    public var day: LocalDate {
        get { LocalDate(daysSince1970: Int32(truncatingIfNeeded: head >> 32)) }
        set { head = head & 0xFFFF_FFFF | UInt64(UInt32(bitPattern: newValue.daysSince1970)) << 32 }
    }

    /// The plan in force (P1, P2).
    @inlinable
    public var plan: FlagshipPlan {
        get {
            switch headByte(24) {
            case 0: .trial
            case 1: .premium
            case 2: .unlimited
            default: .none
            }
        }
        set { setHeadByte(24, Self.code(newValue)) }
    }

    /// For a capture: what the attempt did; nil for every other event.
    @inlinable
    public var outcome: Outcome? {
        get {
            switch headByte(16) {
            case 1: .captured
            case 2: .planSheet
            case 3: .limitAlert
            default: nil
            }
        }
        set { setHeadByte(16, Self.code(newValue)) }
    }

    /// For a `limitAlert` outcome: the alert shown.
    @inlinable
    public var alert: Alert? {
        get {
            guard head & Self.hasAlert != 0 else { return nil }
            return Alert(title: ShownText(bits: alertTitleBits),
                         message: head & Self.hasAlertMessage != 0 ? ShownText(bits: alertMessageBits) : nil)
        }
        set {
            head &= ~(Self.hasAlert | Self.hasAlertMessage)
            alertTitleBits = 0
            alertMessageBits = 0
            guard let alert = newValue else { return }
            head |= Self.hasAlert
            alertTitleBits = alert.title.bits
            if let message = alert.message {
                head |= Self.hasAlertMessage
                alertMessageBits = message.bits
            }
        }
    }

    /// Analyses counted on the usage day.
    @inlinable
    public var used: Int {
        get { usedValue }
        set { usedValue = newValue }
    }

    /// The plan's daily limit, nil under `.none`.
    @inlinable
    public var limit: Int? {
        get { head & Self.hasLimit != 0 ? limitValue : nil }
        set {
            if let newValue {
                head |= Self.hasLimit
                limitValue = newValue
            } else {
                head &= ~Self.hasLimit
                limitValue = 0
            }
        }
    }

    /// The home-screen text (L1).
    @inlinable
    public var label: ShownText {
        get { ShownText(bits: labelBits) }
        set { labelBits = newValue.bits }
    }

    /// What PlanView's usage box shows (L2), nil under `.none`.
    @inlinable
    public var planView: PlanViewBox? {
        get {
            switch headByte(8) {
            case 1: .bar(used: Int(bitPattern: UInt(boxFirst)), limit: Int(bitPattern: UInt(boxSecond)))
            case 2: .text(ShownText(bits: boxFirst))
            default: nil
            }
        }
        set {
            switch newValue {
            case .bar(let used, let limit)?:
                setHeadByte(8, 1)
                boxFirst = UInt64(UInt(bitPattern: used))
                boxSecond = UInt64(UInt(bitPattern: limit))
            case .text(let text)?:
                setHeadByte(8, 2)
                boxFirst = text.bits
                boxSecond = 0
            case nil:
                setHeadByte(8, 0)
                boxFirst = 0
                boxSecond = 0
            }
        }
    }

    /// Outputs are equal when every field is: with absent parts stored as zeros, that
    /// is when all eight words are.
    @inlinable
    public static func == (lhs: FlagshipOutput, rhs: FlagshipOutput) -> Bool {
        let a = (lhs.head ^ rhs.head) | UInt64(bitPattern: Int64(lhs.usedValue ^ rhs.usedValue)) | UInt64(bitPattern: Int64(lhs.limitValue ^ rhs.limitValue))
        let b = (lhs.labelBits ^ rhs.labelBits) | (lhs.alertTitleBits ^ rhs.alertTitleBits) | (lhs.alertMessageBits ^ rhs.alertMessageBits)
        let c = (lhs.boxFirst ^ rhs.boxFirst) | (lhs.boxSecond ^ rhs.boxSecond)
        return a | b | c == 0
    }

    /// Every field in four words that are the same in every process and platform
    /// (texts by their fingerprints, not their per-process ids): what a run's digest
    /// is built from.
    @inlinable
    public var stableWords: (UInt64, UInt64, UInt64, UInt64) {
        let low: UInt64 = 0xFFFF_FFFF
        let counts = UInt64(UInt(bitPattern: usedValue)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(UInt(bitPattern: limitValue))
        let texts = (labelBits & low) << 32 ^ (alertTitleBits & low) &* 31 ^ (alertMessageBits & low)
        let box = headByte(8) == 2 ? boxFirst & low : boxFirst ^ boxSecond << 32
        return (head, counts, texts, box)
    }

    /// Hashes every word.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(head)
        hasher.combine(usedValue)
        hasher.combine(limitValue)
        hasher.combine(labelBits)
        hasher.combine(alertTitleBits)
        hasher.combine(alertMessageBits)
        hasher.combine(boxFirst)
        hasher.combine(boxSecond)
    }

    /// What a capture attempt did (the capture table).
    public enum Outcome: String, Hashable, Sendable, CaseIterable {
        /// The analysis ran and was counted.
        case captured
        /// The PlanView sheet opened instead (Trial at the limit, or None).
        case planSheet = "plan-sheet"
        /// The limit alert was shown (Premium or Unlimited at the limit).
        case limitAlert = "limit-alert"
    }

    /// The limit alert's texts.
    public struct Alert: Hashable, Sendable {
        /// The alert's title.
        public var title: ShownText
        /// The line under it, if any.
        public var message: ShownText?

        /// Creates an alert.
        @inlinable
        package init(title: ShownText, message: ShownText?) {
            self.title = title
            self.message = message
        }
    }

    /// PlanView's usage box (L2).
    public enum PlanViewBox: Hashable, Sendable {
        /// The bar: `used` of `limit`.
        case bar(used: Int, limit: Int)
        /// A text instead of the bar.
        case text(ShownText)
    }
}
