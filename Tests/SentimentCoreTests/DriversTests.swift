import Foundation
import XCTest

@testable import SentimentCore

final class DriversTests: XCTestCase {
  /// Monroe et al.'s z, computed here from the counts, independently of
  /// the tally.
  func z(
    positive: Double, negative: Double, posts: Double, positiveTotal: Double,
    negativeTotal: Double, allTotal: Double
  ) -> Double {
    let a0 = DriverTally.priorMass
    let alpha = a0 * posts / allTotal
    let delta =
      log((positive + alpha) / (positiveTotal + a0 - positive - alpha))
      - log((negative + alpha) / (negativeTotal + a0 - negative - alpha))
    return delta / (1 / (positive + alpha) + 1 / (negative + alpha)).squareRoot()
  }

  func testTheTermsThatSeparateTheLabelsComeFirstWithMonroesZ() throws {
    var tally = DriverTally(excluding: .mention("SkyWays"))
    let posts: [(String, Sentiment)] = [
      ("delay again @SkyWays", .negative), ("another delay @SkyWays", .negative),
      ("delay delay @SkyWays", .negative), ("crew smiled @SkyWays", .positive),
      ("crew sang @SkyWays", .positive), ("crew waved @SkyWays", .positive),
      ("the delay, but the crew smiled", .neutral),
    ]
    for (text, label) in posts { tally.add(text, label: label) }
    let top = tally.top(10)
    XCTAssertEqual(top.map(\.term), ["delay", "crew"], "in 3 posts or more, query left out")
    let delay = top[0]
    let crew = top[1]
    XCTAssertEqual([crew.posts, crew.positive, crew.negative, crew.part], [4, 3, 0, 3])
    XCTAssertEqual([delay.posts, delay.positive, delay.negative, delay.part], [4, 0, 3, -3])
    XCTAssertGreaterThan(crew.z, 0)
    XCTAssertLessThan(delay.z, 0)
    // Each post counts a term once; the totals are over the kept terms.
    // Negative posts: delay, again, "delay again"; another, delay,
    // "another delay"; delay, "delay delay" (8). Positive: crew, smiled,
    // "crew smiled"; crew, sang, "crew sang"; crew, waved, "crew waved"
    // (9). The neutral one: delay, crew, smiled, "crew smiled" (4): 21.
    XCTAssertEqual(
      crew.z,
      z(positive: 3, negative: 0, posts: 4, positiveTotal: 9, negativeTotal: 8, allTotal: 21),
      accuracy: 1e-12)
    XCTAssertEqual(
      delay.z,
      z(positive: 0, negative: 3, posts: 4, positiveTotal: 9, negativeTotal: 8, allTotal: 21),
      accuracy: 1e-12)
    XCTAssertEqual(crew.example, "crew smiled @SkyWays", "a post labeled as the term leans")
    XCTAssertEqual(delay.example, "delay again @SkyWays")
    XCTAssertEqual(tally.top(1).map(\.term), ["delay"])
  }

  func testStopWordsPlaceholdersAndTheQueryAreNoDrivers() {
    var tally = DriverTally(excluding: .hashtag("WWDC"))
    for index in 0..<4 {
      tally.add("the #wwdc keynote http://x.co/\(index) 2026 was great", label: .positive)
      tally.add("the #wwdc keynote was slow", label: .negative)
    }
    let terms = tally.top(100).map(\.term)
    for absent in ["the", "was", "#wwdc", "<url>", "<num>", "the #wwdc", "keynote was"] {
      XCTAssertFalse(terms.contains(absent), "\(absent) in \(terms)")
    }
    XCTAssertEqual(Set(terms), ["great", "slow", "keynote"])
    XCTAssertEqual(terms.last, "keynote", "in every post: it separates nothing")
    var phrase = DriverTally(excluding: .phrase("night train"))
    for _ in 0..<3 { phrase.add("night train was lovely", label: .positive) }
    for _ in 0..<3 { phrase.add("night train was late", label: .negative) }
    XCTAssertEqual(Set(phrase.top(10).map(\.term)), ["lovely", "late"])
    XCTAssertEqual(DriverTally().top(5), [])
  }

  func testPairsOfContentWordsAreTerms() {
    var tally = DriverTally()
    for _ in 0..<3 {
      tally.add("flight delayed again", label: .negative)
      tally.add("#crew rocks, thanks @pilot", label: .positive)
    }
    let terms = Set(tally.top(100).map(\.term))
    XCTAssertTrue(
      terms.isSuperset(of: ["flight delayed", "delayed again", "#crew", "pilot"]), "\(terms)")
  }
}
