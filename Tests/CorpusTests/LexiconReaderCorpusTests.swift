import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

/// The fast reader against the plain one on the first 100,000 posts of the
/// 1M-post benchmark corpus (`../shared/bench/make-corpus.py`, whose first
/// rows are the same for every size): bit-identical scores.
final class LexiconReaderCorpusTests: XCTestCase {
  /// Every bit of a reading's numbers.
  private func bits(_ scores: ReaderScores) -> [UInt64] {
    [
      scores.compound.bitPattern, scores.positive.bitPattern, scores.negative.bitPattern,
      scores.positiveSum.bitPattern, scores.negativeSum.bitPattern, UInt64(scores.exclamations),
    ]
  }

  func testTheFirst100000PostsOfTheBenchmarkCorpusReadTheSame() throws {
    let script = SharedData.directory.deletingLastPathComponent()
      .appendingPathComponent("bench/make-corpus.py")
    guard FileManager.default.fileExists(atPath: script.path) else {
      try Requirement.unmet("\(script.path) is absent (../shared sits beside the repository)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reader-corpus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let texts = folder.appendingPathComponent("texts.txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script.path, "100000", folder.appendingPathComponent("corpus.csv").path,
      "--text-only", texts.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { try Requirement.unmet("python3 is not available: \(error)") }
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "make-corpus.py failed")
    let bytes = [UInt8](try Data(contentsOf: texts))
    var posts = 0
    var disagreements = 0
    var withSentiment = 0
    for line in bytes.split(separator: 0x0A) {
      let line = Array(line)
      let plain = LexiconReader.shared.read(String(decodingUTF8: line.span))
      let fast = FastLexiconReader.shared.read(line.span)
      if bits(plain) != bits(fast) {
        disagreements += 1
        if disagreements <= 5 {
          XCTFail("\(String(decoding: line, as: UTF8.self)): \(fast) vs \(plain)")
        }
      }
      if plain.compound != 0 { withSentiment += 1 }
      posts += 1
    }
    XCTAssertEqual(posts, 100_000)
    XCTAssertEqual(disagreements, 0)
    // The corpus exercises the rules: most posts have a sentiment word.
    XCTAssertGreaterThan(withSentiment, 30_000)
  }
}
