import Testing

/// Checks a hand-written `==` (written out for speed) against the type's stored fields:
/// `value` has exactly one stored property per entry of `changes`, equals itself, and
/// differs from itself after any one change. A field added to the type and not to `==`
/// fails the first expectation; a field left out of `==` fails its change's.
///
/// `storedFields`: how many stored fields hold the fields changed, when that is not one
/// each (lanes of a vector).
func expectEqualityReadsEveryField<Value: Equatable>(_ value: Value, _ changes: [(field: String, change: (inout Value) -> Void)],
                                                     storedFields: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Mirror(reflecting: value).children.count == storedFields ?? changes.count, "stored fields against the changes tried",
            sourceLocation: sourceLocation)
    #expect(value == value, sourceLocation: sourceLocation)
    for (field, change) in changes {
        var other = value
        change(&other)
        #expect(other != value, "\(field)", sourceLocation: sourceLocation)
    }
}
