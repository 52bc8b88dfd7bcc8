import Foundation
import XCTest

/// `train --jobs N` and `eval --jobs N`, end to end: the same bytes for
/// every N (`TrainCommand.swift`, `EvalCommand.swift`).
final class TrainCommandTests: XCTestCase {
  private func tweetalyze(_ arguments: [String], stdin: Data? = nil) throws -> BinaryRun {
    let run = try BinaryRunner.run(arguments, stdin: stdin, timeout: 300)
    XCTAssertFalse(run.timedOut, "tweetalyze \(arguments) timed out")
    return run
  }

  /// A labeled CSV of random words, 12,000 rows: more batches than threads.
  static func generatedCSV() -> Data {
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var csv = "class,text\n"
    for row in 0..<12_000 {
      let words = (0..<(2 + next(14))).map { _ in
        next(12) == 0
          ? "rare\(row)w\(next(100))" : ["love", "hate", "not", "phone", "w\(next(2000))"][next(5)]
      }
      csv +=
        "\(["Pos", "Neg", "Neutral", "irrelevant"][next(4)]),\"\(words.joined(separator: " "))\"\n"
    }
    return Data(csv.utf8)
  }

  func testTrainWritesTheSameModelForEveryNumberOfJobs() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let generated = directory.appendingPathComponent("generated.csv")
    try Self.generatedCSV().write(to: generated)
    let inputs = [try SharedData.url("sanders-full-corpus.csv"), generated]
    for input in inputs {
      var models: [Data] = []
      var summaries: [String] = []
      for jobs in ["1", "2", "3"] {
        let out = directory.appendingPathComponent("model\(jobs).json")
        let run = try tweetalyze(["train", input.path, "--out", out.path, "--jobs", jobs, "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        models.append(try Data(contentsOf: out))
        summaries.append(run.stdout.replacing(out.lastPathComponent, with: "model.json"))
      }
      XCTAssertEqual(Set(models).count, 1, "\(input.lastPathComponent): models differ by --jobs")
      XCTAssertEqual(Set(summaries).count, 1, "\(input.lastPathComponent): summaries differ")
      // Standard input, cut into chunks by a pipe, gives the same model too.
      let piped = try tweetalyze(
        ["train", "-", "--out", "-", "--jobs", "2", "-q"], stdin: try Data(contentsOf: input))
      XCTAssertEqual(piped.status, 0, piped.stderr)
      let fromStdin = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: piped.stdoutData) as? [String: Any])
      let fromFile = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: models[0]) as? [String: Any])
      // The checksum covers the provenance.
      XCTAssertEqual(
        fromStdin.filter { $0.key != "provenance" && $0.key != "checksum" } as NSDictionary,
        fromFile.filter { $0.key != "provenance" && $0.key != "checksum" } as NSDictionary)
    }
  }

  func testABadRowIsReportedTheSameWithEveryNumberOfJobs() throws {
    var csv = Self.generatedCSV()
    csv += Data("Happy,what label is this\nPos,fine\n".utf8)
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let input = directory.appendingPathComponent("bad.csv")
    try csv.write(to: input)
    var errors: [String] = []
    for jobs in ["1", "2", "3"] {
      let out = directory.appendingPathComponent("model.json")
      let run = try tweetalyze(["train", input.path, "--out", out.path, "--jobs", jobs])
      XCTAssertEqual(run.status, 65)
      XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
      errors.append(run.stderr)
    }
    XCTAssertEqual(
      errors[0],
      "Error: line 12002: unknown label 'Happy'; expected Pos/positive, Neg/negative or Neutral "
        + "(rows labeled 'irrelevant' are skipped)\n")
    XCTAssertEqual(Set(errors).count, 1, "\(errors)")
  }

  func testEvalReportsTheSameForEveryNumberOfJobs() throws {
    let data = try SharedData.url("sanders-apple3.csv")
    var reports: [String] = []
    for jobs in ["1", "2", "3"] {
      let run = try tweetalyze(["eval", data.path, "--folds", "5", "--json", "--jobs", jobs])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertTrue(run.stdout.contains("\"accuracy\""))
      reports.append(run.stdout)
    }
    XCTAssertEqual(Set(reports).count, 1)
  }

  func testJobsOutOfRangeIsAUsageError() throws {
    for value in ["0", "-1", "257", "100000", "two"] {
      let run = try tweetalyze(["train", "x.csv", "--out", "m.json", "--jobs", value])
      XCTAssertEqual(run.status, 64, value)
      XCTAssertTrue(
        run.stderr.hasPrefix("Error: --jobs takes a whole number from 1 to 256 (got '\(value)')"),
        run.stderr)
    }
  }
}
