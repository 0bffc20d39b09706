import Foundation

/// Text as a POSIX shell reads it: how every printed command quotes a word.
package enum ShellText {
    /// `text` as one shell word: as it is when it holds only characters a shell takes
    /// literally, else in single quotes.
    package static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+:,@%=".unicodeScalars.contains(scalar))
        }
        return plain ? text : quoted(text)
    }

    /// `text` in single quotes, a quote inside it written `'\''`.
    package static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
