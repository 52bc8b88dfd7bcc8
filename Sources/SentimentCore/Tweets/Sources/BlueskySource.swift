import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why Bluesky could not be logged in to, beyond what ``HTTPSourceError``
/// says. The messages never contain the app password.
package enum BlueskyLoginError: LocalizedError, Equatable {
  /// `BLUESKY_HANDLE` is not set (or empty).
  case missingHandle
  /// Neither `BLUESKY_APP_PASSWORD` nor `--token-file` gives an app
  /// password.
  case missingPassword
  /// The handle is not a domain name (`alice.bsky.social`), a DID or an
  /// email address.
  case invalidHandle
  /// The server asks for a sign-in code sent by email
  /// (`AuthFactorTokenRequired`): the account password was given, not an
  /// app password.
  case authFactorRequired
  /// The login answer holds no `accessJwt`.
  case noSession(host: String)
  /// The login was refused with `status` (400: the handle or password is
  /// not in a form the server takes); `detail` is the server's word.
  case loginRefused(status: Int, detail: String)
  /// The search refused the session token (401, or 400 `ExpiredToken`)
  /// again after one new login.
  case sessionRejected(status: Int = 401, detail: String?)

  package var errorDescription: String? {
    switch self {
    case .missingHandle:
      "no Bluesky login: set BLUESKY_HANDLE to your handle (alice.bsky.social) and "
        + "BLUESKY_APP_PASSWORD to an app password (Settings, Privacy and security, App "
        + "passwords), or pass the app password with --token-file PATH; "
        + "to analyze recorded responses offline, use --fixtures PATH instead"
    case .missingPassword:
      "no Bluesky app password: create one in Settings, Privacy and security, App passwords, "
        + "and set BLUESKY_APP_PASSWORD or pass --token-file PATH (never the account password)"
    case .invalidHandle:
      "BLUESKY_HANDLE is not a handle: give it as alice.bsky.social (without @), "
        + "or as the account's DID or email address"
    case .authFactorRequired:
      "Bluesky asks for a sign-in code sent by email (AuthFactorTokenRequired): that is the "
        + "account password, which tweetalyze never needs; create an app password in Settings, "
        + "Privacy and security, App passwords, and use it instead"
    case .noSession(let host):
      "Bluesky at \(host) accepted the login but sent no session token (accessJwt); "
        + "if TWEETALYZE_API_BASE or a proxy is set, check that it points to Bluesky's XRPC API"
    case .loginRefused(let status, let detail):
      "Bluesky refused the login (\(status) \(detail)): check that BLUESKY_HANDLE is your "
        + "handle (alice.bsky.social, without @), DID or email address, and that "
        + "BLUESKY_APP_PASSWORD or --token-file holds an app password"
    case .sessionRejected(let status, let detail):
      "Bluesky refused its own session token (\(status) \(detail ?? "Unauthorized")) again "
        + "after a new login, so the session cannot be renewed; try again in a few minutes, and "
        + "check that the system clock is right"
    }
  }
}

/// The Bluesky session of one run: the token of one login, reused by every
/// query of the run (the service allows about 30 logins per 5 minutes per
/// account). In memory only.
package final class BlueskySession: Sendable {
  private let token = Mutex<String?>(nil)

  /// A session not logged in yet.
  package init() {}

  /// The session token, if logged in.
  var accessToken: String? {
    token.withLock { $0 }
  }

  /// Keeps the token of a new login.
  func loggedIn(_ newToken: String) {
    token.withLock { $0 = newToken }
  }
}

