import TestSupport
import XCTest

@testable import tweetalyze

/// What `--version` prints (`Output/VersionReport.swift`), in memory.
final class VersionReportTests: XCTestCase {
  func testTheTextIsOneLineNamingTheTool() {
    XCTAssertEqual(VersionReport(version: "1.2.3").text, "tweetalyze 1.2.3\n")
  }

  /// `--json`: one object and a line break; the version is a JSON string.
  func testTheJSONIsOneObjectOnALine() {
    XCTAssertEqual(
      String(decoding: VersionReport(version: "1.2.3").json, as: UTF8.self),
      #"{"version":"1.2.3"}"# + "\n")
    XCTAssertEqual(
      String(decoding: VersionReport(version: "0.2.0-\"rc\"").json, as: UTF8.self),
      #"{"version":"0.2.0-\"rc\""}"# + "\n")
  }
}
