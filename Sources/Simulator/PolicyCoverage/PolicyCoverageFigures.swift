import SubscriptionModel

/// How often the default generator (every persona, swarm testing on) reaches each
/// coverage category of each shipped policy, and the floors a run must reach.
///
/// The figures are the mean and the standard deviation of a category's count per user,
/// measured over `measured.users` users of seed `measured.seed` with `--years 3` (not
/// the tests' seed, so a test's counts check these figures rather than copy them). A
/// policy without figures (one read from a file) has every floor at 0: not judged.
public enum PolicyCoverageFigures {
    /// The run the figures were measured on.
    public static let measured = (seed: UInt64(1_000_003), users: 0, years: 3)

    /// The share of the expected count a run must reach (as `EdgeCategory.floorFraction`).
    public static var floorFraction: Double { 0.25 }

    /// The mean and spread per user of category `name` (`PolicyCoverageCategory.name(in:)`)
    /// under the shipped policy `policy`, if measured.
    public static func perUser(_ name: String, policy: String) -> (mean: Double, spread: Double)? {
        figures[policy]?[name]
    }

    /// The floor of `category` for a run of `users` users over up to `years` years under
    /// `policy`: the lower of `floorFraction` of the expected count and the expected
    /// count less `EdgeCategory.chanceMargin` standard deviations, so a passing run is
    /// not failed by chance (0, not judged, when the run is too small for either bound or
    /// the policy has no figures). Below 3 years the expectation scales by `years / 3`.
    public static func floor(of category: PolicyCoverageCategory, in policy: SubscriptionPolicy, users: Int, years: Int) -> EdgeCategory.Floor {
        let name = category.name(in: policy)
        guard let figure = perUser(name, policy: policy.name) else {
            return EdgeCategory.Floor(expected: 0, value: 0, rule: "not judged: no measured figures for \(policy.name)")
        }
        let scale = min(1, Double(max(years, 1)) / 3)
        let expected = figure.mean * Double(users) * scale
        let spread = figure.spread * Double(users).squareRoot() * scale
        let byShare = floorFraction * expected
        let byChance = expected - EdgeCategory.chanceMargin * spread
        let value = max(0, Int(min(byShare, byChance).rounded(.down)))
        let shown = Figures.grouped(Int(expected.rounded()))
        let rule: String
        if value == 0 {
            rule = "not judged: expected \(shown), too few users for a floor safe from chance"
        } else if byShare <= byChance {
            rule = "\(Int(floorFraction * 100)) % of the expected \(shown)"
        } else {
            rule = "expected \(shown) less 6 standard deviations (\(Figures.grouped(Int(spread.rounded()))) each)"
        }
        return EdgeCategory.Floor(expected: expected, value: value, rule: rule)
    }

    /// Per shipped policy, per category name: (mean, spread) per user.
    static let figures: [String: [String: (mean: Double, spread: Double)]] = [:]
}
