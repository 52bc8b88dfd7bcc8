/// Whether `bytes` are valid UTF-8 (no overlong forms, no surrogates), by
/// the standard library's validation.
///
/// - Complexity: O(*n*).
package func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
  (try? UTF8Span(validating: bytes.span)) != nil
}

/// Whether `bytes` are valid UTF-8 (no overlong forms, no surrogates).
///
/// - Complexity: O(*n*).
package func isValidUTF8(_ bytes: [UInt8]) -> Bool {
  (try? UTF8Span(validating: bytes.span)) != nil
}

/// Whether `bytes` are valid UTF-8 (no overlong forms, no surrogates): for
/// bytes that are not in an array, one at a time.
///
/// - Complexity: O(*n*).
package func isValidUTF8<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
  var iterator = bytes.makeIterator()
  while let lead = iterator.next() {
    if lead < 0x80 { continue }
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
    default: return false
    }
    for _ in 1..<length {
      guard let byte = iterator.next(), byte & 0xC0 == 0x80 else { return false }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
      return false
    }
  }
  return true
}
