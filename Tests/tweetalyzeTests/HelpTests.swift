import Foundation
import TestSupport
import XCTest

@testable import tweetalyze

/// Golden tests of the help texts: each page is compared byte for byte with
/// `Golden/help-<page>.txt`.
///
/// After an intended change of the help, regenerate the files and review
/// the diff:
///
///     UPDATE_GOLDEN=1 swift test --scratch-path .build-cli --filter tweetalyzeTests.HelpTests
final class HelpTests: XCTestCase {
  static let goldenDirectory = Golden.helpDirectory

  /// The pages: golden file stem and command (`nil`: the overview).
  static let pages: [(name: String, command: CommandName?)] = [
    ("overview", nil), ("analyze", .analyze), ("train", .train), ("eval", .eval),
    ("classify", .classify), ("explain", .explain), ("merge", .merge),
    ("completions", .completions), ("help", .help), ("compare", .compare),
    ("history", .history),
  ]

  static func goldenURL(_ name: String) -> URL { Golden.help(name) }

  /// Compares `text` with the golden file `help-<name>.txt`, or rewrites
  /// the file when `UPDATE_GOLDEN=1`.
  static func assertGolden(
    _ text: String, name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let url = goldenURL(name)
    let regenerate =
      "If the change is intended, regenerate with 'UPDATE_GOLDEN=1 swift test "
      + "--scratch-path .build-cli --filter tweetalyzeTests.HelpTests' and review the diff."
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Data(text.utf8).write(to: url)
      print("Rewrote \(url.path)")
      return
    }
    guard let golden = FileManager.default.contents(atPath: url.path) else {
      XCTFail("No golden file \(url.path). \(regenerate)", file: file, line: line)
      return
    }
    guard Data(text.utf8) != golden else { return }
    let expected = String(decoding: golden, as: UTF8.self).components(separatedBy: "\n")
    let actual = text.components(separatedBy: "\n")
    let index =
      zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, actual.count)
    let want = index < expected.count ? expected[index] : "<end of file>"
    let got = index < actual.count ? actual[index] : "<end of text>"
    XCTFail(
      "help-\(name).txt differs at line \(index + 1):\n  golden: \(want)\n  actual: \(got)\n"
        + regenerate, file: file, line: line)
  }

  func testEveryPageMatchesItsGoldenFile() throws {
    for page in Self.pages {
      try Self.assertGolden(Help.text(for: page.command), name: page.name)
    }
  }

  /// Issue 36: `help help` is help's own page, and the pages agree with
  /// the README and the parser on columns, `--test` and queries.
  /// Issue 45 §1: `--plot` draws `--why` too, as its error says (the
  /// manual page has the same option help: ``ManPageTests``).
  func testPlotNamesEverySectionItDraws() {
    for text in [Help.text(for: .analyze), Help.text(for: nil)] {
      let collapsed = Self.collapsed(text)
      for section in ["--trend (the score", "--mentions (a bar", "--why (a bar per term)"] {
        XCTAssertTrue(collapsed.contains(section), section)
      }
    }
  }

  func testHelpForHelpIsItsOwnPageAndThePagesAgree() {
    XCTAssertNotEqual(Help.text(for: .help), Help.text(for: nil))
    XCTAssertTrue(Help.text(for: .help).contains("USAGE: tweetalyze help [COMMAND | --man]"))
    for command in [CommandName.train, .eval] {
      let page = Self.collapsed(Help.text(for: command))
      XCTAssertTrue(page.contains("(default: text, TweetText or tweet)"), "\(command)")
      XCTAssertTrue(page.contains("(default: class, Sentiment or label)"), "\(command)")
    }
    XCTAssertTrue(Help.usage(.eval).contains("--test F]"))
    XCTAssertTrue(
      Self.collapsed(Help.text(for: nil)).contains("Bluesky also @handle.domain and a phrase"))
  }

  /// The golden files must not be empty or identical to each other, so
  /// that a broken regeneration is noticed.
  func testGoldenFilesAreDistinctPages() throws {
    var seen: Set<Data> = []
    for page in Self.pages {
      let data = try Data(contentsOf: Self.goldenURL(page.name))
      XCTAssertTrue(String(decoding: data, as: UTF8.self).hasPrefix("OVERVIEW: "), page.name)
      XCTAssertTrue(seen.insert(data).inserted, "\(page.name) repeats another page")
    }
  }

  /// Whitespace runs collapsed to one space, so that wrapped text compares.
  static func collapsed(_ text: String) -> String { Golden.collapsed(text) }

  func testEveryOptionAppearsInItsHelpPage() {
    for page in Self.pages {
      let text = Help.text(for: page.command)
      let lines = text.split(separator: "\n")
      let specs = page.command?.options ?? AnalyzeOptions.options.map(\.spec)
      XCTAssertFalse(specs.isEmpty && page.command != .help, page.name)
      for (label, help) in specs.flatMap(\.helpLines) {
        XCTAssertTrue(
          lines.contains { $0.hasPrefix("  \(label) ") || $0 == "  \(label)" },
          "\(page.name): no line for \(label)")
        XCTAssertTrue(
          Self.collapsed(text).contains(Self.collapsed(help)),
          "\(page.name): the help of \(label) is missing: \(help)")
      }
    }
    let overview = Help.text(for: nil)
    XCTAssertTrue(overview.contains("\n  --version "), "the overview lists --version")
    XCTAssertTrue(overview.contains("\n  -h, --help "), "the overview lists --help")
    for name in CommandName.allCases where name != .analyze {
      XCTAssertTrue(overview.contains("\n  \(name.rawValue) "), "the overview lists \(name)")
    }
  }

  /// Terminal columns of a line: emoji and East Asian wide characters take
  /// two.
  static func columns(_ line: Substring) -> Int {
    line.reduce(0) { total, character in
      let wide = character.unicodeScalars.contains { scalar in
        scalar.properties.isEmojiPresentation
          || (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
          || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
          || (0xFF00...0xFF60).contains(scalar.value)
      }
      return total + (wide ? 2 : 1)
    }
  }

  func testColumnsCountsWideCharacters() {
    XCTAssertEqual(Self.columns("abc"), 3)
    XCTAssertEqual(Self.columns("a 😄"), 4)
    XCTAssertEqual(Self.columns("→ …"), 3)
  }

  func testNoHelpLineIsWiderThan80Columns() {
    for page in Self.pages {
      for (number, line) in Help.text(for: page.command).split(
        separator: "\n", omittingEmptySubsequences: false
      ).enumerated() {
        XCTAssertLessThanOrEqual(
          Self.columns(line), 80, "help-\(page.name).txt line \(number + 1): \(line)")
      }
    }
  }
}
