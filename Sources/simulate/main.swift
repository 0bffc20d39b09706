import Foundation
import Simulator

// `simulate`: thin dispatch to the commands; all behaviour lives in the Simulator library.
let status = SimulateCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
