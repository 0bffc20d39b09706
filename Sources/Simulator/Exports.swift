// The harness's core (the generator, checker, shrinker and campaign loop of any policy)
// is part of this module's API: code that imports Simulator sees it whole.
@_exported import SimulatorCore
