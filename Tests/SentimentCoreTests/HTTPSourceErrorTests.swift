import Foundation
import XCTest

@testable import SentimentCore

/// The errors' messages: the X API's own, and each other service's names.
final class HTTPSourceErrorTests: XCTestCase {
  func testTheXAPIMessagesAreTheDefault() {
    let errors: [HTTPSourceError] = [
      .serverError(status: 503, detail: nil, attempts: 3),
      .unauthorized(detail: nil), .rateLimited(reset: nil, now: Date()),
      .crossOriginRedirect(from: "a", to: "b"), .invalidBaseURL("x"),
    ]
    for error in errors {
      XCTAssertEqual(error.errorDescription, error.message(for: .x))
      XCTAssertTrue(error.message(for: .x).contains("X API"), error.message(for: .x))
    }
    XCTAssertEqual(
      HTTPSourceError.serverError(status: 503, detail: nil, attempts: 3).errorDescription,
      "the X API had a server error (503) (3 attempts); the service is probably having "
        + "problems, try again later")
  }

  func testOtherServicesNameThemselvesTheirCredentialAndSetting() {
    let bluesky = ServiceError(.unauthorized(detail: "AuthenticationRequired"), service: .bluesky)
    XCTAssertTrue(
      bluesky.localizedDescription.hasPrefix(
        "Bluesky rejected the app password (401 AuthenticationRequired): "),
      bluesky.localizedDescription)
    XCTAssertFalse(bluesky.localizedDescription.contains("X "), bluesky.localizedDescription)
    let mastodon = ServiceError(
      .connectionFailed(host: "m.example", reason: "refused", attempts: 3), service: .mastodon)
    XCTAssertEqual(
      mastodon.localizedDescription,
      "cannot reach Mastodon at m.example: refused (3 attempts); check your network "
        + "connection, proxy, or --instance")
    let redirect = ServiceError(.crossOriginRedirect(from: "a", to: "b"), service: .bluesky)
    XCTAssertTrue(redirect.localizedDescription.contains("does not send the app password"))
    let enrolled = ServiceError(
      .forbidden(reason: "client-not-enrolled", enrollment: nil, detail: nil), service: .mastodon)
    XCTAssertFalse(enrolled.localizedDescription.contains("developer portal"))
  }
}
