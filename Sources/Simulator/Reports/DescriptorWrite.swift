import Foundation
import SimulatorCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to a file descriptor with the system's calls, so that a failure is the
/// system's own reason (`errno`): a report file (`ReportFolder`) and the command's
/// standard output and error share it.
package enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`, again after an interrupted call; returns
    /// `errno` on failure, nil once everything is written.
    package static func all(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
