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
package enum CoverageFigures {
    /// The run the figures were measured on.
    package static let measured = (seed: UInt64(1_000_003), users: 50_000, years: 3)

    /// The share of the expected count a run must reach (as `EdgeCategory.floorFraction`).
    package static var floorFraction: Double { 0.25 }

    /// The mean and spread per user of category `name` (`CoverageCategory.name(in:)`)
    /// under the shipped policy `policy`, if measured.
    package static func perUser(_ name: String, policy: String) -> (mean: Double, spread: Double)? {
        figures[policy]?[name]
    }

    /// The floor of `category` for a run of `users` users over up to `years` years under
    /// `policy`: the lower of `floorFraction` of the expected count and the expected
    /// count less `EdgeCategory.chanceMargin` standard deviations, so a passing run is
    /// not failed by chance (0, not judged, when the run is too small for the lower bound or
    /// the policy has no figures, and for users drawn without `swarm`). Below 3 years the
    /// expectation scales by `years / 3`.
    package static func floor(of category: CoverageCategory, in policy: SubscriptionPolicy, users: Int, years: Int,
                             swarm: Bool) -> EdgeCategory.Floor {
        floor(of: category, in: policy, users: users, years: years, notJudged: notJudgedReason(policy, swarm: swarm))
    }

    /// The floor of `category` once the policy's own reason for judging no floor (the
    /// same for every category of a run, `notJudgedReason`) is known.
    static func floor(of category: CoverageCategory, in policy: SubscriptionPolicy, users: Int, years: Int,
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
                + "and this policy's plans, features, products, credit packs, trial, grace, calendar, day start or stock warning differ from its"
        }
        return nil
    }

    /// Whether users of `policy` are drawn, and their categories counted, as those of
    /// `shipped`: everything the generator and the coverage categories read is the same.
    /// Of the screens, both read only the stock warning's share
    /// (`UserTraits.warningPercent`); of a response, only its kind (paywall or alert).
    /// The name, the `about` sentence, the plans' display names, the alerts' and the
    /// screens' texts are read by neither.
    static func drawsAlike(_ policy: SubscriptionPolicy, _ shipped: SubscriptionPolicy) -> Bool {
        func drawn(_ plan: Plan) -> Plan {
            var plan = plan
            plan.name = ""
            plan.responses = plan.responses.map { $0.map(kindOnly) }
            return plan
        }
        return policy.calendar == shipped.calendar && policy.dayStart == shipped.dayStart && policy.creditPacks == shipped.creditPacks
            && policy.trial == shipped.trial && policy.grace == shipped.grace
            && policy.guestDefault == shipped.guestDefault && policy.registeredDefault == shipped.registeredDefault
            && policy.meters == shipped.meters && policy.features == shipped.features && policy.plans.map(drawn) == shipped.plans.map(drawn)
            && policy.products == shipped.products && policy.noPlanResponse.map(kindOnly) == shipped.noPlanResponse.map(kindOnly)
            && UserTraits.warningPercent(of: policy) == UserTraits.warningPercent(of: shipped)
    }

    /// A response with its alert's texts left out: what a category names.
    private static func kindOnly(_ response: BlockResponse) -> BlockResponse {
        guard case .alert = response else { return response }
        return .alert(Alert(title: "", message: nil))
    }

    /// Why a run with `--no-swarm` judges no floor: the figures are those of the default
    /// generator, and users who may do everything reach each category at other rates
    /// (fewer not-in-plan attempts, for one), so its floors would fail a sound run.
    package static let notJudgedWithoutSwarm = "not judged: floors are measured with swarm testing on, and this run has --no-swarm"

    /// Per shipped policy, per category name: (mean, spread) per user.
    static let figures: [String: [String: (mean: Double, spread: Double)]] = [
        "meal-capture": [ // 50,000 users, 24,101,785 events
            "blocked(trial, day, paywall)": (11.06396, 20.99351),
            "blocked(premium, day, alert)": (63.14154, 349.11494),
            "blocked(unlimited, day, alert)": (4.17150, 25.56781),
            "blocked(none, no-plan, paywall)": (123.46478, 365.61414),
            "reset(analyses, day)": (21.88692, 77.11198),
            "calendar(analyses, day, feb-28-leap)": (0.01740, 0.13076),
            "calendar(analyses, day, feb-29)": (0.01724, 0.13016),
            "calendar(analyses, day, month-end-28)": (0.03986, 0.21501),
            "calendar(analyses, day, month-end-30)": (0.09122, 0.43093),
            "calendar(analyses, day, month-end-31)": (0.17610, 0.73267),
            "calendar(analyses, day, year-end)": (0.05144, 0.25091),
            "calendar(analyses, day, dst-spring-forward-day)": (0.02554, 0.18592),
            "calendar(analyses, day, dst-fall-back-day)": (0.02392, 0.17896),
            "calendar(analyses, day, far-east-zone)": (0.04784, 0.21343),
            "calendar(analyses, day, far-west-zone)": (0.03502, 0.18383),
            "month-rollover": (7.44116, 10.10206),
            "trial-ends-between-uses": (0.76590, 0.42343),
            "sign-in-carrying-counts": (0.16382, 0.37011),
            "sign-in-at-limit": (0.11284, 0.31640),
            "bought(auto-renewable)": (0.27992, 0.57310),
            "renewed(auto-renewable)": (0.68442, 2.97368),
            "cancelled(auto-renewable)": (0.04788, 0.28197),
            "refunded(auto-renewable)": (0.06700, 0.28367),
            "period-ended(auto-renewable)": (0.06514, 0.32634),
            "used-after-expires": (0.11882, 0.68278),
            "upgrade": (0.03360, 0.24566),
            "downgrade": (0.03024, 0.23674),
            "lost-in-trial": (0.03386, 0.18098),
            "lost-within-hours": (0.04764, 0.22647),
            "report-changes-nothing": (0.35568, 0.91052),
            "after-2038-01-19": (0.47534, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.22664, 0.60817),
            "dst-fall-back": (0.22350, 0.60282),
            "missing-midnight": (0.04658, 0.28023),
            "fall-back-across-midnight": (0.01548, 0.16125),
            "skipped-date": (0.03048, 0.27157),
            "repeated-date": (2.26992, 11.27133),
            "date-line-travel": (3.19204, 15.63719),
            "zone-toggle-across-date": (0.82134, 4.77704),
            "last-minute-before-reset": (43.91982, 178.69341),
            "first-minute-after-reset": (43.09228, 178.76591),
            "reinstall": (0.46054, 1.31185),
        ],
        "daa-tiers": [ // 50,000 users, 35,075,057 events
            "blocked(free_guest, not-in-plan, paywall)": (323.74754, 1354.27152),
            "blocked(free_guest, total, paywall)": (70.24882, 252.52801),
            "blocked(free_registered, not-in-plan, paywall)": (56.32260, 508.42059),
            "blocked(free_registered, total, paywall)": (13.49450, 104.56504),
            "blocked(core, not-in-plan, paywall)": (13.52498, 189.17833),
            "blocked(core, day, alert)": (1.17792, 8.64218),
            "blocked(core, total, paywall)": (3.05834, 38.19880),
            "blocked(advanced, day, alert)": (1.11498, 9.10416),
            "blocked(advanced, total, paywall)": (2.17862, 33.74413),
            "reset(questions, day)": (9.48254, 47.86545),
            "calendar(questions, day, feb-28-leap)": (0.00504, 0.07081),
            "calendar(questions, day, feb-29)": (0.00514, 0.07151),
            "calendar(questions, day, month-end-28)": (0.00736, 0.08547),
            "calendar(questions, day, month-end-30)": (0.00424, 0.06498),
            "calendar(questions, day, month-end-31)": (0.01444, 0.12228),
            "calendar(questions, day, year-end)": (0.00722, 0.08490),
            "calendar(questions, day, dst-spring-forward-day)": (0.00388, 0.06217),
            "calendar(questions, day, dst-fall-back-day)": (0.00320, 0.05648),
            "calendar(questions, day, far-east-zone)": (0.00616, 0.07824),
            "calendar(questions, day, far-west-zone)": (0.00422, 0.06482),
            "month-rollover": (7.40322, 10.03579),
            "sign-in-carrying-counts": (0.11962, 0.32452),
            "sign-in-at-limit": (0.14004, 0.34703),
            "bought(auto-renewable)": (0.26466, 0.46999),
            "renewed(auto-renewable)": (0.18486, 1.18675),
            "cancelled(auto-renewable)": (0.01620, 0.14219),
            "refunded(auto-renewable)": (0.02590, 0.16718),
            "period-ended(auto-renewable)": (0.01760, 0.14605),
            "used-after-expires": (0.02558, 0.24829),
            "upgrade": (0.01504, 0.13702),
            "downgrade": (0.01000, 0.10798),
            "crossgrade": (0.01408, 0.13176),
            "lost-within-hours": (0.01874, 0.14053),
            "report-changes-nothing": (0.35898, 0.91010),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.22820, 0.60966),
            "dst-fall-back": (0.22426, 0.60343),
            "missing-midnight": (0.04744, 0.28205),
            "fall-back-across-midnight": (0.01554, 0.16229),
            "skipped-date": (0.03064, 0.27521),
            "repeated-date": (2.28576, 11.35080),
            "date-line-travel": (3.21066, 15.69732),
            "zone-toggle-across-date": (0.82874, 4.80475),
            "last-minute-before-reset": (43.47548, 181.06865),
            "first-minute-after-reset": (41.15992, 174.17765),
            "reinstall": (0.46702, 1.33200),
        ],
        "oxalate": [ // 50,000 users, 59,239,439 events
            "blocked(free, not-in-plan, paywall)": (109.18126, 642.57845),
            "blocked(free, history, paywall)": (67.64622, 302.05938),
            "blocked(free, month, paywall)": (66.54752, 204.67844),
            "blocked(free, stock, paywall)": (277.77984, 1027.23344),
            "blocked(premium, day, alert)": (24.52434, 158.46063),
            "reset(questions, day)": (21.34476, 60.04668),
            "reset(questions, month)": (3.91468, 8.18412),
            "reset(recipes, day)": (31.12734, 104.07648),
            "calendar(questions, day, feb-28-leap)": (0.00514, 0.07151),
            "calendar(questions, day, feb-29)": (0.00536, 0.07302),
            "calendar(questions, day, month-end-28)": (0.01026, 0.10543),
            "calendar(questions, day, month-end-30)": (0.01532, 0.14888),
            "calendar(questions, day, month-end-31)": (0.03294, 0.25047),
            "calendar(questions, day, year-end)": (0.01162, 0.11509),
            "calendar(questions, day, dst-spring-forward-day)": (0.00694, 0.08884),
            "calendar(questions, day, dst-fall-back-day)": (0.00626, 0.08934),
            "calendar(questions, day, far-east-zone)": (0.00676, 0.08194),
            "calendar(questions, day, far-west-zone)": (0.00442, 0.06634),
            "calendar(questions, month, feb-28-leap)": (0.06040, 0.23898),
            "calendar(questions, month, feb-29)": (0.06356, 0.24397),
            "calendar(questions, month, month-end-28)": (0.14566, 0.42910),
            "calendar(questions, month, month-end-30)": (0.36638, 1.16321),
            "calendar(questions, month, month-end-31)": (0.70882, 2.04222),
            "calendar(questions, month, year-end)": (0.19186, 0.51688),
            "calendar(questions, month, dst-spring-forward-day)": (0.08826, 0.37281),
            "calendar(questions, month, dst-fall-back-day)": (0.08964, 0.37428),
            "calendar(questions, month, far-east-zone)": (0.04222, 0.20109),
            "calendar(questions, month, far-west-zone)": (0.02598, 0.15908),
            "calendar(recipes, day, feb-28-leap)": (0.00562, 0.07476),
            "calendar(recipes, day, feb-29)": (0.00664, 0.08122),
            "calendar(recipes, day, month-end-28)": (0.01202, 0.11487),
            "calendar(recipes, day, month-end-30)": (0.02750, 0.22853),
            "calendar(recipes, day, month-end-31)": (0.05222, 0.36771),
            "calendar(recipes, day, year-end)": (0.01268, 0.12231),
            "calendar(recipes, day, dst-spring-forward-day)": (0.00776, 0.09518),
            "calendar(recipes, day, dst-fall-back-day)": (0.00724, 0.09224),
            "calendar(recipes, day, far-east-zone)": (0.00880, 0.09339),
            "calendar(recipes, day, far-west-zone)": (0.00542, 0.07342),
            "stock-at-limit(recipes)": (50.70748, 244.15919),
            "release-at-limit(recipes)": (50.74498, 245.08913),
            "month-rollover": (7.51516, 10.14687),
            "sign-in-carrying-counts": (0.13778, 0.34467),
            "sign-in-at-limit": (0.09888, 0.29850),
            "bought(auto-renewable)": (0.26640, 0.47916),
            "renewed(auto-renewable)": (0.21504, 1.31446),
            "cancelled(auto-renewable)": (0.01972, 0.16411),
            "refunded(auto-renewable)": (0.02744, 0.17242),
            "period-ended(auto-renewable)": (0.02252, 0.16951),
            "used-after-expires": (0.03928, 0.32695),
            "crossgrade": (0.01602, 0.14015),
            "lost-within-hours": (0.01882, 0.14038),
            "report-changes-nothing": (0.35790, 0.91300),
            "history-first-day(track-meal)": (47.28578, 209.24799),
            "history-day-before(track-meal)": (25.86344, 114.41152),
            "after-2038-01-19": (0.47536, 0.49939),
            "before-1980": (0.09724, 0.29628),
            "dst-spring-forward": (0.23544, 0.61888),
            "dst-fall-back": (0.23174, 0.61260),
            "missing-midnight": (0.04826, 0.28540),
            "fall-back-across-midnight": (0.01558, 0.16117),
            "skipped-date": (0.03054, 0.27446),
            "repeated-date": (2.27718, 11.31636),
            "date-line-travel": (3.20522, 15.69485),
            "zone-toggle-across-date": (0.82264, 4.78747),
            "last-minute-before-reset": (44.39732, 178.71943),
            "first-minute-after-reset": (43.36690, 178.18821),
            "reinstall": (0.47252, 1.34224),
        ],
        "daily-quip": [ // 50,000 users, 87,694,184 events
            "blocked(free, day, paywall)": (818.38474, 1689.34778),
            "reset(cards, day)": (172.46294, 244.62519),
            "calendar(cards, day, feb-28-leap)": (0.12020, 0.32520),
            "calendar(cards, day, feb-29)": (0.12100, 0.32613),
            "calendar(cards, day, month-end-28)": (0.32498, 0.61006),
            "calendar(cards, day, month-end-30)": (1.20414, 2.19607),
            "calendar(cards, day, month-end-31)": (2.18192, 3.79272),
            "calendar(cards, day, year-end)": (0.42028, 0.73190),
            "calendar(cards, day, dst-spring-forward-day)": (0.18060, 0.52324),
            "calendar(cards, day, dst-fall-back-day)": (0.17868, 0.52172),
            "calendar(cards, day, far-east-zone)": (0.15690, 0.36371),
            "calendar(cards, day, far-west-zone)": (0.12622, 0.33210),
            "month-rollover": (7.47822, 10.09278),
            "sign-in-carrying-counts": (0.17706, 0.38172),
            "sign-in-at-limit": (0.07916, 0.26999),
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
            "dst-spring-forward": (0.23798, 0.62050),
            "dst-fall-back": (0.23600, 0.61866),
            "missing-midnight": (0.04866, 0.28435),
            "fall-back-across-midnight": (0.01584, 0.16121),
            "skipped-date": (0.03234, 0.28449),
            "repeated-date": (2.30610, 11.44537),
            "date-line-travel": (3.24546, 15.88463),
            "zone-toggle-across-date": (0.83456, 4.83573),
            "last-minute-before-reset": (45.17156, 179.74958),
            "first-minute-after-reset": (44.02838, 179.08916),
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
