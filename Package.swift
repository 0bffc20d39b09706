// swift-tools-version:6.0
import PackageDescription

/// The subscription-rules harness: a pure reference model of the rules, a seeded
/// simulator that checks it (or any other implementation) against invariants, and
/// the `simulate` command that drives both. No package dependencies by design.
let package = Package(
    name: "SubscriptionHarness",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SubscriptionModel", targets: ["SubscriptionModel"]),
        .library(name: "Simulator", targets: ["Simulator"]),
        .executable(name: "simulate", targets: ["simulate"]),
    ],
    targets: [
        // The shipped policy files, compiled into the library (no Bundle lookup at run time).
        .target(name: "SubscriptionModel", resources: ["meal-capture", "daa-tiers", "oxalate", "daily-quip", "face-recall"].map { .embedInCode("Policies/\($0).json") }),
        .target(name: "Simulator", dependencies: ["SubscriptionModel"]),
        .executableTarget(name: "simulate", dependencies: ["Simulator", "SubscriptionModel"]),
        // The spec's examples are read from their path (and compared with shared/), not bundled.
        .testTarget(name: "Scenarios", dependencies: ["SubscriptionModel", "Simulator"], exclude: ["Examples"]),
        .testTarget(name: "Properties", dependencies: ["SubscriptionModel", "Simulator"]),
    ]
)
