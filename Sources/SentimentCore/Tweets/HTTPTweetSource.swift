import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why the X API did not give us tweets. Every message says what to do
/// next, and none contains the bearer token.
package enum HTTPSourceError: LocalizedError, Equatable {
  /// The API base URL is not an `http` or `https` URL.
  case invalidBaseURL(String)
  /// 400: the API rejected the request; `message` is the API's own words.
  case invalidRequest(message: String)
  /// 401: the API rejected the bearer token.
  case unauthorized(detail: String?)
  /// 403: the app may not use the endpoint (`reason` such as
  /// `client-not-enrolled`, `enrollment` the access it needs).
  case forbidden(reason: String?, enrollment: String?, detail: String?)
  /// 429: the rate limit window is used up; it resets at `reset` if the API
  /// said so. `now` is when the error happened.
  case rateLimited(reset: Date?, now: Date)
  /// 429: the plan's usage cap (posts per period) is used up; waiting for the
  /// rate limit window does not help.
  case usageCapExceeded(period: String?, scope: String?, detail: String?)
  /// 5xx on every attempt.
  case serverError(status: Int, detail: String?, attempts: Int)
  /// No connection, or it broke, on every attempt.
  case connectionFailed(host: String, reason: String, attempts: Int)
  /// No answer within `seconds` on every attempt.
  case timedOut(host: String, seconds: Double, attempts: Int)
  /// The body is not JSON, or not the JSON expected.
  case invalidResponse(host: String, status: Int, problem: String)
  /// Another status, such as 404 for a wrong base URL.
  case unexpectedStatus(status: Int, detail: String?, url: String)
  /// `--record` could not write its file.
  case recordFailed(path: String, reason: String)
  /// A plain `http` base URL to a host that is not this machine: the token
  /// would cross the network in clear text.
  case insecureBaseURL(String)
  /// The base URL's host is an IPv6 address (`http://[::1]:8080/2`), which
  /// Foundation's URLSession on Linux cannot connect to.
  case ipv6AddressHost(String)
  /// A redirect to another origin, which is not followed: the token would
  /// go with it.
  case crossOriginRedirect(from: String, to: String)
  /// The body grew past `limit` bytes (an endless or runaway answer); not
  /// retried.
  case responseTooLarge(host: String, limit: Int)
  /// The answer kept coming but did not end within `seconds` (a body
  /// trickled a byte at a time), on every attempt.
  case deadlineExceeded(host: String, seconds: Double, attempts: Int)
  /// No memory could be had for the body after `bytes` bytes of it (a
  /// memory limit such as `ulimit -v`); not retried.
  case outOfMemory(host: String, bytes: Int)

  package var errorDescription: String? {
    switch self {
    case .insecureBaseURL(let base):
      return "the X API base URL '\(base)' is plain http to another machine, which would send "
        + "the bearer token in clear text; use https, or set TWEETALYZE_ALLOW_HTTP=1 if the "
        + "network path is trusted (plain http to localhost or 127.0.0.1 is always allowed)"
    case .ipv6AddressHost(let base):
      var components = URLComponents(string: base)
      let loopback = HTTPTweetSource.isLoopback(components?.host)
      components?.host = "localhost"
      let local =
        loopback ? components?.string.map { " (\(HTTPTweetSource.shownURL($0)))" } ?? "" : ""
      return "the X API base URL '\(HTTPTweetSource.shownURL(base))' names its host by an IPv6 "
        + "address, which Foundation's URLSession on Linux cannot connect to "
        + "(swift-corelibs-foundation issue 5496); use a host name instead, such as localhost "
        + "for this machine\(local), which also reaches a server listening on ::1 only"
    case .crossOriginRedirect(let from, let to):
      return "the X API at \(from) answered with a redirect to another host (\(to)); tweetalyze "
        + "does not send the bearer token there. Check TWEETALYZE_API_BASE and any proxy"
    case .responseTooLarge(let host, let limit):
      return "the X API at \(host) sent an answer larger than \(limit >> 20) MiB, more than any "
        + "search page holds, and tweetalyze stopped reading; "
        + "if TWEETALYZE_API_BASE or a proxy is set, check that it points to the X API v2"
    case .outOfMemory(let host, let bytes):
      return "the X API at \(host) sent an answer that did not fit in the memory tweetalyze may "
        + "use (\(bytes >> 20) MiB received), and tweetalyze stopped reading; a search page is "
        + "under 1 MiB, so check TWEETALYZE_API_BASE and any proxy, or raise the memory limit"
    case .deadlineExceeded(let host, let seconds, let attempts):
      return "the X API at \(host) did not finish its answer within \(Self.number(seconds)) s"
        + Self.times(attempts) + " (it was still sending, too slowly); check your network, or "
        + "allow longer with --timeout SECONDS (the whole answer may take 4 times as long)"
    case .invalidBaseURL(let base):
      return "the X API base URL '\(base)' is not an http(s) URL; "
        + "fix TWEETALYZE_API_BASE (e.g. https://api.x.com/2) or unset it"
    case .invalidRequest(let message):
      return "the X API rejected the search (400 Bad Request): \(message); "
        + "check the query and the --lang option"
    case .unauthorized(let detail):
      return "the X API rejected the bearer token (401 \(detail ?? "Unauthorized")): check that "
        + "TWITTER_BEARER_TOKEN or --token-file holds your app's current Bearer Token from the "
        + "X developer portal (regenerating it makes the old one invalid)"
    case .forbidden(let reason, let enrollment, let detail):
      if reason == "client-not-enrolled" {
        return "the X API refused access (403 client-not-enrolled): the app that owns the token "
          + "must be attached to a Project with \(enrollment ?? "the right level of API access")"
          + "; in the X developer portal, add the app to a project (or upgrade your access) and "
          + "use that app's Bearer Token"
      }
      let what = [reason, enrollment.map { "needs \($0)" }, detail].compactMap { $0 }
      return "the X API refused access (403 Forbidden"
        + (what.isEmpty ? ")" : ": \(what.joined(separator: "; ")))")
        + "; check your app's access level in the X developer portal"
    case .rateLimited(let reset, let now):
      guard let reset else {
        return "the X API rate limit is reached (429 Too Many Requests) and the API did not say "
          + "when it resets; recent search limits are per 15-minute window (see your plan), so "
          + "try again in 15 minutes"
      }
      let seconds = max(0, Int(reset.timeIntervalSince(now).rounded(.up)))
      return "the X API rate limit is reached (429 Too Many Requests); the window resets at "
        + "\(Self.localTime(reset, now: now)) (in \(seconds) s): try again then, or run with "
        + "--wait to wait for it"
    case .usageCapExceeded(let period, let scope, let detail):
      let cap = [period, scope].compactMap { $0?.lowercased() }.joined(separator: " ")
      return "the X API usage cap is used up (429 \(detail ?? "UsageCapExceeded")): your plan's "
        + (cap.isEmpty ? "" : "\(cap) ") + "cap on posts read is reached, and no search works "
        + "until it resets; waiting or retrying now does not help. See your usage in the X "
        + "developer portal, or upgrade your plan"
    case .serverError(let status, let detail, let attempts):
      return "the X API had a server error (\(status)\(detail.map { ": \($0)" } ?? ""))"
        + Self.times(attempts) + "; the service is probably having problems, try again later"
    case .connectionFailed(let host, let reason, let attempts):
      return "cannot reach the X API at \(host): \(reason)" + Self.times(attempts)
        + "; check your network connection, proxy, or TWEETALYZE_API_BASE"
    case .timedOut(let host, let seconds, let attempts):
      return "the X API at \(host) did not answer within \(Self.number(seconds)) s"
        + Self.times(attempts) + "; check your network, or allow longer with --timeout SECONDS"
    case .invalidResponse(let host, let status, let problem):
      return "the X API at \(host) answered \(status) but \(problem); "
        + "if TWEETALYZE_API_BASE or a proxy is set, check that it points to the X API v2"
    case .unexpectedStatus(let status, let detail, let url):
      return "the X API answered \(status) \(Self.statusText(status)) for \(url)"
        + (detail.map { ": \($0)" } ?? "")
        + (status == 404 ? "; check TWEETALYZE_API_BASE (e.g. https://api.x.com/2)" : "")
    case .recordFailed(let path, let reason):
      return "cannot record the responses to \(path): \(reason); "
        + "choose another --record directory"
    }
  }

  private static func times(_ attempts: Int) -> String {
    attempts > 1 ? " (\(attempts) attempts)" : ""
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  static func statusText(_ status: Int) -> String {
    HTTPURLResponse.localizedString(forStatusCode: status).capitalized
  }

  /// `date` as local wall-clock time (`14:05:12 local time`), with the day
  /// when it is not within 12 hours of `now`.
  package static func localTime(_ date: Date, now: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    let sameDay = abs(date.timeIntervalSince(now)) < 12 * 3600
    formatter.dateFormat = sameDay ? "HH:mm:ss" : "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date) + " local time"
  }
}

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
    public var writeRecording: (@Sendable (_ file: URL, _ contents: Data) throws -> Void)?
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
    let base = configuration.baseURL
    var trimmed = Substring(base)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    var items = [
      ("query", searchText(for: query)),
      ("max_results", String(maxResults)),
      ("tweet.fields", Configuration.tweetFields.joined(separator: ",")),
      ("expansions", "author_id"),
      ("user.fields", "username"),
    ]
    if let nextToken { items.append(("next_token", nextToken)) }
    let queryString = items.map { "\($0)=\(Self.percentEncode($1))" }.joined(separator: "&")
    guard let parsed = URL(string: String(trimmed)), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https", parsed.host?.isEmpty == false,
      parsed.query == nil, parsed.fragment == nil,
      let url = URL(string: "\(trimmed)/tweets/search/recent?\(queryString)")
    else { throw HTTPSourceError.invalidBaseURL(Self.shownURL(base)) }
    #if canImport(FoundationNetworking)
      // corelibs compares the host libcurl parses (`[::1]`) with URL.host
      // (`::1`), finds them different and fails every attempt with
      // NSURLErrorBadURL (swift-corelibs-foundation issue 5496). A host
      // name never holds a colon.
      if parsed.host?.contains(":") == true {
        throw HTTPSourceError.ipv6AddressHost(Self.shownURL(base))
      }
    #endif
    if scheme == "http" && !configuration.allowInsecureHTTP && !Self.isLoopback(parsed.host) {
      throw HTTPSourceError.insecureBaseURL(Self.shownURL(base))
    }
    return url
  }

  /// `url` as a message may quote it: user name and password, query and
  /// fragment (where secrets are put) replaced by `…`.
  static func shownURL(_ url: String) -> String {
    var text = Substring(url)
    var tail = ""
    if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      text = text[..<cut]
      tail = "?…"
    }
    let authorityStart = text.range(of: "://")?.upperBound ?? text.startIndex
    let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
    if let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") {
      return String(text[..<authorityStart]) + "…" + String(text[at...]) + tail
    }
    return String(text) + tail
  }

  /// Whether `host` is this machine: `localhost`, 127.0.0.0/8 or `::1`.
  static func isLoopback(_ host: String?) -> Bool {
    guard var host = host?.lowercased() else { return false }
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" || host == "::1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { part in UInt8(part).map { String($0) == part } ?? false }
  }

  /// Whether two URLs share an origin: scheme, host and port (RFC 6454),
  /// the default port filled in. Only then may the bearer token follow a
  /// redirect from one to the other.
  static func sameOrigin(_ a: URL?, _ b: URL?) -> Bool {
    func origin(_ url: URL?) -> (String, String, Int)? {
      guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
      else { return nil }
      let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
      return (scheme, host, port)
    }
    guard let first = origin(a), let second = origin(b) else { return false }
    return first == second
  }

  /// Turns proxies off for the process, set once before the first plain
  /// `http` transfer: the token in a plain request would reach the proxy in
  /// clear. swift-corelibs-foundation ignores
  /// `URLSessionConfiguration.connectionProxyDictionary`, and libcurl takes
  /// its proxy from `http_proxy`, `ALL_PROXY` or `all_proxy` unless
  /// `no_proxy` names the host, which it reads at each connection. Only one
  /// base URL is used in a run, so `https` runs keep their proxy.
  private static let noProxyForPlainHTTP: Void = {
    setenv("no_proxy", "*", 1)
    setenv("NO_PROXY", "*", 1)
  }()

  /// Percent-encodes everything but RFC 3986 unreserved characters
  /// (`@` → `%40`, `#` → `%23`, space → `%20`, `:` → `%3A`).
  public static func percentEncode(_ text: String) -> String {
    var unreserved = CharacterSet()
    unreserved.insert(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  /// Up to `count` recent tweets for `query` from the X API v2 recent
  /// search, page by page, duplicates dropped; throws ``HTTPSourceError``
  /// with what to do for every failure.
  nonisolated(nonsending) public func tweets(
    for query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    if URL(string: configuration.baseURL)?.scheme?.lowercased() == "http" {
      Self.noProxyForPlainHTTP
    }
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    sessionConfiguration.urlCache = nil
    let transfers = Transfers(limit: configuration.maximumResponseBytes)
    let session = URLSession(
      configuration: sessionConfiguration, delegate: transfers, delegateQueue: nil)
    // Not waited for: while a cancelled transfer still pours in, the
    // session's work queue can take tens of seconds to get to it.
    defer { DispatchQueue.global().async { session.invalidateAndCancel() } }

    var collector = TweetCollector(limit: max(0, count))
    var bodies: [Data] = []
    var nextToken: String?
    var tokensSeen: Set<String> = []
    var pages = 0
    var emptyPages = 0
    repeat {
      pages += 1
      let remaining = collector.limit - collector.tweets.count
      let url = try searchURL(
        for: query, maxResults: min(100, max(10, remaining)), nextToken: nextToken)
      let (body, page) = try await fetch(
        url, session: session, transfers: transfers, page: pages, tweets: collector.tweets.count)
      for warning in page.warnings { configuration.warning?(redact(warning)) }
      let before = collector.tweets.count
      collector.add(page.tweets)
      bodies.append(body)
      nextToken = page.nextToken
      // A token seen before would loop forever; so would a server that
      // sends the same tweets with a new token each time.
      if let token = nextToken, !tokensSeen.insert(token).inserted { break }
      if collector.tweets.count == before && !page.tweets.isEmpty { break }
      emptyPages = page.tweets.isEmpty ? emptyPages + 1 : 0
      if emptyPages >= Self.emptyPageLimit && nextToken != nil {
        configuration.progress?(.stoppedPaging(pages: pages, emptyPages: emptyPages))
        break
      }
    } while !collector.isFull && nextToken != nil
    if let directory = configuration.recordDirectory {
      try record(bodies, for: query, in: directory)
    }
    configuration.progress?(.finished(pages: pages, tweets: collector.tweets.count))
    return collector.tweets
  }

  // MARK: Requests

  /// A failure that another attempt may cure.
  private enum Transient {
    case server(status: Int, detail: String?)
    case connection(String)
    case timeout
    case deadline

    var summary: String {
      switch self {
      case .server(let status, _): "server error \(status)"
      case .connection(let reason): reason
      case .timeout: "no answer in time"
      case .deadline: "the answer did not end in time"
      }
    }
  }

  private func request(_ url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.timeoutInterval = configuration.timeout
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.setValue("Bearer \(configuration.token)", forHTTPHeaderField: "Authorization")
    request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }

  /// One page (`page`, with `tweets` collected so far, for progress): its
  /// raw body and what it decodes to.
  private func fetch(
    _ url: URL, session: URLSession, transfers: Transfers, page: Int, tweets: Int
  ) async throws -> (
    Data, SearchResponsePage
  ) {
    let host = Self.hostDescription(url)
    let request = request(url)
    var attempt = 1
    var waited = false
    while true {
      configuration.progress?(.requesting(page: page, tweets: tweets))
      let failure: Transient
      do {
        let (data, response) = try await transfers.run(
          request, in: session, deadline: configuration.timeout * 4)
        if let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode),
          let location = http.value(forHTTPHeaderField: "Location"),
          let target = URL(string: location, relativeTo: url)?.absoluteURL,
          !Self.sameOrigin(url, target)
        {
          throw HTTPSourceError.crossOriginRedirect(
            from: host, to: Self.hostDescription(target))
        }
        guard let http = response as? HTTPURLResponse else {
          throw HTTPSourceError.invalidResponse(
            host: host, status: 0, problem: "the answer is not an HTTP response")
        }
        let status = http.statusCode
        switch status {
        case 200..<300:
          // Redacted before it is decoded, so that no field of any tweet,
          // no warning and no recording holds the token in any form a
          // JSON encoder may write it; the decoded texts again, for the
          // forms HTML entities spell.
          let body = redact(data)
          var page = try decode(body, status: status, host: host)
          page.tweets = page.tweets.map(redact)
          return (body, page)
        case 429:
          let problem = APIProblem(data)
          if problem.isUsageCap {
            throw HTTPSourceError.usageCapExceeded(
              period: problem.period.map(redact), scope: problem.scope.map(redact),
              detail: problem.detail.map(redact))
          }
          // Epoch seconds from the server: anything not a plausible time
          // (nan, inf, 1e300, negative) is no reset time at all.
          let reset = http.value(forHTTPHeaderField: "x-rate-limit-reset")
            .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0.isFinite && $0 >= 0 && $0 < 1e11 ? $0 : nil }
            .map { Date(timeIntervalSince1970: $0) }
          if configuration.waitForRateLimit, !waited, let reset,
            reset.timeIntervalSince(configuration.now()) <= Configuration.maximumWait
          {
            waited = true
            try await waitUntil(reset)
            continue
          }
          throw HTTPSourceError.rateLimited(reset: reset, now: configuration.now())
        case 500...599:
          failure = .server(status: status, detail: APIProblem(data).summary.map(redact))
        default:
          throw error(status: status, body: data, url: url)
        }
      } catch let error as HTTPSourceError {
        throw error
      } catch TransferLimit.tooLarge {
        throw HTTPSourceError.responseTooLarge(
          host: host, limit: configuration.maximumResponseBytes)
      } catch TransferLimit.outOfMemory(let bytes) {
        throw HTTPSourceError.outOfMemory(host: host, bytes: bytes)
      } catch TransferLimit.deadline {
        failure = .deadline
      } catch {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { throw error }
        switch nsError.code {
        case NSURLErrorCancelled: throw CancellationError()
        case NSURLErrorTimedOut: failure = .timeout
        default: failure = .connection(Self.reason(nsError))
        }
      }
      guard attempt < configuration.attempts else {
        switch failure {
        case .server(let status, let detail):
          throw HTTPSourceError.serverError(status: status, detail: detail, attempts: attempt)
        case .connection(let reason):
          throw HTTPSourceError.connectionFailed(host: host, reason: reason, attempts: attempt)
        case .timeout:
          throw HTTPSourceError.timedOut(
            host: host, seconds: configuration.timeout, attempts: attempt)
        case .deadline:
          throw HTTPSourceError.deadlineExceeded(
            host: host, seconds: configuration.timeout * 4, attempts: attempt)
        }
      }
      let delay = configuration.retryDelay * Double(1 << min(attempt - 1, 16))
      attempt += 1
      configuration.progress?(
        .retrying(
          attempt: attempt, attempts: configuration.attempts, delay: delay,
          reason: failure.summary))
      try await configuration.sleep(delay)
    }
  }

  /// Sleeps until `reset` (and a second more), a second at a time, reporting
  /// the countdown.
  private func waitUntil(_ reset: Date) async throws {
    let seconds = max(1, Int(reset.timeIntervalSince(configuration.now()).rounded(.up)) + 1)
    for left in stride(from: seconds, to: 0, by: -1) {
      configuration.progress?(.waitingForRateLimit(reset: reset, secondsLeft: left))
      try await configuration.sleep(1)
    }
  }

  private func decode(_ data: Data, status: Int, host: String) throws -> SearchResponsePage {
    do {
      return try SearchResponseDecoder.decodePage(data)
    } catch SearchResponseError.unexpectedShape(_, let detail) {
      throw HTTPSourceError.invalidResponse(
        host: host, status: status,
        problem: "the body is not a search response (\(redact(detail)))")
    } catch {
      throw HTTPSourceError.invalidResponse(
        host: host, status: status, problem: "the body is not JSON (\(snippet(data)))")
    }
  }

  /// The error for a status that is not retried.
  private func error(status: Int, body: Data, url: URL) -> HTTPSourceError {
    let problem = APIProblem(body)
    switch status {
    case 400:
      return .invalidRequest(message: redact(problem.message ?? snippet(body)))
    case 401:
      return .unauthorized(detail: problem.detail.map(redact))
    case 403:
      return .forbidden(
        reason: problem.reason.map(redact), enrollment: problem.requiredEnrollment.map(redact),
        detail: (problem.reason == nil ? problem.message : nil).map(redact))
    default:
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
      components?.query = nil
      components?.user = nil
      components?.password = nil
      return .unexpectedStatus(
        status: status, detail: problem.summary.map(redact),
        url: components?.string ?? Self.hostDescription(url))
    }
  }

  // MARK: Recording

  /// Writes the pages as JSONL to `<directory>/<fileStem>.jsonl`, atomically.
  private func record(_ bodies: [Data], for query: SearchQuery, in directory: URL) throws {
    let file = directory.appendingPathComponent("\(query.fileStem).jsonl")
    var output = Data()
    for body in bodies {
      output.append(Self.oneLine(redact(body)))
      output.append(0x0A)
    }
    if let write = configuration.writeRecording {
      do {
        try write(file, output)
      } catch {
        throw HTTPSourceError.recordFailed(path: file.path, reason: error.localizedDescription)
      }
      return
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try output.write(to: file, options: .atomic)
    } catch {
      let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
      let reason =
        underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
        .map { String(cString: strerror(Int32($0.code))).lowercased() }
        ?? "the directory cannot be created or written"
      throw HTTPSourceError.recordFailed(path: file.path, reason: reason)
    }
  }

  /// A JSON text on one line: line breaks, and the indentation after them,
  /// removed. JSON strings cannot hold a raw line break, so these are always
  /// whitespace between tokens.
  static func oneLine(_ body: Data) -> Data {
    guard body.contains(0x0A) || body.contains(0x0D) else { return body }
    var result = Data()
    result.reserveCapacity(body.count)
    var afterBreak = false
    for byte in body {
      if byte == 0x0A || byte == 0x0D {
        afterBreak = true
      } else if afterBreak && (byte == 0x20 || byte == 0x09) {
        continue
      } else {
        afterBreak = false
        result.append(byte)
      }
    }
    return result
  }

  // MARK: Secrets and messages

  /// `text` with the token, should a server echo it, replaced (see
  /// ``Redaction``).
  private func redact(_ text: String) -> String {
    Redaction.redact(text, token: configuration.token)
  }

  private func redact(_ tweet: Tweet) -> Tweet {
    var tweet = tweet
    tweet.id = redact(tweet.id)
    tweet.text = redact(tweet.text)
    tweet.author = tweet.author.map(redact)
    tweet.language = tweet.language.map(redact)
    return tweet
  }

  private func redact(_ data: Data) -> Data {
    guard configuration.token.utf8.count >= Redaction.minimumLength else { return data }
    return Data(Redaction.redact(Array(data), token: Array(configuration.token.utf8)))
  }

  /// The start of a body, on one line, for a message. Redacted before it
  /// is cut, so that no part of the token is left at the cut.
  private func snippet(_ data: Data) -> String {
    let text = String(decoding: redact(data.prefix(4096)).prefix(200), as: UTF8.self)
      .components(separatedBy: .whitespacesAndNewlines).filter { !$0.isEmpty }
      .joined(separator: " ")
    guard !text.isEmpty else { return "the body is empty" }
    let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
    return "it starts with '\(short)'"
  }

  private static func hostDescription(_ url: URL) -> String {
    guard let host = url.host else { return url.absoluteString }
    return url.port.map { "\(host):\($0)" } ?? host
  }

  private static func reason(_ error: NSError) -> String {
    switch error.code {
    case NSURLErrorCannotConnectToHost:
      "the connection was refused or the host is unreachable"
    case NSURLErrorNetworkConnectionLost:
      "the connection was closed before the whole response arrived"
    case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed:
      "the host name could not be resolved"
    case NSURLErrorNotConnectedToInternet:
      "there is no network connection"
    case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted,
      NSURLErrorServerCertificateHasBadDate, NSURLErrorServerCertificateHasUnknownRoot,
      NSURLErrorServerCertificateNotYetValid:
      "the secure (TLS) connection failed"
    case NSURLErrorBadServerResponse:
      "the server's answer was not valid HTTP"
    default:
      // curl's CURLE_PARTIAL_FILE arrives as NSURLErrorUnknown on Linux.
      error.localizedDescription.contains("transfer closed")
        ? "the connection was closed before the whole response arrived"
        : error.localizedDescription.trimmingCharacters(in: .whitespacesAndNewlines)
          .trimmingCharacters(in: ["."])
    }
  }
}

