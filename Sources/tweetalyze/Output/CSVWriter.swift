/// CSV as `--csv` writes it (RFC 4180): fields separated by commas; a field
/// that holds a comma, a double quote, CR or LF (or begins with a byte
/// order mark) is quoted, with its quotes doubled; each record ends in LF
/// (RFC 4180 says CRLF; LF suits `cut`, `wc -l` and `tail`, and CSV
/// readers, ours included, accept both).
///
/// ```swift
/// CSVWriter.record(["a,b", "say \"hi\"", "c"])   // "\"a,b\",\"say \"\"hi\"\"\",c\n"
/// ```
enum CSVWriter {
  /// One field, quoted when it must be: when it holds a comma, a double
  /// quote, CR or LF, or begins with a byte order mark (which a reader drops
  /// at the start of a file, ours included).
  static func field(_ text: String) -> String {
    let mustQuote =
      text.unicodeScalars.first == "\u{FEFF}"
      || text.utf8.contains { byte in
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
      }
    guard mustQuote else { return text }
    // Scalar by scalar: a quote followed by a combining mark is one
    // Character, which a Character-wise replace would not double.
    var quoted = "\""
    for scalar in text.unicodeScalars {
      if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
  }

  /// A record: the fields, each quoted when it must be, joined by commas,
  /// and LF.
  static func record(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\n"
  }

  /// Text from outside (a tweet, an input line) made fit for a field: tab,
  /// CR and LF are kept (the field is quoted); other control characters
  /// (NUL, ESC, BEL, DEL, C1, U+2028, U+2029) and the bidirectional controls
  /// (U+202E…) are written escaped, as `\u{1B}` (``ErrorLine/isEscaped(_:)``),
  /// so that a field can neither drive a terminal, reorder what is shown,
  /// nor hold a NUL that CSV readers refuse.
  static func text(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default: ErrorLine.append(scalar, to: &result)
      }
    }
    return result
  }

  /// UTF-8 bytes from outside as ``text(_:)`` writes them; invalid UTF-8
  /// becomes U+FFFD, so that the output is always valid UTF-8.
  static func text(bytes: Span<UInt8>) -> String {
    text(String(decodingUTF8: bytes))
  }
}
