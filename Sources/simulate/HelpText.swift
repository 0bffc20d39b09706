/// Every usage text of the command, in one place (and tested as strings).
enum HelpText {
    /// The help of a command, or nil for a name that is not one.
    static func text(for command: String) -> String? {
        switch command {
        case "simulate", "help", "--help", "-h": overview
        default: SimulateCommand.table.first { $0.name == command }?.help
        }
    }

    static let overview = """
    simulate: a seeded simulator for subscription and paywall rules.

    USAGE
      simulate [run] [options]        simulate many users, check every invariant (the default)
      simulate replay FILE [--mutant NAME]
                                      replay a timeline file through the reference model,
                                      or through one of the package's mutants
                                      (FILE may be - for standard input; a timeline
                                      naming a "policy" runs under that policy)
      simulate replay --seed S --user K [--years Y] [--policy X] [--out FILE]
                                      regenerate one user of a run and replay it
                                      (with the run's --personas, --no-swarm and
                                      --storekit, if it had them; --app-life: a
                                      user of a check of app code)
      simulate replay --batch         replay timelines read one after another from
                                      standard input (docs/batch-protocol.md)
      simulate check --command "CMD"  check another implementation (a program speaking
                                      the replay contract) against the reference model
      simulate mutants [--policy X]   the default campaign against 18 realistic buggy
                                      implementations (a shipped or example policy's
                                      own with --policy): a kill matrix
      simulate diff OLD NEW           compare two reports (report.json files or folders): what moved
      simulate baseline               regenerate the behaviour baselines in reports/
      simulate bench                  measure events per second against baselines
      simulate policies               list the shipped policies (docs/policies.md)
      simulate policy show NAME|FILE  a policy as a reviewer reads it; checks a policy file
      simulate policy init --storekit FILE [--out P]
                                      a starting policy for what a StoreKit file sells
      simulate storekit FILE [--policy X]
                                      what a StoreKit configuration file sells, or
                                      where it and a policy disagree (docs/storekit.md)
      simulate merge [--report OUT] DIR...
                                      merge the shards' reports (--shard I/N on run,
                                      mutants and check) into the whole run's report
      simulate help [COMMAND]         show help for a command
      simulate --version              the version, as reports name it

    EXIT STATUS
      0 every invariant held, 1 an invariant broke (or a coverage category fell
      below its floor, or a mutant survived, or a checked program failed), 2 bad
      arguments or input (also when a report cannot be written: a command that
      writes one prints its summary only once the report is in place, so that exit
      2 leaves standard output empty and the earlier report as it was; and when
      standard output cannot be written, by then with the new report in place;
      not when its reader stops early, as | head does: the command's own status),
      130 interrupted (Ctrl-C), 143 terminated (SIGTERM).

    NUMBERS
      Options take plain decimal numbers, as --users 500 or --users=500: --users 1
      to 100000000, --years 1 to 60, --jobs 1 to 512, --seed 0 to
      18446744073709551615, check's --timeout 0.1 to 3600 seconds (a fraction
      allowed); each command's help gives its own.

    Run 'simulate COMMAND --help' for a command's options.
    """

