import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a query cannot be asked of Mastodon.
package enum MastodonQueryError: LocalizedError, Equatable {
  /// Only hashtags have public timelines; `query` is a mention or phrase.
  case notAHashtag(String)

  package var errorDescription: String? {
    switch self {
    case .notAHashtag(let query):
      "Mastodon cannot search \(query): without a login, an instance offers public timelines "
        + "per hashtag only (/api/v1/timelines/tag/:tag), and its full-text search finds "
        + "only posts of accounts that opted in; give a #tag, or use --source bluesky for "
        + "@handles and phrases"
    }
  }
}

/// Posts from a Mastodon instance's public hashtag timeline
/// (`GET {instance}/api/v1/timelines/tag/:tag?limit=40`), newest first,
/// following the `Link` header's `next` (`max_id`) until `count` posts.
///
/// A token (`MASTODON_TOKEN`) is optional and sent as a bearer token; it
/// is redacted from every message and recording. Boosts are left out
/// unless asked for; `language` keeps only statuses in it. Requests go
/// through ``HTTPTransport``.
package struct MastodonSource: LiveSource {
  /// Which instance and what to keep.
  package struct Configuration: Sendable {
    /// `https://mastodon.social`.
    package static let defaultInstance = "https://mastodon.social"
    /// The most statuses a page holds (`limit`).
    package static let pageLimit = 40
    /// The most pages read for one query: a language filter may keep few
    /// of each page.
    package static let maximumPages = 250

    /// The instance's URL (`https://mastodon.social`).
    package var instance: String
    /// An access token, if any.
    package var token: String?
    /// The language kept (the status's `language`); `nil` for any.
    package var language: String? = "en"
    /// Whether boosts are kept (as the boosted status).
    package var includeBoosts = false
    /// The time the statuses are to come from. A tag timeline takes no
    /// dates: statuses outside it are left out while paging, and paging
    /// stops at the first status older than it (the timeline is newest
    /// first).
    package var window = DateWindow()
    /// The transport's settings.
    package var transport: HTTPTransportSettings

    /// A configuration with the transport's defaults.
    package init(token: String?, userAgent: String, instance: String = defaultInstance) {
      self.token = token
      self.instance = instance
      transport = HTTPTransportSettings(
        service: .mastodon, secrets: token.map { [$0] } ?? [], userAgent: userAgent)
    }
  }

  /// The configuration.
  package let configuration: Configuration

  /// Creates a source with `configuration`.
  package init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  /// Mastodon.
  package var service: PostService { .mastodon }

  /// ``Configuration/instance``.
  package var baseURL: String { configuration.instance }

  /// ``Configuration/transport``.
  package var settings: HTTPTransportSettings { configuration.transport }

  /// The URL of one page of `tag`'s timeline.
  package func timelineURL(tag: String, maxID: String?) throws -> URL {
    var items = [("limit", String(Configuration.pageLimit))]
    if let maxID { items.append(("max_id", maxID)) }
    return try BaseURL.url(
      base: configuration.instance,
      path: "/api/v1/timelines/tag/" + BaseURL.percentEncode(tag), items: items,
      allowInsecureHTTP: configuration.transport.allowInsecureHTTP)
  }

  /// Up to `count` recent statuses with `query`'s hashtag; throws
  /// ``MastodonQueryError`` for any other query, ``ServiceError`` for what
  /// the instance did.
  nonisolated(nonsending) package func tweets(
    for query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    guard case .hashtag = query else {
      throw MastodonQueryError.notAHashtag(query.description)
    }
    return try await collect(query, count: count)
  }

  /// The tag timeline's pages: `Link` (`max_id`) paging, the statuses
  /// outside the window or the language left out, at most
  /// ``Configuration/maximumPages``.
  nonisolated(nonsending) package func fetch(
    _ query: SearchQuery, into paging: inout Paging, transport: HTTPTransport
  ) async throws {
    guard case .hashtag(let tag) = query else {
      throw MastodonQueryError.notAHashtag(query.description)
    }
    var maxID: String?
    while true {
      let number = paging.nextPage()
      let url = try timelineURL(tag: tag, maxID: maxID)
      let (body, response) = try await transport.send(
        transport.request(url, bearer: configuration.token), page: number,
        tweets: paging.collector.tweets.count,
        rateLimit: { http, _ in Self.rateLimitReset(http) },
        refuse: { status, data, url in Self.refusal(status, data, url, transport) })
      let page: (tweets: [Tweet], withText: Int)
      do {
        page = try MastodonStatuses.decodeCounting(
          body, line: 0, includeBoosts: configuration.includeBoosts,
          language: configuration.language)
      } catch PostDecodingError.unexpectedShape(_, _, let detail) {
        throw transport.invalidBody(body, status: response.statusCode, url: url, detail: detail)
      } catch {
        throw transport.invalidBody(body, status: response.statusCode, url: url, detail: nil)
      }
      maxID = MastodonStatuses.nextMaxID(linkHeader: response.value(forHTTPHeaderField: "Link"))
      let window = configuration.window
      // Past the window's start, no later page holds a status in it.
      if page.tweets.contains(where: { window.isBefore($0.createdAt) }) { maxID = nil }
      // Pages of statuses all filtered out go on; empty pages do not.
      guard
        try paging.add(
          page.tweets.filter { window.contains($0.createdAt) }.map(transport.redact), body: body,
          next: maxID, empty: page.withText == 0, requireNew: false, from: url),
        paging.pages < Configuration.maximumPages
      else { break }
    }
  }

  /// A 429's reset time: `X-RateLimit-Reset`, an ISO 8601 time.
  static func rateLimitReset(_ http: HTTPURLResponse) -> Date? {
    guard
      let text = http.value(forHTTPHeaderField: "X-RateLimit-Reset")?
        .trimmingCharacters(in: .whitespaces), !text.isEmpty, text.count < 64
    else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }

  /// The error for a status that is not retried. Mastodon errors are
  /// `{"error": text}`.
  static func refusal(_ status: Int, _ body: Data, _ url: URL, _ transport: HTTPTransport)
    -> Error
  {
    let problem = APIProblem(body)
    let detail = (problem.error ?? problem.message).map { transport.redact($0) }
    switch status {
    case 400:
      return HTTPSourceError.invalidRequest(message: detail ?? transport.snippet(body))
    case 401:
      return HTTPSourceError.unauthorized(detail: detail)
    case 403:
      return HTTPSourceError.forbidden(reason: nil, enrollment: nil, detail: detail)
    default:
      return transport.unexpectedStatus(status, body: body, url: url)
    }
  }
}
