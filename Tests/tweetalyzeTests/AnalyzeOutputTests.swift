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

/// `AnalyzeReport.write` (`Output/AnalyzeOutput.swift`): what the main
/// command prints of one set, on each stream, for each format.
final class AnalyzeOutputTests: XCTestCase {
  /// Five posts of all moods, read by the built-in model.
  private func fivePosts() throws -> Analysis {
    let texts = [
      "I love this phone", "worst update ever, I hate it", "the keynote is at ten",
      "great camera, so happy", "battery died again, awful",
    ]
    let tweets = texts.enumerated().map { Tweet(id: "\($0.offset)", text: $0.element) }
    return Analysis(tweets, model: try DefaultModel.load(), method: .count)
  }

  /// Writes with `format` to two files; returns what each holds.
  private func written(
    _ format: AnalyzeReport.Format, several: Bool = false, csvHeader: Bool = true
  ) throws -> (stdout: String, stderr: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("analyze-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = ["stdout", "stderr"].map { directory.appendingPathComponent($0).path }
    let descriptors = paths.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
    XCTAssertTrue(descriptors.allSatisfy { $0 >= 0 })
    do {
      let (out, err) = (Output(descriptor: descriptors[0]), Output(descriptor: descriptors[1]))
      try AnalyzeReport.write(
        try fivePosts(), label: "@Acme", format: format, several: several, csvHeader: csvHeader,
        change: nil, stdout: out, stderr: err, environment: Environment())
      try out.flush()
      try err.flush()
    }
    for descriptor in descriptors { close(descriptor) }
    let read = { (path: String) in try String(contentsOfFile: path, encoding: .utf8) }
    return (try read(paths[0]), try read(paths[1]))
  }

  /// The score line is the band's emoji and the printed score, naming the
  /// set only among several; the note goes to stderr unless `--quiet` or
  /// `--details` (which says it on stdout).
  func testTheScoreLineAndTheNoteGoToTheirStreams() throws {
    let estimate = try fivePosts().estimate
    let line = "\(estimate.band.emoji) \(estimate.score)\n"
    let plain = try written(.init())
    XCTAssertEqual(plain.stdout, line)
    XCTAssertEqual(
      plain.stderr, AnalyzeReport.uncertaintyNote(estimate, query: nil) ?? "", "the note")
    XCTAssertEqual(try written(.init(quiet: true)).stderr, "")
    XCTAssertEqual(
      try written(.init(quiet: true), several: true).stdout,
      "\(estimate.band.emoji) \(estimate.score) @Acme\n")
    let details = try written(.init(details: true))
    XCTAssertTrue(details.stdout.hasPrefix(line + "\n"), details.stdout)
    XCTAssertEqual(details.stderr, "")
  }

  /// `--json` is one object on stdout with the set's count; `--csv` a row
  /// after the header only when asked for; `--csv --tweets` prints nothing
  /// more (the posts' table stands alone).
  func testJSONAndCSVAreOneObjectAndOneRow() throws {
    let json = try written(.init(json: true))
    XCTAssertEqual(json.stdout.filter { $0 == "\n" }.count, 1)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(object["count"] as? Int, 5)
    XCTAssertEqual(object["query"] as? String, "@Acme")
    XCTAssertEqual(json.stderr, "")
    let withHeader = try written(.init(csv: true)).stdout
    let row = try written(.init(csv: true), csvHeader: false).stdout
    XCTAssertEqual(withHeader, AnalyzeReport.csvHeader + row)
    XCTAssertTrue(row.hasPrefix("@Acme,"), row)
    XCTAssertEqual(try written(.init(csv: true, tweets: true)).stdout, "")
  }
}
