/// How the binary embeds bytes in a string literal, which must be text: six
/// bits per character, written as the character `"0"` + the value (`0` …
/// `o`: no quote and no `#`, so a raw string literal `#"…"#` holds any
/// text), in groups of eight characters for six bytes.
///
/// A group is the six bytes as a little-endian 48-bit number, six bits at a
/// time from the lowest. Unlike Base64, whose alphabet is in four ranges, a
/// group decodes with a few 64-bit operations and no table: what the
/// default model's image (``ModelImage``) needs, as it is decoded at every
/// start.
///
/// ```swift
/// let text = ImageText.encode([1, 2, 3, 4, 5, 6])   // "18`04DP1"
/// ```
enum ImageText {
  /// The number of bytes a group holds.
  static let groupBytes = 6
  /// The number of characters a group takes.
  static let groupCharacters = 8

  /// The text of `bytes`, zero-padded to whole groups.
  ///
  /// - Complexity: O(*n*).
  static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity((bytes.count + 5) / 6 * 8)
    for start in stride(from: 0, to: bytes.count, by: groupBytes) {
      var group: UInt64 = 0
      for (offset, byte) in bytes[start..<min(start + groupBytes, bytes.count)].enumerated() {
        group |= UInt64(byte) << (8 * offset)
      }
      for offset in 0..<groupCharacters {
        text.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: group >> (6 * offset) & 63))
      }
    }
    return text
  }

  /// Decodes `groups` groups of `text` into `output`, which needs room for
  /// `groups` × 6 + 2 bytes (each group is stored as eight), and returns
  /// whether every character was one of the 64.
  ///
  /// - Complexity: O(*n*): about 24 instructions per group.
  static func decode(
    _ text: UnsafePointer<UInt8>, groups: Int, into output: UnsafeMutableRawPointer
  ) -> Bool {
    let raw = UnsafeRawPointer(text)
    var bad: UInt64 = 0
    var group = 0
    // Two groups a step: their masks are loaded once for both.
    while group &+ 2 <= groups {
      let first = decode(raw.loadUnaligned(fromByteOffset: group &* 8, as: UInt64.self), &bad)
      let second = decode(
        raw.loadUnaligned(fromByteOffset: group &* 8 &+ 8, as: UInt64.self), &bad)
      // The second group's store overwrites the two bytes past the first.
      output.storeBytes(of: first.littleEndian, toByteOffset: group &* 6, as: UInt64.self)
      output.storeBytes(of: second.littleEndian, toByteOffset: group &* 6 &+ 6, as: UInt64.self)
      group &+= 2
    }
    if group < groups {
      let last = decode(raw.loadUnaligned(fromByteOffset: group &* 8, as: UInt64.self), &bad)
      output.storeBytes(of: last.littleEndian, toByteOffset: group &* 6, as: UInt64.self)
    }
    return bad == 0
  }

  /// The six bytes of a group of eight characters, in the low 48 bits;
  /// adds to `bad` the bits that mark characters outside the 64.
  @inline(__always)
  private static func decode(_ characters: UInt64, _ bad: inout UInt64) -> UInt64 {
    let values = UInt64(littleEndian: characters) &- 0x3030_3030_3030_3030
    // A byte is one of the 64 when byte − "0" is below 64. Only a byte
    // below "0" borrows from the next one, and it fails the test itself:
    // the lowest bad byte is always caught, so the group is.
    bad |= values & 0xC0C0_C0C0_C0C0_C0C0
    let pairs = values & 0x003F_003F_003F_003F | (values & 0x3F00_3F00_3F00_3F00) >> 2
    let halves = pairs & 0x0000_0FFF_0000_0FFF | (pairs & 0x0FFF_0000_0FFF_0000) >> 4
    return halves & 0xFF_FFFF | (halves >> 8) & 0xFFFF_FF00_0000
  }
}
