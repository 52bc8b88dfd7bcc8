import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Atomic output under SIGKILL, memory bounds for huge fields and lines, and
/// the bearer token kept out of everything the tool writes.
final class ReliabilityTests: XCTestCase {
  let root = BinaryRunner.packageRoot

  /// A CSV of `rows` rows from a small hand-written word list, with made-up
  /// words so that the vocabulary (and the model file) is large.
  func largeCorpus(rows: Int) -> Data {
    let syllables = [
      "ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi", "pe", "do", "gu", "sa", "fi", "be", "ho",
      "ja", "we", "xu", "yo", "qi", "ce", "ma", "ni", "po", "ri", "su", "te", "vi", "wo", "ze",
    ]
    let words = ["love", "hate", "great", "awful", "phone", "battery", "update", "not", "meh"]
    let labels = ["Pos", "Neg", "Neutral"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var text = "class,text\n"
    text.reserveCapacity(rows * 48)
    for row in 0..<rows {
      text += labels[row % 3]
      text += ","
      for index in 0..<6 {
        if index > 0 { text += " " }
        if index % 3 == 0 {
          text += words[next(words.count)]
        } else {
          for _ in 0..<3 { text += syllables[next(syllables.count)] }
        }
      }
      text += "\n"
    }
    return Data(text.utf8)
  }

  // MARK: Atomic output

  /// `train --out` writes a temporary file `.<name>.tmp-XXXXXX` in the same
  /// directory and renames it: a SIGKILL while it writes leaves the previous
  /// model byte for byte, and at most a hidden temporary file that no
  /// command reads as the model.
  func testSIGKILLWhileWritingLeavesThePreviousModel() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let output = directory.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let model = output.appendingPathComponent("model.json")
    let first = try BinaryRunner.run(["train", "Fixtures/train/tiny.csv", "--out", model.path])
    XCTAssertEqual(first.status, 0, first.stderr)
    let before = try Data(contentsOf: model)

    let corpus = directory.appendingPathComponent("large.csv")
    try largeCorpus(rows: 300_000).write(to: corpus)
    let process = Process()
    process.executableURL = try BinaryRunner.executable()
    process.arguments = ["train", corpus.path, "--out", model.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var killed = false
    var temporary: String?
    let deadline = Date().addingTimeInterval(300)
    while process.isRunning && Date() < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
      if let name = names.first(where: { $0.hasPrefix(".model.json.tmp-") }) {
        temporary = name
        kill(process.processIdentifier, SIGKILL)
        killed = true
        break
      }
      usleep(200)
    }
    if !killed && process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    guard killed else {
      XCTFail(
        "train ended (status \(process.terminationStatus)) before its temporary file was seen")
      return
    }
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGKILL)

    XCTAssertEqual(try Data(contentsOf: model), before, "the previous model, byte for byte")
    let classify = try BinaryRunner.run(["classify", "--model", model.path, "I love it"])
    XCTAssertEqual(classify.status, 0, classify.stderr)
    XCTAssertEqual(classify.stdout.split(separator: "\n").count, 1)

