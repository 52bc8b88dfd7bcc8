import XCTest

@testable import SentimentCore

final class FeatureTableTests: XCTestCase {
  /// The token ids the table's features refer to, as a trainer keeps them.
  private var tokens = Vocabulary()

  private func insert(_ token: String, into table: FeatureTable) -> (token: UInt32, feature: Int) {
    let id = UInt32(tokens.insert(token))
    return (id, table.feature(ofToken: id))
  }

  private func text(of feature: Int, in table: FeatureTable) -> String {
    table.withFeature(at: feature, tokens: tokens) {
      $0.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }
  }

  func testTokensAndPairsShareIdsInOrderOfFirstOccurrence() {
    let table = FeatureTable()
    let not = insert("not", into: table)
    XCTAssertEqual(not.token, 0)
    XCTAssertEqual(not.feature, 0)
    let good = insert("good", into: table)
    XCTAssertEqual(good.token, 1)
    XCTAssertEqual(good.feature, 1)
    XCTAssertEqual(table.insertPair(first: not.token, second: good.token), 2)
    XCTAssertEqual(insert("bad", into: table).feature, 3)
    XCTAssertEqual(table.insertPair(first: good.token, second: not.token), 4, "order matters")
    XCTAssertEqual(table.insertPair(first: not.token, second: good.token), 2, "found again")
    XCTAssertEqual(insert("good", into: table).feature, 1, "found again")
    XCTAssertEqual(table.count, 5)
    XCTAssertEqual(
      (0..<table.count).map { text(of: $0, in: table) },
      ["not", "good", "not good", "bad", "good not"])
  }

  /// A token's feature id comes when it is first counted, not when the
  /// token is first seen: `add` reads a whole text's tokens before counting.
  func testTokenFeaturesFollowTheOrderOfCounting() {
    let table = FeatureTable()
    let tokenA = UInt32(tokens.insert("a"))
    let tokenB = UInt32(tokens.insert("b"))
    XCTAssertEqual([tokenA, tokenB], [0, 1])
    XCTAssertEqual(table.insertPair(first: tokenA, second: tokenB), 0)
    XCTAssertEqual(table.feature(ofToken: tokenB), 1)
    XCTAssertEqual(table.feature(ofToken: tokenA), 2)
    XCTAssertEqual(table.feature(ofToken: tokenB), 1)
    XCTAssertEqual((0..<3).map { text(of: $0, in: table) }, ["a b", "b", "a"])
    XCTAssertEqual(table.feature(ofToken: 1000), 3, "a token id far ahead")
    XCTAssertEqual(table.feature(ofToken: 999), 4)
  }

  /// Prefetching only reads the table: ids and counts stay as they were.
  /// It gives each pair's hash, which finds the pair as its tokens do.
  func testPrefetchingChangesNothingAndGivesThePairsHashes() {
    let table = FeatureTable()
    let tokens = (0..<50).map { insert("t\($0)", into: table).token }
    let pairs = (1..<30).map { table.insertPair(first: tokens[$0 - 1], second: tokens[$0]) }
    table.increment(pairs[3], label: 2)
    let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: tokens.count)
    defer { hashes.deallocate() }
    tokens.withUnsafeBufferPointer { table.prefetchPairs(of: $0, hashes: hashes) }
    for index in 1..<30 {
      XCTAssertEqual(
        hashes[index], FeatureTable.pairHash(first: tokens[index - 1], second: tokens[index]))
      XCTAssertEqual(
        table.insertPair(first: tokens[index - 1], second: tokens[index], hash: hashes[index]),
        pairs[index - 1])
    }
    [UInt32]().withUnsafeBufferPointer { table.prefetchPairs(of: $0, hashes: hashes) }
    XCTAssertEqual(table.count, 50 + 29)
    XCTAssertEqual(table.count(ofFeature: pairs[3], label: .positive), 1)
    XCTAssertEqual(table.insertPair(first: tokens[4], second: tokens[5]), pairs[4])
    XCTAssertEqual(table.count, 50 + 29)
  }

  func testCountsPerClassAndBinarizedMarks() {
    let table = FeatureTable()
    let feature = insert("love", into: table).feature
    table.increment(feature, label: Sentiment.positive.rawValue)
    table.increment(feature, label: Sentiment.positive.rawValue)
    table.increment(feature, label: Sentiment.negative.rawValue)
    XCTAssertEqual(table.count(ofFeature: feature, label: .positive), 2)
    XCTAssertEqual(table.count(ofFeature: feature, label: .negative), 1)
    XCTAssertEqual(table.count(ofFeature: feature, label: .neutral), 0)

    XCTAssertFalse(table.markSeen(feature, in: 1), "first time in document 1")
    XCTAssertTrue(table.markSeen(feature, in: 1), "again in document 1")
    XCTAssertFalse(table.markSeen(feature, in: 2))
    table.resetSeen()
    XCTAssertFalse(table.markSeen(feature, in: 2), "forgotten")
  }

  /// Enough pairs to grow the pair table many times; every pair is found
  /// again with its id, and its text is the two tokens.
  func testManyPairsSurviveGrowth() {
    let table = FeatureTable()
    let tokens = (0..<300).map { insert("w\($0)", into: table).token }
    var ids: [Int: (UInt32, UInt32)] = [:]
    for first in tokens.prefix(100) {
      for second in tokens.suffix(100) {
        ids[table.insertPair(first: first, second: second)] = (first, second)
      }
    }
    XCTAssertEqual(ids.count, 10_000)
    XCTAssertEqual(table.count, 10_300)
    for (feature, (first, second)) in ids.prefix(500) {
      XCTAssertEqual(table.insertPair(first: first, second: second), feature)
      XCTAssertEqual(text(of: feature, in: table), "w\(first) w\(second)")
    }
  }

  func testCopyIsIndependent() {
    let table = FeatureTable()
    let a = insert("a", into: table)
    let b = insert("b", into: table)
    _ = table.insertPair(first: a.token, second: b.token)
    table.increment(a.feature, label: 0)
    let copy = table.copy()
    copy.increment(a.feature, label: 0)
    XCTAssertEqual(insert("c", into: copy).feature, 3)
    XCTAssertEqual(copy.insertPair(first: b.token, second: a.token), 4)
    XCTAssertEqual(table.count, 3, "the original has no new features")
    XCTAssertEqual(table.count(ofFeature: a.feature, label: .negative), 1)
    XCTAssertEqual(copy.count(ofFeature: a.feature, label: .negative), 2)
    XCTAssertEqual(copy.insertPair(first: a.token, second: b.token), 2)
    XCTAssertEqual(text(of: 2, in: copy), "a b")
  }
}
