import Foundation
import TestSupport
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

}
