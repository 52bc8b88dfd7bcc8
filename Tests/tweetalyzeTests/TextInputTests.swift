import XCTest

@testable import tweetalyze

/// Parsing where `classify` and `explain` read their texts.
final class TextInputTests: XCTestCase {
  func parse(_ arguments: [String]) throws -> TextInput? {
    switch try CommandLineParser.parse(arguments) {
    case .classify(let options): options.input
    case .explain(let options): options.input
    default: nil
    }
  }

  func testInputQuietAndDash() throws {
    XCTAssertEqual(
      try parse(["classify", "--input", "t.txt", "-q"]), TextInput(file: "t.txt", quiet: true))
    XCTAssertEqual(
      try parse(["explain", "--quiet", "--input=-"]), TextInput(file: "-", quiet: true))
    XCTAssertEqual(try parse(["classify", "a", "-", "b"]), TextInput(texts: ["a", "-", "b"]))
    XCTAssertEqual(try parse(["explain"]), TextInput())
  }

  func testTextsAndInputTogetherAreRefused() {
    for command in ["classify", "explain"] {
      XCTAssertThrowsError(try parse([command, "a", "--input", "t.txt"])) { error in
        let usage = error as? UsageError
        XCTAssertEqual(usage?.command?.rawValue, command)
        XCTAssertTrue(usage?.message.contains("not both") == true, "\(String(describing: usage))")
      }
    }
  }
}