    static let run = """
    simulate run: live through many users' timelines and check every invariant.

    USAGE
      simulate [run] [--seed S] [--users N] [--years Y] [--jobs J] [--report DIR]
                     [--personas P,...] [--quiet] [--policy NAME|FILE [--no-swarm]]
                     [--storekit FILE]
                     [--shard I/N]

    OPTIONS
      --seed S      the run's seed (0 to 2^64-1); default: a new one, printed
      --users N     how many users to simulate (default 20000)
      --years Y     the longest timeline, in years (default 3; spans vary from hours up to Y)
      --jobs J      worker threads (default: all cores); results never depend on it
      --report DIR  where the report goes (default reports/latest): report.json,
                    report.md, report.html, summary.txt and failures/*.json. The
                    folder is replaced whole when the run ends (nothing of an earlier
                    run stays); checked before the run starts: a folder holding files
                    but not a report's report.json, report.md and report.html, an
                    earlier report holding anything else, or a file the command
                    reads, is refused
      --personas P  only these personas, comma-separated (light, heavy, edge-walker,
                    traveller, subscriber, reinstaller); default all. Coverage
                    floors, where judged, stay the default mix's, so a run that
                    leaves out the personas who reach a category fails it (exit 1):
                    that is how a mix that stopped reaching an edge is caught
      --quiet       no progress on standard error
      --policy X    the rules: a shipped policy's or example's name ('simulate
                    policies') or a policy file; default meal-capture (the fast
                    v1 path). Any other policy runs on the generic engine with the
                    policy's own generator, invariants (docs/policies.md) and coverage
      --no-swarm    with --policy: every user may do everything (by default each
                    user draws its own subset of event kinds, features and habits);
                    coverage floors are then not judged (measured for swarm users)
      --storekit F  with --policy: sell the products of the Xcode StoreKit
                    configuration file F instead of the policy's own (their ids,
                    periods, and by level the plan of a new one; docs/storekit.md)
      --shard I/N   run only shard I of N (users k with k mod N = I - 1, keeping their
                    numbers; N at most the users); the report records the shard,
                    and 'simulate merge' makes the whole run's report of the N
                    shards' reports

    Exit status 1 when an invariant broke or a coverage category fell below its floor
    (marked "not exercised" in the report). Floors scale with the run's size and are
    set so that a passing run is not failed by chance; a run too small to judge a
    category says "not judged".

    A failure is shrunk to a minimal timeline, written to the report folder, and shown
    with the one command that replays it. Each user depends only on (seed, user) and
    the run's --years, --personas and policy settings, so 'simulate replay --seed S
    --user K' with those regenerates any of them alone (the failure prints it whole).
    """

    static let replay = """
    simulate replay: run one timeline through the reference model.

    USAGE
      simulate replay FILE [--mutant NAME]
      simulate replay --seed S --user K [--years Y] [--personas P,...]
                      [--policy X [--no-swarm] [--storekit F] [--app-life]] [--out FILE]
      simulate replay --batch

    Prints one JSON object per event (JSON Lines), as docs/timeline-format.md
    says. FILE may be - (standard input) or a pipe. A timeline without "policy" is
    the meal-capture rules with the v1 output; one that names a policy (a shipped
    name, or a policy file's path relative to the timeline) gets the generic output.
    A bad file is refused before anything runs: exit status 2, nothing on
    standard output, one line on standard error naming the field or event.

    OPTIONS
      --mutant NAME replay FILE through that mutant of its rules instead of the
                    reference (a kill matrix's row: a v1 mutant for a timeline
                    without "policy", else one of its shipped or example
                    policy's, with the screens the mutant shows itself); diff it
                    against the plain replay to see the bug. An unknown NAME
                    lists the mutants
      --seed S      regenerate a user of the run with this seed...
      --user K      ...the user with this index (0 to 99999999, as a run numbers them)
      --years Y     the run's --years (default 3): a user depends on (seed, user, years)
      --personas P  the run's --personas, if it gave one: with personas left out (or
                    in another order), user K is another user
      --policy X    a user of a run under policy X (a shipped name or a policy file)
      --no-swarm    ...of a run with --no-swarm
      --storekit F  ...of a run with --policy X --storekit F (the products of a StoreKit file)
      --app-life    ...of a check of app code (SubscriptionHarness.check), whose users
                    also relaunch the app, leave it for the background and come
                    back, and see its timers fire
      --out FILE    also write that user's timeline to FILE (a timeline file; a
                    link, device or folder already at FILE is refused, not replaced)
      --batch       the batch protocol (docs/batch-protocol.md): read timelines from
                    standard input, one per line, and answer each with its JSON Lines
                    and {"end":"ok"}, or only {"end":"error","error":"..."} for a bad
                    one (the session goes on); each answer is flushed. Exit 0 at the
                    end of the input. What simulate check --batch talks to
    """