/// The parts of an X API error body that the messages use.
private struct APIProblem {
  var title: String?
  var detail: String?
  var type: String?
  var reason: String?
  var requiredEnrollment: String?
  var period: String?
  var scope: String?
  var firstError: String?
  var raw: String

  init(_ data: Data) {
    raw = String(decoding: data.prefix(4096), as: UTF8.self)
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return
    }
    func text(_ key: String) -> String? {
      (object[key] as? String).flatMap { $0.isEmpty ? nil : $0 }
    }
    title = text("title")
    detail = text("detail")
    type = text("type")
    reason = text("reason")
    requiredEnrollment = text("required_enrollment")
    period = text("period")
    scope = text("scope")
    if let errors = object["errors"] as? [[String: Any]], let first = errors.first {
      firstError = (first["message"] as? String) ?? (first["detail"] as? String)
    }
    if firstError == nil { firstError = text("message") }
  }

  /// The most specific explanation: `errors[0].message`, else `detail`,
  /// `message` or `title`.
  var message: String? { firstError ?? detail ?? title }

  /// `title: detail`, or whichever there is.
  var summary: String? {
    let parts = [title, firstError ?? detail].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ": ")
  }

  var isUsageCap: Bool {
    if title == "UsageCapExceeded" || type?.contains("usage-capped") == true { return true }
    let lowered = raw.lowercased()
    return lowered.contains("usage cap") || lowered.contains("usagecap")
  }
}

