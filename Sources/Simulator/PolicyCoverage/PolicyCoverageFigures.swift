import SubscriptionModel

/// How often the default generator (every persona, swarm testing on) reaches each
/// coverage category of each shipped policy, and the floors a run must reach (none for
/// a run without swarm testing, whose users reach the categories at other rates).
///
/// The figures are the mean and the standard deviation of a category's count per user,
/// measured over `measured.users` users of seed `measured.seed` with `--years 3` (not
/// the tests' seed, so a test's counts check these figures rather than copy them). A
/// policy without figures has every floor at 0: not judged. Figures belong to a shipped
/// policy's rules, not to its name: a file that names itself after a shipped policy but
/// sets other rules (a higher limit, say) is not judged by them either; one that differs
/// only in its `about` sentence or its screens' texts, which no user's draw reads, is.
public enum PolicyCoverageFigures {
    /// The run the figures were measured on.
    public static let measured = (seed: UInt64(1_000_003), users: 50_000, years: 3)

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
    /// the policy has no figures, and for users drawn without `swarm`). Below 3 years the
    /// expectation scales by `years / 3`.
    public static func floor(of category: PolicyCoverageCategory, in policy: SubscriptionPolicy, users: Int, years: Int,
                             swarm: Bool) -> EdgeCategory.Floor {
        floor(of: category, in: policy, users: users, years: years, notJudged: notJudgedReason(policy, swarm: swarm))
    }

    /// The floor of `category` once the policy's own reason for judging no floor (the
    /// same for every category of a run, `notJudgedReason`) is known.
    static func floor(of category: PolicyCoverageCategory, in policy: SubscriptionPolicy, users: Int, years: Int,
                      notJudged: String?) -> EdgeCategory.Floor {
        if let notJudged { return EdgeCategory.Floor(expected: 0, value: 0, rule: notJudged) }
        guard let figure = perUser(category.name(in: policy), policy: policy.name) else {
            return EdgeCategory.Floor(expected: 0, value: 0, rule: "not judged: no measured figures for \(policy.name)")
        }
        return EdgeCategory.Floor(mean: figure.mean, spread: figure.spread, fraction: floorFraction, users: users, years: years)
    }

    /// Why no category of a run of `policy` is judged, or nil when the measured figures
    /// apply: users drawn without `swarm`, a policy that is no shipped one, or one that
    /// draws its users otherwise than the shipped policy of its name (`drawsAlike`).
    static func notJudgedReason(_ policy: SubscriptionPolicy, swarm: Bool) -> String? {
        guard swarm else { return notJudgedWithoutSwarm }
        guard let shipped = SubscriptionPolicy.named(policy.name) else { return "not judged: no measured figures for \(policy.name)" }
        guard drawsAlike(policy, shipped) else {
            return "not judged: the figures are measured on the shipped \(policy.name), "
                + "and this policy's plans, features, products, trial, grace, calendar or stock warning differ from its"
        }
        return nil
    }

    /// Whether users of `policy` are drawn, and their categories counted, as those of
    /// `shipped`: everything the generator and the coverage categories read is the same.
    /// Of the screens, both read only the stock warning's share
    /// (`PolicyTraits.warningPercent`); of a response, only its kind (paywall or alert).
    /// The name, the `about` sentence, the plans' display names, the alerts' and the
    /// screens' texts are read by neither.
    static func drawsAlike(_ policy: SubscriptionPolicy, _ shipped: SubscriptionPolicy) -> Bool {
        func drawn(_ plan: PolicyPlan) -> PolicyPlan {
            var plan = plan
            plan.name = ""
            plan.responses = plan.responses.map { $0.map(kindOnly) }
            return plan
        }
        return policy.calendar == shipped.calendar && policy.trial == shipped.trial && policy.grace == shipped.grace
            && policy.guestDefault == shipped.guestDefault && policy.registeredDefault == shipped.registeredDefault
            && policy.meters == shipped.meters && policy.features == shipped.features && policy.plans.map(drawn) == shipped.plans.map(drawn)
            && policy.products == shipped.products && policy.noPlanResponse.map(kindOnly) == shipped.noPlanResponse.map(kindOnly)
            && PolicyTraits.warningPercent(of: policy) == PolicyTraits.warningPercent(of: shipped)
    }

    /// A response with its alert's texts left out: what a category names.
    private static func kindOnly(_ response: PolicyResponse) -> PolicyResponse {
        guard case .alert = response else { return response }
        return .alert(PolicyAlert(title: "", message: nil))
    }

    /// Why a run with `--no-swarm` judges no floor: the figures are those of the default
    /// generator, and users who may do everything reach each category at other rates
    /// (fewer not-in-plan attempts, for one), so its floors would fail a sound run.
    public static let notJudgedWithoutSwarm = "not judged: floors are measured with swarm testing on, and this run has --no-swarm"

