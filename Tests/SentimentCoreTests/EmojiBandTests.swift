import XCTest

@testable import SentimentCore

/// The one rule from a score per 100 tweets to its emoji,
/// `EmojiBand(scaled:)`, at the bands' edges and against the bands' own
/// bounds.
final class EmojiBandTests: XCTestCase {
  /// The original app's bands are strict on both sides (>20 😄, >10 😊,
  /// >0 🙂, 0 😐, >-10 😞, >-20 😡, else 😠): 20 is 😊, -10 is 😡, -20 is 😠.
  func testTheEdgesOfEachBand() {
    let cases: [(Double, EmojiBand)] = [
      (100, .delighted), (21, .delighted), (20.01, .delighted), (20, .happy), (11, .happy),
      (10.5, .happy), (10, .pleased), (1, .pleased), (0.4, .pleased), (0, .neutral),
      (-0.0, .neutral), (-0.4, .sad), (-1, .sad), (-9, .sad), (-10, .angry), (-19, .angry),
      (-20, .furious), (-21, .furious), (-100, .furious),
    ]
    for (scaled, band) in cases {
      XCTAssertEqual(EmojiBand(scaled: scaled), band, "\(scaled)")
    }
  }

  /// What is no number is 😐; beyond ±100 stays at the ends.
  func testValuesOutsideTheScale() {
    XCTAssertEqual(EmojiBand(scaled: .nan), .neutral)
    XCTAssertEqual(EmojiBand(scaled: .infinity), .delighted)
    XCTAssertEqual(EmojiBand(scaled: -.infinity), .furious)
    XCTAssertEqual(EmojiBand(scaled: 1e300), .delighted)
  }

  /// Every whole score from -100 to 100 falls in the one band whose rule
  /// it meets: above that band's bound (at 😐, equal to it) and not above
  /// the bound of the band before.
  func testEveryWholeScoreMeetsItsBandsRule() {
    for score in -100...100 {
      let band = EmojiBand(scaled: Double(score))
      let index = EmojiBand.allCases.firstIndex(of: band) ?? 0
      if let bound = band.lowerBound {
        XCTAssertTrue(band.isInclusive ? score == bound : score > bound, "\(score) \(band)")
      }
      if index > 0, let above = EmojiBand.allCases[index - 1].lowerBound {
        XCTAssertLessThanOrEqual(score, above, "\(score) \(band)")
      }
    }
  }
}
