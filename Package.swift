// swift-tools-version:6.2
import PackageDescription

/// The subscription-rules harness: a pure reference model of the rules, a seeded
/// simulator that checks it (or any other implementation) against invariants, and
/// the `simulate` command that drives both. No package dependencies by design.
///
/// Tools 6.2: `FlagshipImplementation` refines `SendableMetatype` (SE-0470).
/// macOS 15 / iOS 18: `Synchronization.Mutex` (the zone tables' cache, the campaign's
/// tallies). `SubscriptionModel`, `SimulatorCore` and `SubscriptionTesting` (what an iOS
/// test target builds) build for iOS; running external programs (`simulate check`, in
/// `Simulator`) is macOS and Linux only and compiled out elsewhere.
let package = Package(
    name: "SubscriptionHarness",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "SubscriptionModel", targets: ["SubscriptionModel"]),
        .library(name: "Simulator", targets: ["Simulator"]),
        .executable(name: "simulate", targets: ["simulate"]),
        .library(name: "SubscriptionTesting", targets: ["SubscriptionTesting"]),
    ],
    targets: [
        // The shipped policy files, compiled into the library (no Bundle lookup at run time).
        .target(name: "SubscriptionModel", resources: ["meal-capture", "daa-tiers", "oxalate", "daily-quip", "face-recall"].map { .embedInCode("Policies/\($0).json") }),
        // The harness's core for any policy: the generator, the checker, the shrinker and
        // the campaign loop (what a check of app code needs: no reports, processes,
        // shards or StoreKit files).
        .target(name: "SimulatorCore", dependencies: ["SubscriptionModel"], resources: [.embedInCode("Rules/Policy/Examples/scan-credits.json"),
                                                                                                 .embedInCode("Rules/Policy/Examples/photo-units.json"),
                                                                                                 .embedInCode("Rules/Policy/Examples/night-owl.json"),
                                                                                                 .embedInCode("Rules/Policy/Examples/study-week.json"),
                                                                                                 .embedInCode("Rules/Policy/Examples/ask-window.json"),
                                                                                                 .embedInCode("Rules/Policy/Examples/chat-pool.json"),
                                                                                                 .embedInCode("Rules/Policy/Examples/billing-month.json")]),
        // The rest of the harness: the flagship's own rules, reports, external programs,
        // shards, StoreKit files, mutants; it re-exports SimulatorCore.
        .target(name: "Simulator", dependencies: ["SimulatorCore", "SubscriptionModel"]),
        // `simulate` and the tests name SimulatorCore although Simulator re-exports it:
        // with only the re-export, an incremental build can keep a stale layout of a
        // SimulatorCore struct that gained a stored property (swiftlang/swift#89636).
        .executableTarget(name: "simulate", dependencies: ["Simulator", "SimulatorCore", "SubscriptionModel"]),
        // The example timelines and StoreKit fixtures are read from their path by the tests, not bundled.
        // What every test target shares: the scratch folder the tests write in, removed at exit.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "Scenarios", dependencies: ["SubscriptionModel", "SimulatorCore", "Simulator", "TestSupport"], exclude: ["Examples", "StoreKit"]),
        .testTarget(name: "Properties", dependencies: ["SubscriptionModel", "SimulatorCore", "Simulator", "TestSupport"]),
        // A team's own quota code under the harness: a simulated device, an adapter, one
        // call that checks it from Swift Testing or XCTest (no processes, no files: builds
        // for an iOS test target).
        .target(name: "SubscriptionTesting", dependencies: ["SimulatorCore", "SubscriptionModel"]),
        .testTarget(name: "DeviceTests", dependencies: ["SubscriptionTesting", "SimulatorCore", "Simulator", "SubscriptionModel", "TestSupport"]),
    ]
)
