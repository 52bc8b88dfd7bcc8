import Foundation
import SentimentCore

/// Makes an error message one line of bounded length for stderr: messages
/// quote what the user gave (a label, a header name, an argument), which may
/// hold line breaks, control characters or megabytes.
enum ErrorLine {
  /// The user-facing text of an error that is no usage error (those are
  /// the parser's, ``Tweetalyze/message(for:)``): its description, the
  /// reason of a failed read, else the error as Swift prints it.
  static func message(for error: Error) -> String {
    if let error = error as? LocalizedError, let description = error.errorDescription {
      return description
    }
    if case ByteSourceError.readFailed(let code) = error {
      return "cannot read input: \(Files.reason(code))"
    }
    return "\(error)"
  }

  /// The longest message printed, in characters; the rest is cut with `…`.
  static let maximumLength = 2000

  /// `message` with control characters escaped (`\n`, `\r`, `\t`, `\u{1B}`;
  /// see ``isEscaped(_:)``) and cut to ``maximumLength`` characters.
  static func clean(_ message: String) -> String {
    var result = ""
    var length = 0
    for scalar in message.unicodeScalars {
      guard length < maximumLength else {
        result += "…"
        break
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: append(scalar, to: &result)
      }
      length += 1
    }
    return result
  }

  /// Whether `scalar` is written escaped wherever text from outside is
  /// shown (error lines, `--tweets`, `explain`, `--csv`): C0 and C1
  /// controls and DEL, which drive a terminal; U+2028 and U+2029, which
  /// break lines; and the bidirectional controls (U+061C, U+200E, U+200F,
  /// U+202A–U+202E, U+2066–U+2069), which reorder what follows them on the
  /// line, so that a text could show other words than it holds.
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\u{0}"..<"\u{20}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{61C}",
      "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
      true
    default: false
    }
  }

  /// Appends `scalar` to `text`, as `\u{1B}` when ``isEscaped(_:)``.
  static func append(_ scalar: Unicode.Scalar, to text: inout String) {
    if isEscaped(scalar) {
      text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      text.unicodeScalars.append(scalar)
    }
  }

  /// Text from outside on one line of a table (`--tweets`, `explain`):
  /// tab, CR and LF become spaces, what ``isEscaped(_:)`` is escaped.
  static func inline(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t", "\n", "\r": result += " "
      default: append(scalar, to: &result)
      }
    }
    return result
  }
}
