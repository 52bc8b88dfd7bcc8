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
/// ``FixtureTweetSource`` to replay.
///
/// ```swift
/// var configuration = HTTPTweetSource.Configuration(token: token, userAgent: "tweetalyze/1.0")
/// configuration.recordDirectory = URL(fileURLWithPath: "recorded")
/// let tweets = try await HTTPTweetSource(configuration).tweets(for: .mention("Apple"), count: 250)
/// ```
public struct HTTPTweetSource: TweetSource {
  /// What the source reports while it fetches, for a progress display.
  package enum Event: Equatable, Sendable {
    /// Requesting page `page` (from 1), with `tweets` collected so far.
    case requesting(page: Int, tweets: Int)
    /// Attempt `attempt` of `attempts` failed with `reason`; the next comes
    /// after `delay` seconds.
    case retrying(attempt: Int, attempts: Int, delay: Double, reason: String)
    /// Waiting for the rate limit window that resets at `reset`:
    /// `secondsLeft` to go.
    case waitingForRateLimit(reset: Date, secondsLeft: Int)
    /// Done: `pages` pages, `tweets` tweets kept.
    case finished(pages: Int, tweets: Int)
    /// Paging stopped after `pages` pages, the last `emptyPages` of which
    /// added no post although each named a next page.
    case stoppedPaging(pages: Int, emptyPages: Int)
  }

  /// How many pages in a row may add no post before paging stops: a server
  /// that sends empty pages, each with a new `next_token`, would otherwise
  /// be followed forever.
  public static let emptyPageLimit = 3

  /// How to reach the API and how hard to try.
  public struct Configuration: Sendable {
    /// `https://api.x.com/2`.
    public static let defaultBaseURL = "https://api.x.com/2"
    /// The longest `--wait` waits for a rate limit window, in seconds: one
    /// 15-minute window and a minute more. A reset further away is reported
    /// instead of waited for.
    public static let maximumWait: Double = 960
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
    /// Seconds to wait for an answer before the attempt fails; the whole
    /// answer must arrive within 4 times as long.
    public var timeout: Double = 30
    /// The largest response body read, in bytes (16 MiB; a full page of 100
    /// tweets with its expansions is under 1 MiB).
    public var maximumResponseBytes = 16 << 20
    /// Whether a rate-limited request waits (once) until the window resets
    /// and tries again.
    public var waitForRateLimit = false
    /// Attempts per page for server errors, time-outs and network failures
    /// (1: no retry).
    public var attempts = 3
    /// The delay before the first retry, in seconds; doubled for each next.
    public var retryDelay: Double = 1
    /// Whether a plain `http` base URL may point to another machine
    /// (`TWEETALYZE_ALLOW_HTTP=1`); loopback hosts are always allowed.
    public var allowInsecureHTTP = false
    /// The `User-Agent` header (`tweetalyze/0.1.0`).
    public var userAgent: String
    /// Where to record the raw response pages (`<fileStem>.jsonl`), if
    /// anywhere.
    public var recordDirectory: URL?
    /// Writes a recording (the file and its bytes); `nil` writes it with
    /// `Data.write(to:options: .atomic)`. The command-line tool passes its
    /// own writer, the one of all its output files. An error's description
    /// is the reason shown.
    public var writeRecording:
      (
        @Sendable (
          _ file: URL, _ chunks: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
        ) throws -> Void
      )?
    /// Called with progress events, on any thread.
    package var progress: (@Sendable (Event) -> Void)?
    /// Called with problems the API reported alongside data (one line each,
    /// without a `Warning:` prefix), on any thread.
    public var warning: (@Sendable (String) -> Void)?
    /// Sleeps for the given seconds (injectable so that tests run fast).
    public var sleep: @Sendable (Double) async throws -> Void = { seconds in
      try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 86_400)) * 1e9))
    }
    /// The current time (injectable for tests).
    public var now: @Sendable () -> Date = { Date() }

    /// Creates a configuration with the defaults: `api.x.com`, English, no
    /// retweets, 30 s time-out, 3 attempts, no waiting, no recording.
    public init(token: String, userAgent: String, baseURL: String = defaultBaseURL) {
      self.token = token
      self.userAgent = userAgent
      self.baseURL = baseURL
    }
  }

  /// The configuration.
  public let configuration: Configuration

  /// Creates a source with `configuration`.
  public init(_ configuration: Configuration) {
    self.configuration = configuration
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
    if let nextToken { items.append(("next_token", nextToken)) }
    return try HTTPTransport.url(
      base: configuration.baseURL, path: "/tweets/search/recent", items: items,
      allowInsecureHTTP: configuration.allowInsecureHTTP)
  }

  /// `url` as a message may quote it (see ``HTTPTransport/shownURL(_:)``).
  static func shownURL(_ url: String) -> String { HTTPTransport.shownURL(url) }

  /// Whether `host` is this machine (see ``HTTPTransport/isLoopback(_:)``).
  static func isLoopback(_ host: String?) -> Bool { HTTPTransport.isLoopback(host) }

  /// Whether two URLs share an origin (see ``HTTPTransport/sameOrigin(_:_:)``).
  static func sameOrigin(_ a: URL?, _ b: URL?) -> Bool { HTTPTransport.sameOrigin(a, b) }

  /// A JSON text on one line (see ``HTTPTransport/oneLine(_:)``).
  static func oneLine(_ body: Data) -> Data { HTTPTransport.oneLine(body) }

  /// Percent-encodes everything but RFC 3986 unreserved characters
  /// (`@` → `%40`, `#` → `%23`, space → `%20`, `:` → `%3A`).
  public static func percentEncode(_ text: String) -> String {
    HTTPTransport.percentEncode(text)
  }

  /// What the transport needs of the configuration.
  var transportSettings: HTTPTransportSettings {
    var settings = HTTPTransportSettings(
      service: .x, secrets: [configuration.token], userAgent: configuration.userAgent)
    settings.timeout = configuration.timeout
    settings.maximumResponseBytes = configuration.maximumResponseBytes
    settings.waitForRateLimit = configuration.waitForRateLimit
    settings.maximumWait = Configuration.maximumWait
    settings.attempts = configuration.attempts
    settings.retryDelay = configuration.retryDelay
    settings.allowInsecureHTTP = configuration.allowInsecureHTTP
    settings.recordDirectory = configuration.recordDirectory
    settings.writeRecording = configuration.writeRecording
    settings.progress = configuration.progress
    settings.sleep = configuration.sleep
    settings.now = configuration.now
    return settings
  }

  /// Up to `count` recent tweets for `query` from the X API v2 recent
  /// search, page by page, duplicates dropped; throws ``HTTPSourceError``
  /// with what to do for every failure.
  nonisolated(nonsending) public func tweets(
    for query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    HTTPTransport.avoidProxies(for: configuration.baseURL)
    let transport = HTTPTransport(transportSettings)
    defer { transport.close() }

    var paging = Paging(count: count, transport: transport)
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
      } catch SearchResponseError.unexpectedShape(_, let detail) {
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
    return try paging.finish(stem: query.fileStem)
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