    /// Per shipped policy, per category name: (mean, spread) per user.
    static let figures: [String: [String: (mean: Double, spread: Double)]] = [
        "meal-capture": [ // 50,000 users, 24,158,531 events
            "blocked(trial, day, paywall)": (10.72724, 20.83912),
            "blocked(premium, day, alert)": (64.63130, 358.00390),
            "blocked(unlimited, day, alert)": (1.82068, 11.70850),
            "blocked(none, no-plan, paywall)": (129.14116, 379.62383),
            "reset(analyses, day)": (22.04230, 77.96304),
            "month-rollover": (7.71602, 10.40938),
            "trial-ends-between-uses": (0.76368, 0.42482),
            "sign-in-carrying-counts": (0.16466, 0.37087),
            "sign-in-at-limit": (0.11400, 0.31781),
            "bought(auto-renewable)": (0.28102, 0.57432),
            "renewed(auto-renewable)": (0.67552, 2.93801),
            "cancelled(auto-renewable)": (0.04732, 0.28313),
            "refunded(auto-renewable)": (0.06834, 0.27962),
            "period-ended(auto-renewable)": (0.06498, 0.33106),
            "upgrade": (0.03366, 0.24837),
            "downgrade": (0.02926, 0.23367),
            "lost-in-trial": (0.03624, 0.18699),
            "lost-within-hours": (0.04842, 0.22144),
            "report-changes-nothing": (0.33174, 0.86788),
            "after-2038-01-19": (0.47534, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.23548, 0.63023),
            "dst-fall-back": (0.23124, 0.62451),
            "missing-midnight": (0.04856, 0.29086),
            "fall-back-across-midnight": (0.01562, 0.16546),
            "skipped-date": (0.03112, 0.28006),
            "repeated-date": (2.24364, 11.27221),
            "date-line-travel": (3.16384, 15.60075),
            "zone-toggle-across-date": (0.81516, 4.77949),
            "last-minute-before-reset": (45.32774, 184.31100),
            "first-minute-after-reset": (44.61950, 184.18515),
            "reinstall": (0.37574, 1.19723),
        ],
        "daa-tiers": [ // 50,000 users, 36,255,212 events
            "blocked(free_guest, not-in-plan, paywall)": (332.93406, 1400.85999),
            "blocked(free_guest, total, paywall)": (73.10460, 263.35505),
            "blocked(free_registered, not-in-plan, paywall)": (54.49268, 490.90525),
            "blocked(free_registered, total, paywall)": (14.51708, 114.14106),
            "blocked(core, not-in-plan, paywall)": (15.31906, 221.44143),
            "blocked(core, day, alert)": (1.03204, 8.40940),
            "blocked(core, total, paywall)": (3.02086, 40.12857),
            "blocked(advanced, day, alert)": (0.87200, 8.23735),
            "blocked(advanced, total, paywall)": (2.08134, 32.80927),
            "reset(questions, day)": (9.76754, 49.51683),
            "month-rollover": (7.69698, 10.36818),
            "sign-in-carrying-counts": (0.12018, 0.32517),
            "sign-in-at-limit": (0.14016, 0.34715),
            "bought(auto-renewable)": (0.26846, 0.47420),
            "renewed(auto-renewable)": (0.18102, 1.16317),
            "cancelled(auto-renewable)": (0.01738, 0.14546),
            "refunded(auto-renewable)": (0.02784, 0.17200),
            "period-ended(auto-renewable)": (0.01936, 0.15305),
            "upgrade": (0.01468, 0.13366),
            "downgrade": (0.01052, 0.11423),
            "crossgrade": (0.01396, 0.12933),
            "lost-within-hours": (0.02022, 0.14537),
            "report-changes-nothing": (0.33204, 0.86915),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.23730, 0.63279),
            "dst-fall-back": (0.23422, 0.62865),
            "missing-midnight": (0.04844, 0.28930),
            "fall-back-across-midnight": (0.01566, 0.16473),
            "skipped-date": (0.03086, 0.27362),
            "repeated-date": (2.25070, 11.29723),
            "date-line-travel": (3.16946, 15.62370),
            "zone-toggle-across-date": (0.81956, 4.78779),
            "last-minute-before-reset": (44.96648, 186.55236),
            "first-minute-after-reset": (42.52840, 179.46317),
            "reinstall": (0.38716, 1.22399),
        ],
        "oxalate": [ // 50,000 users, 61,181,125 events
            "blocked(free, not-in-plan, paywall)": (111.35268, 653.99289),
            "blocked(free, history, paywall)": (69.60566, 312.32447),
            "blocked(free, month, paywall)": (58.53262, 196.45599),
            "blocked(free, stock, paywall)": (287.81620, 1060.18385),
            "blocked(premium, day, alert)": (24.75528, 166.39543),
            "reset(questions, day)": (22.87976, 65.31781),
            "reset(questions, month)": (4.10424, 8.53115),
            "reset(recipes, day)": (32.61712, 107.92954),
            "stock-at-limit(recipes)": (52.33910, 250.11249),
            "release-at-limit(recipes)": (52.39042, 251.13007),
            "month-rollover": (7.80464, 10.47310),
            "sign-in-carrying-counts": (0.14040, 0.34740),
            "sign-in-at-limit": (0.10040, 0.30053),
            "bought(auto-renewable)": (0.26982, 0.47906),
            "renewed(auto-renewable)": (0.21818, 1.35933),
            "cancelled(auto-renewable)": (0.02044, 0.16883),
            "refunded(auto-renewable)": (0.02772, 0.17376),
            "period-ended(auto-renewable)": (0.02232, 0.16930),
            "crossgrade": (0.01686, 0.14455),
            "lost-within-hours": (0.01870, 0.13968),
            "report-changes-nothing": (0.33662, 0.87794),
            "history-first-day(track-meal)": (48.63802, 216.33132),
            "history-day-before(track-meal)": (26.58670, 118.20341),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.24346, 0.63955),
            "dst-fall-back": (0.24076, 0.63630),
            "missing-midnight": (0.04922, 0.29168),
            "fall-back-across-midnight": (0.01624, 0.16869),
            "skipped-date": (0.03104, 0.27777),
            "repeated-date": (2.25310, 11.31787),
            "date-line-travel": (3.17550, 15.66421),
            "zone-toggle-across-date": (0.81850, 4.77960),
            "last-minute-before-reset": (45.96638, 184.73390),
            "first-minute-after-reset": (45.13224, 184.39917),
            "reinstall": (0.38890, 1.23019),
        ],
        "daily-quip": [ // 50,000 users, 89,889,871 events
            "blocked(free, day, paywall)": (831.73186, 1720.93180),
            "reset(cards, day)": (178.99878, 251.04013),
            "month-rollover": (7.77324, 10.42899),
            "sign-in-carrying-counts": (0.17850, 0.38293),
            "sign-in-at-limit": (0.08002, 0.27132),
            "bought(auto-renewable)": (0.20446, 0.43069),
            "bought(non-consumable)": (0.06540, 0.24957),
            "renewed(auto-renewable)": (0.16272, 1.10571),
            "cancelled(auto-renewable)": (0.01510, 0.13997),
            "refunded(auto-renewable)": (0.02106, 0.15039),
            "refunded(non-consumable)": (0.00884, 0.09593),
            "period-ended(auto-renewable)": (0.01662, 0.14786),
            "crossgrade": (0.01270, 0.12609),
            "lost-within-hours": (0.02046, 0.14588),
            "report-changes-nothing": (0.33336, 0.87326),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.24766, 0.64349),
            "dst-fall-back": (0.24436, 0.63938),
            "missing-midnight": (0.04998, 0.29299),
            "fall-back-across-midnight": (0.01644, 0.16867),
            "skipped-date": (0.03296, 0.28621),
            "repeated-date": (2.27780, 11.43440),
            "date-line-travel": (3.20040, 15.78980),
            "zone-toggle-across-date": (0.83040, 4.83099),
            "last-minute-before-reset": (46.42000, 184.87658),
            "first-minute-after-reset": (45.50362, 184.40356),
            "reinstall": (0.39168, 1.23799),
        ],
        "face-recall": [ // 50,000 users, 102,243,769 events
            "blocked(free, not-in-plan, paywall)": (98.67804, 568.52320),
            "blocked(free, stock, paywall)": (571.61236, 1623.39682),
            "blocked(grace, not-in-plan, paywall)": (59.81596, 426.09013),
            "stock-at-warning(people)": (2.48302, 14.28219),
            "stock-at-limit(people)": (29.44788, 156.22514),
            "release-at-limit(people)": (35.45660, 174.79793),
            "stock-at-warning(tags)": (17.01900, 84.40126),
            "stock-at-limit(tags)": (33.71774, 173.53099),
            "release-at-limit(tags)": (38.67884, 186.14390),
            "month-rollover": (8.20940, 10.24011),
            "grace-ends-between-uses": (0.25320, 0.43484),
            "grace-lived-through-installed-before": (0.25328, 0.43489),
            "grace-lived-through-installed-after": (0.05054, 0.21906),
            "sign-in-carrying-counts": (0.16022, 0.36681),
            "sign-in-at-limit": (0.05446, 0.22692),
            "bought(auto-renewable)": (0.24824, 0.46966),
            "renewed(auto-renewable)": (0.22146, 1.33261),
            "cancelled(auto-renewable)": (0.01964, 0.15954),
            "refunded(auto-renewable)": (0.02864, 0.17726),
            "period-ended(auto-renewable)": (0.02278, 0.16941),
            "crossgrade": (0.01658, 0.14361),
            "lost-within-hours": (0.01918, 0.14301),
            "report-changes-nothing": (0.32660, 0.86638),
            "after-2038-01-19": (0.33066, 0.47045),
            "before-1980": (0.07380, 0.26145),
            "dst-spring-forward": (0.29440, 0.66532),
            "dst-fall-back": (0.24598, 0.62632),
            "missing-midnight": (0.04654, 0.27967),
            "fall-back-across-midnight": (0.01456, 0.15655),
            "skipped-date": (0.03224, 0.27379),
            "repeated-date": (2.35038, 11.28320),
            "date-line-travel": (3.28382, 15.44407),
            "zone-toggle-across-date": (0.85708, 4.79266),
            "last-minute-before-reset": (49.07798, 185.16277),
            "first-minute-after-reset": (47.80614, 184.75159),
            "reinstall": (0.38798, 1.22811),
        ],
    ]
}
