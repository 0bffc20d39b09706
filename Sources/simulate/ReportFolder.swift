import Foundation

/// The run's report folder: created up front (so a bad path fails before the run),
/// written file by file, each atomically.
struct ReportFolder {
    let path: String

    init(path: String) throws {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UsageError("--report \"\(path)\": cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// Writes `text` to `name` inside the folder and returns its path.
    func write(_ text: String, as name: String) throws -> String {
        let full = (path as NSString).appendingPathComponent(name)
        let folder = (full as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Console.write(text, toFile: full)
        return full
    }
}
