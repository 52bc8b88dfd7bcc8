import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

final class ProgressEndToEndTests: XCTestCase {
  /// Labeled rows, `count` of them.
  func rows(_ count: Int) -> String {
    "class,text\n"
      + (0..<count).map { index in
        ["Pos,I love it \(index)", "Neg,I hate it \(index)", "Neutral,a meeting \(index)"][
          index % 3]
      }.joined(separator: "\n") + "\n"
  }

  /// A shell command line that pipes the data to `tweetalyze ARGUMENTS`,
  /// pausing 1.3 s (more than ``ProgressMeter/delay``) half-way.
  func slowPipe(_ arguments: String, directory: URL) throws -> String {
    let data = rows(600)
    let half = data.index(data.startIndex, offsetBy: data.count / 2)
    let first = directory.appendingPathComponent("first.csv")
    let second = directory.appendingPathComponent("second.csv")
    try String(data[..<half]).write(to: first, atomically: true, encoding: .utf8)
    try String(data[half...]).write(to: second, atomically: true, encoding: .utf8)
    let binary = try BinaryRunner.executable().path
    return "(cat '\(first.path)'; sleep 1.3; cat '\(second.path)') | '\(binary)' \(arguments)"
  }

  func testNothingOnStderrOffATerminalEvenForASlowInput() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let model = directory.appendingPathComponent("m.json").path
    let train = try BinaryRunner.shell(
      try slowPipe("train - --out '\(model)'", directory: directory))
    XCTAssertEqual(train.status, 0, train.stderr)
    XCTAssertTrue(train.stderr.hasPrefix("Trained on 600 rows from stdin"), train.stderr)
    XCTAssertFalse(train.stderr.contains("rows/s"))
    XCTAssertFalse(train.stderr.contains("\u{1B}"))
    let eval = try BinaryRunner.shell(try slowPipe("eval - --folds 2", directory: directory))
    XCTAssertEqual(eval.status, 0, eval.stderr)
    XCTAssertEqual(eval.stderr, "")
  }

  /// Runs a command line on a pseudo-terminal with `script`; returns what
  /// the terminal showed.
  func onATerminal(_ command: String) throws -> BinaryRun {
    let script = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: script.path) else {
      try Requirement.unmet("script (util-linux) is not installed")
    }
    return try BinaryRunner.run(["-qec", command, "/dev/null"], executable: script)
  }

  /// Issue 36 §4: after reading, eval shows the folds and score sets done.
  func testEvalShowsTheFoldsAndScoreSetsDone() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let shown = try onATerminal(
      try slowPipe("eval - --folds 2 --quantification", directory: directory))
    XCTAssertEqual(shown.status, 0, shown.stdout)
    XCTAssertTrue(shown.stdout.contains("\r\u{1B}[Keval: 2 of 2 folds done"), shown.stdout)
    XCTAssertTrue(
      shown.stdout.contains("\r\u{1B}[Keval: 2 of 2 folds' score sets done"), shown.stdout)
    XCTAssertTrue(shown.stdout.contains("\r\u{1B}[KData:"), "erased before the report")
    let quiet = try onATerminal(
      try slowPipe("eval - --folds 2 --quantification -q", directory: directory))
    XCTAssertFalse(quiet.stdout.contains("done"), quiet.stdout)
  }

  func testOnATerminalTheLineIsDrawnAndErasedUnlessQuiet() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let model = directory.appendingPathComponent("m.json").path
    let shown = try onATerminal(try slowPipe("train - --out '\(model)'", directory: directory))
    XCTAssertEqual(shown.status, 0, shown.stdout)
    XCTAssertTrue(shown.stdout.contains("\r\u{1B}[Ktrain: "), shown.stdout)
    XCTAssertTrue(shown.stdout.contains(" rows, "), shown.stdout)
    XCTAssertTrue(shown.stdout.contains(" rows/s"), shown.stdout)
    // Erased before the summary.
    XCTAssertTrue(shown.stdout.contains("\r\u{1B}[KTrained on 600 rows"), shown.stdout)

    let eval = try onATerminal(try slowPipe("eval - --folds 2", directory: directory))
    XCTAssertEqual(eval.status, 0, eval.stdout)
    XCTAssertTrue(eval.stdout.contains("\r\u{1B}[Keval: reading: "), eval.stdout)

    for quiet in [
      "train - --out '\(model)' --quiet", "train - --out '\(model)' --json",
      "eval - --folds 2 -q",
    ] {
      let run = try onATerminal(try slowPipe(quiet, directory: directory))
      XCTAssertEqual(run.status, 0, run.stdout)
      XCTAssertFalse(run.stdout.contains("rows/s"), "\(quiet): \(run.stdout)")
      XCTAssertFalse(run.stdout.contains("\u{1B}[K"), "\(quiet)")
    }
  }
}