    static let mutants = """
    simulate mutants: hunt every catalogued mutant (a realistic buggy implementation
    of the rules, Sources/Simulator/Rules/Flagship/Mutants) over the default
    campaign's users, each compared with the reference model, and print the kill
    matrix: killed or not, by
    which invariant or divergence (matches-reference), after how many simulated events
    and how much time, and the size of the shrunk counterexample. The matrix goes
    into the report (titled "Mutant kill matrix"), with each counterexample in
    failures/ and a regression test per mutant that constructs it and fails on its
    counterexample. Exit 1 if any mutant survives, or if the reference run of the
    same users fails (an invariant breaks or a coverage category falls below its
    floor; printed after the matrix).

    USAGE
      simulate mutants [--seed S] [--users N] [--years Y] [--jobs J] [--report DIR]
                       [--policy NAME [--no-swarm]] [--shard I/N] [--quiet]

    OPTIONS
      --seed S      default 7
      --users N     default 20000
      --years Y     default 3
      --jobs J      worker threads (default: all cores)
      --report DIR  default reports/latest (replaced whole, as for run)
      --policy X    the mutants of a shipped policy or of the examples
                    scan-credits, photo-units, night-owl, study-week,
                    ask-window, chat-pool and billing-month (in
                    Sources/Simulator/Rules/Policy/Mutants),
                    hunted over that policy's generated users;
                    default meal-capture, which hunts the v1 path's 18 mutants (in
                    Sources/Simulator/Rules/Flagship/Mutants);
                    its 3 generic-engine mutants are hunted by 'swift test'
      --no-swarm    with --policy: users without swarm subsets (coverage floors are
                    not judged: they are measured for swarm users)
      --shard I/N   hunt over shard I of N's users only (see 'simulate run --help');
                    'simulate merge' puts the shards' kill matrices together
      --quiet       no progress on standard error
    """

    static let check = """
    simulate check: run generated timelines through another implementation of the rules
    (an Android or server build, say) and compare every output with the reference model.

    USAGE
      simulate check --command "CMD ARGS" [--seed S] [--users N] [--years Y] [--jobs J]
                     [--timeout SECONDS] [--report DIR]
                     [--batch] [--policy NAME|FILE [--no-swarm]] [--shard I/N] [--quiet]

    The program is run by /bin/sh as CMD ARGS TIMELINE_FILE, once per timeline (twice
    when the timeline has looks or reinstalls: again without them, for invariant #6 of
    docs/rules.md), and must print the replay contract's JSON Lines. Every output is
    checked against the invariants and compared field by field with the reference
    model. The first failure (a divergence, a broken invariant, a crash, a time-out,
    malformed output) is shrunk to a minimal timeline, written to DIR/failures/, and
    shown with the commands that replay it. Output is read strictly as the contract's
    JSON: a count printed as 1.0 or true is malformed, not a match. Exit 1 on a
    failure, 0 when everything matched, 2 before any run when the program cannot be
    started (a path that does not exist, a folder, a file that is not executable, a
    name /bin/sh does not find). Ctrl-C stops every program and its children (exit
    130, nothing written); a failure found and still being shrunk is named on
    standard error, with the commands that show it.

    OPTIONS
      --command CMD    the program, with its arguments (required)
      --seed S         default: a new seed, printed
      --users N        default 2000
      --years Y        default 3
      --jobs J         programs run at once (default: all cores)
      --timeout T      seconds one run may take (default 10). The program runs in a
                       process group of its own, killed whole at the limit, after
                       64 MiB of standard output, and as soon as it exits, so nothing
                       it started outlives it. On Linux that holds for what left the
                       group too (setsid, a daemon): the check adopts it (a child
                       subreaper) and kills it with the program's run, or when the
                       check ends if it also cleared SIMULATE_PROGRAM_RUN from its
                       environment. On macOS only what stayed in the group is killed.
                       The program gets only standard input, output and error, and
                       SIMULATE_PROGRAM_RUN, which names its run
      --report DIR     default reports/latest (replaced whole, as for run; a folder
                       holding a file the command names by a path, from ~/, or as a
                       program found through $PATH is refused)
      --batch          the program speaks the batch protocol (docs/batch-protocol.md):
                       one process per job, kept alive, reads one timeline per line on
                       standard input and answers with its JSON Lines and an end
                       marker. --timeout and the output limit apply per timeline; after
                       a crash, a time-out or a broken answer the process is killed and
                       the next timeline gets a fresh one
      --policy X       generate users of policy X (a shipped name or a policy file) and
                       give the program generic timelines (naming X); its output is read
                       strictly as the generic contract (every field, its own screens)
                       and checked against every invariant of docs/policies.md and the
                       reference engine. Default: meal-capture, which (named or not)
                       gives v1 timelines and reads the v1 contract
      --no-swarm       ...users drawn without swarm testing, as run --no-swarm
      --shard I/N      check shard I of N's users only (user k is shard k mod N + 1's,
                       numbered as in the whole check); 'simulate merge' puts the
                       shards' reports together. Each shard stops at its own first
                       failure, so a failing check's merged counts may differ from
                       the unsharded check's; the failure named is the lowest user's
      --quiet          no progress on standard error (otherwise a line a second:
                       users checked, of how many, seconds so far)

    The report folder gets summary.txt, report.json, report.md and report.html
    (titled "External implementation check"), and the shrunk timeline in failures/.
    A time-out, or output past the limit, is shrunk for two minutes at most (each
    smaller timeline that still fails takes the whole --timeout, or prints up to
    the whole output limit, again); the summary says when shrinking stopped there.
    Ctrl-C while shrinking writes no report: it prints the failure found and the
    commands that regenerate the user and give it to the program, and once a
    smaller timeline has failed, that timeline whole (to save as a file) and
    what it broke.
    """

