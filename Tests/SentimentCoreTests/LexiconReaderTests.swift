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

  /// The reader's own label by its authors' rule, and its evidence for
  /// each class: on the side of its reading only, none for neutral.
  func testLabelAndEvidence() {
    XCTAssertEqual(ReaderScores(compound: 0.05, positive: 0, negative: 0).label, .positive)
    XCTAssertEqual(ReaderScores(compound: 0.049, positive: 0, negative: 0).label, .neutral)
    XCTAssertEqual(ReaderScores(compound: -0.05, positive: 0, negative: 0).label, .negative)
    let scores = reader.read("I love it, but the battery is awful!!!!!")
    XCTAssertLessThan(scores.compound, 0)
    XCTAssertGreaterThan(scores.positiveSum, 0)
    XCTAssertGreaterThan(scores.negativeSum, scores.positiveSum)
    XCTAssertEqual(scores.exclamations, 5)
    let margin = log1p(scores.negativeSum) - log1p(scores.positiveSum)
    XCTAssertEqual(scores.evidence(for: .negative), [-scores.compound, margin])
    XCTAssertEqual(scores.evidence(for: .positive), [0, 0])
    XCTAssertEqual(scores.evidence(for: .neutral), [0, 0])
    let praise = reader.read("I love it")
    XCTAssertEqual(praise.evidence(for: .positive)[0], praise.compound)
    XCTAssertEqual(praise.evidence(for: .negative), [0, 0])
    XCTAssertEqual(praise.evidence(for: .positive).count, ReaderScores.featureNames.count)
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
      for label in Sentiment.allCases {
        XCTAssertTrue(scores.evidence(for: label).allSatisfy(\.isFinite))
      }
    }
  }

  /// VADER's words and emoji, with our additions (``ReaderAdditions``) on
  /// top: each addition is what the lexicon holds.
  func testTheBuiltInLexiconIsVADERsWithOurAdditions() {
    let lexicon = ReaderLexicon.builtIn
    let new = ReaderAdditions.words.filter { !["l"].contains($0.text) }.count
    XCTAssertEqual(
      lexicon.words.count,
      7_506 + new + ReaderAdditions.emoji.filter { $0.valence != nil }.count)
    XCTAssertEqual(lexicon.words["good"], 1.9)
    XCTAssertEqual(lexicon.words["horrible"], -2.5)
    XCTAssertEqual(lexicon.emoji["😁"], "beaming face with smiling eyes")
    for entry in ReaderAdditions.words {
      XCTAssertEqual(lexicon.words[entry.text], entry.valence, entry.text)
      XCTAssertFalse(entry.why.isEmpty)
    }
    for entry in ReaderAdditions.emoji {
      let scalar = try? XCTUnwrap(entry.text.unicodeScalars.first)
      XCTAssertEqual(entry.text.unicodeScalars.count, 1, entry.text)
      XCTAssertEqual(lexicon.emoji[scalar!], entry.valence == nil ? "" : entry.text)
      XCTAssertEqual(lexicon.words[entry.text], entry.valence, entry.text)
    }
  }

  /// Our additions, word by word: each reads the way its reason says.
  func testTheAddedWordsAndEmojiReadAsTheirReasonsSay() {
    for entry in ReaderAdditions.words + ReaderAdditions.emoji {
      let text = "the new album is \(entry.text)"
      let compound = reader.read(text).compound
      switch entry.valence {
      case let valence? where valence > 0: XCTAssertGreaterThan(compound, 0, text)
      case let valence? where valence < 0: XCTAssertLessThan(compound, 0, text)
      default: XCTAssertEqual(compound, 0, text)
      }
    }
    // VADER read these the old way.
    XCTAssertGreaterThan(reader.read("this album 🔥").compound, 0)
    XCTAssertEqual(reader.read("waited two hours 😭").compound, 0)
    XCTAssertGreaterThan(reader.read("great👍").compound, reader.read("great").compound)
  }

  /// `no cap` ("no lie") is neither a negative word nor a negation.
  func testNoCapIsNotANegation() {
    let plain = reader.read("this is the best pizza").compound
    XCTAssertEqual(reader.read("no cap this is the best pizza").compound, plain)
    XCTAssertGreaterThan(reader.read("no cap good").compound, 0)
    // `no` alone still negates.
    XCTAssertLessThan(reader.read("no good").compound, reader.read("good").compound)
  }

  /// `lowkey` hedges as `kinda`; `highkey` stresses as `really`.
  func testLowkeyAndHighkeyAreDegreeWords() {
    let love = reader.read("I love it").compound
    XCTAssertEqual(
      reader.read("I lowkey love it").compound, reader.read("I kinda love it").compound)
    XCTAssertLessThan(reader.read("I lowkey love it").compound, love)
    XCTAssertEqual(
      reader.read("I highkey love it").compound, reader.read("I really love it").compound)
  }

  /// `fire` is a verdict after `is`, `so`, …; alone it stays a fire.
  func testFireAfterAVerdictWordIsPraise() {
    XCTAssertGreaterThan(reader.read("that concert was fire").compound, 0)
    XCTAssertGreaterThan(reader.read("this song is so fire").compound, 0)
    XCTAssertLessThan(reader.read("a fire in the warehouse").compound, 0)
  }

  /// `hits different` is praise; `different` alone is nothing.
  func testHitsDifferentIsPraise() {
    XCTAssertGreaterThan(reader.read("the new season hits different").compound, 0)
    XCTAssertEqual(reader.read("a different season").compound, 0)
  }

  /// `could be better` and `mid at best` are complaints.
  func testCouldBeBetterAndAtBestAreComplaints() {
    XCTAssertLessThan(reader.read("could be better").compound, 0)
    XCTAssertLessThan(reader.read("it could have been better").compound, 0)
    XCTAssertGreaterThan(reader.read("it could not be better").compound, 0)
    XCTAssertLessThan(reader.read("decent at best").compound, reader.read("decent").compound)
  }

  /// A negation does not turn a comparative, and nothing after `can't
  /// stop`: both are praise.
  func testNegatedComparativesAndCantStopStayPositive() {
    XCTAssertGreaterThan(reader.read("Never had a better burger in my life").compound, 0)
    XCTAssertGreaterThan(reader.read("couldn't be happier").compound, 0)
    XCTAssertGreaterThan(reader.read("can't stop smiling").compound, 0)
    // Other words still turn.
    XCTAssertLessThan(reader.read("I can't say it's good").compound, 0)
  }

  /// `though` and `although` turn a text as `but` does; a leading
  /// `although` turns it at the end of its clause; a final `though` not.
  func testThoughAndAlthoughTurnTheText() {
    XCTAssertLessThan(
      reader.read("the screen is great, though the battery is awful").compound,
      reader.read("the screen is great, the battery is awful").compound)
    XCTAssertLessThan(reader.read("Although the coffee smells great, it tastes awful").compound, 0)
    XCTAssertGreaterThan(
      reader.read("Although the flight was awful, the crew were lovely").compound, 0)
    XCTAssertEqual(
      reader.read("it was good though").compound, reader.read("it was good").compound)
    // `but` still decides where both stand.
    XCTAssertEqual(
      LexiconReader.contrast(
        ["though", "a", "but", "b"], clauseEnds: [false, false, false, false]),
      2)
  }
}