    // What the kill may leave: only the hidden temporary file, never a model.
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: output.path))
    XCTAssertTrue(names.isSubset(of: ["model.json", temporary ?? ""]), "\(names)")
    if let temporary, names.contains(temporary) {
      print(
        "SIGKILL left \(temporary) (\(try sizeOf(output.appendingPathComponent(temporary))) bytes)")
      XCTAssertTrue(temporary.hasPrefix("."), "hidden")
      // The next train into the directory writes the model and does not
      // trip over the leftover.
      let again = try BinaryRunner.run(["train", "Fixtures/train/tiny.csv", "--out", model.path])
      XCTAssertEqual(again.status, 0, again.stderr)
      XCTAssertEqual(try Data(contentsOf: model), before, "the same data, the same model")
    }
  }

  /// SIGINT, SIGTERM and SIGHUP while `train` writes its model: the
  /// handler removes the temporary file and the process still ends by the
  /// signal; the previous model stays byte for byte.
  func testCatchableSignalsRemoveTheTemporaryFile() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let model = directory.appendingPathComponent("model.json")
    let first = try BinaryRunner.run(["train", "Fixtures/train/tiny.csv", "--out", model.path])
    XCTAssertEqual(first.status, 0, first.stderr)
    let before = try Data(contentsOf: model)
    let corpus = directory.appendingPathComponent("large.csv")
    try largeCorpus(rows: 300_000).write(to: corpus)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let process = Process()
      process.executableURL = try BinaryRunner.executable()
      process.arguments = ["train", corpus.path, "--out", model.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var seen = false
      let deadline = Date().addingTimeInterval(300)
      while process.isRunning && Date() < deadline {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        if names.contains(where: { $0.hasPrefix(".model.json.tmp-") }) {
          seen = true
          kill(process.processIdentifier, signal)
          break
        }
        usleep(200)
      }
      if !seen && process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      XCTAssertTrue(seen, "signal \(signal): train ended before its temporary file was seen")
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signal)")
      XCTAssertEqual(process.terminationStatus, signal)
      XCTAssertEqual(
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)),
        ["model.json", "large.csv"], "signal \(signal): no temporary file left")
      XCTAssertEqual(try Data(contentsOf: model), before, "signal \(signal): the previous model")
    }
  }

  /// `train - --training-accuracy` spools stdin to a temporary file; a
  /// signal while stdin never ends (a FIFO nobody closes) removes it.
  func testASignalRemovesTheSpooledStdin() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let spool = directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
    let fifo = directory.appendingPathComponent("input").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let process = Process()
      process.executableURL = try BinaryRunner.executable()
      process.arguments = [
        "train", "-", "--training-accuracy", "--out",
        directory.appendingPathComponent("m.json").path,
      ]
      process.environment = ["TMPDIR": spool.path, "PATH": "/usr/bin:/bin"]
      // Opened read-write so that opening does not block and the FIFO never
      // ends: the writer stays open.
      let input = open(fifo, O_RDWR)
      defer { close(input) }
      process.standardInput = FileHandle(fileDescriptor: input, closeOnDealloc: false)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      _ = "class,text\nPos,good\n".withCString { write(input, $0, strlen($0)) }
      var seen = false
      let deadline = Date().addingTimeInterval(60)
      while process.isRunning && Date() < deadline {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: spool.path)) ?? []
        if names.contains(where: { $0.hasPrefix("tweetalyze-stdin-") }) {
          seen = true
          usleep(100_000)
          kill(process.processIdentifier, signal)
          break
        }
        usleep(1000)
      }
      if !seen && process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      XCTAssertTrue(seen, "signal \(signal): no spool file seen")
      XCTAssertEqual(process.terminationStatus, signal)
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: spool.path), [],
        "signal \(signal): the spooled copy is removed")
    }
  }

  func sizeOf(_ url: URL) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
  }

  // MARK: Memory

  /// Peak resident memory (KiB) of a run, by GNU time's `%M`.
  func peakKiB(_ arguments: [String], stdin: URL) throws -> (BinaryRun, Int) {
    let time = URL(fileURLWithPath: "/usr/bin/time")
    guard FileManager.default.isExecutableFile(atPath: time.path) else {
      try Requirement.unmet("/usr/bin/time is not installed (apt-get install time)")
    }
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let report = directory.appendingPathComponent("time")
    let run = try BinaryRunner.run(
      [
        "-f", "%M", "-o", report.path, "/bin/sh", "-c", #"exec "$0" "$@" < "$IN""#,
        try BinaryRunner.executable().path,
      ] + arguments,
      environment: ["IN": stdin.path], executable: time, timeout: 600)
    let text = try String(contentsOf: report, encoding: .utf8)
    let kib = try XCTUnwrap(Int(text.split(separator: "\n").last ?? ""), text)
    return (run, kib)
  }

  /// One 50 MB field (train) and one 50 MB line (classify) are past the
  /// 1 MiB caps: one error line each, with memory bounded by the cap, not
  /// by the input. A field and a line just under the cap still work.
  func testHugeFieldAndLineAreRefusedWithinTheirMemoryBound() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let phrase = Array("so bad really ".utf8)
    func text(_ size: Int) -> [UInt8] {
      var field = [UInt8]()
      field.reserveCapacity(size)
      while field.count < size { field.append(phrase[field.count % phrase.count]) }
      return field
    }
    func files(_ size: Int) throws -> (csv: URL, lines: URL) {
      let csv = directory.appendingPathComponent("field-\(size).csv")
      try Data(Array("class,text\nPos,good\nNeg,\"".utf8) + text(size) + Array("\"\n".utf8))
        .write(to: csv)
      let lines = directory.appendingPathComponent("line-\(size).txt")
      try Data(Array("hello\n".utf8) + text(size) + Array("\nbye\n".utf8)).write(to: lines)
      return (csv, lines)
    }
    let model = directory.appendingPathComponent("m.json").path
    let huge = try files(50_000_000)
    let (train, trainKiB) = try peakKiB(["train", "-", "--out", model], stdin: huge.csv)
    XCTAssertEqual(train.status, 65, train.stderr)
    XCTAssertEqual(
      train.stderrLines,
      [
        "Error: line 3: a record longer than 1 MiB, more than any text to train on; check for a quote that is never closed, or that this is a CSV file"
      ])
    XCTAssertFalse(FileManager.default.fileExists(atPath: model))
    let (classify, classifyKiB) = try peakKiB(["classify"], stdin: huge.lines)
    XCTAssertEqual(classify.status, 65, classify.stderr)
    XCTAssertEqual(classify.stderrLines.count, 1, classify.stderr)
    XCTAssertTrue(
      classify.stderr.hasPrefix("Error: input line 2 is longer than 1 MiB"), classify.stderr)
    print(
      "peak RSS: train, one 50 MB field: \(trainKiB) KiB; classify, one 50 MB line: \(classifyKiB) KiB"
    )
    XCTAssertLessThan(trainKiB, 40_000, "train: under 40 MB")
    XCTAssertLessThan(classifyKiB, 40_000, "classify: under 40 MB")

    let fits = try files(1_000_000)
    let (trainFits, _) = try peakKiB(["train", "-", "--out", model], stdin: fits.csv)
    XCTAssertEqual(trainFits.status, 0, trainFits.stderr)
    let (classifyFits, _) = try peakKiB(["classify"], stdin: fits.lines)
    XCTAssertEqual(classifyFits.status, 0, classifyFits.stderr)
    XCTAssertEqual(classifyFits.stdout.split(separator: "\n").count, 3)
  }

  /// Endless input: `yes xxx | tr -d '\n'` (bounded here by `head -c`) as
  /// a training CSV, a classify line, a `--model` and a `--fixtures` file
  /// (300 MB of zeros through a FIFO) each end with one error line; memory
  /// and time stay bounded.
  func testEndlessInputsEndWithOneErrorLine() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let environment = ["T": try BinaryRunner.executable().path]
    let train = try BinaryRunner.shell(
      #"yes xxx | tr -d '\n' | head -c 5000000 | "$T" train - --out m.json"#,
      environment: environment, directory: directory)
    XCTAssertEqual(train.status, 65, train.stderr)
    XCTAssertEqual(train.stdout, "")
    XCTAssertEqual(train.stderrLines.count, 1, train.stderr)
    XCTAssertTrue(train.stderr.hasPrefix("Error: line 1: a record longer than 1 MiB"), train.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))

    let classify = try BinaryRunner.shell(
      #"yes xxx | tr -d '\n' | head -c 5000000 | "$T" classify"#,
      environment: environment, directory: directory)
    XCTAssertEqual(classify.status, 65, classify.stderr)
    XCTAssertEqual(classify.stdout, "")
    XCTAssertEqual(
      classify.stderrLines,
      [
        "Error: input line 1 is longer than 1 MiB, more than any text to classify; give one text per line"
      ])

    XCTAssertEqual(mkfifo(directory.appendingPathComponent("zeros").path, 0o600), 0)
    let feed = #"head -c 300000000 /dev/zero > zeros & "#
    let model = try BinaryRunner.shell(
      feed + #""$T" classify --model zeros hello; s=$?; kill $! 2>/dev/null; wait; exit $s"#,
      environment: environment, directory: directory)
    XCTAssertEqual(model.status, 65, model.stderr)
    XCTAssertEqual(model.stderrLines.count, 1, model.stderr)
    XCTAssertTrue(model.stderr.contains("zeros is larger than 256 MiB"), model.stderr)
    let fixtures = try BinaryRunner.shell(
      feed + #""$T" @Apple --fixtures zeros; s=$?; kill $! 2>/dev/null; wait; exit $s"#,
      environment: environment, directory: directory)
    XCTAssertEqual(fixtures.status, 65, fixtures.stderr)
    XCTAssertEqual(fixtures.stderrLines.count, 1, fixtures.stderr)
    XCTAssertTrue(fixtures.stderr.contains("zeros is larger than 256 MiB"), fixtures.stderr)
  }
}
