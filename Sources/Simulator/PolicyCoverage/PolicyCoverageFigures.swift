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
        "meal-capture": [ // 50,000 users, 24,299,985 events
            "blocked(trial, day, paywall)": (10.70200, 20.78422),
            "blocked(premium, day, alert)": (65.44142, 362.70376),
            "blocked(unlimited, day, alert)": (1.82758, 11.72127),
            "blocked(none, no-plan, paywall)": (129.05338, 379.76389),
            "reset(analyses, day)": (22.25916, 78.64036),
            "month-rollover": (7.71574, 10.40935),
            "trial-ends-between-uses": (0.76378, 0.42476),
            "sign-in-carrying-counts": (0.16464, 0.37086),
            "sign-in-at-limit": (0.11394, 0.31774),
            "bought(auto-renewable)": (0.28090, 0.57428),
            "renewed(auto-renewable)": (0.68394, 2.96647),
            "cancelled(auto-renewable)": (0.04714, 0.28270),
            "refunded(auto-renewable)": (0.06794, 0.28036),
            "period-ended(auto-renewable)": (0.06488, 0.32789),
            "used-after-expires": (0.13986, 0.79874),
            "upgrade": (0.03416, 0.24842),
            "downgrade": (0.03000, 0.23778),
            "lost-in-trial": (0.03624, 0.18699),
            "lost-within-hours": (0.04876, 0.22303),
            "report-changes-nothing": (0.33076, 0.86644),
            "after-2038-01-19": (0.47534, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.23588, 0.63103),
            "dst-fall-back": (0.23170, 0.62576),
            "missing-midnight": (0.04866, 0.29123),
            "fall-back-across-midnight": (0.01562, 0.16522),
            "skipped-date": (0.03104, 0.28071),
            "repeated-date": (2.24334, 11.27661),
            "date-line-travel": (3.16192, 15.60280),
            "zone-toggle-across-date": (0.81480, 4.78296),
            "last-minute-before-reset": (45.33206, 184.28863),
            "first-minute-after-reset": (44.62454, 184.20061),
            "reinstall": (0.37554, 1.19587),
        ],
        "daa-tiers": [ // 50,000 users, 36,296,764 events
            "blocked(free_guest, not-in-plan, paywall)": (333.58560, 1401.72002),
            "blocked(free_guest, total, paywall)": (73.16420, 263.39215),
            "blocked(free_registered, not-in-plan, paywall)": (53.88162, 487.32406),
            "blocked(free_registered, total, paywall)": (14.34872, 113.30733),
            "blocked(core, not-in-plan, paywall)": (14.83514, 215.33960),
            "blocked(core, day, alert)": (1.04212, 8.40261),
            "blocked(core, total, paywall)": (3.00650, 40.77630),
            "blocked(advanced, day, alert)": (0.90304, 8.47129),
            "blocked(advanced, total, paywall)": (2.17452, 33.76751),
            "reset(questions, day)": (9.80214, 49.80483),
            "month-rollover": (7.69616, 10.36780),
            "sign-in-carrying-counts": (0.12036, 0.32538),
            "sign-in-at-limit": (0.13960, 0.34657),
            "bought(auto-renewable)": (0.26826, 0.47322),
            "renewed(auto-renewable)": (0.18256, 1.16502),
            "cancelled(auto-renewable)": (0.01726, 0.14643),
            "refunded(auto-renewable)": (0.02748, 0.17089),
            "period-ended(auto-renewable)": (0.01934, 0.15364),
            "used-after-expires": (0.03062, 0.27152),
            "upgrade": (0.01518, 0.13708),
            "downgrade": (0.01084, 0.11714),
            "crossgrade": (0.01374, 0.13050),
            "lost-within-hours": (0.02020, 0.14516),
            "report-changes-nothing": (0.33310, 0.87218),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.23714, 0.63304),
            "dst-fall-back": (0.23470, 0.62990),
            "missing-midnight": (0.04824, 0.28892),
            "fall-back-across-midnight": (0.01570, 0.16521),
            "skipped-date": (0.03068, 0.27111),
            "repeated-date": (2.24724, 11.29277),
            "date-line-travel": (3.16786, 15.62181),
            "zone-toggle-across-date": (0.81728, 4.78173),
            "last-minute-before-reset": (44.97172, 186.55009),
            "first-minute-after-reset": (42.53494, 179.45197),
            "reinstall": (0.38606, 1.22127),
        ],
        "oxalate": [ // 50,000 users, 61,183,715 events
            "blocked(free, not-in-plan, paywall)": (111.29494, 654.53768),
            "blocked(free, history, paywall)": (69.63160, 312.22329),
            "blocked(free, month, paywall)": (58.53252, 196.69872),
            "blocked(free, stock, paywall)": (288.12658, 1060.86597),
            "blocked(premium, day, alert)": (24.59410, 164.52672),
            "reset(questions, day)": (22.90950, 65.41308),
            "reset(questions, month)": (4.10464, 8.53156),
            "reset(recipes, day)": (32.57176, 107.76859),
            "stock-at-limit(recipes)": (52.31338, 250.33507),
            "release-at-limit(recipes)": (52.39858, 251.36905),
            "month-rollover": (7.80508, 10.47337),
            "sign-in-carrying-counts": (0.13920, 0.34616),
            "sign-in-at-limit": (0.09960, 0.29947),
            "bought(auto-renewable)": (0.27010, 0.48007),
            "renewed(auto-renewable)": (0.21716, 1.33522),
            "cancelled(auto-renewable)": (0.02040, 0.16740),
            "refunded(auto-renewable)": (0.02722, 0.17228),
            "period-ended(auto-renewable)": (0.02292, 0.17063),
            "used-after-expires": (0.04634, 0.38125),
            "crossgrade": (0.01634, 0.14111),
            "lost-within-hours": (0.01872, 0.13989),
            "report-changes-nothing": (0.33846, 0.88024),
            "history-first-day(track-meal)": (48.67502, 216.36926),
            "history-day-before(track-meal)": (26.60456, 118.22018),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.24328, 0.63917),
            "dst-fall-back": (0.24030, 0.63539),
            "missing-midnight": (0.04914, 0.29114),
            "fall-back-across-midnight": (0.01618, 0.16804),
            "skipped-date": (0.03104, 0.27683),
            "repeated-date": (2.25236, 11.31715),
            "date-line-travel": (3.17610, 15.66067),
            "zone-toggle-across-date": (0.81734, 4.77725),
            "last-minute-before-reset": (45.96754, 184.73154),
            "first-minute-after-reset": (45.12466, 184.36438),
            "reinstall": (0.38808, 1.22784),
        ],
        "daily-quip": [ // 50,000 users, 89,892,048 events
            "blocked(free, day, paywall)": (831.56250, 1721.08650),
            "reset(cards, day)": (179.00130, 251.03871),
            "month-rollover": (7.77326, 10.42863),
            "sign-in-carrying-counts": (0.17780, 0.38234),
            "sign-in-at-limit": (0.07932, 0.27024),
            "bought(auto-renewable)": (0.20462, 0.43182),
            "bought(non-consumable)": (0.06532, 0.24951),
            "renewed(auto-renewable)": (0.16212, 1.10352),
            "cancelled(auto-renewable)": (0.01458, 0.13479),
            "refunded(auto-renewable)": (0.02110, 0.15091),
            "refunded(non-consumable)": (0.00882, 0.09582),
            "period-ended(auto-renewable)": (0.01644, 0.14727),
            "used-after-expires": (0.03474, 0.31454),
            "crossgrade": (0.01252, 0.12539),
            "lost-within-hours": (0.02064, 0.14702),
            "report-changes-nothing": (0.33308, 0.87209),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.24772, 0.64420),
            "dst-fall-back": (0.24422, 0.63961),
            "missing-midnight": (0.04988, 0.29249),
            "fall-back-across-midnight": (0.01630, 0.16779),
            "skipped-date": (0.03294, 0.28624),
            "repeated-date": (2.27802, 11.43591),
            "date-line-travel": (3.20010, 15.78881),
            "zone-toggle-across-date": (0.83010, 4.83071),
            "last-minute-before-reset": (46.41964, 184.86389),
            "first-minute-after-reset": (45.50448, 184.40110),
            "reinstall": (0.39034, 1.23563),
        ],
        "face-recall": [ // 50,000 users, 102,246,306 events
            "blocked(free, not-in-plan, paywall)": (98.66236, 569.04548),
            "blocked(free, stock, paywall)": (571.20552, 1622.64172),
            "blocked(grace, not-in-plan, paywall)": (59.80188, 426.40169),
            "stock-at-warning(people)": (2.47816, 14.26063),
            "stock-at-limit(people)": (29.50488, 156.68238),
            "release-at-limit(people)": (35.40064, 175.04556),
            "stock-at-warning(tags)": (16.98622, 84.31051),
            "stock-at-limit(tags)": (33.66740, 173.41898),
            "release-at-limit(tags)": (38.59588, 185.87082),
            "month-rollover": (8.20966, 10.24058),
            "grace-ends-between-uses": (0.25322, 0.43486),
            "grace-lived-through-installed-before": (0.25330, 0.43490),
            "grace-lived-through-installed-after": (0.05054, 0.21906),
            "sign-in-carrying-counts": (0.16062, 0.36718),
            "sign-in-at-limit": (0.05450, 0.22700),
            "bought(auto-renewable)": (0.24818, 0.46975),
            "renewed(auto-renewable)": (0.22566, 1.35856),
            "cancelled(auto-renewable)": (0.01890, 0.15291),
            "refunded(auto-renewable)": (0.02852, 0.17705),
            "period-ended(auto-renewable)": (0.02258, 0.16897),
            "used-after-expires": (0.04714, 0.37810),
            "crossgrade": (0.01656, 0.14271),
            "lost-within-hours": (0.01914, 0.14274),
            "report-changes-nothing": (0.32696, 0.86710),
            "after-2038-01-19": (0.33066, 0.47045),
            "before-1980": (0.07380, 0.26145),
            "dst-spring-forward": (0.29394, 0.66469),
            "dst-fall-back": (0.24586, 0.62589),
            "missing-midnight": (0.04634, 0.27920),
            "fall-back-across-midnight": (0.01454, 0.15649),
            "skipped-date": (0.03216, 0.27467),
            "repeated-date": (2.35256, 11.28156),
            "date-line-travel": (3.28624, 15.44033),
            "zone-toggle-across-date": (0.85862, 4.79217),
            "last-minute-before-reset": (49.07810, 185.15767),
            "first-minute-after-reset": (47.80638, 184.76204),
            "reinstall": (0.38794, 1.22793),
        ],
    ]
}
