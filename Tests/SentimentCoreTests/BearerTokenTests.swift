import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class BearerTokenTests: XCTestCase {
  func temporaryFile(_ contents: String, mode: Int) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-token-\(UUID().uuidString)")
    try Data(contents.utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
  }

  func testEnvironmentVariablesInOrder() throws {
    XCTAssertEqual(
      try BearerToken.load(environment: ["TWITTER_BEARER_TOKEN": " abc\n", "X_BEARER_TOKEN": "x"]),
      "abc")
    XCTAssertEqual(try BearerToken.load(environment: ["X_BEARER_TOKEN": "xyz"]), "xyz")
  }

  func testMissingTokenExplainsHowToGetOne() {
    XCTAssertThrowsError(try BearerToken.load(environment: ["HOME": "/root"])) { error in
      XCTAssertEqual(
        error as? BearerTokenError,
        .missing(variables: ["TWITTER_BEARER_TOKEN", "X_BEARER_TOKEN"]))
      let message = (error as? LocalizedError)?.errorDescription ?? ""
      for part in ["developer portal", "Bearer Token", "TWITTER_BEARER_TOKEN", "--fixtures"] {
        XCTAssertTrue(message.contains(part), "\(part) in \(message)")
      }
    }
    XCTAssertThrowsError(try BearerToken.load(environment: ["TWITTER_BEARER_TOKEN": "  "])) {
      XCTAssertEqual($0 as? BearerTokenError, .emptyVariable(name: "TWITTER_BEARER_TOKEN"))
    }
  }

  func testPrivateTokenFileIsReadAndTrimmed() throws {
    let path = try temporaryFile("  file-token-123\n\n", mode: 0o600)
    XCTAssertEqual(
      try BearerToken.load(environment: ["TWITTER_BEARER_TOKEN": "env"], file: path),
      "file-token-123")
  }

  func testTokenFileReadableByOthersIsRefused() throws {
    for mode in [0o644, 0o640, 0o604] {
      let path = try temporaryFile("file-token-123\n", mode: mode)
      XCTAssertThrowsError(try BearerToken.load(environment: [:], file: path)) { error in
        XCTAssertEqual(
          error as? BearerTokenError, .insecureFile(path: path, mode: String(mode, radix: 8)))
        let message = (error as? LocalizedError)?.errorDescription ?? ""
        XCTAssertTrue(message.contains("chmod 600 \(path)"), message)
        XCTAssertFalse(message.contains("file-token-123"), message)
      }
    }
  }

  /// A token file that is a symbolic link is checked by its target's mode
  /// (a link's own mode is always 0777): a link to a world-readable file is
  /// refused, and the message says it is a link.
  func testATokenFileLinkIsCheckedByItsTarget() throws {
    let token = "tw33t-SECRET-b34r3r-7f3a9c1d2e"
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetalyze-token-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let open = directory.appendingPathComponent("open")
    try Data("\(token)\n".utf8).write(to: open)
    XCTAssertEqual(chmod(open.path, 0o644), 0)
    let link = directory.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: open.path)
    XCTAssertThrowsError(try BearerToken.read(file: link.path)) { error in
      let message = error.localizedDescription
      XCTAssertTrue(message.contains("a symbolic link to \(open.path)"), message)
      XCTAssertTrue(message.contains("mode 644"), message)
      XCTAssertFalse(message.contains(token), message)
    }
    XCTAssertEqual(chmod(open.path, 0o600), 0)
    XCTAssertEqual(try BearerToken.read(file: link.path), token)
  }

  func testBadTokenFiles() throws {
    let empty = try temporaryFile("\n", mode: 0o600)
    XCTAssertThrowsError(try BearerToken.load(environment: [:], file: empty)) {
      XCTAssertEqual($0 as? BearerTokenError, .emptyFile(path: empty))
    }
    let twoWords = try temporaryFile("TOKEN=abc def\n", mode: 0o400)
    XCTAssertThrowsError(try BearerToken.load(environment: [:], file: twoWords)) {
      XCTAssertEqual($0 as? BearerTokenError, .malformed(source: twoWords))
      XCTAssertFalse(($0 as? LocalizedError)?.errorDescription?.contains("abc") ?? true)
    }
    // Issue 45 §4: the README's placeholder has no space or control
    // character; what it has is a non-ASCII '…'.
    XCTAssertThrowsError(
      try BearerToken.load(environment: ["TWITTER_BEARER_TOKEN": "AAAA…"], file: nil)
    ) {
      XCTAssertEqual($0 as? BearerTokenError, .notASCII(source: "TWITTER_BEARER_TOKEN"))
      let message = ($0 as? LocalizedError)?.errorDescription ?? ""
      XCTAssertTrue(message.contains("not ASCII"), message)
      XCTAssertFalse(message.contains("AAAA"), message)
    }
    XCTAssertThrowsError(try BearerToken.load(environment: [:], file: "/nonexistent/token")) {
      XCTAssertEqual(
        $0 as? BearerTokenError,
        .unreadableFile(path: "/nonexistent/token", reason: "no such file or directory"))
    }
  }
}

