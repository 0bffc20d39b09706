/// One plan of a policy: the features it enables, its limits, history windows and the
/// responses to a blocked use (G6, G7).
///
/// Features, meters and reasons are referred to by index into the policy's lists, so the
/// engine's step looks them up without hashing a string.
public struct Plan: Hashable, Sendable {
    /// The plan's id, as the replay output names it.
    public var id: String
    /// The name screens show (`planName`).
    public var name: String
    /// Whether the plan sells products (and is then offered by G9).
    public var isPaid: Bool
    /// The enabled features, one bit per feature index. Releasing features are always
    /// allowed and never listed.
    @usableFromInline package var enabledFeatures: UInt64
    /// The limit on each (meter, window), at `meter * LimitWindow.count + window.rawValue`;
    /// nil where the plan sets none. (A layout that grows with the windows: read a limit
    /// with `limit(meter:_:)`.)
    @usableFromInline package var limits: [Limit?]
    /// The history window in days of each feature, by feature index; nil where unlimited.
    @usableFromInline package var historyDays: [Int?]
    /// The response to each reason, by `BlockReason.rawValue`; nil for a reason that
    /// cannot occur under the plan. (Read one with `response(to:)`.)
    @usableFromInline package var responses: [BlockResponse?]

    /// Creates a plan.
    package init(id: String, name: String, isPaid: Bool, enabledFeatures: UInt64, limits: [Limit?],
                historyDays: [Int?], responses: [BlockResponse?]) {
        self.id = id
        self.name = name
        self.isPaid = isPaid
        self.enabledFeatures = enabledFeatures
        self.limits = limits
        self.historyDays = historyDays
        self.responses = responses
    }

    /// Whether the plan enables feature `index`.
    @inlinable
    public func enables(feature index: Int) -> Bool {
        enabledFeatures & (1 << UInt64(index)) != 0
    }

    /// The limit on `window` of meter `meter`, or nil.
    @inlinable
    public func limit(meter: Int, _ window: LimitWindow) -> Limit? {
        limits[meter &* LimitWindow.count &+ window.rawValue]
    }

    /// Whether the plan sets any limit on meter `meter` (hidden ones included): where it
    /// sets none, a feature that draws on a second meter once the first's limits block
    /// never reaches that second meter (G6.5).
    package func limits(meter: Int) -> Bool {
        LimitWindow.allCases.contains { limit(meter: meter, $0) != nil }
    }

    /// The limit screens show on `window` of meter `meter` (G10): nil when none is set or
    /// it is hidden (screens show it as unlimited).
    package func shownLimit(meter: Int, _ window: LimitWindow) -> Int? {
        guard let limit = limit(meter: meter, window), !limit.isHidden else { return nil }
        return limit.value
    }

    /// G6.4's room on meter `meter` for a use costing `cost`: per window, `day`, `month`,
    /// `total` and `stock` (`UsageCounts.lanes`), the largest count in force at which the
    /// use fits the plan's limit (the limit less the cost, at least −1), and
    /// `MeterCounts.largest` where the window has no limit. A use fits the plan's calendar
    /// and lifetime limits exactly when no count is above its room.
    package func room(meter: Int, cost: Int) -> SIMD4<Int32> {
        func room(_ window: LimitWindow) -> Int32 {
            Int32(clamping: limit(meter: meter, window).map { max($0.value - cost, -1) } ?? MeterCounts.largest)
        }
        return SIMD4(room(.day), room(.month), room(.total), room(.stock))
    }

    /// The response to a use blocked for `reason`.
    @inlinable
    public func response(to reason: BlockReason) -> BlockResponse? {
        responses[reason.rawValue]
    }
}
