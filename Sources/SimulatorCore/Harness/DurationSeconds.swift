extension Duration {
    /// The duration in seconds, as a `Double` (for figures people read).
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
