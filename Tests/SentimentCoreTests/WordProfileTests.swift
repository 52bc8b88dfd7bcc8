import XCTest

@testable import SentimentCore

final class WordProfileTests: XCTestCase {
  /// Words are runs of letters of at least three characters, lowercased;
  /// an apostrophe inside a word stays in it.
  func testCountsWordsOfThreeLettersOrMoreLowercased() {
    let profile = WordProfile(texts: ["The iPhone, the IPHONE!", "it's 4 me: don't go"])
    XCTAssertEqual(profile.counts, ["the": 2, "iphone": 2, "it's": 1, "don't": 1])
  }

  /// The same words in the same proportions are alike (1); no word in
  /// common, or no words at all, is 0.
  func testLikenessRunsFromNothingInCommonToTheSameProportions() {
    let apple = WordProfile(texts: ["new iphone today", "iphone battery again"])
    let doubled = WordProfile(texts: [
      "new iphone today", "iphone battery again", "new iphone today", "iphone battery again",
    ])
    let flights = WordProfile(texts: ["flight delayed", "crew was great"])
    XCTAssertEqual(apple.likeness(to: doubled), 1, accuracy: 1e-12)
    XCTAssertEqual(apple.likeness(to: flights), 0)
    XCTAssertEqual(apple.likeness(to: WordProfile(texts: ["ok", "42"])), 0)
    let some = WordProfile(texts: ["new flight today"])
    XCTAssertGreaterThan(apple.likeness(to: some), 0)
    XCTAssertLessThan(apple.likeness(to: some), 1)
    XCTAssertEqual(apple.likeness(to: some), some.likeness(to: apple), accuracy: 1e-12)
  }
}
