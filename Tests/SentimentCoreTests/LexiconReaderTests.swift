import XCTest

@testable import SentimentCore

final class LexiconReaderTests: XCTestCase {
  let reader = LexiconReader.shared

  /// The examples of VADER's own documentation, with the figures its
  /// reference implementation (vaderSentiment 3.3.2, Python) prints: the
  /// port reads them as the original does, rule for rule.
  func testTheReferenceExamplesReadAsVADERReadsThem() {
    let reference: [(String, compound: Double, positive: Double, negative: Double)] = [
      ("VADER is smart, handsome, and funny.", 0.8316, 0.746, 0),
      ("VADER is VERY SMART, handsome, and FUNNY!!!", 0.9342, 0.767, 0),
      ("VADER is not smart, handsome, nor funny.", -0.7424, 0, 0.646),
      ("The book was only kind of good.", 0.3832, 0.303, 0),
      (
        "The plot was good, but the characters are uncompelling and the dialog is not great.",
        -0.7042, 0.094, 0.327
      ),
      ("Today only kinda sux! But I'll get by, lol", 0.5249, 0.317, 0.127),
      ("Make sure you :) or :D today!", 0.8633, 0.706, 0),
      ("Catch utf-8 emoji such as 💘 and 💋 and 😁", 0.875, 0.417, 0),
      ("Not bad at all", 0.431, 0.487, 0),
      ("the update is kind of good", 0.3832, 0.343, 0),
      ("it was sort of bad", -0.5849, 0, 0.487),
      ("the update is good but the battery life is awful", -0.4678, 0.14, 0.287),
      ("At least it isn't a horrible book.", 0.431, 0.322, 0),
      ("I don't like it", -0.2755, 0, 0.413),
      ("no problems at all", 0.3089, 0.429, 0),
    ]
    for (text, compound, positive, negative) in reference {
      let scores = reader.read(text)
      XCTAssertEqual(scores.compound, compound, accuracy: 0.0001, text)
      XCTAssertEqual(scores.positive, positive, accuracy: 0.001, text)
      XCTAssertEqual(scores.negative, negative, accuracy: 0.001, text)
    }
  }

  /// Each rule moves the reading the way it says.
  func testEachRuleMovesTheReading() {
    let good = reader.read("the update is good").compound
    XCTAssertGreaterThan(good, 0)
    // Negation within three words turns it.
    XCTAssertLessThan(reader.read("the update is not good").compound, 0)
    XCTAssertLessThan(reader.read("the update isn't really good").compound, 0)
    // Degree words raise or lower it.
    XCTAssertGreaterThan(reader.read("the update is very good").compound, good)
    XCTAssertLessThan(reader.read("the update is slightly good").compound, good)
    // Capitals in a text that is not all capitals, and `!`, strengthen it.
    XCTAssertGreaterThan(reader.read("the update is GOOD").compound, good)
    XCTAssertGreaterThan(reader.read("the update is good!!").compound, good)
    // After `but` words weigh more than before it.
    XCTAssertLessThan(
      reader.read("the update is good but the battery life is awful").compound, 0)
    XCTAssertGreaterThan(
      reader.read("the battery life is awful but the update is good").compound, 0)
    // An emoji reads as its description.
    XCTAssertGreaterThan(reader.read("the update 😍").compound, 0)
    XCTAssertLessThan(reader.read("the update 😢").compound, 0)
    // Punctuation around a word goes; an emoticon stays.
    XCTAssertEqual(reader.read("good,").compound, reader.read("good").compound)
    XCTAssertGreaterThan(reader.read(":)").compound, 0)
  }

  func testTextWithoutSentimentWordsIsNone() {
    XCTAssertEqual(reader.read(""), .none)
    XCTAssertEqual(reader.read("   \n\t "), .none)
    XCTAssertEqual(reader.read("the train leaves at nine").compound, 0)
    XCTAssertEqual(reader.read("the train leaves at nine").label, .neutral)
  }

  /// The reader's own label by its authors' rule, and the features the
  /// calibration weighs, in their documented order.
  func testLabelAndFeatures() {
    XCTAssertEqual(ReaderScores(compound: 0.05, positive: 0, negative: 0).label, .positive)
    XCTAssertEqual(ReaderScores(compound: 0.049, positive: 0, negative: 0).label, .neutral)
    XCTAssertEqual(ReaderScores(compound: -0.05, positive: 0, negative: 0).label, .negative)
    let scores = reader.read("I love it, but the battery is awful!!!!!")
    let features = scores.features
    XCTAssertEqual(features.count, ReaderScores.featureNames.count)
    XCTAssertEqual(features[0], scores.compound)
    XCTAssertEqual(features[1], abs(scores.compound))
    XCTAssertEqual(features[2], scores.positive)
    XCTAssertEqual(features[3], scores.negative)
    XCTAssertGreaterThan(scores.positiveSum, 0)
    XCTAssertGreaterThan(scores.negativeSum, 0)
    XCTAssertEqual(features[4], log1p(scores.positiveSum))
    XCTAssertEqual(features[5], log1p(scores.negativeSum))
    // Five `!` count as four.
    XCTAssertEqual(scores.exclamations, 5)
    XCTAssertEqual(features[6], 1)
  }

  /// Hostile text reads without a crash and stays in range.
  func testAnyTextReadsInRange() {
    let texts = [
      String(repeating: "not ", count: 10_000) + "good",
      String(repeating: "!", count: 100_000),
      String(repeating: "😍", count: 5_000),
      "\u{0}\u{FFFD}\u{200D}#@&;", "BUT but BUT", "no no no no", "least least",
    ]
    for text in texts {
      let scores = reader.read(text)
      XCTAssertTrue((-1...1).contains(scores.compound), text.prefix(20).description)
      XCTAssertTrue((0...1).contains(scores.positive))
      XCTAssertTrue((0...1).contains(scores.negative))
      XCTAssertTrue(scores.features.allSatisfy(\.isFinite))
    }
  }

  func testTheBuiltInLexiconIsComplete() {
    XCTAssertEqual(ReaderLexicon.builtIn.words.count, 7_506)
    XCTAssertEqual(ReaderLexicon.builtIn.words["good"], 1.9)
    XCTAssertEqual(ReaderLexicon.builtIn.words["horrible"], -2.5)
    XCTAssertEqual(ReaderLexicon.builtIn.emoji["😁"], "beaming face with smiling eyes")
  }
}
