extension Duration {
    /// The duration in seconds, as a `Double` (for figures people read).
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
