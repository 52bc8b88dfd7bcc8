import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Tweets from the X API v2 recent search endpoint
/// (`GET {base}/tweets/search/recent`), with app-only bearer token auth.
///
/// Follows `meta.next_token` until `count` tweets or the last page, retries
/// server errors and network failures with exponential backoff, optionally
/// waits once for a rate limit window, and can record every page for
/// ``FixtureTweetSource`` to replay. Its configuration has the shape of the
/// Bluesky and Mastodon sources': what is X's, and the transport's settings.
///
/// ```swift
/// var configuration = XSource.Configuration(token: token, userAgent: "tweetalyze/1.0")
/// configuration.transport.recordDirectory = URL(fileURLWithPath: "recorded")
/// let tweets = try await XSource(configuration).tweets(for: .mention("Apple"), count: 250)
/// ```
public struct XSource: TweetSource, LiveSource {
  /// What to ask the X API for, and how to reach it.
  public struct Configuration: Sendable {
    /// `https://api.x.com/2`.
    public static let defaultBaseURL = "https://api.x.com/2"
    /// The fields asked for with each tweet.
    public static let tweetFields = [
      "created_at", "lang", "author_id", "entities", "note_tweet", "referenced_tweets",
    ]

    /// The API base, up to and including the version (`https://api.x.com/2`).
    public var baseURL: String
    /// The app-only bearer token. Sent only in the `Authorization` header.
    public var token: String
    /// The `lang:` operator's language code; `nil` for any language.
    public var language: String? = "en"
    /// Whether retweets are kept (otherwise `-is:retweet`).
    public var includeRetweets = false
    /// The time the tweets are to come from: sent as `start_time` and
    /// `end_time` (recent search reaches back 7 days; the caller checks).
    package var window = DateWindow()
    /// Called with problems the API reported alongside data (one line each,
    /// without a `Warning:` prefix), on any thread.
    public var warning: (@Sendable (String) -> Void)?
    /// The transport's settings: time-out, body cap, attempts, waiting,
    /// recording.
    public var transport: HTTPTransportSettings

    /// Creates a configuration with the defaults: `api.x.com`, English, no
    /// retweets, and the transport's (30 s time-out, 3 attempts, no
    /// waiting, no recording).
    public init(token: String, userAgent: String, baseURL: String = defaultBaseURL) {
      self.token = token
      self.baseURL = baseURL
      transport = HTTPTransportSettings(service: .x, secrets: [token], userAgent: userAgent)
    }
  }

  /// The configuration.
  public let configuration: Configuration

  /// Creates a source with `configuration`.
  public init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  /// The X API.
  package var service: PostService { .x }

  /// ``Configuration/baseURL``.
  package var baseURL: String { configuration.baseURL }

  /// The transport's settings, the token among the secrets redacted.
  package var settings: HTTPTransportSettings {
    var settings = configuration.transport
    if !settings.secrets.contains(configuration.token) {
      settings.secrets.append(configuration.token)
    }
    return settings
  }

  /// The search query sent for `query`: `@Apple lang:en -is:retweet`.
  public func searchText(for query: SearchQuery) -> String {
    var parts = [query.description]
    if let language = configuration.language { parts.append("lang:\(language)") }
    if !configuration.includeRetweets { parts.append("-is:retweet") }
    return parts.joined(separator: " ")
  }

  /// The URL of one page of the search.
  ///
  /// - Throws: ``HTTPSourceError/invalidBaseURL(_:)``.
  public func searchURL(for query: SearchQuery, maxResults: Int, nextToken: String?) throws -> URL {
    var items = [
      ("query", searchText(for: query)),
      ("max_results", String(maxResults)),
      ("tweet.fields", Configuration.tweetFields.joined(separator: ",")),
      ("expansions", "author_id"),
      ("user.fields", "username"),
    ]
    if let since = configuration.window.since {
      items.append(("start_time", ISO8601.string(since)))
    }
    if let until = configuration.window.until { items.append(("end_time", ISO8601.string(until))) }
    if let nextToken { items.append(("next_token", nextToken)) }
    return try BaseURL.url(
      base: configuration.baseURL, path: "/tweets/search/recent", items: items,
      allowInsecureHTTP: configuration.transport.allowInsecureHTTP)
  }

  /// Up to `count` recent tweets for `query` from the X API v2 recent
  /// search, page by page, duplicates dropped; throws a `ServiceError`
  /// with what to do for every failure.
  nonisolated(nonsending) public func tweets(
    for query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    try await collect(query, count: count)
  }

  /// The X API's pages of `query`: `next_token` paging.
  nonisolated(nonsending) package func fetch(
    _ query: SearchQuery, into paging: inout Paging, transport: HTTPTransport
  ) async throws {
    var nextToken: String?
    while true {
      let number = paging.nextPage()
      let url = try searchURL(
        for: query, maxResults: min(100, max(10, paging.remaining)), nextToken: nextToken)
      let (body, response) = try await transport.send(
        transport.request(url, bearer: configuration.token), page: number,
        tweets: paging.collector.tweets.count,
        rateLimit: { http, data in try Self.rateLimitReset(http, data, transport: transport) },
        refuse: { status, data, url in error(status: status, body: data, url: url, transport) })
      var page: SearchResponsePage
      do {
        page = try SearchResponseDecoder.decodePage(body)
      } catch PostDecodingError.unexpectedShape(_, _, let detail) {
        throw transport.invalidBody(body, status: response.statusCode, url: url, detail: detail)
      } catch {
        throw transport.invalidBody(body, status: response.statusCode, url: url, detail: nil)
      }
      // The decoded texts redacted again, for the forms HTML entities spell.
      page.tweets = page.tweets.map(transport.redact)
      for warning in page.warnings { configuration.warning?(transport.redact(warning)) }
      nextToken = page.nextToken
      guard
        try paging.add(
          page.tweets, body: body, next: nextToken, empty: page.tweets.isEmpty, from: url)
      else { break }
    }
  }

  /// A 429's reset time (`x-rate-limit-reset`, epoch seconds), or the
  /// usage cap error when the body says the plan's cap is used up.
  private static func rateLimitReset(
    _ http: HTTPURLResponse, _ data: Data, transport: HTTPTransport
  ) throws -> Date? {
    let problem = APIProblem(data)
    if problem.isUsageCap {
      throw HTTPSourceError.usageCapExceeded(
        period: problem.period.map(transport.redact), scope: problem.scope.map(transport.redact),
        detail: problem.detail.map(transport.redact))
    }
    // Epoch seconds from the server: anything not a plausible time
    // (nan, inf, 1e300, negative) is no reset time at all.
    return http.value(forHTTPHeaderField: "x-rate-limit-reset")
      .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
      .flatMap { $0.isFinite && $0 >= 0 && $0 < 1e11 ? $0 : nil }
      .map { Date(timeIntervalSince1970: $0) }
  }

  /// The error for a status that is not retried.
  private func error(status: Int, body: Data, url: URL, _ transport: HTTPTransport)
    -> HTTPSourceError
  {
    let problem = APIProblem(body)
    let redact = transport.redact as (String) -> String
    switch status {
    case 400:
      return .invalidRequest(message: redact(problem.message ?? transport.snippet(body)))
    case 401:
      return .unauthorized(detail: problem.detail.map(redact))
    case 403:
      return .forbidden(
        reason: problem.reason.map(redact), enrollment: problem.requiredEnrollment.map(redact),
        detail: (problem.reason == nil ? problem.message : nil).map(redact))
    default:
      return transport.unexpectedStatus(status, body: body, url: url)
    }
  }
}
