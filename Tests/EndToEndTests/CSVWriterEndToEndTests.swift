import Foundation
import SentimentCore
import TestSupport
import XCTest

@testable import tweetalyze

final class CSVWriterEndToEndTests: XCTestCase {

  func testClassifyCSVMatchesTheTabSeparatedLinesAndRoundTrips() throws {
    var input = Data("I love it, \"really\"\nplain words\n".utf8)
    input.append(contentsOf: [0x62, 0x61, 0x64, 0x20, 0xFF, 0xFE, 0x0A])
    input.append(Data("esc \u{1B}[2J here\n".utf8))
    let csv = try BinaryRunner.run(["classify", "--csv", "--jobs", "1"], stdin: input)
    XCTAssertEqual(csv.status, 0, csv.stderr)
    XCTAssertEqual(csv.stderr, "")
    // Several threads write the same bytes.
    let parallel = try BinaryRunner.run(["classify", "--csv", "--jobs", "3"], stdin: input)
    XCTAssertEqual(parallel.status, 0, parallel.stderr)
    XCTAssertEqual(parallel.stdoutData, csv.stdoutData)
    XCTAssertTrue(
      csv.stdout.hasPrefix("label,probability,text,negative,neutral,positive,compound\n"),
      csv.stdout)
    let tsv = try BinaryRunner.run(["classify"], stdin: input)
    XCTAssertEqual(tsv.status, 0, tsv.stderr)
    // The label and its probability; a third field marks a doubtful one.
    let lines = tsv.stdout.split(separator: "\n").map {
      $0.split(separator: "\t").prefix(2).map(String.init)
    }
    let rows = try CSVText.table(csv.stdout)
    XCTAssertEqual(rows.count, 4)
    XCTAssertEqual(rows.map { [$0["label"] ?? "", $0["probability"] ?? ""] }, lines)
    XCTAssertEqual(
      rows.map { $0["text"] ?? "" },
      ["I love it, \"really\"", "plain words", "bad \u{FFFD}\u{FFFD}", "esc \\u{1B}[2J here"])
  }
}
