import Foundation

/// Text as a POSIX shell reads it: how every printed command quotes a word.
package enum ShellText {
    /// How every printed command runs the simulator: from the package's folder, with
    /// the release build (the README's first command builds it; a replay needs no
    /// other build). With the binary elsewhere, its path takes these words' place.
    package static let simulate = "swift run -c release simulate"

    /// `text` as one shell word: as it is when it holds only characters a shell takes
    /// literally, else in single quotes.
    package static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+:,@%=".unicodeScalars.contains(scalar))
        }
        return plain ? text : quoted(text)
    }

    /// The words of a one-line command, as a POSIX shell splits them when the command
    /// holds no expansions: at unquoted spaces, with quotes and escaping backslashes
    /// taken away (inside double quotes a backslash escapes only `$`, `` ` ``, `"` and
    /// itself; a backslash at the very end stays). The inverse of `word`, the words
    /// joined by spaces.
    package static func words(_ command: some StringProtocol) -> [String] {
        var words: [String] = [], word = "", inWord = false, quote: Character?, escaped = false
        for character in command {
            if escaped {
                if quote == "\"", !"$`\"\\".contains(character) { word.append("\\") }
                word.append(character)
                escaped = false
            } else if quote == "'" {
                if character == "'" { quote = nil } else { word.append(character) }
            } else if quote == "\"" {
                if character == "\"" { quote = nil } else if character == "\\" { escaped = true } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
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
        if escaped { word.append("\\") }
        if inWord { words.append(word) }
        return words
    }

    /// `text` in single quotes, a quote inside it written `'\''`.
    package static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
