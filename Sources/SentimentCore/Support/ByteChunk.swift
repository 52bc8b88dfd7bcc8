/// Tests on eight bytes at once, loaded as one `UInt64` (SWAR): what the
/// CSV parser, the JSON writer and the model file reader use to skip runs of
/// bytes that need no attention.
///
/// Each test sets the high bit of the bytes it finds. The lowest set bit is
/// always exact (the first such byte, as `trailingZeroBitCount / 8`); a later
/// byte may be flagged wrongly, because a borrow runs on from a byte that
/// matches, but no byte that matches is ever missed.
///
/// ```swift
/// let chunk = pointer.loadUnaligned(as: UInt64.self)
/// ByteChunk.matches(chunk, UInt8(ascii: ",")) != 0   // a comma in these eight
/// ```
enum ByteChunk {
  /// `0x01` in every byte.
  static let ones: UInt64 = 0x0101_0101_0101_0101
  /// The high bit of every byte.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The high bits of the bytes equal to `byte`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func matches(_ chunk: UInt64, _ byte: UInt8) -> UInt64 {
    let zeros = chunk ^ (ones &* UInt64(byte))
    return (zeros &- ones) & ~zeros & highBits
  }

  /// The high bits of the bytes below `bound` (at most 0x80).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func below(_ chunk: UInt64, _ bound: UInt8) -> UInt64 {
    (chunk &- ones &* UInt64(bound)) & ~chunk & highBits
  }

  /// The high bits of the bytes that end or escape a JSON string, or that
  /// it cannot hold as they are: `"`, `\` and those below 0x20.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func jsonStringStops(_ chunk: UInt64) -> UInt64 {
    matches(chunk, UInt8(ascii: "\"")) | matches(chunk, UInt8(ascii: "\\")) | below(chunk, 0x20)
  }
}
