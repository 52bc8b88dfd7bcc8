import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of the built `tweetalyze` did.
package struct BinaryRun {
  package var status: Int32
  package var stdoutData: Data
  package var stderrData: Data
  /// Whether the run was killed for taking too long.
  package var timedOut = false

  package var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
  package var stderr: String { String(decoding: stderrData, as: UTF8.self) }
  /// The lines of stderr, without the final line break.
  package var stderrLines: [Substring] {
    stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
      stderr.hasSuffix("\n") ? 1 : 0)
  }
}

/// Runs the built `tweetalyze` executable, as swift-argument-parser's tests
/// do: with arguments, standard input bytes, an environment and a working
/// directory; returns stdout, stderr and the exit status.
///
/// Standard input and both outputs go through temporary files, so large
/// inputs and outputs cannot deadlock on full pipes.
package enum BinaryRunner {
  /// The package's root directory (holding `Package.swift`).
  package static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `tweetalyze` executable next to the test bundle (any scratch path),
  /// else in `.build/debug`.
  package static func executable() throws -> URL {
    let bundle = Bundle(for: BundleToken.self).bundleURL
    let candidates = [
      bundle.deletingLastPathComponent().appendingPathComponent("tweetalyze"),
      bundle.appendingPathComponent("tweetalyze"),
      packageRoot.appendingPathComponent(".build/debug/tweetalyze"),
    ]
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { try Requirement.unmet("no tweetalyze executable in \(candidates.map(\.path))") }
    return found
  }

  /// Runs `executable` (default: the built one) with `arguments`.
  ///
  /// - Parameters:
  ///   - stdin: the bytes on standard input; `nil` for `/dev/null`.
  ///   - environment: the whole environment of the child (`PATH` is added
  ///     when missing); nothing is inherited from the test process.
  ///   - directory: the working directory (default: the package root).
  ///   - timeout: seconds before the child is killed.
  package static func run(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    directory: URL? = nil, executable: URL? = nil, timeout: TimeInterval = 60
  ) throws -> BinaryRun {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

    let process = Process()
    process.executableURL = try executable ?? self.executable()
    process.arguments = arguments
    process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { given, _ in given }
    process.currentDirectoryURL = directory ?? packageRoot
    let input: FileHandle
    if let stdin {
      let inURL = scratch.appendingPathComponent("stdin")
      try stdin.write(to: inURL)
      input = try FileHandle(forReadingFrom: inURL)
    } else {
      input = FileHandle(forReadingAtPath: "/dev/null")!
    }
    let output = try FileHandle(forWritingTo: outURL)
    let errors = try FileHandle(forWritingTo: errURL)
    defer {
      try? input.close()
      try? output.close()
      try? errors.close()
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    var timedOut = false
    if done.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      process.terminate()
      done.wait()
    }
    return BinaryRun(
      status: process.terminationStatus, stdoutData: try Data(contentsOf: outURL),
      stderrData: try Data(contentsOf: errURL), timedOut: timedOut)
  }

  /// Runs a POSIX shell command line (`/bin/sh -c`) in `directory`.
  package static func shell(
    _ script: String, environment: [String: String] = [:], directory: URL? = nil
  ) throws -> BinaryRun {
    try run(
      ["-c", script], environment: environment, directory: directory,
      executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// A new empty directory, removed when `testCase` ends.
  package static func temporaryDirectory(for testCase: XCTestCase) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory
  }
}

/// A class in the test bundle, to find the bundle.
private final class BundleToken {}

/// A run of the binary that must fail, for the bad-input catalogues.
package struct BadInput {
  package var name: String
  package var arguments: [String]
  package var status: Int32
  /// Texts the `Error:` line must contain.
  package var parts: [String]
  package var stdin: Data? = nil

  package init(
    name: String, arguments: [String], status: Int32, parts: [String], stdin: Data? = nil
  ) {
    self.name = name
    self.arguments = arguments
    self.status = status
    self.parts = parts
    self.stdin = stdin
  }
}

extension BinaryRunner {
  /// The longest `Error:` line a bad input may print, in bytes: a message
  /// quotes what it complains about, but never megabytes of it.
  package static let longestErrorLine = 4096

  /// Runs each case in `directory` and checks that it fails as bad input
  /// must: the exact exit status, nothing on stdout, and one short
  /// `Error:` line on stderr holding each of its `parts` (for status 64,
  /// followed by the usage lines).
  package static func checkFailures(
    _ cases: [BadInput], in directory: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for input in cases {
      let run = try run(input.arguments, stdin: input.stdin, directory: directory)
      let shown = input.arguments.map { $0.count > 80 ? "\($0.prefix(80))…" : $0 }
      let context = "\(input.name) \(shown): \(run.stderr.prefix(600))"
      XCTAssertFalse(run.timedOut, context, file: file, line: line)
      XCTAssertEqual(run.status, input.status, context, file: file, line: line)
      XCTAssertEqual(run.stdout, "", context, file: file, line: line)
      let lines = run.stderrLines
      let first = lines.first ?? ""
      XCTAssertTrue(first.hasPrefix("Error: "), context, file: file, line: line)
      XCTAssertLessThanOrEqual(first.utf8.count, longestErrorLine, context, file: file, line: line)
      if input.status == 64 {
        XCTAssertTrue(
          lines.dropFirst().first?.hasPrefix("Usage: tweetalyze") == true, context, file: file,
          line: line)
        XCTAssertTrue(
          lines.dropFirst(2).allSatisfy { $0.hasPrefix("  ") }, context, file: file, line: line)
      } else {
        XCTAssertEqual(lines.count, 1, context, file: file, line: line)
      }
      for part in input.parts {
        XCTAssertTrue(first.contains(part), "\(context) lacks '\(part)'", file: file, line: line)
      }
    }
  }

  /// Trains `Fixtures/train/tiny.csv` into `model` and returns the file's
  /// bytes.
  package static func trainTiny(
    into model: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Data {
    let trained = try run(["train", "Fixtures/train/tiny.csv", "--out", model.path])
    XCTAssertEqual(trained.status, 0, trained.stderr, file: file, line: line)
    return try Data(contentsOf: model)
  }

  /// A model file's text without its `checksum` member: the start of a
  /// variant edited by hand (with it, the checksum would refuse every
  /// variant alike).
  package static func withoutChecksum(_ model: Data) -> String {
    String(decoding: model, as: UTF8.self).replacingOccurrences(
      of: #""checksum":"sha256:[0-9a-f]{64}","#, with: "", options: .regularExpression)
  }

  /// Starts the built binary with `arguments`, its outputs discarded; as soon
  /// as a file whose name starts with `prefix` appears in `directory`, sends
  /// it `signal` (`delay` microseconds later), and waits for it to end.
  /// Returns the process and the name of the file seen, `nil` when the
  /// process ended or `timeout` passed first (it is then killed).
  package static func signal(
    _ signal: Int32, whenAFileStarting prefix: String, appearsIn directory: URL,
    running arguments: [String], timeout: TimeInterval, poll: UInt32, delay: UInt32 = 0,
    configure: (Process) -> Void = { _ in }
  ) throws -> (process: Process, file: String?) {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    configure(process)
    try process.run()
    var seen: String?
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      if let name = names.first(where: { $0.hasPrefix(prefix) }) {
        seen = name
        if delay > 0 { usleep(delay) }
        kill(process.processIdentifier, signal)
        break
      }
      usleep(poll)
    }
    if seen == nil && process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return (process, seen)
  }
}

/// The `Note:` line on stderr of a text run whose score's 90 % interval
/// reaches more than one band, for the fixtures' queries.
package enum FixtureNote {
  /// `@Apple` in `Fixtures/tweets` (100 tweets).
  package static let apple =
    "Note: the score's 90 % interval, -31 to 46, spans 😠 furious to 😄 delighted, "
    + FixtureNote.domainDominated
  /// `#WWDC` in `Fixtures/tweets` (32 tweets; the ends per 100 tweets).
  package static let wwdc =
    "Note: the score's 90 % interval, -16 to 72, spans 😡 angry to 😄 delighted, "
    + FixtureNote.domainDominated

  /// The end of a note whose interval is mostly the model's doubt on
  /// posts unlike its training data, which more posts do not narrow.
  package static let domainDominated =
    "mostly the model's doubt on posts unlike its training data: more posts would not narrow it, "
    + "labeled posts from this source would (eval --test, train).\n"

  /// `#TrainTravel` in `Fixtures/tweets/bluesky` (30 posts; the ends per
  /// 100 posts).
  package static let trainTravel =
    "Note: the score's 90 % interval, -20 to 63, spans 😠 furious to 😄 delighted; more posts would "
    + "narrow it.\n"

  /// `note` as a run of several queries prints it, naming `query`.
  package static func named(_ note: String, _ query: String) -> String {
    "Note: \(query): " + note.dropFirst("Note: ".count)
  }
}
