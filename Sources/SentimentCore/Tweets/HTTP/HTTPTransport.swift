import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How an HTTP source reaches its service and how hard it tries: what the
/// X, Bluesky and Mastodon sources share, as each configuration's
/// `transport`.
///
/// ```swift
/// var configuration = XSource.Configuration(token: token, userAgent: "tweetalyze/1.0")
/// configuration.transport.timeout = 10
/// configuration.transport.waitForRateLimit = true
/// ```
public struct HTTPTransportSettings: Sendable {
  /// The service, as messages name it.
  package var service: PostService
  /// The secrets sent (a token, an app password): redacted from every body,
  /// warning, message and recording.
  package var secrets: [String]
  /// The `User-Agent` header (`tweetalyze/0.1.0`).
  public var userAgent: String
  /// Seconds to wait for an answer before the attempt fails; the whole
  /// answer must arrive within 4 times as long.
  public var timeout: Double = 30
  /// The largest response body read, in bytes.
  public var maximumResponseBytes = 16 << 20
  /// Whether a rate-limited request waits (once) until the window resets
  /// and tries again.
  public var waitForRateLimit = false
  /// The longest wait for a rate limit window, in seconds: one 15-minute
  /// window and a minute more. A reset further away is reported instead of
  /// waited for.
  public var maximumWait: Double = 960
  /// Attempts per request for server errors, time-outs and network
  /// failures (1: no retry).
  public var attempts = 3
  /// The delay before the first retry, in seconds; doubled for each next.
  public var retryDelay: Double = 1
  /// Whether a plain `http` base URL may point to another machine.
  public var allowInsecureHTTP = false
  /// Where to record the raw response pages, if anywhere.
  public var recordDirectory: URL?
  /// Writes a recording: `file`, and a function that passes its bytes, in
  /// chunks, to the function it is given (the whole recording is never in
  /// memory); `nil` writes it to a temporary file beside `file` and renames
  /// that over it.
  public var writeRecording:
    (
      @Sendable (
        _ file: URL, _ chunks: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
      ) throws -> Void
    )?
  /// Called with progress events, on any thread.
  package var progress: (@Sendable (HTTPTransport.Event) -> Void)?
  /// Sleeps for the given seconds (injectable so that tests run fast).
  public var sleep: @Sendable (Double) async throws -> Void = { seconds in
    try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 86_400)) * 1e9))
  }
  /// The current time (injectable for tests).
  public var now: @Sendable () -> Date = { Date() }
  /// What sends each request; `nil` sends it with `URLSession`
  /// (``URLSessionSender``). Tests answer from memory here.
  package var sender: (any HTTPSending)?

  /// Settings with the defaults: 30 s time-out, 3 attempts, 16 MiB, no
  /// waiting, no recording.
  package init(service: PostService, secrets: [String], userAgent: String) {
    self.service = service
    self.secrets = secrets
    self.userAgent = userAgent
  }
}