/// Why a transfer stopped before the answer was complete.
private enum TransferLimit: Error {
  /// The body grew past the limit.
  case tooLarge
  /// The answer did not end before the deadline.
  case deadline
  /// No memory could be had for the body after `bytes` bytes.
  case outOfMemory(bytes: Int)
}

/// A response body as it arrives, in memory from `malloc`: `Data` traps
/// when it cannot grow, which under a memory limit (`ulimit -v`) killed the
/// process; a buffer that cannot grow here is reported instead.
private final class ResponseBuffer {
  private var bytes: UnsafeMutableRawPointer?
  private var capacity = 0
  private let limit: Int
  /// The bytes held.
  private(set) var count = 0

  init(limit: Int) {
    self.limit = limit
  }

  deinit { free(bytes) }

  /// Appends `data`, which must fit within the limit; false when the memory
  /// for it cannot be had (nothing is appended then).
  func append(_ data: Data) -> Bool {
    let needed = count + data.count
    if needed > capacity {
      let grown = min(max(needed, capacity * 2, 64 << 10), max(needed, limit))
      guard let moved = realloc(bytes, grown) else { return false }
      bytes = moved
      capacity = grown
    }
    guard let bytes else { return data.isEmpty }
    data.copyBytes(
      to: bytes.advanced(by: count).assumingMemoryBound(to: UInt8.self), count: data.count)
    count = needed
    return true
  }

