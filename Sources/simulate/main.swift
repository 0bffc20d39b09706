import Foundation
import Simulator
// Imported by name, not only through Simulator's re-export, so that an incremental build
// recompiles this module when a SimulatorCore type's layout changes (Package.swift).
import SimulatorCore

// `simulate`: thin dispatch to the commands; all behaviour lives in the Simulator library.
Console.prepare()
Interrupts.install()
var status = SimulateCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
// An interrupt that began while the command finished exits the process itself, with its
// own status; the command's (an error from a report it abandoned) must not win the race.
// Its handler's steps are bounded; should it still not have exited after 10 s, this does.
guard Interrupts.claimExit() else {
    Thread.sleep(forTimeInterval: 10)
    _exit(130)
}
if let problem = Console.outputErrorMessage {
    Console.error("error: \(problem)")
    status = 2
}
exit(status)
