import Foundation
import XCTest

/// The Sanders data in `../shared/data`, beside the repository.
///
/// A test that needs it calls ``SharedData/bytes(_:)``: where the file is
/// absent the test is skipped on a developer's machine, but fails when
/// `TWEETALYZE_REQUIRE_SHARED=1` (set by `.ci/run`), so that CI never counts
/// a skip as a pass.
package enum SharedData {
  /// `../shared/data`, from this file's place in the repository.
  package static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/data")

  /// The path of a shared data file, e.g. `sanders-full-corpus.csv`.
  package static func url(_ name: String) throws -> URL {
    let url = directory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      try Requirement.unmet("\(url.path) is absent (../shared sits beside the repository)")
    }
    return url
  }

  /// The bytes of a shared data file.
  package static func bytes(_ name: String) throws -> [UInt8] {
    let url = try url(name)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      try Requirement.unmet("\(url.path) cannot be read")
    }
    return Array(data)
  }
}

/// What a test needs from its surroundings (shared data, a tool).
package enum Requirement {
  /// Whether every requirement must be met: `.ci/run` sets
  /// `TWEETALYZE_REQUIRE_SHARED=1`.
  package static var isStrict: Bool {
    ProcessInfo.processInfo.environment["TWEETALYZE_REQUIRE_SHARED"] == "1"
  }

  /// Skips the test, or fails it where requirements are strict.
  package static func unmet(_ reason: String) throws -> Never {
    if isStrict { throw Unmet(reason: reason) }
    throw XCTSkip(reason)
  }

  /// A requirement that CI must meet but did not.
  package struct Unmet: Error, CustomStringConvertible {
    package var reason: String
    package init(reason: String) { self.reason = reason }
    package var description: String { "required in CI (TWEETALYZE_REQUIRE_SHARED=1): \(reason)" }
  }
}
