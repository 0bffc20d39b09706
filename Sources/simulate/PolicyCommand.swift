import Foundation
import Simulator
import SubscriptionModel

/// `simulate policy show NAME|FILE`: a policy as a reviewer reads it; `simulate policy
/// init --storekit FILE`: a starting policy for what a StoreKit file sells.
enum PolicyCommand {
    static func main(_ arguments: CommandArguments) throws -> Int32 {
        if arguments.wantsHelp { Console.out(HelpText.policy); return 0 }
        let storeKit = try arguments.inputPath("--storekit")
        let out = try arguments.outputPath("--out")
        let positionals = try arguments.positionals
        try arguments.rejectUnknown()
        if positionals.first == "init" {
            guard positionals.count == 1 else { throw UsageError("policy init takes no argument but its flags, got \(ErrorText.quoted(positionals[1]))") }
            guard let storeKit else { throw UsageError("policy init needs --storekit FILE (the StoreKit configuration whose products the policy sells)") }
            return try initialize(storeKit: storeKit, out: out)
        }
        guard storeKit == nil, out == nil else { throw UsageError("--storekit and --out go with 'policy init'") }
        guard positionals.first == "show" else {
            throw UsageError(positionals.isEmpty ? "policy needs a subcommand: 'simulate policy show NAME|FILE' or 'simulate policy init --storekit FILE'"
                             : "unknown policy subcommand \(ErrorText.quoted(positionals[0])); expected \"show\" or \"init\"")
        }
        guard positionals.count == 2 else { throw UsageError("policy show takes one NAME or FILE, got \(positionals.count - 1)") }
        let name = try CommandArguments.utf8Name(positionals[1], verb: "read")
        do {
            Console.out(PolicyDescription.text(try PolicyLoader.load(name)), terminator: "")
            return 0
        } catch {
            Console.error(error.description)
            return 2
        }
    }

    /// `policy init --storekit FILE [--out P]`.
    static func initialize(storeKit path: String, out: String?) throws -> Int32 {
        if let out {
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: out, isDirectory: &folder) {
                throw UsageError("--out \(ErrorText.quotedPath(out)): " + (folder.boolValue ? "a folder; name the policy file to write"
                                 : "already exists; 'policy init' never overwrites a file (remove it, or choose another path)"))
            }
        }
        guard let configuration = StoreKitCommand.read(path) else { return 2 }
        let file = URL(fileURLWithPath: path).lastPathComponent
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let name = StoreKitPolicyDraft.slug(base).isEmpty ? "my-app" : StoreKitPolicyDraft.slug(base)
        let draft = StoreKitPolicyDraft(configuration: configuration, name: name, file: file)
        guard let out else {
            for note in draft.notes { Console.error("note: " + note) }
            Console.out(draft.text, terminator: "")
            return 0
        }
        do {
            // Linked into place, so a file made there meanwhile is not overwritten either;
            // its folder is made if need be.
            try ReportFolder.writeNewFile(draft.text, to: out)
        } catch {
            throw UsageError("--out " + error.description)
        }
        // The notes once the file is written: a refused --out gets no notes before its error line.
        for note in draft.notes { Console.error("note: " + note) }
        let shown = ShellText.word(out)
        let simulate = ShellText.simulate
        Console.error("wrote \(out); next: \(simulate) policy show \(shown); \(simulate) run --policy \(shown); \(simulate) storekit \(ShellText.word(path)) --policy \(shown)")
        return 0
    }
}
