import XCTest

@testable import tweetalyze

final class ReportNumbersTests: XCTestCase {
  /// A number is signed unless it rounds to zero, which stays unsigned.
  func testSignedNumbersRoundToTheirDecimals() {
    XCTAssertEqual(ReportNumbers.signed(0.5, decimals: 2), "+0.50")
    XCTAssertEqual(ReportNumbers.signed(-1, decimals: 2), "-1.00")
    XCTAssertEqual(ReportNumbers.signed(0, decimals: 2), "0.00")
    XCTAssertEqual(ReportNumbers.signed(12.6, decimals: 0), "+13")
  }

  /// An interval is two whole signed numbers joined by "to".
  func testAnIntervalIsWrittenInWholePoints() {
    XCTAssertEqual(ReportNumbers.range(4.6...43.2), "+5 to +43")
    XCTAssertEqual(ReportNumbers.range(-31.4...46), "-31 to +46")
  }

  /// A column is padded to its width, with at least one space after it.
  func testAColumnKeepsAtLeastOneSpace() {
    XCTAssertEqual(ReportNumbers.pad("posts", 10), "posts     ")
    XCTAssertEqual(ReportNumbers.pad("a long label", 5), "a long label ")
  }
}
