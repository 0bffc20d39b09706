import Foundation

/// A key-value store with `UserDefaults`' reading and writing methods, kept in memory:
/// the simulated device's app container (`defaults`, wiped by a reinstall) and its
/// keychain (`keychain`, kept).
///
/// The method names and their conversions are `UserDefaults`' own (`integer(forKey:)`
/// is 0 for a missing key, a stored `Double` reads as its integer part, a `Bool` as 0 or
/// 1, a numeric `String` as its number; `string(forKey:)` of a `Bool` is `1` or `0`), but
/// for two corners: any value is kept (`UserDefaults` traps on one that is no
/// property-list type), and `object(forKey:)` returns the value as stored (a stored `Int`
/// is no `Bool` to `as?`, where `NSNumber` bridges 0 and 1). So code written against a small protocol of
/// those methods runs on either: `extension UserDefaults: QuotaStorage {}` in the app,
/// `extension DeviceStore: QuotaStorage {}` in its tests (`docs/testing-your-app.md`).
/// Nothing is written to disk, so a test leaves no trace and runs on an iOS device.
public final class DeviceStore: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Any] = [:]

    /// An empty store.
    public init() {}

    /// The value stored for `key`, or nil.
    public func object(forKey key: String) -> Any? {
        lock.withLock { values[key] }
    }

    /// Stores `value` for `key`; nil removes it (as `UserDefaults.set(nil, forKey:)`).
    public func set(_ value: Any?, forKey key: String) {
        lock.withLock { values[key] = value }
    }

    /// Stores an integer.
    public func set(_ value: Int, forKey key: String) { set(value as Any?, forKey: key) }
    /// Stores a Boolean.
    public func set(_ value: Bool, forKey key: String) { set(value as Any?, forKey: key) }
    /// Stores a floating-point number.
    public func set(_ value: Double, forKey key: String) { set(value as Any?, forKey: key) }
    /// Stores a single-precision number (read back by `float(forKey:)` or `double(forKey:)`).
    public func set(_ value: Float, forKey key: String) { set(value as Any?, forKey: key) }
    /// Stores a URL; nil removes the value (as `UserDefaults.set(_:forKey:)` with a URL).
    public func set(_ value: URL?, forKey key: String) { set(value as Any?, forKey: key) }

    /// Removes the value for `key`.
    public func removeObject(forKey key: String) {
        _ = lock.withLock { values.removeValue(forKey: key) }
    }

    /// The value as an integer: 0 when missing or not a number.
    public func integer(forKey key: String) -> Int {
        switch object(forKey: key) {
        case let value as Int: value
        case let value as Double: value.isFinite && abs(value) < 9.2e18 ? Int(value) : 0
        case let value as Float: value.isFinite && abs(value) < 9.2e18 ? Int(value) : 0
        case let value as Bool: value ? 1 : 0
        case let value as String: Int(value) ?? Double(value).map { $0.isFinite && abs($0) < 9.2e18 ? Int($0) : 0 } ?? 0
        default: 0
        }
    }

    /// The value as a floating-point number: 0 when missing or not a number.
    public func double(forKey key: String) -> Double {
        switch object(forKey: key) {
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as Bool: value ? 1 : 0
        case let value as String: Double(value) ?? 0
        default: 0
        }
    }

    /// The value as a Boolean: false when missing; a number is true when not 0; the
    /// strings `YES`, `true` and `1` are true.
    public func bool(forKey key: String) -> Bool {
        switch object(forKey: key) {
        case let value as Bool: value
        case let value as Int: value != 0
        case let value as Double: value != 0
        case let value as Float: value != 0
        case let value as String: ["yes", "true", "1"].contains(value.lowercased())
        default: false
        }
    }

    /// The value as a string, or nil: a number reads as its text as `NSNumber` writes it
    /// (a `Bool` as `1` or `0`, a whole `Double` without `.0`).
    public func string(forKey key: String) -> String? {
        switch object(forKey: key) {
        case let value as String: value
        case let value as Int: String(value)
        case let value as Bool: value ? "1" : "0"
        case let value as Double: value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case let value as Float: value == value.rounded() && abs(value) < 1e7 ? String(Int64(value)) : String(value)
        default: nil
        }
    }

    /// The value as `Data`, or nil.
    public func data(forKey key: String) -> Data? {
        object(forKey: key) as? Data
    }

    /// The value as a single-precision number: 0 when missing or not a number.
    public func float(forKey key: String) -> Float {
        if let value = object(forKey: key) as? Float { return value }
        return Float(double(forKey: key))
    }

    /// The value as a dictionary with string keys, or nil.
    public func dictionary(forKey key: String) -> [String: Any]? {
        object(forKey: key) as? [String: Any]
    }

    /// The value as an array, or nil.
    public func array(forKey key: String) -> [Any]? {
        object(forKey: key) as? [Any]
    }

    /// The value as an array of strings, or nil (also when an element is not a string).
    public func stringArray(forKey key: String) -> [String]? {
        object(forKey: key) as? [String]
    }

    /// The value as a URL: one stored as a URL, or a string read as a file path; else nil.
    public func url(forKey key: String) -> URL? {
        switch object(forKey: key) {
        case let value as URL: value
        case let value as String: URL(fileURLWithPath: value)
        default: nil
        }
    }

    /// Every key and value stored.
    public func dictionaryRepresentation() -> [String: Any] {
        lock.withLock { values }
    }

    /// Empties the store (the device's reinstall).
    public func removeAll() {
        lock.withLock { values.removeAll() }
    }
}
