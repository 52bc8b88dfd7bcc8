import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class DefaultModelEndToEndTests: XCTestCase {
  /// The summary of `tweetalyze --fixtures Fixtures/tweets QUERY --json`.
  private func analyze(_ query: String) throws -> [String: Any] {
    let run = try BinaryRunner.run(["--fixtures", "Fixtures/tweets", query, "--json"])
    XCTAssertEqual(run.status, 0, run.stderr)
    return try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  /// The hand-written `#WWDC` fixture was written as 14 positive, 10
  /// negative and 8 neutral tweets: +4 of 32, 12.5 per 100 (😊). The
  /// built-in model reads it as glad as written or one band gladder (it
  /// labels 15 positive and 7 negative: 25, 😄), and its interval holds the
  /// written score, unscaled and per 100.
  func testTheWWDCFixtureReadsAsWritten() throws {
    let object = try analyze("#WWDC")
    let score = try XCTUnwrap(object["score"] as? Int)
    XCTAssertTrue((11...30).contains(score), "\(score)")
    XCTAssertEqual(object["emoji"] as? String, EmojiBand(scaled: Double(score)).emoji)
    let interval = try XCTUnwrap(object["interval"] as? [Double])
    XCTAssertLessThanOrEqual(interval[0], 4)
    XCTAssertGreaterThanOrEqual(interval[1], 4)
    let scaled = try XCTUnwrap(object["scaled_interval"] as? [Double])
    XCTAssertLessThanOrEqual(scaled[0], 12.5)
    XCTAssertGreaterThanOrEqual(scaled[1], 12.5)
  }

  /// 40 plain sentences with an obvious sentiment, written by hand
  /// (`Fixtures/sentences/plain.csv`): the built-in model reads at least 35
  /// of them right (it read 30 while the label leaned to the training
  /// data's neutral majority), and every class's recall is at least 0.7
  /// (negative: 10 of 14; `not good`, `I don't like it` and `Never buying
  /// from them again` read neutral).
  func testPlainSentencesReadAsWritten() throws {
    let run = try BinaryRunner.run([
      "eval", "--test", "Fixtures/sentences/plain.csv", "--json", "-q",
    ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let accuracy = try XCTUnwrap(object["accuracy"] as? Double)
    XCTAssertEqual(object["rows"] as? Int, 0)
    XCTAssertGreaterThanOrEqual((accuracy * 40).rounded(), 35, run.stdout)
    let classes = try XCTUnwrap(object["classes"] as? [String: [String: Any]])
    for (name, figures) in classes {
      XCTAssertGreaterThanOrEqual(try XCTUnwrap(figures["recall"] as? Double), 0.7, name)
    }
  }

  /// The README's first example is the command and output of the built-in
  /// model on a hand-written fixture, as a terminal shows it: the binary
  /// prints exactly that, the score line on stdout and the `Note:` on
  /// stderr.
  func testTheREADMEsFirstExampleIsWhatTheBinaryPrints() throws {
    let readme = try String(
      contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let block = try XCTUnwrap(
      readme.components(separatedBy: "```console\n").dropFirst().first?
        .components(separatedBy: "```").first)
    let lines = block.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, block)
    let command = try XCTUnwrap(lines.first)
    XCTAssertTrue(command.hasPrefix("$ tweetalyze --fixtures Fixtures/tweets "), command)
    // The arguments: words, or one double-quoted word.
    let arguments = command.dropFirst("$ tweetalyze ".count).split(separator: " ").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
    let run = try BinaryRunner.run(arguments)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, lines[1] + "\n")
    XCTAssertTrue(lines[2].hasPrefix("Note: "), lines[2])
    XCTAssertEqual(run.stderr, lines[2] + "\n")
  }
}
