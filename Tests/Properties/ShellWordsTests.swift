import Simulator
import Testing

/// `ShellText.words` reads back what `ShellText.word` writes: a merge compares shards'
/// commands word by word, so a word holding spaces, quotes or backslashes must come back
/// whole.
@Suite("Shell words read back")
struct ShellWordsTests {
    @Test("words written by ShellText.word and joined by spaces read back as they were (seeded, 2,000 commands of 1 to 6 words)")
    func roundTrip() {
        let seed = PropertySettings.seed, iterations = 2_000
        var random = SeededRandom(seed: seed)
        let alphabet = Array("ab/._-'\\ \"$é\t=")
        for iteration in 0..<iterations {
            let words = (0..<random.int(in: 1...6)).map { _ in String((0..<random.int(in: 0...8)).map { _ in alphabet[random.below(alphabet.count)] }) }
            let command = words.map(ShellText.word).joined(separator: " ")
            let read = ShellText.words(command)
            #expect(read == words, "seed \(seed), iteration \(iteration) of \(iterations): \(command) read as \(read); reproduce with PROPERTY_SEED=\(seed) swift test --filter ShellWordsTests")
            if read != words { return }
        }
    }

    @Test("a regenerate command renamed to another policy is the command written for it; not renamed, it is unchanged (seeded, 2,000 pairs of names)")
    func regenerateCommandRenamed() {
        let seed = PropertySettings.seed, iterations = 2_000
        var random = SeededRandom(seed: seed)
        let alphabet = Array("ab/._-'\\ \"$é\t= -")
        func name() -> String { String((0..<random.int(in: 1...10)).map { _ in alphabet[random.below(alphabet.count)] }) }
        func command(_ policy: String?) -> String {
            ShrunkFailure<PolicyRules>.regenerateCommand(policyName: policy, seed: 7, user: 3, years: 2, generatorFlags: ShrunkFailure<PolicyRules>.generatorFlags(swarm: false))
        }
        for iteration in 0..<iterations {
            let given = name(), other = name()
            let renamed = ShrunkFailure<PolicyRules>.regenerateCommand(command(given)) { $0 == given ? other : nil }
            let kept = ShrunkFailure<PolicyRules>.regenerateCommand(command(given)) { _ in nil }
            #expect(renamed == command(other) && kept == command(given),
                    "seed \(seed), iteration \(iteration) of \(iterations): \(given) → \(other): \(renamed); reproduce with PROPERTY_SEED=\(seed) swift test --filter ShellWordsTests")
            if renamed != command(other) || kept != command(given) { return }
        }
        #expect(ShrunkFailure<PolicyRules>.regenerateCommand(command(nil)) { _ in "x.json" } == command(nil), "no policy to rename")
    }

    @Test("a command as a shell splits it: plain words, quoted words, a quote inside quotes")
    func examples() {
        #expect(ShellText.words("simulate run --policy p.json") == ["simulate", "run", "--policy", "p.json"])
        #expect(ShellText.words("run --policy '/a b/p.json' --seed 3") == ["run", "--policy", "/a b/p.json", "--seed", "3"])
        #expect(ShellText.words("x 'it'\\''s' ''") == ["x", "it's", ""])
        #expect(ShellText.words("  a   b ") == ["a", "b"])
        #expect(ShellText.words(#"a \"#) == ["a", #"\"#], "a backslash at the end stays")
        #expect(ShellText.words(#"check --command "./app --batch" x"#) == ["check", "--command", "./app --batch", "x"])
        #expect(ShellText.words(#"a "b\"c\d" e\ f"#) == ["a", #"b"c\d"#, "e f"])
    }
}
