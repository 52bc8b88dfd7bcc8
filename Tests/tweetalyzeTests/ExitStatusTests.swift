import Foundation
import SentimentCore
import XCTest

@testable import tweetalyze

/// The exit statuses: the mapping from every error class (unit tests), and
/// each class end to end through the built binary, with the `--json` error
/// object.
final class ExitStatusTests: XCTestCase {

  // MARK: The mapping

  func testEveryErrorClassHasItsStatus() {
    let now = Date()
    let cases: [(Error, ExitStatus)] = [
      (UsageError(message: "x", command: nil), .usage),
      (BrokenPipe(), .success),
      (RuntimeError("x"), .failure),
      (RuntimeError("x", status: .noTweets), .noTweets),
      (CSVError.unterminatedQuote(line: 2), .dataError),
      (TrainingDataError.empty, .dataError),
      (LexiconError.header, .dataError),
      (ModelFileError.notAModel, .dataError),
      (PostDecodingError.empty(.xSearch), .dataError),
      (EvaluationError.folds(5, count: 2), .dataError),
      (FixtureError.invalid(path: "f", problem: .empty(.xSearch)), .dataError),
      (FixtureError.invalid(path: "f", problem: .empty(.bluesky)), .dataError),
      (PostDecodingError.notJSON(.mastodon, line: 2), .dataError),
      (PostDecodingError.unexpectedShape(.xArchive, line: 2, detail: "d"), .dataError),
      (FixtureError.notFound(query: "@a", directory: "d", tried: []), .noInput),
      (FixtureError.unreadable(path: "f", reason: "r"), .noInput),
      (ByteSourceError.readFailed(errno: EIO), .noInput),
      (BearerTokenError.unreadableFile(path: "t", reason: "r"), .noInput),
      (BearerTokenError.missing(variables: []), .noPermission),
      (BearerTokenError.insecureFile(path: "t", mode: "644"), .noPermission),
      (HTTPSourceError.unauthorized(detail: nil), .noPermission),
      (HTTPSourceError.forbidden(reason: nil, enrollment: nil, detail: nil), .noPermission),
      (HTTPSourceError.rateLimited(reset: nil, now: now), .tryLater),
      (HTTPSourceError.usageCapExceeded(period: nil, scope: nil, detail: nil), .tryLater),
      (HTTPSourceError.serverError(status: 503, detail: nil, attempts: 3), .unavailable),
      (HTTPSourceError.connectionFailed(host: "h", reason: "r", attempts: 3), .unavailable),
      (HTTPSourceError.timedOut(host: "h", seconds: 1, attempts: 3), .unavailable),
      (HTTPSourceError.invalidResponse(host: "h", status: 200, problem: "p"), .unavailable),
      (HTTPSourceError.unexpectedStatus(status: 404, detail: nil, url: "u"), .unavailable),
      (HTTPSourceError.crossOriginRedirect(from: "a", to: "b"), .unavailable),
      (HTTPSourceError.recordFailed(path: "p", reason: "r"), .cannotCreate),
      (HTTPSourceError.insecureBaseURL("http://x"), .usage),
      (HTTPSourceError.invalidRequest(message: "m"), .failure),
    ]
    for (error, status) in cases {
      XCTAssertEqual(ExitStatus(for: error), status, "\(error)")
    }
  }

  func testTheStatusesAreDistinctAndSummarized() {
    let codes = ExitStatus.allCases.map(\.rawValue)
    XCTAssertEqual(Set(codes).count, codes.count)
    for code in codes {
      XCTAssertTrue(ExitStatus.summary.contains("\(code) "), "\(code) is not in the summary")
    }
    XCTAssertTrue(Help.text(for: nil).contains(ExitStatus.summary.split(separator: "\n")[0]))
  }

  func testTheJSONErrorIsOneSortedLineAfterTheErrorLine() {
    let text = Tweetalyze.errorReport(
      RuntimeError("no \"tweets\"\nhere", status: .noTweets), json: true, query: "@a")
    XCTAssertEqual(
      text,
      #"Error: @a: no "tweets"\nhere"# + "\n"
        + #"{"error":{"code":3,"message":"no \"tweets\"\\nhere","query":"@a"}}"# + "\n")
    XCTAssertEqual(
      Tweetalyze.errorReport(RuntimeError("x"), json: false), "Error: x\n", "no JSON without --json"
    )
  }

}
