import Foundation
import XCTest

@testable import SentimentCore
@testable import tweetalyze

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `CompareReport.write` (`Output/CompareOutput.swift`): what `compare`
/// prints for each format, in memory.
final class CompareOutputTests: XCTestCase {
  private struct Case {
    let sets: [ComparedSet]
    let comparisons: [Comparison]
    let changes: [(name: String, since: Date, Comparison)]
  }

  /// Two sets of opposite moods, read by the built-in model, and a change
  /// of the second since a recorded run of the first's posts.
  private func twoSets() throws -> Case {
    let model = try DefaultModel.load()
    let happy = ["I love this phone", "great camera, so happy", "what a lovely day", "best ever"]
    let sad = ["worst update ever, I hate it", "battery died again, awful", "so sad", "broken"]
    func set(_ name: String, _ texts: [String]) -> ComparedSet {
      let tweets = texts.enumerated().map { Tweet(id: "\(name)\($0.offset)", text: $0.element) }
      return ComparedSet(name: name, tweets: tweets, model: model, method: .count)
    }
    let sets = [set("@happy", happy), set("@sad", sad)]
    let comparison = Comparison(sets[0].side, sets[1].side, shared: 0)
    let since = Date(timeIntervalSince1970: 1_780_000_000)
    return Case(
      sets: sets, comparisons: [comparison], changes: [(name: "@sad", since: since, comparison)])
  }

  /// Writes `example` with the format asked to a file; returns what it holds.
  private func written(_ example: Case, json: Bool = false, csv: Bool = false) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("compare-output-\(UUID().uuidString)").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let out = Output(descriptor: descriptor)
    try CompareReport.write(
      example.sets, example.comparisons, changes: example.changes, json: json, csv: csv,
      stdout: out, environment: Environment())
    try out.flush()
    close(descriptor)
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  /// The text is the comparison, then each set's change since its last
  /// run, named, a line each.
  func testTheTextEndsWithEachChangeNamed() throws {
    let example = try twoSets()
    let text = try written(example)
    let comparison = CompareReport.text(example.sets, example.comparisons, style: .plain)
    let change = try XCTUnwrap(example.changes.first)
    XCTAssertEqual(
      text, comparison + "@sad " + HistoryFile.changeText(since: change.since, change.2))
    XCTAssertTrue(text.contains("@sad"), text)
  }

  /// `--json` is one object that carries the changes; `--csv` is the table
  /// alone (the changes are JSON's and the text's).
  func testJSONCarriesTheChangesAndCSVIsTheTableAlone() throws {
    let example = try twoSets()
    let json = try written(example, json: true)
    XCTAssertEqual(
      json,
      String(
        decoding: CompareReport.json(example.sets, example.comparisons, changes: example.changes),
        as: UTF8.self))
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    XCTAssertNotNil(object["verdict"], json)
    XCTAssertEqual((object["changes"] as? [Any])?.count, 1, json)
    XCTAssertEqual(
      try written(example, csv: true), CompareReport.csv(example.sets, example.comparisons))
    XCTAssertFalse(try written(example, csv: true).contains("since"))
  }
}
