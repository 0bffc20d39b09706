/// An implementation whose whole state is one value the check can compare and copy: a
/// step depends on that value, the event, and what the implementation was built with (its
/// rules, the same for two instances the check makes alike), and two equal values give
/// equal outputs and equal values again for every event that follows.
///
/// `TimelineCheck` steps the shadow of such an implementation (the instance that never
/// sees the events that change nothing) only while the shadow's state differs from the
/// implementation's: until then its outputs could not differ. The verdicts are the ones
/// stepping it at every event gives, for less work; the reference engine is one.
package protocol StateFollowing {
    /// The implementation's whole state.
    associatedtype FollowedState: Equatable
    /// The implementation's whole state, read and replaced by `TimelineCheck`.
    var followedState: FollowedState { get set }
}

/// How `TimelineCheck` compares and copies the states of a `StateFollowing`
/// implementation that it holds as a generic value (by address, so that neither a check
/// nor a copy copies anything but the state).
struct StateFollower {
    /// Whether the states of the implementations at the two addresses are equal.
    let same: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    /// Gives the implementation at the second address the state of the one at the first.
    let copy: (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void

    /// The follower of `Implementation`, or nil when it is not `StateFollowing`.
    static func of<Implementation>(_ type: Implementation.Type) -> StateFollower? {
        (type as? any StateFollowing.Type)?.follower
    }
}

extension StateFollowing {
    /// This type's `StateFollower`.
    static var follower: StateFollower {
        StateFollower(
            same: { $0.assumingMemoryBound(to: Self.self).pointee.followedState == $1.assumingMemoryBound(to: Self.self).pointee.followedState },
            copy: { $1.assumingMemoryBound(to: Self.self).pointee.followedState = $0.assumingMemoryBound(to: Self.self).pointee.followedState })
    }
}
