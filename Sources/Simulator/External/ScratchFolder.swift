import SimulatorCore
#if os(macOS) || os(Linux)
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder in the temporary directory for one run's timeline file, made with
/// `mkdtemp` (a name nobody else holds, readable only by this user) and removed with
/// everything in it when the run ends, or by `ExternalPrograms.stopAll()` on an
/// interrupt; so a check leaves nothing behind, whatever the program writes there.
struct ScratchFolder {
    /// The folder's path.
    let path: String

    /// Makes the folder, or says why the temporary directory refused.
    static func make() -> Result<ScratchFolder, ExternalProgram.Failure> {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("simulate-check-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            return .failure(.couldNotStart("cannot make a scratch folder in \(base): \(String(cString: strerror(errno)))"))
        }
        let folder = ScratchFolder(path: String(cString: made))
        ExternalPrograms.register(folder: folder.path)
        return .success(folder)
    }

    /// Writes `text` (UTF-8) as `name` in the folder; returns the file's path.
    func write(_ text: [UInt8], as name: String) -> Result<String, ExternalProgram.Failure> {
        let file = path + "/" + name
        do {
            try Data(text).write(to: URL(fileURLWithPath: file))
            return .success(file)
        } catch {
            return .failure(.couldNotStart("cannot write \(file): \(error.localizedDescription)"))
        }
    }

    /// Removes the folder and whatever is in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
        ExternalPrograms.unregister(folder: path)
    }
}
#endif
