/// A seeded generator whose sequence is the same on every platform and Swift
/// version: SplitMix64 (Steele, Lea, Flood 2014).
///
/// ```swift
/// var generator = SeededGenerator(seed: 5)
/// generator.next()   // always 0x... for seed 5
/// ```
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator; the same seed gives the same sequence.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`, without modulo bias (Lemire's method), so
  /// that the result does not depend on the standard library's algorithm.
  package mutating func next(below bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold { product = next().multipliedFullWidth(by: range) }
    }
    return Int(product.high)
  }

  /// Shuffles `elements` in place with a Fisher–Yates shuffle driven by
  /// ``next(below:)``.
  package mutating func shuffle<Element>(_ elements: inout [Element]) {
    guard elements.count > 1 else { return }
    for index in stride(from: elements.count - 1, to: 0, by: -1) {
      elements.swapAt(index, next(below: index + 1))
    }
  }
}
