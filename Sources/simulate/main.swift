import Foundation
import Simulator

// `simulate`: thin dispatch to the commands; all behaviour lives in the Simulator library.
Console.prepare()
Interrupts.install()
var status = SimulateCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
// An interrupt that began while the command finished exits the process itself, with its
// own status; the command's (an error from a report it abandoned) must not win the race.
while Interrupts.interrupted { pause() }
if let problem = Console.outputErrorMessage {
    Console.error("error: \(problem)")
    status = 2
}
exit(status)
