// swift-tools-version:6.2
import PackageDescription

/// An example app's quota code, written the way the daily-quip product describes it, and
/// its tests with the subscription harness: the described design's bugs shown as known
/// issues, and a fixed manager that passes; and a second app's, written with a singleton
/// and inline system calls, adapted with the fewest changes. It depends on the harness by path, as a team
/// would depend on it by URL.
let package = Package(
    name: "QuotaApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "QuotaApp", targets: ["QuotaApp"]),
        .library(name: "SingletonQuotaApp", targets: ["SingletonQuotaApp"]),
    ],
    dependencies: [
        .package(name: "SubscriptionHarness", path: "../.."),
    ],
    targets: [
        // The app's code: Foundation only, nothing of the harness.
        .target(name: "QuotaApp"),
        .testTarget(name: "QuotaAppTests", dependencies: [
            "QuotaApp",
            .product(name: "SubscriptionTesting", package: "SubscriptionHarness"),
            .product(name: "SubscriptionModel", package: "SubscriptionHarness"),
        ]),
        // A second app's code, written with a `shared` singleton, `Date()`, `Calendar.current`
        // and `UserDefaults.standard`, after the fewest changes the harness needs.
        .target(name: "SingletonQuotaApp"),
        .testTarget(name: "SingletonQuotaAppTests", dependencies: [
            "SingletonQuotaApp",
            .product(name: "SubscriptionTesting", package: "SubscriptionHarness"),
            .product(name: "SubscriptionModel", package: "SubscriptionHarness"),
        ]),
    ]
)
