import Foundation
import XCTest

/// What one run of the built `tweetalyze` did.
struct BinaryRun {
  var status: Int32
  var stdoutData: Data
  var stderrData: Data
  /// Whether the run was killed for taking too long.
  var timedOut = false

  var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
  var stderr: String { String(decoding: stderrData, as: UTF8.self) }
  /// The lines of stderr, without the final line break.
  var stderrLines: [Substring] {
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
enum BinaryRunner {
  /// The package's root directory (holding `Package.swift`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `tweetalyze` executable next to the test bundle (any scratch path),
  /// else in `.build/debug`.
  static func executable() throws -> URL {
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
  static func run(
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
  static func shell(
    _ script: String, environment: [String: String] = [:], directory: URL? = nil
  ) throws -> BinaryRun {
    try run(
      ["-c", script], environment: environment, directory: directory,
      executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// A new empty directory, removed when `testCase` ends.
  static func temporaryDirectory(for testCase: XCTestCase) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory
  }
}

/// A class in the test bundle, to find the bundle.
private final class BundleToken {}
