import Foundation
import TestSupport
import XCTest

/// `classify` and `explain` reading their texts, end to end: `-`,
/// `--input FILE`, the hint on a terminal, the warning for a file's name,
/// and streaming from a pipe.
final class ReadTextsTests: XCTestCase {
  func run(_ arguments: [String], stdin: Data? = nil, directory: URL? = nil) throws -> BinaryRun {
    try BinaryRunner.run(arguments, stdin: stdin, directory: directory)
  }

  func testDashReadsStdinForClassifyAndExplain() throws {
    let lines = Data("I love it\nI hate it\n".utf8)
    let dash = try run(["classify", "-"], stdin: lines)
    XCTAssertEqual(dash.status, 0, dash.stderr)
    XCTAssertEqual(dash.stdout, try run(["classify", "I love it", "I hate it"]).stdout)
    XCTAssertEqual(dash.stdout.split(separator: "\n").count, 2)
    XCTAssertFalse(dash.stdout.contains("-\t"))
    // `-` among texts stands for stdin's lines at its place.
    let mixed = try run(["classify", "meh", "-", "--json"], stdin: lines)
    XCTAssertEqual(
      mixed.stdout, try run(["classify", "meh", "I love it", "I hate it", "--json"]).stdout)
    let explained = try run(["explain", "-", "--json"], stdin: lines)
    XCTAssertEqual(explained.status, 0, explained.stderr)
    let texts = explained.stdout.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"]
        as? String
    }
    XCTAssertEqual(texts, ["I love it", "I hate it"])
  }

  func testInputFileReadsItsLines() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    try Data("I love it\r\nI hate it\nmeh".utf8).write(
      to: directory.appendingPathComponent("texts.txt"))
    let classified = try run(["classify", "--input", "texts.txt"], directory: directory)
    XCTAssertEqual(classified.status, 0, classified.stderr)
    XCTAssertEqual(classified.stderr, "")
    XCTAssertEqual(
      classified.stdout, try run(["classify", "I love it", "I hate it", "meh"]).stdout)
    let explained = try run(["explain", "--input", "texts.txt"], directory: directory)
    XCTAssertEqual(explained.status, 0, explained.stderr)
    XCTAssertEqual(
      explained.stdout.split(separator: "\n").filter { $0.hasPrefix("text: ") },
      ["text: I love it", "text: I hate it", "text: meh"])
    let stdin = try run(["classify", "--input", "-"], stdin: Data("I love it\n".utf8))
    XCTAssertEqual(stdin.stdout, try run(["classify", "I love it"]).stdout)
  }

  /// Issue 45 §3: the bytes analyze's `--input` refuses as binary are
  /// refused by classify and explain too (they printed labels, and
  /// `\u{7F}ELF…`, with exit 0); a pipe is not looked ahead in.
  func testBinaryInputIsRefusedAsAnalyzeRefusesIt() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let program = Data([0x7F] + Array("ELF".utf8) + [2, 1, 1, 0, 0, 0, 0, 0] + Array("x\n".utf8))
    try program.write(to: directory.appendingPathComponent("program.bin"))
    let analyzed = try run(["--input", "program.bin"], directory: directory)
    XCTAssertEqual(analyzed.status, 65)
    for arguments in [
      ["classify", "--input", "program.bin"], ["explain", "--input", "program.bin"],
    ] {
      let refused = try run(arguments, directory: directory)
      XCTAssertEqual(refused.status, 65, "\(arguments): \(refused.stdout)")
      XCTAssertEqual(refused.stdout, "")
      XCTAssertTrue(
        refused.stderr.hasPrefix(
          "Error: program.bin: binary data (NUL bytes or mostly invalid UTF-8), not text;"),
        refused.stderr)
    }
    let stdin = try run(["classify"], stdin: program)
    XCTAssertEqual(stdin.status, 65, stdin.stdout)
    XCTAssertTrue(stdin.stderr.hasPrefix("Error: stdin: binary data"), stdin.stderr)
    // Text with a few bytes of another encoding is still text.
    let latin1 = Data(Array("caf".utf8) + [0xE9] + Array(" was lovely today\n".utf8))
    XCTAssertEqual(try run(["classify"], stdin: latin1).status, 0)
  }

  func testMissingInputFileIsAClearError() throws {
    for command in ["classify", "explain"] {
      let missing = try run([command, "--input", "no-such.txt"])
      XCTAssertEqual(missing.status, 66)
      XCTAssertEqual(missing.stdout, "")
      XCTAssertEqual(
        missing.stderr, "Error: cannot read no-such.txt: no such file or directory\n")
    }
  }

  func testAFilesNameIsClassifiedAsTextWithAWarning() throws {
    let named = try run(["classify", "README.md", "I love it"])
    XCTAssertEqual(named.status, 0)
    XCTAssertEqual(named.stdout, try run(["classify", "README.md", "I love it", "-q"]).stdout)
    XCTAssertEqual(named.stdout.split(separator: "\n").count, 2, "still classified as text")
    XCTAssertEqual(named.stderrLines.count, 1, named.stderr)
    XCTAssertEqual(
      named.stderr,
      "Warning: 'README.md' is the name of a file, but classify takes it as the text; "
        + "to classify the file's lines, use --input 'README.md'\n")
    XCTAssertEqual(try run(["classify", "-q", "README.md"]).stderr, "")
    XCTAssertEqual(try run(["explain", "--quiet", "README.md"]).stderr, "")
    XCTAssertTrue(try run(["explain", "README.md"]).stderr.hasPrefix("Warning: 'README.md'"))
    XCTAssertEqual(try run(["classify", "Sources"]).stderr, "", "a directory is no file")
  }

  /// Runs `tweetalyze ARGS` with a terminal on stdin (a pseudo-terminal
  /// from Python's `pty`), types `typed`, then Ctrl-D.
  func runOnTerminal(_ arguments: [String], typed: String) throws -> BinaryRun {
    let script = """
      import os, pty, subprocess, sys
      master, slave = pty.openpty()
      child = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
      os.close(slave)
      os.write(master, sys.stdin.buffer.read() + b"\\x04")
      out, err = child.communicate(timeout=50)
      sys.stdout.buffer.write(out)
      sys.stderr.buffer.write(err)
      sys.exit(child.returncode)
      """
    let binary = try BinaryRunner.executable().path
    return try BinaryRunner.run(
      ["python3", "-c", script, binary] + arguments, stdin: Data(typed.utf8),
      executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  func testATerminalGetsAHintOnHowToEnd() throws {
    let run = try runOnTerminal(["classify"], typed: "I love it\n")
    guard run.status != 127 && !run.stderr.contains("No module named") else {
      try Requirement.unmet("python3 with pty is not available: \(run.stderr)")
    }
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "Reading texts from the terminal, one per line; end with Ctrl-D.\n")
    XCTAssertEqual(run.stdout, try self.run(["classify", "I love it"]).stdout)
    let quiet = try runOnTerminal(["explain", "-q", "--json"], typed: "good\n")
    XCTAssertEqual(quiet.status, 0, quiet.stderr)
    XCTAssertEqual(quiet.stderr, "")
    XCTAssertTrue(quiet.stdout.contains(#""text":"good""#), quiet.stdout)
    let piped = try self.run(["classify"], stdin: Data("good\n".utf8))
    XCTAssertEqual(piped.stderr, "", "no hint when stdin is not a terminal")
  }

  /// The first result comes while stdin is still open: a buffered
  /// classify would print nothing until the end of its input, and this
  /// test would time out waiting.
  func testResultsStreamFromAPipe() throws {
    for arguments in [["classify"], ["explain", "-", "--json"], ["classify", "--input", "-"]] {
      let process = Process()
      process.executableURL = try BinaryRunner.executable()
      process.arguments = arguments
      process.environment = ["PATH": "/usr/bin:/bin"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      defer {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
      }
      input.fileHandleForWriting.write(Data("I love it\n".utf8))
      let first = Self.readLine(from: output.fileHandleForReading, timeout: 30)
      XCTAssertNotNil(first, "\(arguments): no line while stdin is open")
      XCTAssertTrue(first?.contains("positive") == true, "\(arguments): \(first ?? "")")
      input.fileHandleForWriting.write(Data("I hate it\n".utf8))
      try input.fileHandleForWriting.close()
      let rest = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0)
      XCTAssertTrue(rest.contains("negative"), "\(arguments): \(rest)")
    }
  }

  /// Reads from `handle` until a line break, or `nil` after `timeout`
  /// seconds.
  static func readLine(from handle: FileHandle, timeout: TimeInterval) -> String? {
    let done = DispatchSemaphore(value: 0)
    let box = LineBox()
    DispatchQueue.global().async {
      var data = Data()
      while !data.contains(0x0A) {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        data.append(chunk)
      }
      box.set(String(decoding: data, as: UTF8.self))
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return box.value
  }
}

/// A line read on another thread.
private final class LineBox: @unchecked Sendable {
  private let lock = NSLock()
  private var line: String?
  func set(_ value: String) { lock.withLock { line = value } }
  var value: String? { lock.withLock { line } }
}
