import Foundation
import XCTest

@testable import SentimentCore

/// The built-in model is what the README's command trains from the shared
/// Sanders corpus, byte for byte.
final class DefaultModelTests: XCTestCase {
  private var corpus: URL {
    BinaryRunner.packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/data/sanders-full-corpus.csv")
  }

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
    guard FileManager.default.fileExists(atPath: corpus.path) else {
      print("DefaultModelTests: skipped, \(corpus.path) is absent (it sits beside the repo)")
      throw XCTSkip("\(corpus.path) is absent")
    }
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
}
