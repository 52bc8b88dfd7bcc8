/// Removes the bearer token from text that a server sent back, should it
/// echo the token: raw, or written with JSON string escapes (`\u0073`,
/// `\/`), which a JSON encoder may use for any character, or with HTML
/// character references (`&#115;`, `&#x73;`), which HTML text may use; and the same for
/// the token with its percent escapes decoded (X tokens hold `%2B` and
/// `%3D`, which a server may decode before echoing `+` and `=`).
///
/// A secret shorter than ``minimumLength`` is left alone: no real secret is
/// that short (X bearer tokens are over 100 characters, Mastodon tokens 43,
/// Bluesky app passwords 19, and a password a user chose is at least 8),
/// and replacing a short dummy such as `text` everywhere would corrupt
/// every recording and message that holds the word.
enum Redaction {
  /// The shortest secret that is redacted.
  static let minimumLength = 8
  /// What replaces the token. Valid inside a JSON string.
  static let replacement = Array("[redacted]".utf8)

  /// `bytes` with each occurrence of `token` or of its percent-decoded form
  /// (raw or JSON-escaped, in any mix) replaced by ``replacement``.
  ///
  /// - Complexity: O(*n* + *m*): a pass per form (Knuth–Morris–Pratt over
  ///   the decoded characters), memory O(*m*) beyond the result; O(1)
  ///   for a text shorter than a third of the token.
  static func redact(_ bytes: [UInt8], token: [UInt8]) -> [UInt8] {
    // Each form is at least a third of the token (`%XX` is one byte): a
    // shorter text holds none, and is passed in O(1).
    guard token.count >= minimumLength, bytes.count * 3 >= token.count else { return bytes }
    var result = replace(token, in: bytes)
    let decoded = percentDecoded(token)
    if decoded != token && decoded.count >= minimumLength {
      result = replace(decoded, in: result)
    }
    return result
  }

  /// `token` with each `%XX` escape replaced by the byte it stands for.
  static func percentDecoded(_ token: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(token.count)
    var index = 0
    while index < token.count {
      if token[index] == UInt8(ascii: "%"), index + 2 < token.count,
        let value = hex(token[(index + 1)...(index + 2)])
      {
        result.append(UInt8(value))
        index += 3
      } else {
        result.append(token[index])
        index += 1
      }
    }
    return result
  }

  /// `bytes` with each occurrence of `token`, raw or JSON-escaped, replaced.
  private static func replace(_ token: [UInt8], in bytes: [UInt8]) -> [UInt8] {
    let count = token.count
    // Each character takes a byte at least: a shorter text cannot hold the
    // token, and is passed without building the O(m) table (a long secret
    // made every short post cost its length).
    guard count >= minimumLength, bytes.count >= count else { return bytes }
    var failure = [Int](repeating: 0, count: count)
    var k = 0
    for index in 1..<count {
      while k > 0 && token[index] != token[k] { k = failure[k - 1] }
      if token[index] == token[k] { k += 1 }
      failure[index] = k
    }
    // Where each of the last `count` decoded characters starts.
    var starts = [Int](repeating: 0, count: count)
    var matches: [Range<Int>] = []
    var state = 0
    var position = 0
    var decoded = 0
    while position < bytes.count {
      let start = position
      var value = UInt32(bytes[position])
      position += 1
      if value == 0x5C, position < bytes.count {
        let next = bytes[position]
        if next == UInt8(ascii: "u"), position + 4 < bytes.count,
          let code = hex(bytes[(position + 1)...(position + 4)])
        {
          value = code
          position += 5
        } else if let escaped = escape(next) {
          value = escaped
          position += 1
        }
      }
      if value == 0x26, let (code, length) = characterReference(bytes, at: start) {
        value = code
        position = start + length
      }
      starts[decoded % count] = start
      decoded += 1
      while state > 0 && UInt32(token[state]) != value { state = failure[state - 1] }
      if UInt32(token[state]) == value { state += 1 }
      if state == count {
        matches.append(starts[(decoded - count) % count]..<position)
        state = 0
      }
    }
    guard !matches.isEmpty else { return bytes }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var copied = 0
    for match in matches {
      result.append(contentsOf: bytes[copied..<match.lowerBound])
      result.append(contentsOf: replacement)
      copied = match.upperBound
    }
    result.append(contentsOf: bytes[copied...])
    return result
  }

  /// `text` with the token replaced, as ``redact(_:token:)-swift.type.method`` does.
  static func redact(_ text: String, token: String) -> String {
    guard token.utf8.count >= minimumLength else { return text }
    return String(decoding: redact(Array(text.utf8), token: Array(token.utf8)), as: UTF8.self)
  }

  private static func hex(_ digits: ArraySlice<UInt8>) -> UInt32? {
    guard digits.count <= 7 else { return nil }
    var value: UInt32 = 0
    for digit in digits {
      let nibble: UInt8
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(nibble)
    }
    return value
  }

  /// The character an HTML character reference at `index` stands for
  /// (`&#115;`, `&#x73;`, `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`), and
  /// its length in bytes: an HTML text (a Mastodon `content`, an X `text`)
  /// may spell a secret so, and a replay decodes it.
  private static func characterReference(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
    let end = min(bytes.count, index + 12)
    guard let semicolon = bytes[index..<end].firstIndex(of: UInt8(ascii: ";")),
      semicolon > index + 1
    else { return nil }
    let name = bytes[(index + 1)..<semicolon]
    let length = semicolon - index + 1
    switch Array(name) {
    case Array("amp".utf8): return (0x26, length)
    case Array("lt".utf8): return (0x3C, length)
    case Array("gt".utf8): return (0x3E, length)
    case Array("quot".utf8): return (0x22, length)
    case Array("apos".utf8): return (0x27, length)
    default: break
    }
    guard name.first == UInt8(ascii: "#"), name.count > 1 else { return nil }
    let digits = name.dropFirst()
    if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
      guard digits.count > 1, digits.count <= 7, let value = hex(digits.dropFirst()) else {
        return nil
      }
      return (value, length)
    }
    guard digits.count <= 7 else { return nil }
    var value: UInt32 = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + UInt32(digit - UInt8(ascii: "0"))
    }
    return (value, length)
  }

  /// The character a two-byte JSON escape `\x` stands for.
  private static func escape(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): UInt32(byte)
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: nil
    }
  }
}
