import Testing

/// Checks a hand-written `==` (written out for speed) against the type's stored fields:
/// `value` has exactly one stored property per entry of `changes`, equals itself, and
/// differs from itself after any one change. A field added to the type and not to `==`
/// fails the first expectation; a field left out of `==` fails its change's.
func expectEqualityReadsEveryField<Value: Equatable>(_ value: Value, _ changes: [(field: String, change: (inout Value) -> Void)],
                                                     sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Mirror(reflecting: value).children.count == changes.count, "stored fields against the changes tried", sourceLocation: sourceLocation)
    #expect(value == value, sourceLocation: sourceLocation)
    for (field, change) in changes {
        var other = value
        change(&other)
        #expect(other != value, "\(field)", sourceLocation: sourceLocation)
    }
}
