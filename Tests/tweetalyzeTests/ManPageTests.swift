import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

/// `tweetalyze help --man`: the sections, every command and option with its
/// help and default, and, where groff is installed, a clean rendering.
final class ManPageTests: XCTestCase {
  let page = ManPage.text()

  /// A roff line as text: `\-` a hyphen, `\e` a backslash, fonts dropped.
  static func plain(_ line: Substring) -> String {
    String(line).replacing("\\-", with: "-").replacing("\\e", with: "\\").replacing(
      "\\fB", with: ""
    )
    .replacing("\\fR", with: "").replacing("\\&", with: "")
  }

  var lines: [String] { page.split(separator: "\n").map(Self.plain) }

  func testSectionsInOrder() throws {
    let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map {
      String($0.dropFirst(4))
    }
    XCTAssertEqual(
      sections,
      [
        "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT",
        "EXAMPLES", "SEE ALSO",
      ])
    XCTAssertTrue(page.hasPrefix(".\\\" Generated"))
    XCTAssertTrue(page.contains("\n.TH TWEETALYZE 1 \"\" \"tweetalyze \(Tweetalyze.version)\""))
  }

  /// DESCRIPTION opens with what the tool does, not with the main
  /// command's epilogue, and sends an installed user to no file of the
  /// source tree.
  func testTheDescriptionSaysWhatTheToolDoes() throws {
    let lines = self.lines
    let at = try XCTUnwrap(lines.firstIndex(of: ".SH DESCRIPTION"))
    XCTAssertEqual(lines[at + 1], ".PP")
    XCTAssertTrue(lines[at + 2].hasPrefix("tweetalyze reads recent posts"), lines[at + 2])
    let end = try XCTUnwrap(lines.firstIndex(of: ".SH COMMANDS"))
    XCTAssertFalse(lines[at..<end].contains { $0.contains("docs/") })
  }

  func testEveryCommandAndEveryOptionWithItsHelpAndDefault() {
    let lines = self.lines
    let text = HelpTests.collapsed(lines.joined(separator: "\n"))
    for command in CommandName.allCases {
      XCTAssertTrue(lines.contains(Help.usage(command)), "synopsis: \(command)")
      let at = lines.firstIndex(of: command.rawValue)
      XCTAssertNotNil(at, "COMMANDS: \(command)")
      if let at { XCTAssertEqual(lines[at + 1], command.abstract) }
      for (label, help) in Completions.options(command).flatMap(\.helpLines) {
        XCTAssertTrue(lines.contains(label), "\(command): \(label)")
        XCTAssertTrue(text.contains(HelpTests.collapsed(help)), "\(command): \(help)")
      }
    }
    XCTAssertTrue(text.contains("Analyze up to N tweets, 1 to 10000 (default: 100)."))
    XCTAssertEqual(
      ManPage.exitStatuses.map(\.status), ExitStatus.allCases.map(\.rawValue),
      "every exit status, in order")
    XCTAssertEqual(
      ManPage.exitStatuses.first { $0.status == 69 }?.meaning,
      "Service (X, Bluesky, Mastodon) unreachable, failing, timed out or not JSON.")
    for (status, _) in ManPage.exitStatuses {
      XCTAssertTrue(lines.contains(String(status)), "exit status \(status)")
    }
    for (name, _) in ManPage.environment {
      XCTAssertTrue(lines.contains(name), name)
    }
    // Examples come from the help pages.
    XCTAssertTrue(lines.contains("tweetalyze --fixtures Fixtures/tweets \"@Apple\""))
    XCTAssertTrue(lines.contains("echo \"I love my new iPhone\" | tweetalyze classify"))
  }

  func testNoLineStartsWithAnUnguardedControlCharacter() {
    for line in page.split(separator: "\n") where !line.hasPrefix(".") {
      XCTAssertFalse(line.hasPrefix("'"), String(line))
      XCTAssertFalse(line.contains(" -"), "an unescaped hyphen before an option: \(line)")
    }
    XCTAssertEqual(ManPage.escape(".starts with a dot"), "\\&.starts with a dot")
    XCTAssertEqual(ManPage.escape("a\\b --c"), "a\\eb \\-\\-c")
  }

  /// Where groff is installed, the page renders without a warning, with
  /// every option in the text (groff is not required).
  func testThePageRendersWithGroff() throws {
    let groff = URL(fileURLWithPath: "/usr/bin/groff")
    guard FileManager.default.isExecutableFile(atPath: groff.path) else { return }
    let directory = try BinaryRunner.temporaryDirectory(for: self)
    let file = directory.appendingPathComponent("tweetalyze.1")
    try page.write(to: file, atomically: true, encoding: .utf8)
    let run = try BinaryRunner.run(
      ["-k", "-man", "-Tutf8", "-ww", "-P", "-cbou", file.path], executable: groff)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "", "groff warnings")
    let text = HelpTests.collapsed(run.stdout)
    for command in CommandName.allCases {
      for name in CompletionsTests.names(command) {
        XCTAssertTrue(text.contains(name), "rendered: \(name)")
      }
    }
  }
}
