import Foundation
import Simulator

// `simulate`: thin dispatch to the commands; all behaviour lives in the Simulator library.
Console.prepare()
Interrupts.install()
var status = SimulateCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
if let problem = Console.outputErrorMessage {
    Console.error("error: \(problem)")
    status = 2
}
exit(status)
