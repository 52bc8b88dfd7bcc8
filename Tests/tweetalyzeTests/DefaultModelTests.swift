import Foundation
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
    XCTAssertEqual(model.provenance.rows.reduce(0, +), model.documents.reduce(0, +))
    XCTAssertGreaterThan(model.vocabulary.count, 1000)
  }

  /// The embedded model carries a valid checksum (verified here, not at
  /// each start): a changed member is refused.
  func testTheEmbeddedModelCarriesAValidChecksum() throws {
    let text = String(decoding: DefaultModel.bytes, as: UTF8.self)
    XCTAssertTrue(text.contains(#"},"checksum":"sha256:"#))
    XCTAssertNoThrow(try ModelFile.decode(Array(DefaultModel.bytes)))
    let older = text.replacingOccurrences(of: #""version":4,"#, with: #""version":3,"#)
    XCTAssertNotEqual(older, text)
    XCTAssertThrowsError(try ModelFile.decode(Array(older.utf8))) { error in
      XCTAssertEqual(error as? ModelFileError, .checksumMismatch)
    }
  }

  /// The hand-written `@Apple` fixture was written as 45 positive, 30
  /// negative and 25 neutral tweets: a score of +15 (😊). The built-in model
  /// reads it as slightly negative; its 90 % interval still holds the
  /// written score, and its estimate is nearer to it than the plain count.
  func testTheAppleFixtureIsWithinTheBuiltInModelsInterval() throws {
    let run = try BinaryRunner.run(["--fixtures", "Fixtures/tweets", "@Apple", "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let interval = try XCTUnwrap(object["interval"] as? [Double])
    let estimate = try XCTUnwrap(object["estimate"] as? Double)
    let count = try XCTUnwrap(object["count_score"] as? Int)
    XCTAssertEqual(interval.count, 2)
    XCTAssertLessThanOrEqual(interval[0], 15)
    XCTAssertGreaterThanOrEqual(interval[1], 15)
    XCTAssertLessThan(abs(estimate - 15), abs(Double(count) - 15))
  }

  /// Trained with `--smoothing background`, the model reads the `@Apple`
  /// fixture's mood as it was written: 😊, a score above 10 of 100.
  func testBackgroundSmoothingReadsTheAppleFixtureAsWritten() throws {
    let corpus = try SharedData.url("sanders-full-corpus.csv")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-background-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let model = directory.appendingPathComponent("model.json")
    let trained = try BinaryRunner.run(
      ["train", corpus.path, "--smoothing", "background", "--out", model.path, "-q"])
    XCTAssertEqual(trained.status, 0, trained.stderr)
    let run = try BinaryRunner.run([
      "--fixtures", "Fixtures/tweets", "@Apple", "--model", model.path,
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    let parts = run.stdout.dropLast().split(separator: " ")
    XCTAssertEqual(parts.first, "😊", run.stdout)
    let score = try XCTUnwrap(Int(parts.last ?? ""), run.stdout)
    XCTAssertGreaterThan(score, 10)
    XCTAssertLessThanOrEqual(score, 20)
  }

  func testRetrainingReproducesTheEmbeddedModel() throws {
    let corpus = try SharedData.url("sanders-full-corpus.csv")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-default-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("model.json")
    let run = try BinaryRunner.run(["train", corpus.path, "--out", output.path])
    XCTAssertEqual(run.status, 0, run.stderr)
    let retrained = try Data(contentsOf: output)
    let embedded = Data(DefaultModel.bytes)
    XCTAssertEqual(
      retrained.count, embedded.count,
      "the embedded model is stale: run Scripts/update-default-model.sh")
    XCTAssertTrue(
      retrained == embedded, "the embedded model is stale: run Scripts/update-default-model.sh")
    var hash = SHA256()
    hash.update(Array(try Data(contentsOf: corpus)))
    XCTAssertEqual(try DefaultModel.load().provenance.sha256, hash.finalize())
  }

  /// The embedded model goes through the same reader as a `--model` file,
  /// and writing it again gives the embedded bytes.
  func testTheEmbeddedModelRoundTrips() throws {
    let model = try ModelFile.decode(DefaultModel.bytes)
    XCTAssertTrue(ModelFile.encode(model) == Array(DefaultModel.bytes))
  }

}