// MARK: Redirects

/// The bearer token never follows a redirect to another origin (host,
/// port or scheme), as curl's CVE-2018-1000007 fix; a redirect within the
/// same origin is followed.
extension XSourceTests {
  func testCrossOriginRedirectDoesNotCarryTheToken() async throws {
    let other = try loopback([.json(page([9]))])
    let location = "http://localhost:\(other.port)/2/tweets/search/recent?query=x"
    let first = try loopback([
      LoopbackHTTPServer.Response(status: 302, headers: ["Location": location])
    ])
    let failure = await self.failure { try await self.fetch(first) }
    XCTAssertTrue(
      other.requests.allSatisfy { $0.headers["authorization"] == nil },
      "the token reached the other origin")
    let message = describe(failure)
    XCTAssertTrue(message.contains("redirect"), message)
    XCTAssertTrue(message.contains("localhost:\(other.port)"), message)
    assertNoToken(message)
  }

  func testAnotherPortOnTheSameHostIsAnotherOrigin() async throws {
    let other = try loopback([.json(page([9]))])
    let first = try loopback([
      LoopbackHTTPServer.Response(
        status: 307, headers: ["Location": "\(other.baseURL)/tweets/search/recent?query=x"])
    ])
    _ = await failure { try await self.fetch(first) }
    XCTAssertTrue(other.requests.allSatisfy { $0.headers["authorization"] == nil })
  }

  func testSchemeDowngradeIsAnotherOrigin() {
    let from = URL(string: "https://api.x.com/2/tweets")
    let to = URL(string: "http://api.x.com/2/tweets")
    XCTAssertFalse(URLSafety.sameOrigin(from, to))
    XCTAssertFalse(
      URLSafety.sameOrigin(URL(string: "https://api.x.com/2"), URL(string: "https://x.com/2"))
    )
    XCTAssertFalse(
      URLSafety.sameOrigin(
        URL(string: "https://api.x.com/2"), URL(string: "https://api.x.com:8443/2")))
    XCTAssertTrue(
      URLSafety.sameOrigin(
        URL(string: "https://API.x.com/2/a"), URL(string: "https://api.x.com:443/2/b")))
  }

  func testSameOriginRedirectIsFollowed() async throws {
    let server = try loopback([])
    let target = "\(server.baseURL)/tweets/search/recent?query=moved"
    try server.replaceResponses([
      LoopbackHTTPServer.Response(status: 302, headers: ["Location": target]),
      .json(page([5])),
    ])
    let tweets = try await fetch(server)
    XCTAssertEqual(tweets.map(\.id), ["5"])
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(server.requests.last?.headers["authorization"], "Bearer \(token)")
  }
}

// MARK: Plain HTTP

/// A plain `http` base URL to another machine is refused before anything
/// is sent, unless allowed; loopback hosts are always allowed.
extension XSourceTests {
  func source(_ base: String, allow: Bool = false) -> XSource {
    var configuration = XSource.Configuration(
      token: token, userAgent: "tweetalyze/9.9", baseURL: base)
    configuration.transport.allowInsecureHTTP = allow
    return XSource(configuration)
  }

