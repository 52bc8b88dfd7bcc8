import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// The built-in model is what the README's command trains from the shared
/// Sanders corpus, byte for byte.
final class DefaultModelTests: XCTestCase {
  func testEmbeddedModelLoadsWithTheDefaultSettings() throws {
    let model = try DefaultModel.load()
    XCTAssertEqual(model.options, NaiveBayesOptions())
    XCTAssertEqual(model.tokenizer, TokenizerSettings())
    XCTAssertEqual(model.provenance.source, "sanders-full-corpus.csv")
    XCTAssertEqual(model.provenance.sha256.count, 64)
    XCTAssertEqual(model.provenance.rows.sum, model.documents.sum)
    XCTAssertGreaterThan(model.vocabulary.count, 1000)
  }

  /// The embedded model carries a valid checksum (verified here, not at
  /// each start): a changed member is refused.
  func testTheEmbeddedModelCarriesAValidChecksum() throws {
    let text = String(decoding: DefaultModel.bytes, as: UTF8.self)
    XCTAssertTrue(text.contains(#"},"checksum":"sha256:"#))
    XCTAssertNoThrow(try ModelFile.decode(Array(DefaultModel.bytes)))
    let older = text.replacingOccurrences(of: #""version":7,"#, with: #""version":6,"#)
    XCTAssertNotEqual(older, text)
    XCTAssertThrowsError(try ModelFile.decode(Array(older.utf8))) { error in
      XCTAssertEqual(error as? ModelFileError, .checksumMismatch)
    }
  }

  /// Words that were complaints only in Sanders' 2011 topics (`battery`,
  /// `update`, `repair`, `service`) do not outvote plain praise: each of
  /// these hand-written tweets read negative before the lexicon reader, and
  /// reads positive now; a plain complaint stays negative.
  func testTopicWordsDoNotOutvotePlainSentiment() throws {
    let model = try DefaultModel.load()
    var classifier = Classifier(model: model)
    for text in [
      "@apple the new battery life is sooooo good, I went two full days without charging!!!",
      "iOS 20.2 is the most stable update in years. Zero crashes, better battery. Good job",
      "Kudos for the repair manuals and self service parts. Swapped my own battery in 20 minutes!",
      "not bad at all",
    ] {
      let prediction = classifier.predict(text)
      XCTAssertEqual(prediction.label, .positive, text)
      XCTAssertEqual(prediction.confidence, prediction.probabilities.max(), text)
    }
    XCTAssertEqual(
      classifier.predict("the update killed my battery, support was useless").label, .negative)
  }

  /// The embedded model goes through the same reader as a `--model` file,
  /// and writing it again gives the embedded bytes.
  func testTheEmbeddedModelRoundTrips() throws {
    let model = try ModelFile.decode(DefaultModel.bytes)
    XCTAssertTrue(ModelFile.encode(model) == Array(DefaultModel.bytes))
  }

}
