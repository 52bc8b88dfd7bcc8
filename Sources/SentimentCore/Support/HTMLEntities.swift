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
package enum HTMLEntities {
  /// Appends `bytes` to `output` with the entities decoded.
  ///
  /// - Complexity: O(*n*).
  package static func decode(_ bytes: ArraySlice<UInt8>, into output: inout [UInt8]) {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      // The text up to the next `&` at once.
      let next = bytes[index...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
      output.append(contentsOf: bytes[index..<next])
      index = next
      guard index < bytes.endIndex else { return }
      if let (scalar, length) = entity(in: bytes, at: index) {
        appendUTF8(scalar, to: &output)
        index += length
      } else {
        output.append(UInt8(ascii: "&"))
        index += 1
      }
    }
  }

  /// `text` with the entities decoded.
  package static func decode(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var output: [UInt8] = []
    decode(Array(text.utf8)[...], into: &output)
    return String(decoding: output, as: UTF8.self)
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
