import Simulator
import SubscriptionModel

/// For each policy mutant, a hand-made timeline close to its bug on which the bug does
/// not show, so the mutant must agree with the engine on every output and screen: each
/// mutant is a mostly-correct implementation with one mistake, not a broken one.
///
/// Keyed `policy/name`, as `MutantCatalogue` lists the mutants.
enum MutantAgreeingTimelines {
    typealias Step = TimelineSketch.Step

    static func sketch(_ policy: String, _ zone: String, _ lines: [(String, Step)]) -> Timeline {
        TimelineSketch.timeline(policy, zone: zone, lines)
    }

    static let all: [String: Timeline] = [
        // meal-capture
        "meal-capture/trial-restarts-on-reinstall": sketch("meal-capture", "UTC", [
            ("2026-01-10T00:00:00Z", .install), ("2026-01-10T00:01:00Z", .uses(2, "meal")),
            ("2026-01-10T00:10:00Z", .reinstall), ("2026-01-10T02:00:00Z", .look), // still inside the first trial
        ]),
        "meal-capture/counts-restart-on-reinstall": sketch("meal-capture", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:00:00Z", .reinstall), // before any count
            ("2026-01-10T12:01:00Z", .uses(3, "meal")), ("2026-01-10T13:00:00Z", .look),
        ]),
        "meal-capture/fair-use-cap-not-enforced": sketch("meal-capture", "UTC", [
            ("2026-01-10T08:00:00Z", .install), ("2026-01-10T09:00:00Z", .uses(11, "recipe-photo")), // the trial's 10 is shown
        ]),
        // daa-tiers
        "daa-tiers/device-date-for-server-day": sketch("daa-tiers", "Asia/Tokyo", [
            ("2026-01-10T01:00:00Z", .install), ("2026-01-10T01:01:00Z", .uses(4, "chat")), // the 4th is blocked by the total
            ("2026-01-10T14:00:00Z", .look), // 23:00 in Tokyo: both dates are still the 10th
        ]),
        "daa-tiers/day-limit-checked-before-total": sketch("daa-tiers", "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .entitle("com.daa.core.monthly")),
            ("2026-05-04T10:00:00Z", .uses(21, "chat")), // Core: the day's 20 is reached long before the total's 100
        ]),
        "daa-tiers/overall-count-restarts-on-purchase": sketch("daa-tiers", "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .entitle("com.daa.core.monthly", expires: "2026-06-04T09:01:00Z")),
            ("2026-05-04T09:02:00Z", .uses(2, "chat")),
            ("2026-06-04T09:01:00Z", .entitle("com.daa.core.monthly", expires: "2026-07-04T09:01:00Z")), // a renewal, not a purchase
            ("2026-06-04T09:02:00Z", .look),
        ]),
        "daa-tiers/counts-lost-at-sign-in": sketch("daa-tiers", "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .signIn), ("2026-05-04T09:02:00Z", .uses(2, "chat")),
            ("2026-05-04T09:10:00Z", .signIn), // a second sign-in changes nothing
        ]),
        "daa-tiers/lapse-to-guest-plan": sketch("daa-tiers", "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .entitle("com.daa.core.monthly")),
            ("2026-06-04T09:01:00Z", .entitle(nil)), // a guest goes back to the guest plan
            ("2026-06-04T09:02:00Z", .signIn), ("2026-06-04T09:03:00Z", .use("chat")),
        ]),
        "daa-tiers/upgrade-offers-every-higher-plan": sketch("daa-tiers", "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .uses(4, "chat")), // every paid plan would help
            ("2026-05-04T09:10:00Z", .use("dasha_analysis")),
        ]),
        "daa-tiers/upgrade-ignores-counts": sketch("daa-tiers", "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .use("muhurta")), // Core lacks the feature
            ("2026-05-04T09:02:00Z", .uses(4, "chat")),
        ]),
        "daa-tiers/every-feature-counts-a-question": sketch("daa-tiers", "UTC", [
            ("2026-05-04T09:00:00Z", .install), ("2026-05-04T09:01:00Z", .use("chat")),
            ("2026-05-04T09:02:00Z", .use("dasha_analysis")), // blocked for a guest: nothing to count
            ("2026-05-04T09:03:00Z", .use("compatibility")),
        ]),
        // oxalate
        "oxalate/rolling-30-day-month": sketch("oxalate", "UTC", [
            ("2026-03-01T12:00:00Z", .install), ("2026-03-01T12:01:00Z", .uses(11, "ask-oracle")), // the 11th is blocked
            ("2026-03-20T12:00:00Z", .look),
        ]),
        "oxalate/month-on-utc-date": sketch("oxalate", "America/New_York", [
            ("2026-03-10T15:00:00Z", .install), ("2026-03-10T15:01:00Z", .uses(3, "ask-oracle")),
            ("2026-04-01T15:00:00Z", .look), // a new month in New York and in UTC
        ]),
        "oxalate/history-window-on-utc-date": sketch("oxalate", "Asia/Tokyo", [
            ("2026-01-10T03:00:00Z", .install), // noon in Tokyo: the same date as UTC
            ("2026-01-10T03:01:00Z", .track("track-meal", day: "2026-01-08")),
            ("2026-01-10T03:02:00Z", .track("track-meal", day: "2026-01-07")),
        ]),
        "oxalate/history-window-from-local-date": sketch("oxalate", "Asia/Tokyo", [
            ("2026-01-10T03:00:00Z", .install), ("2026-01-10T03:00:00Z", .use("ask-oracle")),
            ("2026-01-10T03:01:00Z", .track("track-meal", day: "2026-01-08")),
            ("2026-01-10T03:02:00Z", .track("track-meal", day: "2026-01-07")),
        ]),
        "oxalate/history-window-one-day-too-long": sketch("oxalate", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .track("track-meal", day: "2026-01-08")),
            ("2026-01-10T12:02:00Z", .track("track-meal", day: "2026-01-12")), // no upper bound
            ("2026-01-10T12:03:00Z", .track("track-meal", day: "2026-01-06")), // outside either way
        ]),
        "oxalate/recipe-delete-keeps-slot": sketch("oxalate", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(2, "create-recipe")), // the 2nd is blocked
            ("2026-01-10T12:05:00Z", .look),
        ]),
        "oxalate/billing-date-in-utc": sketch("oxalate", "Asia/Tokyo", [
            ("2026-01-10T00:00:00Z", .install),
            ("2026-01-10T00:01:00Z", .entitle("premium_monthly", expires: "2026-02-10T03:00:00Z")), // noon in Tokyo
        ]),
        "oxalate/billing-always-renews": sketch("oxalate", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .entitle("premium_monthly", expires: "2026-02-10T12:00:00Z")),
        ]),
        "oxalate/hidden-caps-not-enforced": sketch("oxalate", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(2, "create-recipe")), // free's shown stock of 1
            ("2026-01-10T13:00:00Z", .entitle("premium_yearly")), ("2026-01-10T13:01:00Z", .uses(5, "create-recipe")),
        ]),
        // daily-quip
        "daily-quip/resets-only-at-launch": sketch("daily-quip", "UTC", [
            ("2026-01-10T20:00:00Z", .install), ("2026-01-10T20:00:00Z", .uses(2, "view-card")),
            ("2026-01-11T08:00:00Z", .reinstall), ("2026-01-11T08:01:00Z", .use("view-card")), ("2026-01-11T09:00:00Z", .look),
        ]),
        "daily-quip/start-of-day-compared-for-equality": sketch("daily-quip", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:00:00Z", .uses(6, "view-card")), // the 6th is blocked
            ("2026-01-10T20:00:00Z", .look), ("2026-01-11T08:00:00Z", .look),
        ]),
        "daily-quip/rolling-24-hour-window": sketch("daily-quip", "UTC", [
            ("2026-01-10T08:00:00Z", .install), ("2026-01-10T08:00:00Z", .uses(6, "view-card")),
            ("2026-01-11T09:00:00Z", .look), // more than 24 hours later
        ]),
        "daily-quip/cards-counted-on-utc-date": sketch("daily-quip", "Europe/London", [
            ("2026-01-10T08:00:00Z", .install), ("2026-01-10T08:00:00Z", .uses(6, "view-card")), // London in winter is UTC
            ("2026-01-11T09:00:00Z", .look),
        ]),
        "daily-quip/lifetime-purchase-ignored": sketch("daily-quip", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .entitle("dailyquip.annual", expires: "2027-01-10T12:01:00Z")),
            ("2026-01-10T12:02:00Z", .uses(6, "view-card")),
        ]),
        "daily-quip/allows-the-sixth-card": sketch("daily-quip", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(5, "view-card")),
            ("2026-01-10T13:00:00Z", .entitle("dailyquip.monthly")), ("2026-01-10T13:01:00Z", .uses(3, "view-card")),
        ]),
        "daily-quip/one-cards-remaining": sketch("daily-quip", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(3, "view-card")), // 2 cards remaining
        ]),
        "daily-quip/premium-ends-at-expiry": sketch("daily-quip", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .entitle("dailyquip.monthly", expires: "2026-02-10T12:01:00Z")),
            ("2026-02-01T12:00:00Z", .look),
            ("2026-02-10T12:00:00Z", .entitle("dailyquip.monthly", expires: "2026-03-10T12:01:00Z")), // renewed before the old date
            ("2026-02-20T12:00:00Z", .look),
        ]),
        // face-recall
        "face-recall/banner-above-80-percent": sketch("face-recall", "UTC", [
            ("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .entitle("facerecall.premium.monthly")),
            ("2026-04-01T12:02:00Z", .uses(10, "add-tag")), ("2026-05-01T12:00:00Z", .entitle(nil)), // 10 of 5: far above
            ("2026-05-01T12:01:00Z", .uses(3, "add-person")),
        ]),
        "face-recall/grace-counted-from-install": sketch("face-recall", "UTC", [
            ("2026-02-25T00:00:00Z", .install), ("2026-03-20T00:00:00Z", .look), ("2026-04-01T00:00:00Z", .look),
        ]),
        "face-recall/grace-for-new-installs": sketch("face-recall", "UTC", [
            ("2026-04-02T00:00:00Z", .install), ("2026-04-02T00:01:00Z", .uses(2, "add-person")),
        ]),
        "face-recall/grace-as-premium": sketch("face-recall", "UTC", [
            ("2026-04-01T00:00:00Z", .install), ("2026-04-01T00:01:00Z", .use("cloud-sync")),
            ("2026-04-01T00:02:00Z", .entitle("facerecall.premium.yearly")), ("2026-04-01T00:03:00Z", .use("cloud-sync")),
        ]),
        "face-recall/person-delete-keeps-slot": sketch("face-recall", "UTC", [
            ("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .use("remove-person")), // nothing to give back
            ("2026-04-01T12:02:00Z", .uses(2, "add-person")),
        ]),
        "face-recall/delete-below-zero": sketch("face-recall", "UTC", [
            ("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .use("add-tag")),
            ("2026-04-01T12:02:00Z", .use("remove-tag")), ("2026-04-01T12:03:00Z", .use("add-tag")),
        ]),
        "face-recall/limit-checked-for-equality": sketch("face-recall", "UTC", [
            ("2026-04-01T12:00:00Z", .install), ("2026-04-01T12:01:00Z", .uses(6, "add-tag")), // blocked at exactly 5
        ]),
        // The leap-day mutants: 28 February of a common year, and 29 February itself, reset on 1 March;
        // on 28 February of a leap year and the 29th together, fewer than a day's limit.
        "daily-quip/feb-29-counts-with-feb-28": sketch("daily-quip", "UTC", [
            ("2027-02-28T10:00:00Z", .install), ("2027-02-28T20:00:00Z", .uses(6, "view-card")), // the 6th blocked until 1 March
            ("2027-03-01T00:10:00Z", .use("view-card")),
            ("2028-02-28T20:00:00Z", .uses(3, "view-card")), ("2028-02-29T09:00:00Z", .uses(2, "view-card")),
            ("2028-02-29T20:00:00Z", .look),
            ("2032-02-29T20:00:00Z", .uses(6, "view-card")), ("2032-03-01T00:10:00Z", .use("view-card")),
        ]),
        "daa-tiers/feb-29-counts-with-feb-28": sketch("daa-tiers", "UTC", [
            ("2027-02-28T10:00:00Z", .install), ("2027-02-28T10:01:00Z", .entitle("com.daa.core.yearly")),
            ("2027-02-28T20:00:00Z", .uses(21, "chat")), ("2027-03-01T00:10:00Z", .use("chat")), // Core's 20 a day, reset on 1 March
            ("2028-02-29T20:00:00Z", .uses(21, "compatibility")), ("2028-03-01T00:10:00Z", .use("chat")),
        ]),
        "oxalate/feb-29-counts-with-feb-28": sketch("oxalate", "UTC", [
            ("2027-02-28T10:00:00Z", .install), ("2027-02-28T10:01:00Z", .entitle("premium_monthly")),
            ("2027-02-28T12:00:00Z", .uses(11, "create-recipe")), ("2027-03-01T00:10:00Z", .use("create-recipe")), // the hidden 10 a day
            ("2028-02-29T12:00:00Z", .uses(3, "ask-oracle")), ("2028-03-01T00:10:00Z", .track("track-meal", day: "2028-02-28")),
        ]),
        // scan-credits (the credit-pack example)
        "scan-credits/credit-never-taken": sketch("scan-credits", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .purchase("scanner.credits.10")),
            ("2026-01-10T12:02:00Z", .uses(3, "scan")), // within the free three: no credit is taken
        ]),
        "scan-credits/credit-spent-within-allowance": sketch("scan-credits", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(4, "scan")), // the fourth blocked, nothing held
            ("2026-01-10T12:10:00Z", .purchase("scanner.credits.10")),
        ]),
        "scan-credits/refund-keeps-credits": sketch("scan-credits", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .purchase("scanner.credits.10")),
            ("2026-01-10T12:02:00Z", .uses(2, "scan")),
        ]),
        "scan-credits/refund-below-zero": sketch("scan-credits", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .purchase("scanner.credits.10")),
            ("2026-01-12T09:00:00Z", .refund("scanner.credits.10")), // nothing spent: the whole pack goes, down to 0
        ]),
        "scan-credits/credits-lost-on-reinstall": sketch("scan-credits", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .reinstall), ("2026-01-10T12:02:00Z", .uses(4, "scan")),
        ]),
        // night-owl (the example of a day that starts at 04:00)
        "night-owl/day-starts-at-midnight": sketch("night-owl", "UTC", [
            ("2026-01-10T10:00:00Z", .install), ("2026-01-10T10:01:00Z", .uses(3, "solve")), // after 04:00, before midnight
            ("2026-01-10T23:59:00Z", .look),
        ]),
        "night-owl/day-start-as-elapsed-hours": sketch("night-owl", "UTC", [
            ("2026-01-10T10:00:00Z", .install), ("2026-01-11T01:00:00Z", .uses(6, "solve")), // no DST: four hours are 04:00
            ("2026-01-11T04:00:00Z", .use("solve")),
        ]),
        "night-owl/reset-at-midnight": sketch("night-owl", "UTC", [
            ("2026-01-10T10:00:00Z", .install), ("2026-01-10T10:01:00Z", .uses(5, "solve")), // the fifth is allowed: no reset shown
            ("2026-01-11T03:00:00Z", .look),
        ]),
        "night-owl/history-window-from-midnight": sketch("night-owl", "UTC", [
            ("2026-01-10T10:00:00Z", .install), ("2026-01-10T10:01:00Z", .track("archive", day: "2026-01-04")), // after 04:00
            ("2026-01-10T10:02:00Z", .track("archive", day: "2026-01-03")),
        ]),
        // study-week (the example of calendar weeks from Sunday)
        "study-week/week-starts-on-monday": sketch("study-week", "UTC", [
            ("2026-01-05T10:00:00Z", .install), ("2026-01-05T10:01:00Z", .uses(2, "lesson")), // Monday to Saturday: both weeks agree
            ("2026-01-10T10:00:00Z", .uses(2, "lesson")),
        ]),
        "study-week/week-cleared-at-month-start": sketch("study-week", "UTC", [
            ("2026-02-27T10:00:00Z", .install), ("2026-02-27T10:01:00Z", .uses(2, "lesson")), // 1 March 2026 starts a week too
            ("2026-03-01T10:00:00Z", .use("lesson")),
        ]),
        "study-week/week-reset-in-seven-days": sketch("study-week", "UTC", [
            ("2026-01-04T09:00:00Z", .install), ("2026-01-04T10:00:00Z", .uses(4, "lesson")), // blocked by the day: its reset is right
        ]),
        "study-week/free-offer-as-free-plan": sketch("study-week", "UTC", [
            ("2026-01-10T10:00:00Z", .install), ("2026-01-10T10:05:00Z", .entitle("study.pro.yearly", expires: "2027-01-10T10:05:00Z")),
            ("2026-02-01T10:00:00Z", .entitle(nil)), // no offer on the yearly plan, and none for a second subscription:
            ("2026-02-02T10:00:00Z", .entitle("study.pro.monthly", expires: "2026-02-09T10:00:00Z")), ("2026-02-02T10:01:00Z", .use("lesson")),
        ]),
        "study-week/month-reason-before-week": sketch("study-week", "UTC", [
            ("2026-04-05T09:00:00Z", .install), ("2026-04-05T09:01:00Z", .entitle("study.pro.monthly")),
            ("2026-04-05T10:00:00Z", .uses(41, "lesson")), // the week alone is passed
        ]),
        "study-week/screen-reads-first-window": sketch("study-week", "UTC", [
            ("2026-05-03T10:00:00Z", .install), ("2026-05-03T10:01:00Z", .uses(3, "lesson")), ("2026-05-04T10:00:00Z", .uses(3, "lesson")),
            ("2026-05-05T10:00:00Z", .uses(2, "lesson")), // 1 left today and 2 this week: the day's, the fewest
        ]),
        // ask-window (the example of a rolling 24-hour window)
        "ask-window/rolling-as-calendar-day": sketch("ask-window", "UTC", [
            ("2026-01-10T09:00:00Z", .install), ("2026-01-10T10:00:00Z", .uses(3, "ask")), ("2026-01-10T20:00:00Z", .look), // one day
        ]),
        "ask-window/rolling-boundary-inclusive": sketch("ask-window", "UTC", [
            ("2026-01-10T09:00:00Z", .install), ("2026-01-10T10:00:00Z", .use("ask")), ("2026-01-11T10:01:00Z", .use("ask")), // a minute past
        ]),
        "ask-window/rolling-reset-from-last-use": sketch("ask-window", "UTC", [("2026-01-10T09:00:00Z", .install)]
            + Array(repeating: ("2026-01-10T10:00:00Z", .use("ask")), count: 11)), // the oldest use is the last one's instant
        "ask-window/rolling-lost-on-reinstall": sketch("ask-window", "UTC", [
            ("2026-01-10T09:00:00Z", .install), ("2026-01-10T09:30:00Z", .reinstall), ("2026-01-10T10:00:00Z", .uses(2, "ask")), // before any use
        ]),
        // chat-pool (the example of a daily allowance, then a monthly pool)
        "chat-pool/pool-never-drawn": sketch("chat-pool", "UTC", [
            ("2026-03-10T09:00:00Z", .install), ("2026-03-10T10:00:00Z", .uses(3, "send")), // the day's 3: no pool needed
        ]),
        "chat-pool/drawn-on-both": sketch("chat-pool", "UTC", [
            ("2026-03-10T09:00:00Z", .install), ("2026-03-10T10:00:00Z", .use("deep-dive")), // the pool's, with the day's allowance untouched
            ("2026-03-10T11:00:00Z", .uses(3, "send")),
        ]),
        "chat-pool/pool-reason-when-both-spent": sketch("chat-pool", "UTC", [
            ("2026-03-10T09:00:00Z", .install), ("2026-03-10T10:00:00Z", .uses(6, "send")), // 3 on the day, 3 on the pool
            ("2026-03-10T11:00:00Z", .use("deep-dive")), // blocked by the pool alone: month either way
        ]),
        // billing-month (the example of months that run from the purchase)
        "billing-month/month-drifts-to-short-day": sketch("billing-month", "UTC", [
            // From the 28th the months need not drift: they start on the 28th anyway.
            ("2027-01-28T09:00:00Z", .install), ("2027-02-28T10:00:00Z", .use("export")), ("2027-03-27T10:00:00Z", .look),
            ("2027-03-28T10:00:00Z", .look),
        ]),
        "billing-month/month-on-the-first": sketch("billing-month", "UTC", [
            // Installed on the 1st: its months are the calendar's.
            ("2027-03-01T09:00:00Z", .install), ("2027-03-20T10:00:00Z", .use("export")), ("2027-04-01T10:00:00Z", .look),
        ]),
        "billing-month/thirty-day-months": sketch("billing-month", "UTC", [
            // Within the first 30 days the two agree.
            ("2027-03-01T09:00:00Z", .install), ("2027-03-20T10:00:00Z", .use("export")), ("2027-03-30T10:00:00Z", .look),
        ]),
        "billing-month/anchor-kept-on-new-subscription": sketch("billing-month", "UTC", [
            // Bought before any export, on the install's day of the month a month later: nothing to start again.
            ("2027-03-01T09:00:00Z", .install), ("2027-04-01T10:00:00Z", .entitle("ledger.pro.monthly", expires: "2027-05-01T10:00:00Z")),
            ("2027-04-02T10:00:00Z", .use("export")),
        ]),
        // photo-units (the example of uses that cost several units)
        "photo-units/cost-counted-as-one": sketch("photo-units", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(11, "enhance")), // one unit each: the count is right
        ]),
        "photo-units/cost-ignored-at-the-limit": sketch("photo-units", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(2, "generate")), // exactly the day's 10
            ("2026-01-10T12:02:00Z", .use("enhance")), // blocked at the limit either way
        ]),
        "photo-units/exact-fit-refused": sketch("photo-units", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .use("upscale")),
            ("2026-01-10T12:02:00Z", .use("generate")), ("2026-01-10T12:03:00Z", .use("enhance")), // 9 of 10: room to spare
        ]),
        "photo-units/one-credit-per-use": sketch("photo-units", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(10, "enhance")),
            ("2026-01-10T12:10:00Z", .purchase("photo.units.25")), ("2026-01-10T12:11:00Z", .uses(3, "enhance")), // one credit a use is right
        ]),
        "photo-units/any-credit-pays": sketch("photo-units", "UTC", [
            ("2026-01-10T12:00:00Z", .install), ("2026-01-10T12:01:00Z", .uses(2, "generate")),
            ("2026-01-10T12:10:00Z", .purchase("photo.units.25")), ("2026-01-10T12:11:00Z", .uses(6, "generate")), // 25 spent, then none held
        ]),
    ]
}
