/// A policy's texts, interned once (see `ShownText`), for the machine and checkers.
public struct ShownTexts: Hashable, Sendable {
    /// The limit alert's title.
    public let limitAlertTitle: ShownText
    /// The alert's message under Premium.
    public let premiumLimitAlertMessage: ShownText?
    /// The alert's message under Unlimited.
    public let unlimitedLimitAlertMessage: ShownText?
    /// `Below limit`.
    public let belowLimitLabel: ShownText
    /// `Limit reached`.
    public let limitReachedLabel: ShownText
    /// `No limit`.
    public let noLimitLabel: ShownText
    /// `You have no usage limit`.
    public let noUsageLimitText: ShownText

    /// Interns the texts of `texts`.
    package init(_ texts: CaptureRules.Texts) {
        limitAlertTitle = ShownText(texts.limitAlertTitle)
        premiumLimitAlertMessage = texts.premiumLimitAlertMessage.map { ShownText($0) }
        unlimitedLimitAlertMessage = texts.unlimitedLimitAlertMessage.map { ShownText($0) }
        belowLimitLabel = ShownText(texts.belowLimitLabel)
        limitReachedLabel = ShownText(texts.limitReachedLabel)
        noLimitLabel = ShownText(texts.noLimitLabel)
        noUsageLimitText = ShownText(texts.noUsageLimitText)
    }
}