  func testPlainHTTPToAnotherMachineIsRefused() {
    for base in [
      "http://192.0.2.1/2", "http://api.x.com/2", "HTTP://example.com:8080/2",
      "http://127.0.0.1.example.com/2", "http://10.0.0.1/2",
    ] {
      XCTAssertThrowsError(
        try source(base).searchURL(for: .mention("a"), maxResults: 10, nextToken: nil), base
      ) {
        XCTAssertEqual(sourceError($0), .insecureBaseURL(base), base)
        let message = describe($0)
        XCTAssertTrue(message.contains("clear text"), message)
        XCTAssertTrue(message.contains("TWEETALYZE_ALLOW_HTTP"), message)
      }
      XCTAssertNoThrow(
        try source(base, allow: true).searchURL(for: .mention("a"), maxResults: 10, nextToken: nil))
    }
  }

  func testLoopbackAndHTTPSAreAllowed() {
    for base in [
      "http://127.0.0.1:8080/2", "http://127.1.2.3/2", "http://localhost/2",
      "https://api.x.com/2", "https://example.com/2",
    ] {
      XCTAssertNoThrow(
        try source(base).searchURL(for: .mention("a"), maxResults: 10, nextToken: nil), base)
    }
  }

  /// swift-corelibs-foundation cannot connect to an IPv6 address written in
  /// a URL (`http://[::1]:9/2` failed with NSURLErrorDomain -1000 on every
  /// attempt): such a base is refused before anything is sent, with the
  /// reason and what to use instead.
  func testAnIPv6AddressAsTheHostIsRefusedWithTheReason() {
    for base in ["http://[::1]:9/2", "https://[2001:db8::1]/2", "http://[::1]/2"] {
      XCTAssertThrowsError(
        try source(base).searchURL(for: .mention("a"), maxResults: 10, nextToken: nil), base
      ) {
        XCTAssertEqual(sourceError($0), .ipv6AddressHost(base), base)
        let message = describe($0)
        XCTAssertTrue(message.contains("IPv6"), message)
        XCTAssertTrue(message.contains("localhost"), message)
      }
    }
  }
}

// MARK: Numbers from the server

extension XSourceTests {
  /// A reset time that is not a plausible time crashed the tool (a trap on
  /// the Double → Int conversion); it is now no reset time at all.
  func testImplausibleResetTimesAreIgnored() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    for reset in ["1e300", "nan", "inf", "-1e300", "-5", "1e11"] {
      for wait in [false, true] {
        let server = try server([
          .json(429, #"{"title":"Too Many Requests"}"#, headers: ["x-rate-limit-reset": reset])
        ])
        let failure = await self.failure {
          try await self.fetch(server) {
            $0.transport.now = { now }
            $0.transport.waitForRateLimit = wait
          }
        }
        XCTAssertEqual(sourceError(failure), .rateLimited(reset: nil, now: now), reset)
        XCTAssertTrue(sleeps.values.isEmpty, "\(reset): no wait for an unknown time")
      }
    }
  }

  /// `--wait` waits at most ``HTTPTransportSettings/maximumWait``:
  /// a reset years away is reported, not waited for.
  func testWaitIsCapped() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let far = "\(1_800_000_000 + 998_204_518)"
    let server = try server([
      .json(429, #"{"title":"Too Many Requests"}"#, headers: ["x-rate-limit-reset": far])
    ])
    let failure = await self.failure {
      try await self.fetch(server) {
        $0.transport.now = { now }
        $0.transport.waitForRateLimit = true
      }
    }
    XCTAssertEqual(
      sourceError(failure),
      .rateLimited(reset: Date(timeIntervalSince1970: Double(far) ?? 0), now: now))
    XCTAssertTrue(sleeps.values.isEmpty)
    XCTAssertEqual(server.requests.count, 1)
  }
}
