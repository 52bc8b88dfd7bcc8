import Foundation
import XCTest

@testable import tweetalyze

/// `tweetalyze completions SHELL`: every subcommand and every declared
/// option is in each script, the scripts parse, and bash completes as
/// declared.
final class CompletionsTests: XCTestCase {
  /// Every long and short name of `command`'s options, from the
  /// declarations.
  static func names(_ command: CommandName) -> [String] {
    Completions.options(command).flatMap { spec in
      spec.names + (spec.short.map { ["-\($0)"] } ?? [])
    }
  }

  func testTheDeclarationsAreNotEmpty() {
    for command in CommandName.allCases where command != .help {
      XCTAssertFalse(Self.names(command).isEmpty, "\(command)")
    }
    XCTAssertTrue(Self.names(.analyze).contains("--version"))
    XCTAssertTrue(Self.names(.train).contains("--no-bigrams"))
  }

  func testBashHasEveryCommandAndOptionInItsCommandsCase() {
    let script = Completions.script(for: .bash)
    for command in Completions.subcommands {
      XCTAssertTrue(script.contains(command.rawValue), "\(command)")
    }
    for command in CommandName.allCases where !Self.names(command).isEmpty {
      let line = script.split(separator: "\n").first {
        $0.hasPrefix("      \(command.rawValue)) mapfile")
      }
      let words = line.map { $0.split(separator: "'")[1].split(separator: " ").map(String.init) }
      XCTAssertEqual(words ?? [], Self.names(command), "bash: \(command)")
    }
  }

  func testZshHasEveryCommandAndOption() {
    let script = Completions.script(for: .zsh)
    XCTAssertTrue(script.hasPrefix("#compdef tweetalyze\n"))
    for command in Completions.subcommands {
      XCTAssertTrue(script.contains("    '\(command.rawValue):"), "zsh: \(command)")
      XCTAssertTrue(script.contains("      \(command.rawValue))\n"), "zsh: \(command)")
    }
    for command in CommandName.allCases {
      // The command's block: from its case label to the next `;;`.
      let block: Substring
      if command == .analyze {
        block =
          script[
            (script.range(of: "    esac\n    return\n  fi\n")?.upperBound ?? script.endIndex)...]
      } else {
        let start = script.range(of: "      \(command.rawValue))\n")?.upperBound ?? script.endIndex
        let end = script[start...].range(of: "\n        ;;\n")?.lowerBound ?? script.endIndex
        block = script[start..<end]
      }
      for spec in Completions.options(command) {
        for name in spec.names {
          XCTAssertTrue(
            block.contains("'\(name)[") || block.contains(",\(name)}"), "zsh \(command): \(name)")
        }
        if let short = spec.short {
          XCTAssertTrue(block.contains("{-\(short),"), "zsh \(command): -\(short)")
        }
      }
    }
  }

  func testFishHasEveryCommandAndOption() {
    let script = Completions.script(for: .fish)
    let lines = script.split(separator: "\n")
    for command in Completions.subcommands {
      XCTAssertTrue(lines.contains { $0.contains(" -a \(command.rawValue) -d ") }, "\(command)")
    }
    for command in CommandName.allCases {
      let condition =
        command == .analyze
        ? "'not __fish_seen_subcommand_from" : "'__fish_seen_subcommand_from \(command.rawValue)'"
      let mine = lines.filter { $0.contains("-n \(condition)") }
      for spec in Completions.options(command) {
        for name in spec.names {
          XCTAssertTrue(
            mine.contains { $0.contains(" -l \(name.dropFirst(2)) ") }, "fish \(command): \(name)")
        }
        if let short = spec.short {
          XCTAssertTrue(
            mine.contains { $0.contains(" -s \(short) ") }, "fish \(command): -\(short)")
        }
      }
    }
  }

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
      (["tweetalyze", "com"], ["completions"]),
      (["tweetalyze", "train", "--tr"], ["--training-accuracy"]),
      (["tweetalyze", "--estim"], ["--estimator"]),
      (["tweetalyze", "--estimator", ""], ["count", "probabilities", "adjusted", "em"]),
      (["tweetalyze", "eval", "--priors", "u"], ["uniform"]),
      (["tweetalyze", "completions", ""], ["bash", "zsh", "fish"]),
      (["tweetalyze", "help", "--m"], ["--man"]),
      (["tweetalyze", "classify", "--cs"], ["--csv", "--csv-column"]),
      (["tweetalyze", "eval", "--test", "/dev/nul"], ["/dev/null"]),
      (["tweetalyze", "train", "--disable", "neg"], ["negation"]),
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
