import Foundation

/// The golden files the tests compare output with.
package enum Golden {
  /// `Tests/tweetalyzeTests/Golden`: the help pages, one file each.
  package static let helpDirectory = BinaryRunner.packageRoot.appendingPathComponent(
    "Tests/tweetalyzeTests/Golden")

  /// The golden help page `name` (`overview`, `train`, ...).
  package static func help(_ name: String) -> URL {
    helpDirectory.appendingPathComponent("help-\(name).txt")
  }

  /// Whitespace runs collapsed to one space, so that wrapped text compares.
  package static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }
}
