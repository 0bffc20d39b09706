/// Four days in a daily-quip user's life, each showing one bug of the described design
/// (`docs/testing-your-app.md` explains how to read and write them).
enum DailyQuipTimelines {
    /// Five cards, the app deleted and installed again: the count must survive (G1).
    static let reinstall = """
    {"policy": "daily-quip", "zone": "Europe/Lisbon", "events": [
      {"at": "2026-05-01T08:00:00+01:00", "do": "install"},
      {"at": "2026-05-01T08:01:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:02:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:03:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:04:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:05:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T09:00:00+01:00", "do": "reinstall"},
      {"at": "2026-05-01T09:01:00+01:00", "do": "use", "feature": "view-card"}
    ]}
    """

    /// Five cards late in the evening, the app left open, a card the next morning: a new
    /// day has five fresh cards (Q1).
    static let midnightWithoutLaunch = """
    {"policy": "daily-quip", "zone": "Europe/Lisbon", "events": [
      {"at": "2026-05-01T22:00:00+01:00", "do": "install"},
      {"at": "2026-05-01T22:01:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T22:02:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T22:03:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T22:04:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T22:05:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-02T08:00:00+01:00", "do": "use", "feature": "view-card"}
    ]}
    """

    /// Five cards in Lisbon, a train to Paris the same morning, the app opened again: the
    /// same date, so no new cards (Q1, U3).
    static let zoneChangeSameDate = """
    {"policy": "daily-quip", "zone": "Europe/Lisbon", "events": [
      {"at": "2026-05-01T08:00:00+01:00", "do": "install"},
      {"at": "2026-05-01T08:01:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:02:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:03:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:04:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:05:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T12:00:00+02:00", "do": "set-zone", "zone": "Europe/Paris"},
      {"at": "2026-05-01T12:01:00+02:00", "do": "look"},
      {"at": "2026-05-01T12:02:00+02:00", "do": "use", "feature": "view-card"}
    ]}
    """

    /// Three cards under Premium, which lapses the same day: two free cards are left (G4).
    static let premiumLapsesSameDay = """
    {"policy": "daily-quip", "zone": "Europe/Lisbon", "events": [
      {"at": "2026-05-01T08:00:00+01:00", "do": "install"},
      {"at": "2026-05-01T08:00:30+01:00", "do": "set-entitlement", "product": "dailyquip.monthly", "expires": "2026-06-01T07:00:30Z"},
      {"at": "2026-05-01T08:01:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:02:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T08:03:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T09:00:00+01:00", "do": "set-entitlement", "product": null},
      {"at": "2026-05-01T09:01:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T09:02:00+01:00", "do": "use", "feature": "view-card"},
      {"at": "2026-05-01T09:03:00+01:00", "do": "use", "feature": "view-card"}
    ]}
    """
}
