import Foundation

/// A set's word counts folded into ``width`` signed buckets (a count
/// sketch): what ``Comparison`` measures two sets' likeness by, small enough
/// to keep in a history line (about 700 bytes for 100 posts) so that a later run
/// is judged against an earlier one exactly as `compare` judges two sets.
///
/// Each word adds its count, with a sign, to one bucket, both chosen by the
/// word's FNV-1a hash; the cosine of two sketches is the cosine of the word
/// counts give or take about 0.02 (words that share a bucket).
///
/// ```swift
/// let sketch = WordSketch(counts: ["iphone": 2, "battery": 1])
/// WordSketch(encoded: sketch.encoded) == sketch  // true
/// ```
package struct WordSketch: Equatable, Sendable {
  /// The buckets that are not 0, by index.
  package var buckets: [Int: Int]

  /// How many buckets a sketch has.
  package static let width = 4096

  /// Folds `counts` into buckets.
  package init(counts: [String: Int]) {
    var buckets: [Int: Int] = [:]
    for (word, count) in counts {
      let hash = FNV1a.hash(word.utf8)
      let sign = hash >> 63 == 0 ? 1 : -1
      buckets[Int(hash % UInt64(Self.width)), default: 0] += sign * count
    }
    self.buckets = buckets.filter { $0.value != 0 }
  }

  /// The cosine of the two sketches, held within 0 (nothing in common, or
  /// either set without words) and 1.
  package func likeness(to other: WordSketch) -> Double {
    let (small, large) = buckets.count <= other.buckets.count ? (self, other) : (other, self)
    var product = 0.0
    for (index, value) in small.buckets {
      if let match = large.buckets[index] { product += Double(value) * Double(match) }
    }
    let norms = norm * other.norm
    guard norms > 0 else { return 0 }
    return min(1, max(0, product / norms))
  }

  private var norm: Double {
    buckets.values.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
  }

  /// The sketch as base64 text (about 6.5 bits a bucket for 100 posts):
  /// a byte `k`, a varint of how many buckets, then for each bucket in
  /// index order, most significant bit first: its gap from the previous one
  /// Rice-coded with parameter `k`, its sign, and its size Elias-gamma-coded.
  /// `k` is whichever of 0 to 12 writes the fewest bits.
  package var encoded: String {
    guard !buckets.isEmpty else { return "" }
    let sorted = buckets.sorted { $0.key < $1.key }
    var best: [UInt8] = []
    for k in 0...12 {
      var bits = BitWriter()
      var previous = -1
      for (index, value) in sorted {
        let gap = index - previous - 1
        for _ in 0..<(gap >> k) { bits.append(1) }
        bits.append(0)
        bits.append(UInt64(gap) & ((1 << k) - 1), width: k)
        bits.append(value < 0 ? 1 : 0)
        let size = UInt64(value.magnitude)
        let width = 64 - size.leadingZeroBitCount
        bits.append(0, width: width - 1)
        bits.append(size, width: width)
        previous = index
      }
      var bytes: [UInt8] = [UInt8(k)]
      Varint.append(UInt64(sorted.count), to: &bytes)
      bytes += bits.bytes
      if best.isEmpty || bytes.count < best.count { best = bytes }
    }
    return Data(best).base64EncodedString()
  }

  /// Reads ``encoded``; `nil` for text it does not write.
  package init?(encoded: String) {
    guard let data = Data(base64Encoded: encoded) else { return nil }
    buckets = [:]
    guard !data.isEmpty else { return }
    let bytes = [UInt8](data)
    var position = 1
    guard bytes[0] <= 12, let count = Varint.read(bytes, at: &position), count <= Self.width
    else { return nil }
    let k = Int(bytes[0])
    var bits = BitReader(bytes: bytes[position...])
    var index = -1
    for _ in 0..<count {
      var quotient = 0
      while true {
        guard let bit = bits.read(), quotient <= Self.width else { return nil }
        if bit == 0 { break }
        quotient += 1
      }
      guard let remainder = bits.read(width: k), let sign = bits.read() else { return nil }
      index += (quotient << k | Int(remainder)) + 1
      guard index < Self.width else { return nil }
      var zeros = 0
      while true {
        guard let bit = bits.read(), zeros < 40 else { return nil }
        if bit == 1 { break }
        zeros += 1
      }
      guard let rest = bits.read(width: zeros) else { return nil }
      let size = Int(1 << zeros | rest)
      self.buckets[index] = sign == 1 ? -size : size
    }
  }
}

/// Bits written most significant first, packed into bytes.
struct BitWriter {
  /// The bytes so far, the last padded with 0 bits.
  private(set) var bytes: [UInt8] = []
  private var used = 8

  /// Appends the low `width` bits of `value`.
  mutating func append(_ value: UInt64, width: Int = 1) {
    guard width > 0 else { return }
    for shift in stride(from: width - 1, through: 0, by: -1) {
      if used == 8 {
        bytes.append(0)
        used = 0
      }
      if value >> UInt64(shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(used) }
      used += 1
    }
  }
}

/// Reads what ``BitWriter`` writes.
struct BitReader {
  let bytes: ArraySlice<UInt8>
  private var offset = 0

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
  }

  /// The next bit; `nil` past the end.
  mutating func read() -> UInt64? {
    guard offset < bytes.count * 8 else { return nil }
    let byte = bytes[bytes.startIndex + offset / 8]
    offset += 1
    return UInt64(byte >> UInt8(7 - (offset - 1) % 8) & 1)
  }

  /// The next `width` bits as a number; `nil` past the end.
  mutating func read(width: Int) -> UInt64? {
    var value: UInt64 = 0
    for _ in 0..<width {
      guard let bit = read() else { return nil }
      value = value << 1 | bit
    }
    return value
  }
}

/// The 64-bit FNV-1a hash: a fixed hash (Swift's `Hasher` is seeded per
/// run), so that what a run stores another run reads the same.
package enum FNV1a {
  /// The hash of `bytes`.
  package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}

/// Unsigned LEB128 integers: 7 bits a byte, low bits first.
package enum Varint {
  /// Appends `value` to `bytes`.
  package static func append(_ value: UInt64, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7f) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// The integer at `position`, which moves past it; `nil` when the bytes
  /// end inside it or it exceeds 64 bits.
  package static func read(_ bytes: [UInt8], at position: inout Int) -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while position < bytes.count, shift < 64 {
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7f) << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
    }
    return nil
  }
}
