import Simulator
import SubscriptionModel
import Testing

/// `--shard I/N`: user k belongs to shard k mod N + 1, so the shards of a run cover
/// every user exactly once and each sees every persona; bad values are refused with
/// one line naming them.
@Suite("Shards of a run")
struct ShardTests {
    @Test("every user of a run is in exactly one shard, in order, and the sizes add up", arguments: [1, 2, 7, 100, 2_000])
    func partition(users: Int) throws {
        for count in 1...min(users, 7) {
            var owners = [Int](repeating: 0, count: users)
            var total = 0
            for index in 1...count {
                let shard = try #require(Shard(index: index, count: count))
                let mine = Array(shard.users(of: users))
                #expect(mine.count == shard.size(of: users), "shard \(shard) of \(users) users")
                #expect(mine == (0..<shard.size(of: users)).map(shard.user(at:)))
                #expect(mine == mine.sorted() && mine.allSatisfy { shard.contains(user: $0) })
                #expect(shard.size(of: users) >= users / count && shard.size(of: users) <= users / count + 1, "shares differ by at most one user")
                for user in mine { owners[user] += 1 }
                total += mine.count
            }
            #expect(owners.allSatisfy { $0 == 1 } && total == users, "\(count) shards of \(users) users")
        }
    }

    @Test("each of 3 shards of 300 users (seed 7) draws every persona")
    func everyPersona() throws {
        let generator = FlagshipTimelineGenerator(maxYears: 3)
        for index in 1...3 {
            let shard = try #require(Shard(index: index, count: 3))
            let personas = Set(shard.users(of: 300).map { generator.user(seed: 7, user: $0).persona })
            #expect(personas == Set(Persona.allCases), "shard \(shard): \(personas)")
        }
    }

    @Test("I/N is read strictly: whole numbers, 1 <= I <= N, N at most the run's users")
    func parse() throws {
        #expect(try Shard.parse("2/3", users: 10) == Shard(index: 2, count: 3))
        #expect(try Shard.parse("1/1", users: 1) == Shard(index: 1, count: 1))
        let malformed = ["a/b", "3", "1/3/3", "", "/3", "1/", "+1/3", "1.0/3", " 1/3"]
        for text in malformed {
            #expect(throws: Shard.ParseError(message: "--shard \"\(text)\": expected I/N, shard I of N, with 1 <= I <= N (such as 2/3)")) { try Shard.parse(text, users: 10) }
        }
        for (text, index, count) in [("0/3", 0, 3), ("4/3", 4, 3), ("-1/3", -1, 3), ("1/0", 1, 0)] {
            #expect(throws: Shard.ParseError(message: "--shard \"\(text)\": expected I/N with 1 <= I <= N (shard \(index) of \(count) does not exist)")) { try Shard.parse(text, users: 10) }
        }
        #expect(throws: Shard.ParseError(message: "--shard \"4/5\": 5 shards of 3 users would leave a shard with no users; use at most 3")) { try Shard.parse("4/5", users: 3) }
    }
}
