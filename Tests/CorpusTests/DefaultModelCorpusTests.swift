import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class DefaultModelCorpusTests: XCTestCase {
  func testRetrainingReproducesTheEmbeddedModel() throws {
    let corpus = try SharedData.url("sanders-full-corpus.csv")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-default-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("model.json")
    let run = try BinaryRunner.run([
      "train", corpus.path, "--fit-groups", "Topic", "--out", output.path,
    ])
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
