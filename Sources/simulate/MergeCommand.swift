import Foundation
import Simulator

/// `simulate merge --report OUT DIR...`: the shards of one run (`--shard I/N`) merged
/// into the report the whole run writes in one process; exit 1 when the merged run
/// failed (an invariant broke, a category fell below its floor, a mutant survived).
enum MergeCommand {
    static let help = """
    simulate merge: put the shards of one run back together. Each shard is a run of
    'simulate run', 'simulate mutants' or 'simulate check' with --shard I/N (user k
    belongs to shard k mod N + 1, so every shard sees every persona); the merged report
    is the one the whole run writes in one process: the same counts, invariants,
    coverage with floors for the whole run's size, behaviour, digest, first failure
    by user (shrunk by the shard that found it) and kill matrix (each mutant's
    earliest kill, with the events of every earlier user), wall-clock figures aside
    (jobs added, the longest shard's seconds). A check's failure is the lowest failing
    user of all shards; as each shard stops at its own first failure, a failing
    check's counts are what the shards checked before stopping and may differ from
    the unsharded check's.

    USAGE
      simulate merge [--report OUT] [--policy FILE] [--storekit FILE] DIR...

    OPTIONS
      --report OUT  where the merged report goes (default reports/latest): report.json,
                    report.md, report.html, summary.txt and failures/*.json; the folder
                    is replaced whole
      --policy FILE, --storekit FILE
                    a copy of the policy file (StoreKit file) the shards read, to
                    set the floors again from when none of the paths they recorded
                    holds it here (shards run on other machines); taken only when
                    its bytes hash as the shards' did
      DIR...        the report folder of every shard of the run, once each, any order

    Refused with one line naming the folder, exit status 2, nothing written: a folder
    that is not a report, a whole run's report, a shard of another run (seed, users,
    years, personas, policy, StoreKit file, tool version, tz data, shard count; a
    file by its bytes, below), a shard given twice, a shard missing, counts that add
    up past the most a count holds (naming the shard and the field); an OUT that is
    or holds a shard's folder (replacing it would delete the shard). Exit 1 when the
    merged run failed, 0 when it passed.

    A policy file's (and a --storekit file's) shards may come from several folders or
    machines, each with its own copy of the file, named by any path: they are one run
    while the copies' bytes are the same (each report.json records a hash of them);
    copies with other bytes are refused. The floors are set again from the copy given
    with --policy (--storekit), else from the first path a shard recorded whose file
    still holds those bytes; none left is refused, saying what became of each.

    EXAMPLE
      simulate run --seed 7 --users 3000 --shard 1/3 --report /tmp/c/shard-1
      (the same with 2/3 and 3/3, on other machines if you like)
      simulate merge --report /tmp/c/merged /tmp/c/shard-1 /tmp/c/shard-2 /tmp/c/shard-3
    """

    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(help); return 0 }
        let reportPath = try arguments.outputPath("--report") ?? "reports/latest"
        let copies = ReportMerge.Copies(policy: try arguments.string("--policy"), storeKit: try arguments.string("--storekit"))
        let folders = try arguments.positionals
        try arguments.rejectUnknown()
        guard !folders.isEmpty else { throw UsageError("merge needs the report folder of every shard; see 'simulate merge --help'") }
        let folder = try ReportFolder(path: reportPath, inputs: folders + ShardReport.filesRead(by: folders) + [copies.policy, copies.storeKit].compactMap { $0 })
        let merged: (report: RunReport, summary: String)
        do {
            merged = try ReportMerge.run(folders: folders, into: folder, copies: copies)
        } catch let refusal as MergeRefusal {
            throw UsageError(refusal.message)
        }
        try RunCommand.commitThenPrint(folder, merged.summary)
        return merged.report.passed ? 0 : 1
    }
}
