import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

final class CompletionsEndToEndTests: XCTestCase {
  /// Runs `shell` with arguments, or fails the requirement when it is
  /// missing (`required`) or returns `nil`.
  func run(_ shell: String, _ arguments: [String]) throws -> BinaryRun? {
    let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let path else { return nil }
    return try BinaryRunner.run(arguments, executable: URL(fileURLWithPath: path))
  }

  /// The scripts parse in their shells: bash always (CI has it); zsh and
  /// fish where installed.
  func testScriptsParse() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    for shell in Shell.allCases {
      let file = directory.appendingPathComponent("completion.\(shell.rawValue)")
      try Completions.script(for: shell).write(to: file, atomically: true, encoding: .utf8)
      guard let run = try run(shell.rawValue, ["-n", file.path]) else {
        if shell == .bash { try Requirement.unmet("bash is not installed") }
        continue
      }
      XCTAssertEqual(run.status, 0, "\(shell): \(run.stderr)")
      XCTAssertEqual(run.stderr, "", "\(shell)")
    }
  }

  /// bash completes subcommands, options of the command, and values.
  func testBashCompletes() throws {
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let file = directory.appendingPathComponent("tweetalyze.bash")
    try Completions.script(for: .bash).write(to: file, atomically: true, encoding: .utf8)
    let cases: [([String], [String])] = [
      (["tweetalyze", "com"], ["compare", "completions"]),
      (["tweetalyze", "compare", "--inp"], ["--input"]),
      (["tweetalyze", "train", "--tr"], ["--training-accuracy"]),
      (["tweetalyze", "--estim"], ["--estimator"]),
      (["tweetalyze", "--estimator", ""], ["count", "probabilities", "adjusted", "em"]),
      (["tweetalyze", "eval", "--priors", "u"], ["uniform"]),
      (["tweetalyze", "completions", ""], ["bash", "zsh", "fish"]),
      (["tweetalyze", "help", "--m"], ["--man"]),
      (["tweetalyze", "classify", "--cs"], ["--csv", "--csv-column"]),
      (["tweetalyze", "eval", "--test", "/dev/nul"], ["/dev/null"]),
      (["tweetalyze", "train", "--disable", "neg"], ["negation"]),
      // Issue 45 §4: after an option whose value may be left out.
      (["tweetalyze", "--why", "--pl"], ["--plot"]),
      (["tweetalyze", "--mentions", "--tr"], ["--trend"]),
      (["tweetalyze", "--mentions", "5", "--tw"], ["--tweets"]),
    ]
    for (words, expected) in cases {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let script =
        "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
        + "_tweetalyze; printf '%s\\n' \"${COMPREPLY[@]}\""
      guard let run = try run("bash", ["-c", script]) else {
        try Requirement.unmet("bash is not installed")
      }
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertEqual(run.stdout.split(separator: "\n").map(String.init), expected, "\(words)")
    }
  }

  func testTheCommandPrintsTheScriptsAndRefusesOtherShells() throws {
    for shell in Shell.allCases {
      let run = try BinaryRunner.run(["completions", shell.rawValue])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertEqual(run.stdout, Completions.script(for: shell))
      XCTAssertEqual(run.stderr, "")
    }
    let tcsh = try BinaryRunner.run(["completions", "tcsh"])
    XCTAssertEqual(tcsh.status, 64)
    XCTAssertEqual(tcsh.stdout, "")
    XCTAssertEqual(
      tcsh.stderrLines.first, "Error: Unsupported shell 'tcsh'; supported: bash, zsh, fish")
    let none = try BinaryRunner.run(["completions"])
    XCTAssertEqual(none.status, 64)
    XCTAssertEqual(none.stderrLines.first, "Error: Missing shell: give one of bash, zsh, fish")
  }
}
