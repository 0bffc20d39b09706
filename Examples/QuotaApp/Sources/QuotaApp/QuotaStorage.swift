import Foundation

/// The few `UserDefaults` methods the quota code uses, so the same code runs on
/// `UserDefaults.standard` (or a keychain wrapper with the same methods) in the app and on
/// the harness's simulated stores in its tests.
public protocol QuotaStorage: AnyObject {
    /// The value for `key`, or nil.
    func object(forKey key: String) -> Any?
    /// The value for `key` as an integer, 0 when missing.
    func integer(forKey key: String) -> Int
    /// Stores `value` for `key`; nil removes it.
    func set(_ value: Any?, forKey key: String)
    /// Stores an integer for `key`.
    func set(_ value: Int, forKey key: String)
}

/// The app's container store.
extension UserDefaults: QuotaStorage {}
