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

    /// The words of `command` as a shell splits them: at unquoted spaces, single quotes
    /// and backslashes taken away (the inverse of `word`, the words joined by spaces).
    package static func words(_ command: String) -> [String] {
        var words: [String] = [], word = "", inWord = false, quoted = false, escaped = false
        for character in command {
            if escaped {
                word.append(character)
                escaped = false
            } else if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
            } else if character == "'" {
                quoted = true
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// `text` in single quotes, a quote inside it written `'\''`.
    package static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
