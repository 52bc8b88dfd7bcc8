/// Tests on eight bytes at once, loaded as one `UInt64` (SWAR): kept only for
/// the model file reader's string scan, which is measured to need it.
///
/// A test sets the high bit of the bytes it finds. The lowest set bit is
/// always exact (the first such byte, as `trailingZeroBitCount / 8`); a later
/// byte may be flagged wrongly, because a borrow runs on from a byte that
/// matches, but no byte that matches is ever missed.
enum ByteChunk {
  /// `0x01` in every byte.
  static let ones: UInt64 = 0x0101_0101_0101_0101
  /// The high bit of every byte.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The high bits of the bytes that end or escape a JSON string, or that
  /// it cannot hold as they are: `"`, `\` and those below 0x20.
  ///
  /// - Complexity: O(1).
  static func jsonStringStops(_ chunk: UInt64) -> UInt64 {
    let quote = chunk ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = chunk ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let zeros =
      ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
      | ((chunk &- ones &* 0x20) & ~chunk)
    return zeros & highBits
  }
}
