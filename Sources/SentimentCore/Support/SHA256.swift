import Dispatch

/// SHA-256 (FIPS 180-4), for the training file's fingerprint in a model's
/// provenance; the toolchain has no portable digest of its own.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("abc".utf8))
/// hash.finalize()   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package struct SHA256: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19
  )
  private var block = [UInt8](repeating: 0, count: 64)
  private var blockCount = 0
  private var length: UInt64 = 0

  /// Creates a hash of no bytes yet.
  package init() {}

  /// Adds bytes.
  ///
  /// - Complexity: O(*n*).
  package mutating func update(_ bytes: Span<UInt8>) {
    length &+= UInt64(bytes.count)
    var index = 0
    if blockCount > 0 {
      while blockCount < 64 && index < bytes.count {
        block[blockCount] = bytes[index]
        blockCount += 1
        index += 1
      }
      guard blockCount == 64 else { return }
      let full = block
      compress(full.span.bytes, at: 0)
      blockCount = 0
    }
    let raw = bytes.bytes
    while index + 64 <= raw.byteCount {
      compress(raw, at: index)
      index += 64
    }
    while index < bytes.count {
      block[blockCount] = bytes[index]
      blockCount += 1
      index += 1
    }
  }

  /// Adds bytes.
  package mutating func update(_ bytes: ArraySlice<UInt8>) {
    update(bytes.span)
  }

  /// Adds bytes.
  package mutating func update(_ bytes: [UInt8]) {
    update(bytes[...])
  }

  /// The digest of everything added, in lower-case hex.
  package func finalize() -> String {
    var copy = self
    let bitLength = length &* 8
    var padding: [UInt8] = [0x80]
    let used = (blockCount + 1) % 64
    padding += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
    for shift in stride(from: 56, through: 0, by: -8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    copy.update(padding)
    let words = [
      copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5,
      copy.state.6, copy.state.7,
    ]
    let hex = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for word in words {
      for shift in stride(from: 28, through: 0, by: -4) {
        text.append(hex[Int(word >> UInt32(shift) & 0xF)])
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static let k: InlineArray<64, UInt32> = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// Compresses the 64 bytes at `offset` into the state.
  private mutating func compress(_ bytes: RawSpan, at offset: Int) {
    var w = InlineArray<64, UInt32>(repeating: 0)
    for t in 0..<16 {
      // A plain load of four bytes: `UInt32` has no invalid bit patterns.
      w[t] = UInt32(
        bigEndian: bytes.unsafeLoadUnaligned(fromByteOffset: offset + t * 4, as: UInt32.self))
    }
    for t in 16..<64 {
      let s0 = rotate(rotate(w[t - 15], 11) ^ w[t - 15], 7) ^ (w[t - 15] >> 3)
      let s1 = rotate(rotate(w[t - 2], 2) ^ w[t - 2], 17) ^ (w[t - 2] >> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = state
    // An inline array of known size: the compiler drops the bounds checks.
    let k = Self.k
    // Eight rounds per pass, each naming the state words one place on,
    // so that no round moves seven words along.
    for t in stride(from: 0, to: 64, by: 8) {
      Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
      Self.round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
      Self.round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
      Self.round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
      Self.round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
      Self.round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
      Self.round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
      Self.round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
    }
    state = (
      state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
      state.6 &+ g, state.7 &+ h
    )
  }
}

extension SHA256 {
  /// One round of FIPS 180-4 §6.2.2 step 3, with `constant` the round's
  /// K + W: the new `e` goes into `d` and the new `a` into `h`; the caller
  /// then names the words one place on.
  @inline(__always)
  fileprivate static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
    _ g: UInt32, _ h: inout UInt32, _ constant: UInt32
  ) {
    // Σ1 and Σ0 as chains of rotations, each on the result of the one
    // before: no copy of `e` or `a` is kept for three separate rotations.
    let s1 = rotate(rotate(rotate(e, 14) ^ e, 5) ^ e, 6)
    let choice = g ^ (e & (f ^ g))
    let temp1 = h &+ s1 &+ choice &+ constant
    let s0 = rotate(rotate(rotate(a, 9) ^ a, 11) ^ a, 2)
    let majority = (a & b) | (c & (a | b))
    d &+= temp1
    h = temp1 &+ s0 &+ majority
  }
}

@inline(__always)
private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
  (value >> count) | (value << (32 - count))
}

/// Passes bytes through from another source while hashing them with
/// SHA-256: on the reading thread, or when `background`, on a thread of its
/// own, so that hashing the input for a model's provenance runs beside
/// parsing and counting instead of before them (at most 4 blocks wait).
package struct HashingSource<Base: ByteSource>: ByteSource {
  private var base: Base
  private let hasher: SHA256Pipe

  /// Creates a source that hashes what it reads from `base`.
  package init(_ base: Base, background: Bool = false) {
    self.base = base
    hasher = SHA256Pipe(background: background)
  }

  /// Reads from the base source and hashes the block, or hands a copy of
  /// it to the hashing thread.
  package mutating func read(into buffer: inout [UInt8]) throws -> Int {
    let count = try base.read(into: &buffer)
    if count > 0 { hasher.update(buffer[..<count]) }
    return count
  }

  /// The SHA-256 of every byte read, in lower-case hex, once the hashing
  /// thread (if any) has caught up.
  package func finalize() -> String {
    hasher.finalize()
  }
}

/// The SHA-256 of blocks handed over in order, computed on a serial queue of
/// its own when `background` (beside the code that makes the blocks, of
/// which at most 4 wait), or at once on the caller's thread.
final class SHA256Pipe: @unchecked Sendable {
  private let queue: DispatchQueue?
  private let room = DispatchSemaphore(value: 4)
  private var hash = SHA256()

  init(background: Bool = true) {
    queue = background ? DispatchQueue(label: "tweetalyze.sha256") : nil
  }

  /// Hashes `block` at once, or hands a copy of it to the queue.
  func update(_ block: ArraySlice<UInt8>) {
    guard queue != nil else {
      hash.update(block)
      return
    }
    update(Array(block))
  }

  func update(_ block: [UInt8]) {
    guard let queue else {
      hash.update(block)
      return
    }
    room.wait()
    queue.async {
      self.hash.update(block)
      self.room.signal()
    }
  }

  func finalize() -> String {
    guard let queue else { return hash.finalize() }
    return queue.sync { hash.finalize() }
  }
}