    static let policies = """
    simulate policies: the policies shipped with the package, then the examples of
    rules no product has.

    USAGE
      simulate policies

    Lists the policies shipped with the package (docs/policies.md), then the
    examples built into the simulator (scan-credits: credit packs; photo-units:
    uses that cost several units; night-owl: a day that starts at 04:00;
    study-week: calendar weeks from Sunday; ask-window: a rolling 24-hour
    window; chat-pool: a daily allowance, then a monthly pool; billing-month:
    months from the purchase), one a line, a blank line between the two: the name
    a timeline's "policy" or 'simulate policy show' takes, then what it is for.

    EXIT STATUS
      0, or 2 for an argument (it takes none).
    """

    static let policy = """
    simulate policy: show a policy as a reviewer reads it, or draft one from a StoreKit
    configuration.

    USAGE
      simulate policy show NAME|FILE
      simulate policy init --storekit FILE.storekit [--out POLICY.json]

    Prints a policy as a reviewer reads it: calendar, trial, grace and defaults, the
    features, each plan (paid ones in rank order) with its products, enabled
    features, limits, history windows and responses, then the screens (a branch
    that several plans or products share, such as an "else", printed once under
    all their names).
    NAME is a shipped policy or example ('simulate policies' lists them); anything
    else is the path of a policy file (docs/policy-file.md), which is checked
    strictly: a bad file prints one line naming the file, the JSON path and the
    fault (exit 2).

    'policy init --storekit FILE' writes a starting policy (format 2; 3 when it
    sells credit packs; 9 when it lists other products) for what an Xcode StoreKit
    configuration sells: a plan for each service of each subscription group (a
    service's monthly and yearly are one plan; services whose levels overlap are
    one plan too; plans ranked as the levels), each lifetime purchase with its
    service's plan or in a plan of its own, each subscription's period and
    introductory offer, each consumable as a credit pack of the meter "uses", and
    a free plan with one feature, "use", limited to 5 a day: placeholders for the
    app's own features and limits. Standard error names them, each product no
    rule reads (tips, non-renewing subscriptions, suites: the policy's
    "otherProducts") and each lifetime purchase a user can own beside another
    plan's product. It prints the policy, or writes it to --out: a new file, its
    folder made if need be; an existing file is never overwritten (exit 2). Then:
    'simulate policy show P', 'simulate run --policy P', 'simulate storekit FILE
    --policy P'.

    EXIT STATUS
      0; 2 for a policy or StoreKit file that cannot be read (one line naming the
      file and the fault), a bad argument, or an --out file that exists.
    """

