/// FNV-1a, 64 bits, over a text's UTF-8 bytes: a number that stands for a text, the same
/// on every platform and in every run (unlike `Hasher`, seeded per process), so that
/// digests of outputs can be compared across runs.
package enum FNV1a {
    /// The hash of `text`.
    package static func hash(_ text: String) -> UInt64 {
        hash(bytes: text.utf8)
    }

    /// The hash of `bytes` (a file's content, say).
    package static func hash(bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
