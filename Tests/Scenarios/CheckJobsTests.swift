import Foundation
import Simulator
import Testing
import TestSupport

/// A failing `simulate check` counts the same users with any number of jobs: the users
/// up to and including its lowest failing one. (Jobs run ahead of one another, so the
/// check used to count users past the failing one that the other job had checked: 24
/// timelines with one job and 25 with two, for the run below.)
@Suite("simulate check counts the same users with any number of jobs")
struct CheckJobsTests {
    @Test("a check failing at user 23 (a v1 mutant as the program) reports the same figures and report.json, timing aside, with 1 and 2 jobs", .enabled(if: CampaignTests.enabled, "campaign-sized: SIMULATE_CAMPAIGN_TESTS=1 runs it, as .ci/run does"))
    func failingCheckIsTheSameOnAnyJobs() throws {
        let simulate = try #require(PackagePaths.simulate)
        let command = "'\(simulate.path)' replay --mutant next-reset-start-of-day-plus-86400s"
        let report = try temporaryFolder() + "/r"
        var summaries: [[String]] = [], reports: [NSDictionary] = []
        for jobs in [1, 2] {
            let result = try runSimulate(["check", "--command", command, "--seed", "3", "--users", "400", "--jobs", "\(jobs)", "--report", report])
            #expect(result.status == 1, "\(result.err)")
            #expect(result.out.contains("FAILED: seed 3, user 23 ("), "\(result.out)")
            summaries.append(result.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  timelines") || $0.hasPrefix("  events") })
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report + "/report.json"))) as? [String: Any])
            json["timing"] = nil
            reports.append(json as NSDictionary)
        }
        // Users 0 to 23 and all their events, as the generator makes them.
        let events = (0..<24).map { FlagshipTimelineGenerator().user(seed: 3, user: $0).timeline.events.count }.reduce(0, +)
        #expect(summaries[0] == ["  timelines   24 of 400: the check stopped at its first failing user", "  events      " + events.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))],
                "users 0 to 23 and their \(events) events")
        #expect(summaries[1] == summaries[0])
        #expect(reports[1] == reports[0], "report.json but its timing")
    }
}
