import Foundation
import SubscriptionModel
import SimulatorCore

/// `simulate merge`: the shards of a run (`--shard I/N` on `run`, `mutants` or `check`)
/// put back together into the report the whole run would have written in one process.
///
/// Everything a run reports is a sum, a minimum or a commutative digest over its users,
/// and users keep their whole-run numbers in every shard, so the merged report is the
/// unsharded one field for field, wall-clock figures aside:
///
/// - counts, invariant checks and violations, coverage reached, behaviour: sums;
///   user-years from the shards' exact simulated milliseconds (a report shows them
///   rounded); the digest: the wrapping sum of the shards' digests;
/// - each invariant's first failing user: the lowest of the shards', and its shrunk
///   failure is the one that shard wrote (the unsharded run shrinks the same user);
/// - coverage floors, "not judged" and the verdict: set again for the whole run's
///   size (a shard's report judges its own share), with the same figures;
/// - a policy report's outcome columns: the reasons that occurred in any shard;
/// - a kill matrix: each mutant's earliest kill by user, with its events until the kill
///   counted over every shard's users before that user (from each shard's events per
///   user), and that shard's counterexample and regression test.
///
/// A check's shards merge as a run's, its failure being the lowest failing user of all
/// shards with the shrunk timeline that shard wrote. Each shard of a failing check stops
/// at its own first failure, so its counts are what the shards checked until then, as an
/// unsharded failing check's are what it checked until it stopped, and may differ from
/// them.
///
/// Wall-clock figures cannot be merged into what one process would have measured: the
/// merged `timing` adds the shards' jobs and takes the longest shard's seconds (the
/// wall-clock time when shards run side by side), and a mutant's seconds until its kill
/// are the killing shard's.
package enum ReportMerge {
    /// Merges `parts`, every shard of one run, into the whole run's report; `folder` is
    /// the merged report folder's path as given (failure files are named inside it).
    ///
    /// Refuses, naming the folder: reports of another run (tool version, command kind,
    /// seed, users, years, personas, policy, StoreKit file, tz data, shard count or
    /// command; a policy or StoreKit file by the hash of its bytes where both shards
    /// recorded one, so copies at other paths are one file), a shard given twice, a report
    /// inconsistent with its shard; and names a missing shard. `copies` are files given to
    /// the merge to set the floors from (`Copies`).
    package static func merge(_ parts: [ShardReport], into folder: String, copies: Copies = Copies()) throws(MergeRefusal) -> RunReport {
        guard let first = parts.first else { throw MergeRefusal("no report folders to merge; give every shard's") }
        try checkOneRun(parts)
        for file in RecordedFile.allCases where !file.isFile(first.report.options) {
            if let copy = file.copy(in: copies) {
                throw MergeRefusal("\(file.option) \(ErrorText.quotedPath(copy)): the shards read no such file (\(file.flag) \(file.shown(first.report))); leave it out")
            }
        }
        let whole = first.report
        var report = whole
        report.shard = nil
        report.options.command = first.record.command

        // Every sum goes through ShardSum, which refuses one past what a count holds.
        let users = try ShardSum.total(parts, "counts.users") { $0.report.counts.users }
        let milliseconds = try ShardSum.total(parts, "shard.simulatedMilliseconds") { $0.record.simulatedMilliseconds }
        var digest: UInt64 = 0
        for part in parts {
            guard part.report.counts.digest.count == 16, let value = UInt64(part.report.counts.digest, radix: 16) else {
                throw .folder(part.folder, "counts.digest \(ErrorText.quoted(part.report.counts.digest)) is not 16 hex digits")
            }
            digest &+= value
        }
        let exactYears = whole.options.policy == nil ? FlagshipRunCounts.userYears(milliseconds: milliseconds)
                                                     : RunCounts.userYears(milliseconds: milliseconds)
        report.counts = RunReport.Counts(users: users, events: try ShardSum.total(parts, "counts.events") { $0.report.counts.events },
                                         userYears: RunReport.userYears(exactYears), digest: Figures.hex(digest),
                                         personas: try ShardSum.tables(parts, "counts.personas") { $0.report.counts.personas })
        // Each user a shard played had one persona.
        for part in parts {
            let (byPersona, overflow) = part.report.counts.personas.values.reduce((0, false)) { sum, count in
                let next = sum.0.addingReportingOverflow(count)
                return (next.partialValue, sum.1 || next.overflow)
            }
            guard overflow || byPersona != part.report.counts.users else { continue }
            throw .folder(part.folder, "counts.personas add up to " + (overflow ? "more than \(Int.max)" : Figures.grouped(byPersona))
                          + " users, where counts.users is \(Figures.grouped(part.report.counts.users)): not a report this tool wrote")
        }

        var invariants: [RunReport.InvariantEntry] = []
        for index in whole.invariants.indices {
            var entry = whole.invariants[index]
            entry.checks = try ShardSum.total(parts, "invariants[\(index)].checks") { $0.report.invariants[index].checks }
            entry.violations = try ShardSum.total(parts, "invariants[\(index)].violations") { $0.report.invariants[index].violations }
            entry.firstFailingUser = parts.compactMap { $0.report.invariants[index].firstFailingUser }.min()
            invariants.append(entry)
        }
        report.invariants = invariants
        let (coverage, policyHere) = try coverage(parts, users: users, copies: copies)
        report.coverage = RunReport.coverage(coverage, as: whole.kind)
        report.behaviour = try behaviour(parts)
        switch whole.kind {
        case .run: report.failures = try failures(of: report.invariants, in: parts, folder: folder)
        case .check: report.failures = try checkFailure(in: parts, folder: folder)
        case .mutants: report.failures = []
        }
        for index in report.failures.indices {
            report.failures[index].regenerateCommand = regenerateCommand(report.failures[index].regenerateCommand, policyFile: policyHere)
        }
        report.mutants = whole.mutants == nil ? nil : try killMatrix(parts)
        // A check's verdict is the program's: coverage is reported, not judged.
        report.passed = report.invariants.allSatisfy { $0.violations == 0 } && (whole.kind == .check || report.coverage.allSatisfy(\.exercised))
            && (report.mutants ?? []).allSatisfy(\.killed)
        let timings = parts.compactMap(\.report.timing)
        if timings.count == parts.count {
            // Shards run side by side: the whole run's rate is its events over the longest
            // shard's time. Each shard's time is taken from its events and its rate,
            // measured before its seconds were rounded to hundredths (a shard of a few
            // users rounds to 0, which says nothing).
            let times = zip(parts, timings).map { part, timing in timing.eventsPerSecond > 0 ? Double(part.report.counts.events) / timing.eventsPerSecond : timing.seconds }
            let longest = times.max() ?? 0
            report.timing = RunReport.Timing(jobs: try ShardSum.total(parts, "timing.jobs") { $0.report.timing?.jobs ?? 0 }, seconds: timings.map(\.seconds).max() ?? 0,
                                             eventsPerSecond: longest > 0 ? (Double(report.counts.events) / longest).rounded() : 0)
        } else {
            report.timing = nil
        }
        return report
    }

    /// Reads the report folders `folders`, merges them, and writes the merged report
    /// into `folder` (report.json, .md, .html, summary.txt and each failure's or
    /// counterexample's timeline in failures/), staged: the caller commits. Returns the
    /// merged report and the summary it printed into summary.txt.
    package static func run(folders: [String], into folder: ReportFolder, copies: Copies = Copies()) throws -> (report: RunReport, summary: String) {
        var parts: [ShardReport] = []
        for path in folders { parts.append(try ShardReport.read(folder: path)) }
        let report = try merge(parts, into: folder.path, copies: copies)
        let summary = MergeSummary.text(report, parts: parts)
        for failure in report.failures {
            try folder.write(failure.timeline, as: "failures/" + (failure.timelineFile as NSString).lastPathComponent)
        }
        for row in report.mutants ?? [] {
            if let counterexample = row.counterexample { try folder.write(counterexample, as: "failures/mutant-\(row.name).json") }
        }
        try folder.write(summary + "\n", as: "summary.txt")
        try folder.write(report)
        return (report, summary)
    }

    // MARK: - Refusals

    /// A shard's command as a refusal shows it: escaped, and past 200 characters its
    /// start and end around `…` (two commands that differ near the end still read apart).
    private static func shown(command: String) -> String {
        MessageText.middleCut(MessageText.bare(command, limit: .max), limit: 200)
    }

    /// A shard's command as one run's shards share it: its words, with the value of
    /// `--policy` and of `--storekit` left out when the report identifies the file by its
    /// bytes (`policyDigest`, `storeKitDigest`, compared before), so that shards made from
    /// copies of a file in other folders, named by other paths, are one run.
    private static func runCommand(of part: ShardReport) -> [String] {
        var words = ShellText.words(part.record.command)
        for file in RecordedFile.allCases where file.digest(part.report.options) != nil {
            if let at = words.firstIndex(of: file.option), at + 1 < words.count { words[at + 1] = "FILE" }
        }
        return words
    }

    /// A file a run read that its report names, by path and by the hash of its bytes: the
    /// policy file (`--policy`) or the StoreKit file (`--storekit`).
    private enum RecordedFile: CaseIterable {
        case policy, storeKit

        /// How refusals name it.
        var flag: String { self == .policy ? "policy" : "--storekit" }

        /// The option that names it on a command line (`run`'s and `merge`'s).
        var option: String { self == .policy ? "--policy" : "--storekit" }

        /// The copy of it given to the merge, if any.
        func copy(in copies: Copies) -> String? { self == .policy ? copies.policy : copies.storeKit }

        /// Its path as `options` records it (nil: no such file; a policy may be a shipped name).
        func path(_ options: RunReport.Options) -> String? { self == .policy ? options.policy : options.storeKit }

        /// The hash of its bytes as `options` records it (nil: none, or an older report).
        func digest(_ options: RunReport.Options) -> String? { self == .policy ? options.policyDigest : options.storeKitDigest }

        /// How a refusal shows `report`'s value (cut at 200 characters).
        func shown(_ report: RunReport) -> String {
            switch self {
            case .policy: MessageText.bare(report.options.policy ?? "meal-capture", limit: 200)
            case .storeKit: report.options.storeKit.map(ErrorText.quotedPath) ?? "absent"
            }
        }

        /// Whether `options` names a file of this kind (a policy may be a shipped name).
        func isFile(_ options: RunReport.Options) -> Bool { path(options).map { self == .storeKit || PolicyLoader.builtIn($0) == nil } ?? false }

        /// Refuses `part` when its file is not `first`'s: another path whose bytes are not
        /// known to be the same (copies of one file are), or the same path whose bytes
        /// changed between the shards.
        func check(_ part: ShardReport, against first: ShardReport) throws(MergeRefusal) {
            let mine = part.report.options, theirs = first.report.options
            let sameBytes = digest(mine) != nil && digest(mine) == digest(theirs)
            let bothHashed = digest(mine) != nil && digest(theirs) != nil
            let inFirst = ErrorText.quotedPath(first.folder)
            if path(mine) == path(theirs) {
                guard !bothHashed || sameBytes else {
                    throw .folder(part.folder, "\(flag) \(shown(part.report)) holds other bytes than in \(inFirst) (the file changed between shards); shards of one run only")
                }
                return
            }
            if sameBytes { return }
            if bothHashed {
                throw .folder(part.folder, "\(flag) \(shown(part.report)) holds other bytes than \(shown(first.report)) in \(inFirst) (the files differ); shards of one run only")
            }
            if isFile(mine), isFile(theirs) {
                let older = digest(mine) == nil ? part.folder : first.folder
                throw .folder(part.folder, "\(flag) \(shown(part.report)), not \(shown(first.report)) as in \(inFirst), and the report.json in \(ErrorText.quotedPath(older)), from an older simulate, records no hash of the file to tell whether the two are copies of one file; run that shard again")
            }
            throw .folder(part.folder, "\(flag) \(shown(part.report)), not \(shown(first.report)) as in \(inFirst); shards of one run only")
        }
    }

    /// Refuses parts that are not every shard, once, of one run.
    private static func checkOneRun(_ parts: [ShardReport]) throws(MergeRefusal) {
        let first = parts[0], run = first.report
        var seen: [Int: String] = [:]
        for part in parts {
            let report = part.report
            func differs(_ what: String, _ value: String, _ expected: String) -> MergeRefusal {
                .folder(part.folder, "\(what) \(value), not \(expected) as in \(ErrorText.quotedPath(first.folder)); shards of one run only")
            }
            if report.tool != run.tool { throw differs("a report of", MessageText.bare(report.tool), MessageText.bare(run.tool)) }
            if report.kind != run.kind { throw differs("a report of 'simulate", "\(report.kind.rawValue)'", "'simulate \(run.kind.rawValue)'") }
            if report.options.seed != run.options.seed { throw differs("seed", "\(report.options.seed)", "\(run.options.seed)") }
            if report.options.users != run.options.users { throw differs("--users", "\(report.options.users)", "\(run.options.users)") }
            if report.options.years != run.options.years { throw differs("--years", "\(report.options.years)", "\(run.options.years)") }
            if report.options.personas != run.options.personas {
                throw differs("personas", MessageText.bare(report.options.personas.joined(separator: ","), limit: 200), MessageText.bare(run.options.personas.joined(separator: ","), limit: 200))
            }
            // A policy file's (or StoreKit file's) copies in other folders or on other
            // machines are one file while their bytes are the same.
            for file in RecordedFile.allCases { try file.check(part, against: first) }
            if report.options.policyLines != run.options.policyLines {
                throw .folder(part.folder, "policy \(RecordedFile.policy.shown(report)) has other rules than in \(ErrorText.quotedPath(first.folder)) (the file changed between shards); shards of one run only")
            }
            if report.options.tzData != run.options.tzData { throw differs("tz data", MessageText.bare(report.options.tzData), MessageText.bare(run.options.tzData)) }
            if part.shard.count != first.shard.count { throw differs("one of", "\(part.shard.count) shards", "\(first.shard.count)") }
            if part.record.command != first.record.command, Self.runCommand(of: part) != Self.runCommand(of: first) { throw differs("a shard of", "`\(shown(command: part.record.command))`", "`\(shown(command: first.record.command))`") }
            if let other = seen[part.shard.index] {
                throw .folder(part.folder, "shard \(part.shard) again (also \(ErrorText.quotedPath(other))); give each shard once")
            }
            seen[part.shard.index] = part.folder
            let share = part.shard.size(of: report.options.users)
            // A failing check's shard stopped at its first failure: it checked at most its share.
            let stopped = report.kind == .check && !report.passed
            if stopped ? report.counts.users > share : report.counts.users != share {
                throw .folder(part.folder, "\(Figures.count(report.counts.users, "user")), but shard \(part.shard) of \(Figures.count(report.options.users, "user")) has \(Figures.grouped(share))")
            }
            if report.invariants.map(\.name) != run.invariants.map(\.name) || report.coverage.map(\.category) != run.coverage.map(\.category)
                || report.behaviour.attemptsByHour.count != run.behaviour.attemptsByHour.count
                || report.behaviour.attemptsAroundMidnight.count != run.behaviour.attemptsAroundMidnight.count
                || report.behaviour.planOrder != run.behaviour.planOrder || report.behaviour.labelOrder != run.behaviour.labelOrder
                || (report.behaviour.outcomeOrder == nil) != (run.behaviour.outcomeOrder == nil)
                || report.mutants?.map(\.name) != run.mutants?.map(\.name) {
                throw .folder(part.folder, "its invariants, coverage categories, behaviour tables or mutants are not those of \(ErrorText.quotedPath(first.folder))")
            }
            if report.mutants != nil, part.record.killUsers == nil || part.record.eventsPerUser == nil {
                throw .folder(part.folder, "a kill matrix without the kill users and events per user a merge needs")
            }
        }
        if let missing = (1...first.shard.count).first(where: { seen[$0] == nil }) {
            throw MergeRefusal("shard \(missing)/\(first.shard.count) of `\(shown(command: first.record.command))` is missing; give the report folder of each of the \(first.shard.count) shards")
        }
    }

    // MARK: - Parts of the report

    /// Coverage reached by every shard, with floors set again for the whole run, and for
    /// a policy file's run the path of the copy of it the floors were set from.
    private static func coverage(_ parts: [ShardReport], users: Int, copies: Copies) throws(MergeRefusal) -> ([RunReport.CoverageEntry], String?) {
        let first = parts[0], options = first.report.options
        var reached: [Int] = []
        for index in first.report.coverage.indices {
            reached.append(try ShardSum.total(parts, "coverage[\(index)].reached") { $0.report.coverage[index].reached })
        }
        guard options.policy != nil else {
            var entries: [RunReport.CoverageEntry] = []
            for (index, entry) in first.report.coverage.enumerated() {
                if let edge = CalendarEdge.flagship(named: entry.category) {
                    entries.append(edge.flagshipEntry(reached: reached[index], users: users, years: options.years))
                    continue
                }
                guard let category = EdgeCategory(rawValue: entry.category) else {
                    throw .folder(first.folder, "coverage[\(index)]: no coverage category \(ErrorText.quoted(entry.category))")
                }
                entries.append(RunReport.CoverageEntry(category: entry.category, meaning: category.meaning, reached: reached[index],
                                                       floor: category.floor(users: users, years: options.years)))
            }
            return (entries, nil)
        }
        // A policy's floors come from its categories: load it as the shards did, a file
        // from the first of the paths the shards recorded that holds the bytes they read.
        var (loadedName, policy) = try recordedPolicy(parts, copy: copies.policy)
        if options.storeKit != nil {
            policy = try sellingProducts(of: parts, policy, copy: copies.storeKit)
        }
        guard PolicyDescription.text(policy).split(separator: "\n").map(String.init) == options.policyLines ?? [] else {
            throw .folder(first.folder, "policy \(MessageText.bare(loadedName, limit: 200)) has other rules now than when the shards ran (the file changed)")
        }
        var counts = CoverageCounts(policy: policy)
        guard counts.categories.map({ $0.name(in: policy) }) == first.report.coverage.map(\.category) else {
            throw .folder(first.folder, "its coverage categories are not those of policy \(MessageText.bare(loadedName, limit: 200))")
        }
        counts.counts = reached
        return (PolicyRunReport.coverage(counts, users: users, years: options.years, swarm: options.swarm ?? true),
                PolicyLoader.builtIn(loadedName) == nil ? loadedName : nil)
    }

    /// Copies of the files the shards read, given to the merge (`merge --policy FILE
    /// --storekit FILE`) for when none of the paths the shards recorded holds them here
    /// (shards run on other machines): each is taken only if its bytes hash as the
    /// shards' did.
    package struct Copies: Sendable {
        /// A copy of the shards' policy file.
        package var policy: String?
        /// A copy of the shards' StoreKit file.
        package var storeKit: String?

        /// Copies at these paths (none by default).
        package init(policy: String? = nil, storeKit: String? = nil) {
            self.policy = policy
            self.storeKit = storeKit
        }
    }

    /// The policy the shards ran, loaded again, and the name it was loaded by: a shipped
    /// name, else the given `copy` or the first path a shard recorded whose file still
    /// holds the bytes the shards read (`policyDigest`, of any shard that recorded one;
    /// else any readable one: reports from before digests, whose description the caller
    /// compares).
    private static func recordedPolicy(_ parts: [ShardReport], copy: String?) throws(MergeRefusal) -> (String, SubscriptionPolicy) {
        let found = try firstHolding(.policy, of: parts, copy: copy) { path in
            do throws(PolicyLoader.LoadError) {
                let policy = try PolicyLoader.load(path)
                return .success((policy, policy.source.contentDigest))
            } catch {
                return .failure(Unread(why: error.problem))
            }
        }
        switch found {
        case .success(let (path, policy)): return (path, policy)
        case .failure(let unread): throw .folder(parts[0].folder, "its policy cannot be loaded to set the floors again: \(unread.why)")
        }
    }

    /// `policy` selling the products of the StoreKit file the shards read, as `--storekit`
    /// made their policy: the given `copy` or the first path a shard recorded whose file
    /// still holds the bytes they read (`storeKitDigest`; any readable one for older reports).
    private static func sellingProducts(of parts: [ShardReport], _ policy: SubscriptionPolicy, copy: String?) throws(MergeRefusal) -> SubscriptionPolicy {
        let found = try firstHolding(.storeKit, of: parts, copy: copy) { path in
            do throws(StoreKitConfiguration.ReadFailure) {
                let (configuration, digest) = try StoreKitConfiguration.readDigested(path: path)
                return .success((configuration, digest))
            } catch {
                return .failure(Unread(why: error.message))
            }
        }
        let unreadable = { (why: String) in MergeRefusal.folder(parts[0].folder, "its StoreKit file cannot be read again to set the floors: \(why)") }
        switch found {
        case .success(let (_, configuration)):
            do { return try StoreKitProductMapping(policy: policy, configuration: configuration).policy } catch { throw unreadable(error.problem) }
        case .failure(let unread):
            throw unreadable(unread.why)
        }
    }

    /// Why a file recorded by the shards was not the one they read.
    private struct Unread: Error {
        var why: String
    }

    /// The first of `copy` (a path given to the merge), then of the paths the shards
    /// recorded for `file` (each tried once, in order), that `read` reads and whose bytes
    /// hash as the shards recorded (any it reads when none recorded a hash: reports from
    /// before hashes), with its path and what it read; else what became of each. A
    /// given copy that cannot be read, or does not hold the bytes, is refused at once as
    /// the merge's own input (`--policy: WHY`, `--policy FILE: holds other bytes …`).
    private static func firstHolding<Value>(_ file: RecordedFile, of parts: [ShardReport], copy: String?,
                                            read: (String) -> Result<(Value, UInt64?), Unread>) throws(MergeRefusal) -> Result<(String, Value), Unread> {
        let digest = parts.lazy.compactMap { file.digest($0.report.options) }.first
        var problems: [String] = []
        var tried: Set<String> = []
        for path in [copy].compactMap({ $0 }) + parts.compactMap({ file.path($0.report.options) }) where tried.insert(path).inserted {
            switch read(path) {
            case .failure(let why):
                // The copy given to the merge is the merge's own input: named by its option, as a run names it.
                if path == copy { throw MergeRefusal("\(file.option): \(why.why)") }
                problems.append(why.why)
            case .success(let (value, read)):
                guard let digest else { return .success((path, value)) }
                if read.map(Figures.hex) == digest { return .success((path, value)) }
                // The copy given to the merge is refused as the merge's own input, as above.
                if path == copy { throw MergeRefusal("\(file.option) \(ErrorText.quotedPath(path)): holds other bytes than the file the shards read") }
                problems.append("\(ErrorText.quotedPath(path)) has other bytes now than when the shards ran (the file changed)")
            }
        }
        guard problems.count > 1 else { return .failure(Unread(why: (problems.first ?? "no path recorded") + "; give the merge a copy with \(file.option) FILE")) }
        return .failure(Unread(why: "no copy the shards recorded holds the bytes they read (\(problems.joined(separator: "; "))); give the merge one with \(file.option) FILE"))
    }

    /// The behaviour tables, added up.
    private static func behaviour(_ parts: [ShardReport]) throws(MergeRefusal) -> RunReport.Behaviour {
        var merged = parts[0].report.behaviour
        let personas = Set(parts.flatMap { $0.report.behaviour.byPersona.keys }).sorted()
        merged.byPersona = [:]
        for persona in personas {
            let field = "behaviour.byPersona.\(persona)"
            merged.byPersona[persona] = RunReport.PersonaBehaviour(
                outcomes: try ShardSum.tables(parts, field + ".outcomes") { $0.report.behaviour.byPersona[persona]?.outcomes },
                labels: try ShardSum.tables(parts, field + ".labels") { $0.report.behaviour.byPersona[persona]?.labels },
                plans: try ShardSum.tables(parts, field + ".plans") { $0.report.behaviour.byPersona[persona]?.plans })
        }
        merged.outcomesByPlan = [:]
        for plan in Set(parts.flatMap { $0.report.behaviour.outcomesByPlan.keys }).sorted() {
            merged.outcomesByPlan[plan] = try ShardSum.tables(parts, "behaviour.outcomesByPlan.\(plan)") { $0.report.behaviour.outcomesByPlan[plan] }
        }
        merged.attemptsAroundMidnight = try ShardSum.lists(parts, "behaviour.attemptsAroundMidnight") { $0.report.behaviour.attemptsAroundMidnight }
        merged.attemptsByHour = try ShardSum.lists(parts, "behaviour.attemptsByHour") { $0.report.behaviour.attemptsByHour }
        if merged.outcomeOrder != nil {
            let byPlan = merged.outcomesByPlan
            merged.outcomeOrder = PolicyRunReport.shownOutcomes { name in byPlan.values.contains { ($0[name] ?? 0) > 0 } }
        }
        return merged
    }

    /// Each broken invariant's shrunk failure: the one the shard holding its first
    /// failing user wrote, its timeline file named inside the merged folder.
    private static func failures(of invariants: [RunReport.InvariantEntry], in parts: [ShardReport], folder: String) throws(MergeRefusal) -> [RunReport.FailureEntry] {
        var failures: [RunReport.FailureEntry] = []
        for invariant in invariants where invariant.violations > 0 {
            guard let user = invariant.firstFailingUser else { continue }
            guard let part = parts.first(where: { $0.shard.contains(user: user) }) else { continue }
            guard var failure = part.report.failures.first(where: { $0.invariant == invariant.name && $0.user == user }) else {
                throw .folder(part.folder, "no shrunk failure of \(invariant.name) for its first failing user \(user)")
            }
            let path = (folder as NSString).appendingPathComponent("failures/" + (failure.timelineFile as NSString).lastPathComponent)
            failure.timelineFile = path
            failure.replayCommand = Replay.command(for: path)
            failures.append(failure)
        }
        return failures
    }

    /// A check's failure: each failing shard shrank its own lowest failing user, and the
    /// whole check's is the lowest of those (the user an unsharded check stops at), with
    /// its timeline file named inside the merged folder.
    private static func checkFailure(in parts: [ShardReport], folder: String) throws(MergeRefusal) -> [RunReport.FailureEntry] {
        var lowest: RunReport.FailureEntry?
        for part in parts {
            guard part.report.failures.count <= 1 else {
                throw .folder(part.folder, "\(Figures.count(part.report.failures.count, "failure")); a check's report has at most one")
            }
            guard let failure = part.report.failures.first else { continue }
            guard part.shard.contains(user: failure.user) else {
                throw .folder(part.folder, "its failing user \(failure.user) is not one of shard \(part.shard)'s")
            }
            if failure.user < lowest?.user ?? .max { lowest = failure }
        }
        guard var failure = lowest else { return [] }
        let path = (folder as NSString).appendingPathComponent("failures/" + (failure.timelineFile as NSString).lastPathComponent)
        // The command gives the program the shard's file (its path one shell word, at the
        // end or after `<`): it is given the merged folder's copy instead.
        failure.programCommand = failure.programCommand?.replacingOccurrences(of: ShellText.word(failure.timelineFile),
                                                                              with: ShellText.word(path))
        failure.timelineFile = path
        failure.replayCommand = Replay.command(for: path)
        return [failure]
    }

    /// A failure's command that regenerates its user names a policy file as the shard's
    /// command was given it, relative to the folder the shard ran in. Where that name
    /// does not lead, from the folder the merge runs in, to `policyFile` (the copy of the
    /// file the merge read: its `--policy FILE`, or the first path a shard recorded that
    /// holds the shards' bytes), the merged command names that copy instead, so that it
    /// runs where the merge prints it; otherwise it is kept as given.
    static func regenerateCommand(_ command: String, policyFile: String?) -> String {
        guard let policyFile else { return command }
        let here = URL(fileURLWithPath: policyFile).standardizedFileURL.path
        return ShrunkFailure<PolicyRules>.regenerateCommand(command) { given in URL(fileURLWithPath: given).standardizedFileURL.path == here ? nil : policyFile }
    }

    /// Each mutant's row: its earliest kill by user order across the shards, with the
    /// events every shard's users had before that user.
    private static func killMatrix(_ parts: [ShardReport]) throws(MergeRefusal) -> [RunReport.MutantEntry] {
        let rows = parts[0].report.mutants ?? []
        var merged: [RunReport.MutantEntry] = []
        for (index, survivor) in rows.enumerated() {
            var earliest: (part: ShardReport, row: RunReport.MutantEntry, user: Int)?
            for part in parts {
                let row = part.report.mutants![index]
                guard row.killed else { continue }
                guard let user = part.record.killUsers?[row.name], part.shard.contains(user: user), row.eventsUntilKill != nil else {
                    throw .folder(part.folder, "mutant \(row.name) was killed, but its shard record names no user of the shard that killed it")
                }
                if user < earliest?.user ?? .max { earliest = (part, row, user) }
            }
            guard let (killer, row, user) = earliest else {
                merged.append(survivor)
                continue
            }
            var before = 0
            var killersOwn = 0
            for part in parts {
                let needed = part.usersBefore(user)
                let perUser = part.record.eventsPerUser ?? []
                guard perUser.count >= needed else {
                    throw .folder(part.folder, "its kill matrix counts the events of \(Figures.count(perUser.count, "user")), not of the \(Figures.grouped(needed)) before user \(user) that killed \(row.name)")
                }
                let events = try ShardSum.total([part], "shard.eventsPerUser") { _ in Array(perUser[0..<needed]) }
                before = try ShardSum.add(before, events, field: "shard.eventsPerUser", folder: part.folder)
                if part.shard == killer.shard { killersOwn = events }
            }
            let inKillingUser = row.eventsUntilKill! - killersOwn
            guard inKillingUser >= 1 else {
                throw .folder(killer.folder, "mutant \(row.name): events until kill \(row.eventsUntilKill!) are fewer than its users before user \(user) had")
            }
            var entry = row
            entry.eventsUntilKill = try ShardSum.add(before, inKillingUser, field: "mutants[\(index)].eventsUntilKill", folder: killer.folder)
            merged.append(entry)
        }
        return merged
    }
}
