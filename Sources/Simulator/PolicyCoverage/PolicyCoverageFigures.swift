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
        "meal-capture": [ // 50,000 users, 23,480,860 events
            "blocked(trial, day, paywall)": (10.79592, 20.85277),
            "blocked(premium, day, alert)": (61.82676, 342.68444),
            "blocked(unlimited, day, alert)": (1.80612, 11.32971),
            "blocked(none, no-plan, paywall)": (123.30554, 365.58181),
            "reset(analyses, day)": (21.70862, 76.52010),
            "month-rollover": (7.44012, 10.10244),
            "trial-ends-between-uses": (0.76496, 0.42402),
            "sign-in-carrying-counts": (0.16376, 0.37006),
            "sign-in-at-limit": (0.11262, 0.31613),
            "bought(auto-renewable)": (0.27992, 0.57310),
            "renewed(auto-renewable)": (0.68442, 2.97368),
            "cancelled(auto-renewable)": (0.04788, 0.28197),
            "refunded(auto-renewable)": (0.06700, 0.28367),
            "period-ended(auto-renewable)": (0.06514, 0.32634),
            "used-after-expires": (0.11860, 0.68142),
            "upgrade": (0.03360, 0.24566),
            "downgrade": (0.03024, 0.23674),
            "lost-in-trial": (0.03386, 0.18098),
            "lost-within-hours": (0.04764, 0.22647),
            "report-changes-nothing": (0.35568, 0.91052),
            "after-2038-01-19": (0.47534, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.22648, 0.60804),
            "dst-fall-back": (0.22340, 0.60277),
            "missing-midnight": (0.04654, 0.28017),
            "fall-back-across-midnight": (0.01548, 0.16125),
            "skipped-date": (0.03048, 0.27157),
            "repeated-date": (2.26992, 11.27133),
            "date-line-travel": (3.19204, 15.63719),
            "zone-toggle-across-date": (0.82134, 4.77704),
            "last-minute-before-reset": (43.71228, 178.66264),
            "first-minute-after-reset": (43.07866, 178.76372),
            "reinstall": (0.46054, 1.31185),
        ],
        "daa-tiers": [ // 50,000 users, 35,362,058 events
            "blocked(free_guest, not-in-plan, paywall)": (320.55960, 1349.05179),
            "blocked(free_guest, total, paywall)": (69.78878, 251.79095),
            "blocked(free_registered, not-in-plan, paywall)": (55.35446, 504.45702),
            "blocked(free_registered, total, paywall)": (13.44056, 105.04412),
            "blocked(core, not-in-plan, paywall)": (13.73336, 192.52558),
            "blocked(core, day, alert)": (1.09500, 8.42165),
            "blocked(core, total, paywall)": (3.07914, 37.31153),
            "blocked(advanced, day, alert)": (0.89440, 8.41637),
            "blocked(advanced, total, paywall)": (2.31808, 37.66465),
            "reset(questions, day)": (10.06574, 51.44638),
            "month-rollover": (7.40382, 10.03676),
            "sign-in-carrying-counts": (0.12008, 0.32506),
            "sign-in-at-limit": (0.13896, 0.34590),
            "bought(auto-renewable)": (0.26586, 0.47284),
            "renewed(auto-renewable)": (0.19188, 1.21312),
            "cancelled(auto-renewable)": (0.01706, 0.14943),
            "refunded(auto-renewable)": (0.02644, 0.17269),
            "period-ended(auto-renewable)": (0.01832, 0.14948),
            "used-after-expires": (0.02576, 0.24318),
            "upgrade": (0.01540, 0.13901),
            "downgrade": (0.01092, 0.11472),
            "crossgrade": (0.01478, 0.13726),
            "lost-within-hours": (0.01898, 0.14512),
            "report-changes-nothing": (0.35824, 0.90862),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.22828, 0.60924),
            "dst-fall-back": (0.22452, 0.60325),
            "missing-midnight": (0.04752, 0.28196),
            "fall-back-across-midnight": (0.01566, 0.16314),
            "skipped-date": (0.03078, 0.27559),
            "repeated-date": (2.28702, 11.35068),
            "date-line-travel": (3.21112, 15.69549),
            "zone-toggle-across-date": (0.82930, 4.80568),
            "last-minute-before-reset": (43.46570, 181.09098),
            "first-minute-after-reset": (41.20346, 174.31131),
            "reinstall": (0.46798, 1.33324),
        ],
        "oxalate": [ // 50,000 users, 58,732,937 events
            "blocked(free, not-in-plan, paywall)": (107.92224, 638.08325),
            "blocked(free, history, paywall)": (66.93614, 300.64073),
            "blocked(free, month, paywall)": (56.16986, 189.03246),
            "blocked(free, stock, paywall)": (273.52820, 1017.88818),
            "blocked(premium, day, alert)": (25.10846, 168.73814),
            "reset(questions, day)": (21.57184, 61.47704),
            "reset(questions, month)": (3.91116, 8.18283),
            "reset(recipes, day)": (31.58000, 105.19996),
            "stock-at-limit(recipes)": (49.97186, 242.45787),
            "release-at-limit(recipes)": (50.03682, 243.36790),
            "month-rollover": (7.51414, 10.14749),
            "sign-in-carrying-counts": (0.13786, 0.34475),
            "sign-in-at-limit": (0.09836, 0.29780),
            "bought(auto-renewable)": (0.26802, 0.48331),
            "renewed(auto-renewable)": (0.22770, 1.40510),
            "cancelled(auto-renewable)": (0.02042, 0.16710),
            "refunded(auto-renewable)": (0.02780, 0.17317),
            "period-ended(auto-renewable)": (0.02368, 0.17595),
            "used-after-expires": (0.04214, 0.34809),
            "crossgrade": (0.01706, 0.14632),
            "lost-within-hours": (0.01878, 0.14038),
            "report-changes-nothing": (0.35778, 0.91320),
            "history-first-day(track-meal)": (46.82092, 208.61288),
            "history-day-before(track-meal)": (25.60346, 113.99423),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.23482, 0.61758),
            "dst-fall-back": (0.23162, 0.61242),
            "missing-midnight": (0.04840, 0.28506),
            "fall-back-across-midnight": (0.01574, 0.16190),
            "skipped-date": (0.03068, 0.27462),
            "repeated-date": (2.28146, 11.32064),
            "date-line-travel": (3.20970, 15.69312),
            "zone-toggle-across-date": (0.82506, 4.79046),
            "last-minute-before-reset": (44.14856, 178.58182),
            "first-minute-after-reset": (43.33522, 178.19304),
            "reinstall": (0.47194, 1.34105),
        ],
        "daily-quip": [ // 50,000 users, 86,560,700 events
            "blocked(free, day, paywall)": (801.84350, 1668.71068),
            "reset(cards, day)": (171.18266, 243.48010),
            "month-rollover": (7.47626, 10.09266),
            "sign-in-carrying-counts": (0.17700, 0.38167),
            "sign-in-at-limit": (0.07896, 0.26968),
            "bought(auto-renewable)": (0.20134, 0.42849),
            "bought(non-consumable)": (0.06586, 0.25164),
            "renewed(auto-renewable)": (0.16588, 1.16491),
            "cancelled(auto-renewable)": (0.01406, 0.13395),
            "refunded(auto-renewable)": (0.02010, 0.14621),
            "refunded(non-consumable)": (0.00958, 0.10104),
            "period-ended(auto-renewable)": (0.01688, 0.14722),
            "used-after-expires": (0.03090, 0.28647),
            "crossgrade": (0.01324, 0.12816),
            "lost-within-hours": (0.01994, 0.14374),
            "report-changes-nothing": (0.35134, 0.90371),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.23756, 0.62004),
            "dst-fall-back": (0.23520, 0.61771),
            "missing-midnight": (0.04854, 0.28415),
            "fall-back-across-midnight": (0.01580, 0.16109),
            "skipped-date": (0.03234, 0.28449),
            "repeated-date": (2.30610, 11.44537),
            "date-line-travel": (3.24546, 15.88463),
            "zone-toggle-across-date": (0.83456, 4.83573),
            "last-minute-before-reset": (44.83932, 179.58806),
            "first-minute-after-reset": (43.93686, 179.04219),
            "reinstall": (0.46852, 1.33649),
        ],
        "face-recall": [ // 50,000 users, 98,441,783 events
            "blocked(free, not-in-plan, paywall)": (95.83218, 555.83559),
            "blocked(free, stock, paywall)": (549.74754, 1572.99014),
            "blocked(grace, not-in-plan, paywall)": (56.27286, 410.22850),
            "stock-at-warning(people)": (2.42768, 13.74461),
            "stock-at-limit(people)": (28.43412, 150.38456),
            "release-at-limit(people)": (33.89642, 167.51670),
            "stock-at-warning(tags)": (16.70302, 82.88978),
            "stock-at-limit(tags)": (33.01160, 170.23818),
            "release-at-limit(tags)": (37.36166, 181.46110),
            "month-rollover": (7.88910, 9.92053),
            "grace-ends-between-uses": (0.23420, 0.42350),
            "grace-lived-through-installed-before": (0.23438, 0.42361),
            "grace-lived-through-installed-after": (0.06954, 0.25437),
            "sign-in-carrying-counts": (0.16074, 0.36729),
            "sign-in-at-limit": (0.05550, 0.22895),
            "bought(auto-renewable)": (0.24682, 0.46885),
            "renewed(auto-renewable)": (0.22490, 1.37231),
            "cancelled(auto-renewable)": (0.02124, 0.16730),
            "refunded(auto-renewable)": (0.02736, 0.17278),
            "period-ended(auto-renewable)": (0.02428, 0.17473),
            "used-after-expires": (0.04072, 0.32976),
            "crossgrade": (0.01752, 0.15196),
            "lost-within-hours": (0.01854, 0.14041),
            "report-changes-nothing": (0.34800, 0.89928),
            "after-2038-01-19": (0.33066, 0.47045),
            "before-1980": (0.07380, 0.26145),
            "dst-spring-forward": (0.28722, 0.64937),
            "dst-fall-back": (0.24058, 0.61000),
            "missing-midnight": (0.04680, 0.27505),
            "fall-back-across-midnight": (0.01386, 0.15162),
            "skipped-date": (0.03080, 0.26835),
            "repeated-date": (2.37152, 11.33290),
            "date-line-travel": (3.29216, 15.44210),
            "zone-toggle-across-date": (0.85974, 4.80311),
            "last-minute-before-reset": (47.33508, 179.82988),
            "first-minute-after-reset": (46.11046, 179.37793),
            "reinstall": (0.46918, 1.33640),
        ],
    ]
}
