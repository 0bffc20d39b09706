import Foundation

/// A run's report folder: created up front (so a bad path fails before the run), then
/// written file by file, each atomically, so a failed write leaves nothing half-written.
public struct ReportFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Why a report could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The message.
        public let description: String
    }

    /// Creates the folder (and its parents) if needed.
    public init(path: String) throws(WriteError) {
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw WriteError(description: "--report \"\(path)\": a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "--report \"\(path)\": cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// Writes `text` to `name` inside the folder and returns the file's path.
    @discardableResult
    public func write(_ text: String, as name: String) throws(WriteError) -> String {
        let full = (path as NSString).appendingPathComponent(name)
        let folder = (full as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full), options: .atomic)
        } catch {
            throw WriteError(description: "cannot write \(full): \(error.localizedDescription)")
        }
        return full
    }

    /// Writes `report.json`, `report.md` and `report.html`.
    public func write(_ report: RunReport) throws(WriteError) {
        try write(report.json(), as: "report.json")
        try write(MarkdownReport.text(report), as: "report.md")
        try write(HTMLReport.page(report), as: "report.html")
    }
}