    static let storekit = """
    simulate storekit: what an Xcode StoreKit configuration file sells, and where it
    and a policy disagree.

    USAGE
      simulate storekit FILE.storekit [--policy NAME|FILE]

    Without --policy, prints what an Xcode StoreKit configuration file sells: each
    subscription group (and 6.x suite group) with its subscriptions, then the
    products outside groups; each product with its kind, a subscription's period
    and level (1 the highest), its price as the file writes it, and below it each
    offer (introductory, promotional, offer code, win-back: how it is paid, for how
    long, at what price) and each billing plan but the ordinary upfront one.

    With --policy, compares the file with the policy (docs/storekit.md) and prints
    where they disagree, one finding per line naming the product:
      only in the policy, only in the file
                a product one side has and the other lacks (S1)
      kind      auto-renewable, non-consumable, consumable, non-renewing or a
                subscription suite (S2)
      period    a subscription's billing period (S3)
      level     levels against the plans' ranks: a higher plan needs a better
                (lower) groupNumber (S5); one plan's products at two levels, as
                Apple allows, is a warning on standard error
      introductory offer
                a subscription's introductory offer against the one the policy
                declares for it (S6); the policy's own trial from the install
                is not a StoreKit offer and is not compared
    The policy's subscriptions split over subscription groups (S4), which Apple
    allows, is a warning on standard error too: a user could hold one of each,
    where a policy has one entitlement at a time.
    When they agree it prints what was compared.

    The file is read leniently: format versions 1.x to 6.x, and a newer one as far
    as the reader knows it (with a warning); keys it does not need skipped unread
    (so settings, team and app ids, key pairs and EULA texts are never printed);
    keys a version leaves out optional. A fault in what only the listing shows (a
    price, an offer but the introductory one, a billing plan) is a warning and the
    value is left out. Warnings go to standard error, one line each:
      warning: FILE: PLACE: PROBLEM
    NAME is a shipped policy or example ('simulate policies'); anything else is a
    policy file.

    'simulate run --policy X --storekit FILE' simulates the policy with the file's
    products, periods, levels and introductory offers.

    EXIT STATUS
      0 for a listing, or when the file and the policy agree; 1 when they disagree;
      2 for a file that cannot be read (one line naming the file and the fault: a
      JSON path, or the line and column of a syntax error) or a bad --policy.
    """

    static let merge = """
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
    still holds those bytes; none left is refused, saying what became of each. A
    failure's command that regenerates its user names the policy file by that path
    when the name the shards were given does not lead to it from here.

    EXAMPLE
      simulate run --seed 7 --users 3000 --shard 1/3 --report /tmp/c/shard-1
      (the same with 2/3 and 3/3, on other machines if you like)
      simulate merge --report /tmp/c/merged /tmp/c/shard-1 /tmp/c/shard-2 /tmp/c/shard-3
    """

    static let diff = """
    simulate diff: what changed between two reports (report.json of two runs, or
    reports/baseline.json and a new run's), as markdown tables listing only what moved.

    USAGE
      simulate diff OLD NEW

    Each of OLD and NEW is a report.json, a report folder (its report.json is read) or
    - for standard input.

    EXIT STATUS
      0 whatever moved; 2 for a report that cannot be read (one line naming it) or
      other than two reports.
    """

    static let baseline = """
    simulate baseline: rerun the behaviour baselines (seed 20261121, 2,000 users,
    timelines of up to 3 years) and write reports/baseline.json and .md (meal-capture)
    and reports/baselines/POLICY.json and .md for every other shipped policy. 'swift
    test' fails while the behaviour differs from a committed baseline; after an
    intended rule change, run this and commit the files so the pull request shows
    what moved.

    USAGE
      simulate baseline [--report DIR] [--policy NAME]   (default DIR: reports; all policies)
    """

    static let bench = """
    simulate bench: events per second of the model step alone, of the full simulation,
    and of the simulation with local dates from Foundation's Calendar (the baseline),
    measured in one process, with their ratios, peak memory and the core count. The
    full simulation and the baseline run in alternating rounds; each figure is its
    median round, so a burst of load elsewhere on the machine moves one round, not
    the ratio.

    USAGE
      simulate bench [--seconds T] [--rounds R] [--jobs J] [--seed S] [--policy NAME|FILE]

    OPTIONS
      --seconds T   roughly how long each measurement runs, 0.1 to 600 (default 1)
      --rounds R    rounds of the full simulation and of the baseline, 1 to 99
                    (default 5)
      --jobs J      worker threads for the full simulation, 1 to 512 (default: all
                    cores)
      --seed S      the seed of the simulated users (default 1)
      --policy X    measure a policy on the generic engine instead: (a) its step
                    alone, (b) its full simulation and (c) the same with each
                    event's local date (engine and checker) from Calendar; the
                    flagship's (b) runs in the same alternating rounds, and
                    'policy/flagship' is the ratio of the two medians of (b);
                    'policy/flagship per processor second' is the same ratio
                    by the rounds' processor time, which other programs' load
                    moves less
    """
}
