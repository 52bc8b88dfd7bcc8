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
