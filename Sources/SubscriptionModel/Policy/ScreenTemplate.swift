/// A screen text with numbers or a date filled in when it is shown: `{remaining} cards
/// remaining today`, `Renews on {date}`.
///
/// Parsed once when the policy is read, so showing it joins literal pieces and numbers.
package struct ScreenTemplate: Hashable, Sendable, CustomStringConvertible {
    /// The pieces, in order.
    package var segments: [Segment]

    /// A piece of a template.
    package enum Segment: Hashable, Sendable {
        /// Text shown as written.
        case literal(String)
        /// A number of the enclosing `meter` screen.
        case number(ScreenNumber)
        /// The entitlement's expiry date (only inside an `expiry` screen).
        case date
    }

    /// A template of these pieces.
    package init(segments: [Segment]) {
        self.segments = segments
    }

    /// A template with no placeholder.
    package init(literal: String) {
        self.segments = literal.isEmpty ? [] : [.literal(literal)]
    }

    /// The template's text when it has no placeholder, else nil.
    package var literalText: String? {
        var text = ""
        for segment in segments {
            guard case .literal(let piece) = segment else { return nil }
            text += piece
        }
        return text
    }

    /// The template as a policy file writes it, placeholders in braces.
    package var description: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .number(let number): "{\(number.name)}"
            case .date: "{date}"
            }
        }.joined()
    }

    /// The text with the numbers and date filled in.
    package func render(numbers: ScreenNumbers, date: LocalDate?) -> String {
        var text = ""
        for segment in segments {
            switch segment {
            case .literal(let piece): text += piece
            case .number(let number): text += String(numbers[number])
            case .date: text += date?.description ?? ""
            }
        }
        return text
    }
}

/// A number a `meter` screen can show.
package enum ScreenNumber: Hashable, Sendable, CaseIterable {
    /// The count in force of the meter's window.
    case used
    /// The plan's shown limit.
    case limit
    /// `max(0, limit − used)`.
    case remaining
    /// The meter's credit balance (G13), for a meter with credit packs.
    case credits

    /// The placeholder's name: `used`, `limit`, `remaining`, `credits`.
    package var name: String {
        switch self {
        case .used: "used"
        case .limit: "limit"
        case .remaining: "remaining"
        case .credits: "credits"
        }
    }
}

/// The numbers of one meter window as a screen shows them.
package struct ScreenNumbers: Hashable, Sendable {
    /// The count in force.
    package var used: Int
    /// The shown limit (0 under no plan, where nothing is allowed).
    package var limit: Int
    /// The meter's credits held (0 for a meter without credit packs).
    package var credits: Int

    /// Creates the numbers.
    package init(used: Int, limit: Int, credits: Int = 0) {
        self.used = used
        self.limit = limit
        self.credits = credits
    }

    /// One of the numbers.
    package subscript(number: ScreenNumber) -> Int {
        switch number {
        case .used: used
        case .limit: limit
        case .remaining: max(0, limit - used)
        case .credits: credits
        }
    }
}
