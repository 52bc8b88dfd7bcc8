import XCTest

@testable import SentimentCore

/// ``CountRows`` (the fast path) against ``ReferenceCountRows`` (a
/// dictionary of rows): the same row numbers, rows and totals.
final class CountRowsTests: XCTestCase {
  private func assertSame(
    _ fast: CountRows, _ plain: ReferenceCountRows, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(fast.featureCount, plain.featureCount, file: file, line: line)
    XCTAssertEqual(fast.rowOfFeature, plain.rowOfFeature, file: file, line: line)
    XCTAssertEqual(fast.counts, plain.counts, file: file, line: line)
    XCTAssertEqual(fast.totals.array, plain.totals, file: file, line: line)
  }

  func testSharedRowsAreNumberedInOrderOfFirstAppearance() {
    let table = [1, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0]
    let fast = CountRows(table: table)
    XCTAssertEqual(fast.rowOfFeature, [0, 1, 0, 2, 1])
    XCTAssertEqual(fast.counts, [1, 0, 0, 2, 0, 0, 0, 0, 0])
    XCTAssertEqual(fast.rowCount, 3)
    XCTAssertEqual(fast.row(1), PerClass(negative: 2, neutral: 0, positive: 0))
    XCTAssertEqual(fast.totals, PerClass(negative: 6, neutral: 0, positive: 0))
    assertSame(fast, ReferenceCountRows(table: table))
  }

  func testRandomTablesAgreeAcrossGrowth() {
    var generator = SeededGenerator(seed: 37)
    for features in [0, 1, 600, 5_000] {
      // Small counts, so that most rows repeat, and some large ones, so
      // that the table grows past its first 1,024 slots.
      let table = (0..<(features * Sentiment.count)).map { _ in
        Int.random(in: 0..<4, using: &generator) == 0
          ? Int.random(in: 0..<100_000, using: &generator)
          : Int.random(in: 0..<3, using: &generator)
      }
      assertSame(CountRows(table: table), ReferenceCountRows(table: table))
    }
  }

  func testASeparatedRowIsACopyNoLaterFeatureShares() {
    var fast = CountRows(table: [1, 2, 3, 1, 2, 3])
    var plain = ReferenceCountRows(table: [1, 2, 3, 1, 2, 3])
    XCTAssertEqual(fast.separateRow(ofFeature: 1), plain.separateRow(ofFeature: 1))
    fast.append([1, 2, 3].span)
    plain.append([1, 2, 3])
    XCTAssertEqual(fast.rowOfFeature, [0, 1, 0])
    assertSame(fast, plain)
  }
}
