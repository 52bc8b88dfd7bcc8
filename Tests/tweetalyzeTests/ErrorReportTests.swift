import TestSupport
import XCTest

@testable import tweetalyze

/// What stderr shows for a failure (`Output/ErrorReport.swift`), in memory.
final class ErrorReportTests: XCTestCase {
  /// The `Error:` line names the query first, and the usage lines follow it.
  func testTheLineNamesTheQueryThenTheUsageFollows() {
    let report = ErrorReport(
      message: "no tweets", status: .noTweets, query: "@a", usage: "Usage: tweetalyze QUERY")
    XCTAssertEqual(report.text, "Error: @a: no tweets\nUsage: tweetalyze QUERY\n")
    XCTAssertEqual(ErrorReport(message: "x", status: .failure).text, "Error: x\n")
  }

  /// The JSON is one sorted object with the status as its code; the query
  /// is there only for one query's error, and the usage never is.
  func testTheJSONIsOneSortedObjectWithTheStatusAsCode() {
    let report = ErrorReport(
      message: "cannot read", status: .noInput, query: nil, usage: "Usage: tweetalyze")
    XCTAssertEqual(
      String(decoding: report.json, as: UTF8.self),
      #"{"error":{"code":66,"message":"cannot read"}}"# + "\n")
    var ofQuery = report
    ofQuery.query = "@x \"y\""
    XCTAssertEqual(
      String(decoding: ofQuery.json, as: UTF8.self),
      #"{"error":{"code":66,"message":"cannot read","query":"@x \"y\""}}"# + "\n")
  }

  /// The message is made one line once, and both forms show that line: a
  /// line break in it never starts a line of stderr.
  func testTheMessageIsCleanedForBothForms() {
    let report = ErrorReport(message: "bad\nline\u{1B}[31m", status: .dataError)
    XCTAssertEqual(report.message, #"bad\nline\u{1B}[31m"#)
    XCTAssertEqual(report.text, #"Error: bad\nline\u{1B}[31m"# + "\n")
    XCTAssertEqual(
      String(decoding: report.json, as: UTF8.self),
      #"{"error":{"code":65,"message":"bad\\nline\\u{1B}[31m"}}"# + "\n")
  }
}