  /// The body, handed over without a copy; the buffer is empty afterwards.
  func take() -> Data {
    guard let bytes, count > 0 else { return Data() }
    let data = Data(bytesNoCopy: bytes, count: count, deallocator: .free)
    self.bytes = nil
    capacity = 0
    count = 0
    return data
  }
}

/// Runs the session's data tasks: collects each body up to a limit (and
/// cancels the task past it, or as soon as a `Content-Length` says it will
/// be passed), cancels a task that has not ended by its deadline, and
/// follows a redirect only within the request's origin: a redirect to
/// another host, port or scheme is not followed, so that its 3xx answer
/// reaches ``HTTPTweetSource``, which reports it (the `Authorization` header
/// would otherwise be sent along).
private final class Transfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Transfer {
    var continuation: CheckedContinuation<(Data, URLResponse), Error>
    var body: ResponseBuffer
  }

  private let limit: Int
  private let lock = NSLock()
  private var transfers: [Int: Transfer] = [:]

  init(limit: Int) {
    self.limit = limit
  }

  /// The body and response for `request`, within `deadline` seconds.
  func run(_ request: URLRequest, in session: URLSession, deadline: Double) async throws -> (
    Data, URLResponse
  ) {
    let task = session.dataTask(with: request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        transfers[task.taskIdentifier] = Transfer(
          continuation: continuation, body: ResponseBuffer(limit: limit))
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(deadline, 0.001)) {
          [weak self] in
          self?.stop(task, TransferLimit.deadline)
        }
        task.resume()
      }
    } onCancel: {
      self.stop(task, CancellationError())
      task.cancel()
    }
  }

  /// Ends the transfer now: its caller is answered with `reason` at once,
  /// and the task is cancelled. The answer does not wait for the task to
  /// complete: on a loaded machine swift-corelibs-foundation can take tens
  /// of seconds to act on the cancel of a transfer whose body keeps coming
  /// (CI saw 50 s and 99 s). What the task still receives is dropped.
  private func stop(_ task: URLSessionTask, _ reason: Error) {
    lock.lock()
    let transfer = transfers.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    guard let transfer else { return }
    transfer.continuation.resume(throwing: reason)
    task.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    if response.expectedContentLength > Int64(limit) {
      stop(dataTask, TransferLimit.tooLarge)
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // Appended in place: a copy of the body for each chunk (a `Data` in a
    // struct copied out of the dictionary) made this queue fall so far
    // behind the network that the chunks waiting for it took gigabytes.
    lock.lock()
    var failure: TransferLimit?
    if let body = transfers[dataTask.taskIdentifier]?.body {
      if body.count + data.count > limit {
        failure = .tooLarge
      } else if !body.append(data) {
        failure = .outOfMemory(bytes: body.count)
      }
    }
    lock.unlock()
    if let failure { stop(dataTask, failure) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    lock.lock()
    let transfer = transfers.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    guard let transfer else { return }
    if let error {
      transfer.continuation.resume(throwing: error)
    } else if let response = task.response {
      transfer.continuation.resume(returning: (transfer.body.take(), response))
    } else {
      transfer.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let from = task.originalRequest?.url ?? response.url
    completionHandler(HTTPTweetSource.sameOrigin(from, request.url) ? request : nil)
  }
}
