/// One share of a run spread over several processes or machines (`--shard I/N`).
///
/// The share is interleaved: user k belongs to shard `k mod N + 1`. Every shard
/// therefore sees every persona, every kind of timeline and every stretch of the user
/// numbers, so each shard's report judges a fair sample, and `simulate merge` can put
/// the shards back together into exactly the whole run's report. Users keep their
/// whole-run numbers, so a timeline depends only on `(seed, user, years)` whichever
/// shard draws it, and any user is still regenerated alone with `simulate replay`.
///
/// A command gets `--shard` in a few lines: parse it with `Shard.parse(_:users:)`,
/// put it in `CampaignOptions.shard`, and walk `shard.users(of:)` (or
/// `user(at:)` for `0..<size(of:)`) instead of `0..<users`.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// This shard's number, from 1.
    package let index: Int
    /// How many shards the run is split into.
    package let count: Int

    /// Why a `--shard` value was refused: the one line the command prints.
    package struct ParseError: Error, Equatable, Sendable {
        /// The message, naming the value.
        package let message: String

        /// A refusal saying `message`.
        package init(message: String) {
            self.message = message
        }
    }

    /// Shard `index` of `count`, or nil unless `1 <= index <= count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `I/N` as a command line gives it, for a run of `users` users: refused,
    /// with a message naming the value, unless I and N are whole numbers with
    /// `1 <= I <= N` and N is at most the run's users (so no shard is empty).
    package static func parse(_ text: String, users: Int) throws(ParseError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), parts.allSatisfy({ !$0.hasPrefix("+") }) else {
            throw ParseError(message: "--shard \(quoted(text)): expected I/N, shard I of N, with 1 <= I <= N (such as 2/3)")
        }
        guard let shard = Shard(index: index, count: count) else {
            throw ParseError(message: "--shard \(quoted(text)): expected I/N with 1 <= I <= N (shard \(index) of \(count) does not exist)")
        }
        guard count <= users else {
            throw ParseError(message: "--shard \(quoted(text)): \(Figures.count(count, "shard")) of \(Figures.count(users, "user")) would leave a shard with no users; use at most \(users)")
        }
        return shard
    }

    /// How many of a run's `users` users this shard draws.
    package func size(of users: Int) -> Int {
        // (users - index + count) / count, without passing Int.max for a huge `users`.
        users > index - 1 ? (users - index) / count + 1 : 0
    }

    /// The whole-run number of this shard's user at `position` (from 0).
    @inline(__always)
    package func user(at position: Int) -> Int { index - 1 + position * count }

    /// This shard's users of a run of `users` users, in order.
    package func users(of users: Int) -> StrideTo<Int> { stride(from: index - 1, to: users, by: count) }

    /// Whether `user` is one of this shard's.
    package func contains(user: Int) -> Bool { user >= 0 && user % count == index - 1 }

    /// The command-line form, `--shard I/N`.
    package var flag: String { "--shard \(index)/\(count)" }

    /// `I/N`.
    package var description: String { "\(index)/\(count)" }

    private static func quoted(_ text: String) -> String { ErrorText.quoted(text) }
}
