/// Decodes the HTML entities the X API writes into tweet text: it escapes
/// `&`, `<` and `>` (`&amp;`, `&lt;`, `&gt;`), and older tweets also hold
/// `&quot;`, `&#39;` and other numeric references. Decoding them lets `&lt;3`
/// be the heart emoticon `<3`.
///
/// ```swift
/// HTMLEntities.decode("I &lt;3 my Mac &amp; iPad")   // "I <3 my Mac & iPad"
/// ```
///
/// Anything that is not one of these entities is left as it is.
///
/// HTML from other servers (Mastodon's status content) holds more named
/// entities (`&hellip;`, `&rsquo;`, `&eacute;`): `html: true` decodes
/// those of ``htmlNamed`` too. The X readers keep the short list, so their
/// text is what it always was.
package enum HTMLEntities {
  /// Appends `bytes` to `output` with the entities decoded; `html` adds the
  /// named entities of ``htmlNamed``.
  ///
  /// - Complexity: O(*n*).
  package static func decode(
    _ bytes: ArraySlice<UInt8>, into output: inout [UInt8], html: Bool = false
  ) {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      // The text up to the next `&` at once.
      let next = bytes[index...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
      output.append(contentsOf: bytes[index..<next])
      index = next
      guard index < bytes.endIndex else { return }
      if let (scalar, length) = entity(in: bytes, at: index)
        ?? (html ? htmlEntity(in: bytes, at: index) : nil)
      {
        appendUTF8(scalar, to: &output)
        index += length
      } else {
        output.append(UInt8(ascii: "&"))
        index += 1
      }
    }
  }

  /// `text` with the entities decoded; `html` adds the named entities of
  /// ``htmlNamed``.
  package static func decode(_ text: String, html: Bool = false) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var output: [UInt8] = []
    decode(Array(text.utf8)[...], into: &output, html: html)
    return String(decoding: output, as: UTF8.self)
  }

  /// The named entities that HTML text commonly holds besides the six the
  /// X API writes, with their scalars: punctuation, symbols and the
  /// accented Latin letters. An entity not named here stays as it is.
  package static let htmlNamed: [String: UInt32] = [
    "hellip": 0x2026, "mdash": 0x2014, "ndash": 0x2013, "lsquo": 0x2018, "rsquo": 0x2019,
    "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E, "laquo": 0xAB,
    "raquo": 0xBB, "lsaquo": 0x2039, "rsaquo": 0x203A, "bull": 0x2022, "middot": 0xB7,
    "copy": 0xA9, "reg": 0xAE, "trade": 0x2122, "deg": 0xB0, "plusmn": 0xB1, "times": 0xD7,
    "divide": 0xF7, "euro": 0x20AC, "pound": 0xA3, "yen": 0xA5, "cent": 0xA2, "sect": 0xA7,
    "para": 0xB6, "iexcl": 0xA1, "iquest": 0xBF, "shy": 0xAD, "zwj": 0x200D, "zwnj": 0x200C,
    "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "hearts": 0x2665, "larr": 0x2190,
    "rarr": 0x2192, "uarr": 0x2191, "darr": 0x2193, "frac12": 0xBD, "frac14": 0xBC,
    "frac34": 0xBE, "micro": 0xB5, "prime": 0x2032, "dagger": 0x2020, "permil": 0x2030,
    "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2, "atilde": 0xE3, "auml": 0xE4, "aring": 0xE5,
    "aelig": 0xE6, "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "euml": 0xEB,
    "igrave": 0xEC, "iacute": 0xED, "icirc": 0xEE, "iuml": 0xEF, "ntilde": 0xF1, "ograve": 0xF2,
    "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5, "ouml": 0xF6, "oslash": 0xF8, "ugrave": 0xF9,
    "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD, "yuml": 0xFF, "szlig": 0xDF,
    "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2, "Atilde": 0xC3, "Auml": 0xC4, "Aring": 0xC5,
    "AElig": 0xC6, "Ccedil": 0xC7, "Egrave": 0xC8, "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB,
    "Igrave": 0xCC, "Iacute": 0xCD, "Icirc": 0xCE, "Iuml": 0xCF, "Ntilde": 0xD1, "Ograve": 0xD2,
    "Oacute": 0xD3, "Ocirc": 0xD4, "Otilde": 0xD5, "Ouml": 0xD6, "Oslash": 0xD8, "Ugrave": 0xD9,
    "Uacute": 0xDA, "Ucirc": 0xDB, "Uuml": 0xDC, "Yacute": 0xDD,
  ]

  /// The longest name in ``htmlNamed``.
  private static let htmlNameLimit = 8

  /// The entity of ``htmlNamed`` starting with the `&` at `start`: its
  /// scalar and its length in bytes (at most 10: a bounded look).
  private static func htmlEntity(in bytes: ArraySlice<UInt8>, at start: Int) -> (UInt32, Int)? {
    var index = start + 1
    while index < bytes.endIndex, index - start - 1 < htmlNameLimit {
      let byte = bytes[index]
      guard byte >= 0x30, byte <= 0x39 || byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A else {
        break
      }
      index += 1
    }
    guard index > start + 1, index < bytes.endIndex, bytes[index] == UInt8(ascii: ";"),
      let scalar = htmlNamed[String(decoding: bytes[(start + 1)..<index], as: UTF8.self)]
    else { return nil }
    return (scalar, index + 1 - start)
  }

  private static let named: [(name: [UInt8], scalar: UInt32)] = [
    (Array("lt;".utf8), 0x3C), (Array("gt;".utf8), 0x3E), (Array("amp;".utf8), 0x26),
    (Array("quot;".utf8), 0x22), (Array("apos;".utf8), 0x27), (Array("nbsp;".utf8), 0x20),
  ]

  /// The entity starting with the `&` at `start`: its scalar and its length
  /// in bytes.
  private static func entity(in bytes: ArraySlice<UInt8>, at start: Int) -> (
    UInt32, Int
  )? {
    let rest = bytes.endIndex - start - 1
    for entry in named where entry.name.count <= rest {
      if (0..<entry.name.count).allSatisfy({ bytes[start + 1 + $0] == entry.name[$0] }) {
        return (entry.scalar, entry.name.count + 1)
      }
    }
    guard rest >= 3, bytes[start + 1] == UInt8(ascii: "#") else { return nil }
    var index = start + 2
    let hex = bytes[index] | 0x20 == UInt8(ascii: "x")
    if hex { index += 1 }
    var value: UInt32 = 0
    var digits = 0
    while index < bytes.endIndex, digits < 7 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - 0x57)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - 0x37)
      default: digit = 99
      }
      guard digit < 99 else { break }
      value = value * (hex ? 16 : 10) + digit
      digits += 1
      index += 1
    }
    guard digits > 0, index < bytes.endIndex, bytes[index] == UInt8(ascii: ";"),
      let scalar = Unicode.Scalar(value), value != 0
    else { return nil }
    return (scalar.value, index + 1 - start)
  }

  private static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
    guard let scalar = Unicode.Scalar(value) else { return }
    output.append(contentsOf: String(Character(scalar)).utf8)
  }
}
