/// A policy's texts, interned once (see `ShownText`), for the machine and checkers.
package struct ShownTexts: Hashable, Sendable {
    /// The limit alert's title.
    package let limitAlertTitle: ShownText
    /// The alert's message under Premium.
    package let premiumLimitAlertMessage: ShownText?
    /// The alert's message under Unlimited.
    package let unlimitedLimitAlertMessage: ShownText?
    /// `Below limit`.
    package let belowLimitLabel: ShownText
    /// `Limit reached`.
    package let limitReachedLabel: ShownText
    /// `No limit`.
    package let noLimitLabel: ShownText
    /// `You have no usage limit`.
    package let noUsageLimitText: ShownText

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
