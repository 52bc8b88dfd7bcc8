import XCTest

@testable import SentimentCore

final class RandomTests: XCTestCase {
  func testFirstValuesForSeed5ArePinned() {
    // Computed with an independent SplitMix64 in Python:
    //   s = (s + 0x9E3779B97F4A7C15) mod 2^64; z = s
    //   z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB
    //   return z ^ z >> 31
    var generator = SeededGenerator(seed: 5)
    let expected: [UInt64] = [
      0x6303_3B0C_A389_C35A, 0xC097_314D_9397_36F8, 0x3B92_D3F0_106B_C147, 0x196E_4EC2_DA05_B945,
      0x301E_278F_AA01_5DC5,
    ]
    XCTAssertEqual((0..<5).map { _ in generator.next() }, expected)
  }

  func testNextBelowIsPinnedToo() {
    // Python, Lemire's method on the same stream: high 64 bits of next() × bound.
    var generator = SeededGenerator(seed: 5)
    XCTAssertEqual((0..<8).map { _ in generator.next(below: 10) }, [3, 7, 2, 0, 1, 3, 9, 5])
    var again = SeededGenerator(seed: 5)
    XCTAssertEqual((0..<5).map { _ in again.next(below: 1000) }, [386, 752, 232, 99, 187])
  }

  func testShuffleIsPinned() {
    // Python: Fisher–Yates from the last index down, j = next_below(i + 1).
    var generator = SeededGenerator(seed: 5)
    var elements = Array(0..<10)
    generator.shuffle(&elements)
    XCTAssertEqual(elements, [2, 8, 4, 9, 5, 7, 0, 1, 6, 3])
  }

  func testSameSeedSameSequenceOtherSeedOtherSequence() {
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    var other = SeededGenerator(seed: 43)
    let a = (0..<16).map { _ in first.next() }
    let b = (0..<16).map { _ in second.next() }
    let c = (0..<16).map { _ in other.next() }
    XCTAssertEqual(a, b)
    XCTAssertNotEqual(a, c)
    XCTAssertEqual(Set(a).count, 16)
  }

  func testSeedZeroIsUsable() {
    var generator = SeededGenerator(seed: 0)
    let values = (0..<4).map { _ in generator.next() }
    XCTAssertFalse(values.contains(0))
    XCTAssertEqual(Set(values).count, 4)
  }

  func testNextBelowStaysInRange() {
    var generator = SeededGenerator(seed: 7)
    for bound in [1, 2, 3, 7, 10, 1000, 1 << 40, Int.max] {
      for _ in 0..<2_000 {
        let value = generator.next(below: bound)
        XCTAssertTrue((0..<bound).contains(value), "\(value) not below \(bound)")
      }
    }
    for _ in 0..<100 { XCTAssertEqual(generator.next(below: 1), 0) }
  }

  func testNextBelowIsRoughlyUniform() {
    var generator = SeededGenerator(seed: 11)
    var counts = [Int](repeating: 0, count: 6)
    let draws = 60_000
    for _ in 0..<draws { counts[generator.next(below: 6)] += 1 }
    // Expected 10 000 each, standard deviation √(60000 · 1/6 · 5/6) ≈ 91; allow 5σ.
    for count in counts {
      XCTAssertEqual(Double(count), 10_000, accuracy: 460, "\(counts)")
    }
    // A bound that is not a power of two and large: halves roughly equal.
    let bound = 3 * (1 << 61)
    var low = 0
    for _ in 0..<10_000 where generator.next(below: bound) < bound / 2 { low += 1 }
    XCTAssertEqual(Double(low), 5_000, accuracy: 250)
  }

  func testShuffleIsAPermutationAndDeterministic() {
    let original = Array(0..<100)
    var first = original
    var second = original
    var a = SeededGenerator(seed: 3)
    var b = SeededGenerator(seed: 3)
    a.shuffle(&first)
    b.shuffle(&second)
    XCTAssertEqual(first, second)
    XCTAssertEqual(first.sorted(), original)
    XCTAssertNotEqual(first, original)
    var third = original
    var c = SeededGenerator(seed: 4)
    c.shuffle(&third)
    XCTAssertNotEqual(third, first)
    XCTAssertEqual(third.sorted(), original)
  }

  func testShuffleOfTinyArrays() {
    var generator = SeededGenerator(seed: 1)
    var empty: [Int] = []
    generator.shuffle(&empty)
    XCTAssertEqual(empty, [])
    var one = ["x"]
    generator.shuffle(&one)
    XCTAssertEqual(one, ["x"])
    var two = [1, 2]
    generator.shuffle(&two)
    XCTAssertEqual(two.sorted(), [1, 2])
  }

  func testShuffleReachesEveryPermutationOfThree() {
    var generator = SeededGenerator(seed: 9)
    var seen: [[Int]: Int] = [:]
    for _ in 0..<6_000 {
      var elements = [0, 1, 2]
      generator.shuffle(&elements)
      seen[elements, default: 0] += 1
    }
    XCTAssertEqual(seen.count, 6)
    for (_, count) in seen { XCTAssertEqual(Double(count), 1_000, accuracy: 150) }
  }

  func testWorksAsARandomNumberGenerator() {
    var first = SeededGenerator(seed: 8)
    var second = SeededGenerator(seed: 8)
    XCTAssertEqual(
      Int.random(in: 0..<1000, using: &first), Int.random(in: 0..<1000, using: &second))
  }
}