/// One run of requests to a service: the session, the caps on each body,
/// the deadline, retries with backoff, the rate-limit wait, redirects only
/// within the origin, redaction of the secrets and the recording. Every
/// HTTP source sends through it; it throws ``HTTPSourceError``.
package final class HTTPTransport: @unchecked Sendable {
  /// The settings.
  package let settings: HTTPTransportSettings
  private let sender: any HTTPSending
  /// The sender this transport opened (and closes), if it is its own.
  private let session: URLSessionSender?
  private let lock = NSLock()
  private var secrets: [String]

  /// Opens a session with `settings`. Call ``close()`` when done.
  package init(_ settings: HTTPTransportSettings) {
    self.settings = settings
    secrets = settings.secrets
    if let sender = settings.sender {
      self.sender = sender
      session = nil
    } else {
      let session = URLSessionSender(
        timeout: settings.timeout, limit: settings.maximumResponseBytes)
      sender = session
      self.session = session
    }
  }

  /// Ends the session, if the transport opened one.
  package func close() {
    session?.close()
  }

  /// What the transport reports while it fetches, for a progress display.
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

  /// Adds a secret learnt on the way (a session token) to those redacted.
  package func addSecret(_ secret: String) {
    lock.lock()
    defer { lock.unlock() }
    secrets.append(secret)
  }

  private var currentSecrets: [String] {
    lock.lock()
    defer { lock.unlock() }
    return secrets
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

  /// The most redirects of a request with a body that are followed.
  static let maximumRedirects = 5

  /// A request for `url`: `GET`, or `POST` with a JSON `body`; `bearer`
  /// goes in the `Authorization` header only.
  package func request(_ url: URL, bearer: String?, jsonBody body: Data? = nil) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = body == nil ? "GET" : "POST"
    request.timeoutInterval = settings.timeout
    request.cachePolicy = .reloadIgnoringLocalCacheData
    if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    request.setValue(settings.userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = body
    }
    return request
  }

  /// Sends `request` (page `page`, with `tweets` collected so far, for
  /// progress) and returns the 2xx answer, its body redacted.
  ///
  /// Server errors (5xx), time-outs and network failures are retried with
  /// backoff. A 429 asks `rateLimit` for the reset time (which may throw,
  /// as for a usage cap) and waits once if the settings say so. Any other
  /// status is answered with `refuse(status, body, url)`'s error.
  package func send(
    _ request: URLRequest, page: Int, tweets: Int,
    rateLimit: (HTTPURLResponse, Data) throws -> Date?,
    refuse: (Int, Data, URL) -> Error
  ) async throws -> (body: Data, response: HTTPURLResponse) {
    guard let url = request.url else {
      throw HTTPSourceError.invalidBaseURL("")
    }
    let host = Self.hostDescription(url)
    var attempt = 1
    var waited = false
    var current = request
    var redirects = 0
    while true {
      settings.progress?(.requesting(page: page, tweets: tweets))
      let failure: Transient
      do {
        let (data, response) = try await sender.answer(current, deadline: settings.timeout * 4)
        if let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode),
          let location = http.value(forHTTPHeaderField: "Location"),
          let target = URL(string: location, relativeTo: current.url)?.absoluteURL
        {
          guard URLSafety.sameOrigin(url, target) else {
            throw HTTPSourceError.crossOriginRedirect(
              from: host, to: Self.hostDescription(target))
          }
          // 307 and 308 keep the method and the body (RFC 9110 15.4.8),
          // which Foundation does not resend: a login's body is sent again
          // here, to the same origin only.
          if http.statusCode == 307 || http.statusCode == 308, current.httpBody != nil {
            guard redirects < Self.maximumRedirects else {
              throw HTTPSourceError.invalidResponse(
                host: host, status: http.statusCode,
                problem: "it redirected the request more than \(Self.maximumRedirects) times")
            }
            redirects += 1
            current.url = target
            continue
          }
        }
        guard let http = response as? HTTPURLResponse else {
          throw HTTPSourceError.invalidResponse(
            host: host, status: 0, problem: "the answer is not an HTTP response")
        }
        let status = http.statusCode
        switch status {
        case 200..<300:
          // Redacted before it is decoded, so that no field of any post,
          // no warning and no recording holds a secret in any form a
          // JSON encoder may write it.
          return (redact(data), http)
        case 429:
          let reset = try rateLimit(http, data)
          if settings.waitForRateLimit, !waited, let reset,
            reset.timeIntervalSince(settings.now()) <= settings.maximumWait
          {
            waited = true
            try await waitUntil(reset)
            continue
          }
          throw HTTPSourceError.rateLimited(reset: reset, now: settings.now())
        case 500...599:
          failure = .server(status: status, detail: APIProblem(data).summary.map(redact))
        default:
          throw refuse(status, data, url)
        }
      } catch let error as HTTPSourceError {
        throw error
      } catch TransferLimit.tooLarge {
        throw HTTPSourceError.responseTooLarge(
          host: host, limit: settings.maximumResponseBytes)
      } catch TransferLimit.outOfMemory(let bytes) {
        throw HTTPSourceError.outOfMemory(host: host, bytes: bytes)
      } catch TransferLimit.deadline {
        failure = .deadline
      } catch {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { throw error }
        // libcurl's CURLE_OUT_OF_MEMORY, which it also gives for a header
        // over its 100 KB limit: the same answer would fail again.
        if nsError.localizedDescription.contains("Out of memory") {
          throw HTTPSourceError.headersTooLarge(host: host)
        }
        switch nsError.code {
        case NSURLErrorCancelled: throw CancellationError()
        case NSURLErrorTimedOut: failure = .timeout
        default: failure = .connection(Self.reason(nsError))
        }
      }
      guard attempt < settings.attempts else {
        switch failure {
        case .server(let status, let detail):
          throw HTTPSourceError.serverError(status: status, detail: detail, attempts: attempt)
        case .connection(let reason):
          throw HTTPSourceError.connectionFailed(host: host, reason: reason, attempts: attempt)
        case .timeout:
          throw HTTPSourceError.timedOut(host: host, seconds: settings.timeout, attempts: attempt)
        case .deadline:
          throw HTTPSourceError.deadlineExceeded(
            host: host, seconds: settings.timeout * 4, attempts: attempt)
        }
      }
      let delay = settings.retryDelay * Double(1 << min(attempt - 1, 16))
      attempt += 1
      settings.progress?(
        .retrying(
          attempt: attempt, attempts: settings.attempts, delay: delay, reason: failure.summary))
      try await settings.sleep(delay)
    }
  }

  /// Sleeps until `reset` (and a second more), a second at a time, reporting
  /// the countdown.
  private func waitUntil(_ reset: Date) async throws {
    let seconds = max(1, Int(reset.timeIntervalSince(settings.now()).rounded(.up)) + 1)
    for left in stride(from: seconds, to: 0, by: -1) {
      settings.progress?(.waitingForRateLimit(reset: reset, secondsLeft: left))
      try await settings.sleep(1)
    }
  }

  /// The error for a 2xx body that is not what the source expected:
  /// `detail` (from the decoder) when it is JSON of another shape, else
  /// the start of the body.
  package func invalidBody(_ data: Data, status: Int, url: URL, detail: String?)
    -> HTTPSourceError
  {
    let host = Self.hostDescription(url)
    if let detail {
      return .invalidResponse(
        host: host, status: status,
        problem: "the body is not a search response (\(redact(detail)))")
    }
    return .invalidResponse(
      host: host, status: status, problem: "the body is not JSON (\(snippet(data)))")
  }

  /// The error for a status no source has a special message for: the URL
  /// without its query (where secrets may be) and the API's own words.
  package func unexpectedStatus(_ status: Int, body: Data, url: URL) -> HTTPSourceError {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.query = nil
    components?.user = nil
    components?.password = nil
    return .unexpectedStatus(
      status: status, detail: APIProblem(body).summary.map(redact),
      url: components?.string ?? Self.hostDescription(url))
  }

  // MARK: Secrets and messages

  /// `text` with every secret, should a server echo it, replaced (see
  /// ``Redaction``).
  package func redact(_ text: String) -> String {
    currentSecrets.reduce(text) { Redaction.redact($0, token: $1) }
  }

  /// `tweet`'s fields with every secret replaced.
  package func redact(_ tweet: Tweet) -> Tweet {
    var tweet = tweet
    tweet.id = redact(tweet.id)
    tweet.text = redact(tweet.text)
    tweet.author = tweet.author.map(redact)
    tweet.language = tweet.language.map(redact)
    return tweet
  }

  /// `data` with every secret, in every form, replaced.
  package func redact(_ data: Data) -> Data {
    var data = data
    for secret in currentSecrets where secret.utf8.count >= Redaction.minimumLength {
      data = Data(Redaction.redact(Array(data), token: Array(secret.utf8)))
    }
    return data
  }

  /// The start of a body, on one line, for a message. Redacted before it
  /// is cut, so that no part of a secret is left at the cut.
  package func snippet(_ data: Data) -> String {
    let text = String(decoding: redact(data.prefix(4096)).prefix(200), as: UTF8.self)
      .components(separatedBy: .whitespacesAndNewlines).filter { !$0.isEmpty }
      .joined(separator: " ")
    guard !text.isEmpty else { return "the body is empty" }
    let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
    return "it starts with '\(short)'"
  }

  /// `host:port` of `url`, as messages name it.
  package static func hostDescription(_ url: URL) -> String {
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
