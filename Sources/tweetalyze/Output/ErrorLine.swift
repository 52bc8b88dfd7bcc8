/// Makes an error message one line of bounded length for stderr: messages
/// quote what the user gave (a label, a header name, an argument), which may
/// hold line breaks, control characters or megabytes.
enum ErrorLine {
  /// The longest message printed, in characters; the rest is cut with `…`.
  static let maximumLength = 2000

  /// `message` with control characters escaped (`\n`, `\r`, `\t`, `\u{1B}`)
  /// and cut to ``maximumLength`` characters.
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
      case "\u{0}"..<"\u{20}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
      length += 1
    }
    return result
  }
}
