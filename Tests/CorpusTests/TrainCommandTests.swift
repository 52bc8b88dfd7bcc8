import Foundation
import TestSupport
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

  /// The output is compared with every input by device and inode, standard
  /// input included: `train - --out x.csv < x.csv`, `train d.csv --lexicon
  /// lex.csv --out lex.csv` and a `--plot` over the `--fixtures` file are
  /// refused before anything is written (each replaced its input before),
  /// exit 73, the inputs intact.
  func testAnOutputThatIsAnInputIsRefused() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let data = try Data(
      contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Fixtures/train/tiny.csv"))
    try data.write(to: directory.appendingPathComponent("x.csv"))
    let lexicon = Data("word,polarity\nsplendid,positive\ndreadful,negative\n".utf8)
    try lexicon.write(to: directory.appendingPathComponent("lex.csv"))
    let responses = try Data(
      contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Fixtures/tweets/at-apple.json"))
    try responses.write(to: directory.appendingPathComponent("at-apple.json"))
    // A chart is an .svg: a recording of that name is refused as its own input.
    try responses.write(to: directory.appendingPathComponent("at-apple.svg"))
    let environment = ["T": try BinaryRunner.executable().path]
    let cases = [
      (
        #""$T" @Apple --fixtures at-apple.svg --trend --plot at-apple.svg"#,
        "--plot at-apple.svg is the recorded responses at-apple.svg itself"
      ),
      (#""$T" train - --out x.csv < x.csv"#, "--out x.csv is the training data (stdin) itself"),
      (#""$T" train - --out ./x.csv --jobs 2 < x.csv"#, "--out ./x.csv is the training data"),
      (
        #""$T" train x.csv --lexicon lex.csv --out lex.csv"#,
        "--out lex.csv is the lexicon lex.csv itself"
      ),
      (#""$T" train - --lexicon lex.csv --out lex.csv < x.csv"#, "--out lex.csv is the lexicon"),
    ]
    for (script, message) in cases {
      let run = try BinaryRunner.shell(script, environment: environment, directory: directory)
      XCTAssertEqual(run.status, 73, "\(script): \(run.stderr)")
      XCTAssertEqual(run.stdout, "", script)
      XCTAssertEqual(run.stderrLines.count, 1, "\(script): \(run.stderr)")
      XCTAssertTrue(run.stderr.hasPrefix("Error: " + message), "\(script): \(run.stderr)")
      XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("x.csv")), data, script)
      XCTAssertEqual(
        try Data(contentsOf: directory.appendingPathComponent("at-apple.svg")), responses, script)
      XCTAssertEqual(
        try Data(contentsOf: directory.appendingPathComponent("lex.csv")), lexicon, script)
    }
    // Another file, or stdin from a pipe, is written as before.
    let piped = try BinaryRunner.shell(
      #"cat x.csv | "$T" train - --lexicon lex.csv --out m.json -q"#, environment: environment,
      directory: directory)
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
  }
}