/// Posts from Bluesky's search (`GET {base}/app.bsky.feed.searchPosts`),
/// after a login with an app password
/// (`POST {base}/com.atproto.server.createSession`).
///
/// The session token lives in memory in ``Configuration/session``, shared
/// by the queries of a run, and is never recorded; a search that finds it
/// expired (401, or 400 `ExpiredToken`) logs in again once. The app password and the token are
/// redacted from every message, warning and recording. Paging
/// follows `cursor` until `count` posts or the last page. Requests go
/// through ``HTTPTransport`` (caps, deadline, retries, redirects within
/// the origin, plain http only to loopback).
package struct BlueskySource: LiveSource {
  /// How to reach Bluesky and what to ask for.
  package struct Configuration: Sendable {
    /// `https://bsky.social/xrpc`.
    package static let defaultBaseURL = "https://bsky.social/xrpc"
    /// The most posts a page holds (`limit`).
    package static let pageLimit = 100

    /// The XRPC base, up to and including `/xrpc`.
    package var baseURL: String
    /// The handle (or DID, or email) that logs in.
    package var handle: String
    /// The app password. Sent only in the login request's body.
    package var appPassword: String
    /// The `lang` parameter; `nil` for any language.
    package var language: String? = "en"
    /// The time the posts are to come from: sent as `since` and `until`.
    package var window = DateWindow()
    /// The transport's settings (time-outs, attempts, recording, progress).
    package var transport: HTTPTransportSettings
    /// The session, which sources of one run share.
    package var session = BlueskySession()

    /// A configuration with the transport's defaults.
    package init(
      handle: String, appPassword: String, userAgent: String,
      baseURL: String = defaultBaseURL
    ) {
      self.handle = handle
      self.appPassword = appPassword
      self.baseURL = baseURL
      transport = HTTPTransportSettings(
        service: .bluesky, secrets: [appPassword], userAgent: userAgent)
    }
  }

  /// The configuration.
  package let configuration: Configuration

  /// Creates a source with `configuration`.
  package init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  /// Bluesky.
  package var service: PostService { .bluesky }

  /// ``Configuration/baseURL``.
  package var baseURL: String { configuration.baseURL }

  /// ``Configuration/transport``.
  package var settings: HTTPTransportSettings { configuration.transport }

  /// The `q` and filters for `query`: `#tag` as is; `@handle` as the
  /// handle's text and `mentions`; a phrase in double quotes.
  package func searchItems(for query: SearchQuery, limit: Int, cursor: String?) -> [(
    String, String
  )] {
    var items: [(String, String)]
    switch query {
    case .hashtag(let tag): items = [("q", "#\(tag)")]
    case .mention(let handle): items = [("q", "@\(handle)"), ("mentions", handle)]
    case .phrase(let words): items = [("q", "\"\(words)\"")]
    }
    items.append(("sort", "latest"))
    if let language = configuration.language { items.append(("lang", language)) }
    if let since = configuration.window.since { items.append(("since", ISO8601.string(since))) }
    if let until = configuration.window.until { items.append(("until", ISO8601.string(until))) }
    items.append(("limit", String(limit)))
    if let cursor { items.append(("cursor", cursor)) }
    return items
  }

  /// Up to `count` recent posts for `query`, page by page, duplicates
  /// dropped; throws ``ServiceError``, or ``BlueskyLoginError`` for a login
  /// that cannot work.
  nonisolated(nonsending) package func tweets(
    for query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    try await collect(query, count: count)
  }

  /// Bluesky's pages of `query`: a login (or the run's session), then
  /// `cursor` paging, logging in again once when the session expires.
  nonisolated(nonsending) package func fetch(
    _ query: SearchQuery, into paging: inout Paging, transport: HTTPTransport
  ) async throws {
    let base = configuration.baseURL
    let allowHTTP = configuration.transport.allowInsecureHTTP
    let loginURL = try BaseURL.url(
      base: base, path: "/com.atproto.server.createSession", items: [],
      allowInsecureHTTP: allowHTTP)
    var token: String
    if let current = configuration.session.accessToken {
      transport.addSecret(current)
      token = current
    } else {
      token = try await login(loginURL, transport: transport)
    }

    var cursor: String?
    var renewed = false
    while true {
      let number = paging.nextPage()
      let url = try BaseURL.url(
        base: base, path: "/app.bsky.feed.searchPosts",
        items: searchItems(
          for: query, limit: min(Configuration.pageLimit, max(1, paging.remaining)),
          cursor: cursor),
        allowInsecureHTTP: allowHTTP)
      var answer: (body: Data, response: HTTPURLResponse)?
      while answer == nil {
        do {
          answer = try await transport.send(
            transport.request(url, bearer: token), page: number,
            tweets: paging.collector.tweets.count,
            rateLimit: { http, _ in Self.rateLimitReset(http) },
            refuse: { status, data, url in
              Self.refusal(status, data, url, transport, login: false)
            })
        } catch BlueskyLoginError.sessionRejected where !renewed {
          // An access token lives for minutes: a long run outlives it.
          renewed = true
          token = try await login(loginURL, transport: transport)
        }
      }
      guard let answer else { continue }
      let (body, response) = answer
      var page: BlueskySearchPage
      do {
        page = try BlueskySearchPage.decode(body)
      } catch PostDecodingError.unexpectedShape(_, _, let detail) {
        throw transport.invalidBody(body, status: response.statusCode, url: url, detail: detail)
      } catch {
        throw transport.invalidBody(body, status: response.statusCode, url: url, detail: nil)
      }
      page.tweets = page.tweets.map(transport.redact)
      cursor = page.cursor.flatMap { $0.isEmpty ? nil : $0 }
      guard
        try paging.add(
          page.tweets, body: body, next: cursor, empty: page.tweets.isEmpty, from: url)
      else { break }
    }
    // The search pages only are added to `paging`: the login answer, which
    // holds the session tokens, is never recorded.
  }

  /// The longest session token taken: Bluesky's are under 1 KB.
  static let maximumSessionTokenBytes = 16 << 10

  /// Logs in; the access token, added to the transport's secrets.
  private func login(_ url: URL, transport: HTTPTransport) async throws -> String {
    let identifier =
      configuration.handle.hasPrefix("@")
      ? String(configuration.handle.dropFirst()) : configuration.handle
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = try encoder.encode(
      Credentials(identifier: identifier, password: configuration.appPassword))
    let (body, _) = try await transport.send(
      transport.request(url, bearer: nil, jsonBody: json), page: 1, tweets: 0,
      rateLimit: { http, _ in Self.rateLimitReset(http) },
      refuse: { status, data, url in Self.refusal(status, data, url, transport, login: true) })
    guard let token = (try? JSONDecoder().decode(Session.self, from: body))?.accessJwt,
      !token.isEmpty,
      token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else {
      throw BlueskyLoginError.noSession(host: HTTPTransport.hostDescription(url))
    }
    // A secret the server chooses: each post is redacted for it, and it
    // goes back in every request's header.
    guard token.utf8.count <= Self.maximumSessionTokenBytes else {
      throw HTTPSourceError.oversized(
        host: HTTPTransport.hostDescription(url), what: "a session token (accessJwt)",
        bytes: token.utf8.count, limit: Self.maximumSessionTokenBytes)
    }
    transport.addSecret(token)
    configuration.session.loggedIn(token)
    return token
  }

  /// The login request's body (`com.atproto.server.createSession`).
  private struct Credentials: Encodable {
    var identifier: String
    var password: String
  }

  /// The part of the login answer kept: the access token (the refresh
  /// token is not used: a new login replaces an expired session).
  private struct Session: Decodable {
    var accessJwt: String?
  }

  /// A 429's reset time: `RateLimit-Reset`, epoch seconds.
  static func rateLimitReset(_ http: HTTPURLResponse) -> Date? {
    http.value(forHTTPHeaderField: "RateLimit-Reset")
      .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
      .flatMap { $0.isFinite && $0 >= 0 && $0 < 1e11 ? $0 : nil }
      .map { Date(timeIntervalSince1970: $0) }
  }

  /// The error for a status that is not retried, of the login or of a
  /// search. XRPC errors are `{"error": name, "message": text}`.
  static func refusal(
    _ status: Int, _ body: Data, _ url: URL, _ transport: HTTPTransport, login: Bool
  ) -> Error {
    let problem = APIProblem(body)
    if problem.error == "AuthFactorTokenRequired" { return BlueskyLoginError.authFactorRequired }
    let detail = [problem.error, problem.firstError].compactMap { $0 }.joined(separator: ": ")
    let shown = detail.isEmpty ? nil : transport.redact(detail)
    switch status {
    case 400 where login:
      return BlueskyLoginError.loginRefused(
        status: status, detail: shown ?? transport.snippet(body))
    case 401 where !login:
      return BlueskyLoginError.sessionRejected(status: status, detail: shown)
    case 400 where problem.error == "ExpiredToken":
      // The service also answers an expired session with 400.
      return BlueskyLoginError.sessionRejected(status: status, detail: shown)
    case 400:
      return HTTPSourceError.invalidRequest(message: shown ?? transport.snippet(body))
    case 401:
      return HTTPSourceError.unauthorized(detail: shown)
    case 403:
      return HTTPSourceError.forbidden(reason: nil, enrollment: nil, detail: shown)
    default:
      return transport.unexpectedStatus(status, body: body, url: url)
    }
  }
}
