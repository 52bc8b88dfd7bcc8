import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How an HTTP source reaches its service and how hard it tries: what the
/// X, Bluesky and Mastodon sources share.
package struct HTTPTransportSettings: Sendable {
  /// The service, as messages name it.
  package var service: HTTPService
  /// The secrets sent (a token, an app password): redacted from every body,
  /// warning, message and recording.
  package var secrets: [String]
  /// The `User-Agent` header (`tweetalyze/0.1.0`).
  package var userAgent: String
  /// Seconds to wait for an answer before the attempt fails; the whole
  /// answer must arrive within 4 times as long.
  package var timeout: Double = 30
  /// The largest response body read, in bytes.
  package var maximumResponseBytes = 16 << 20
  /// Whether a rate-limited request waits (once) until the window resets
  /// and tries again.
  package var waitForRateLimit = false
  /// The longest wait for a rate limit window, in seconds.
  package var maximumWait: Double = 960
  /// Attempts per request for server errors, time-outs and network
  /// failures (1: no retry).
  package var attempts = 3
  /// The delay before the first retry, in seconds; doubled for each next.
  package var retryDelay: Double = 1
  /// Whether a plain `http` base URL may point to another machine.
  package var allowInsecureHTTP = false
  /// Where to record the raw response pages, if anywhere.
  package var recordDirectory: URL?
  /// Writes a recording: `file`, and a function that passes its bytes, in
  /// chunks, to the function it is given (the whole recording is never in
  /// memory); `nil` writes it to a temporary file beside `file` and renames
  /// that over it.
  package var writeRecording:
    (
      @Sendable (
        _ file: URL, _ chunks: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
      ) throws -> Void
    )?
  /// Called with progress events, on any thread.
  package var progress: (@Sendable (HTTPTweetSource.Event) -> Void)?
  /// Sleeps for the given seconds (injectable so that tests run fast).
  package var sleep: @Sendable (Double) async throws -> Void = { seconds in
    try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 86_400)) * 1e9))
  }
  /// The current time (injectable for tests).
  package var now: @Sendable () -> Date = { Date() }

  /// Settings with the defaults: 30 s time-out, 3 attempts, 16 MiB, no
  /// waiting, no recording.
  package init(service: HTTPService, secrets: [String], userAgent: String) {
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
  private let session: URLSession
  private let transfers: Transfers
  private let lock = NSLock()
  private var secrets: [String]

  /// Opens a session with `settings`. Call ``close()`` when done.
  package init(_ settings: HTTPTransportSettings) {
    self.settings = settings
    secrets = settings.secrets
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.timeoutIntervalForRequest = settings.timeout
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    sessionConfiguration.urlCache = nil
    transfers = Transfers(limit: settings.maximumResponseBytes)
    session = URLSession(
      configuration: sessionConfiguration, delegate: transfers, delegateQueue: nil)
  }

  /// Ends the session. Not waited for: while a cancelled transfer still
  /// pours in, the session's work queue can take tens of seconds to get to
  /// it.
  package func close() {
    let session = session
    DispatchQueue.global().async { session.invalidateAndCancel() }
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

  // MARK: Base URLs

  /// `base` without trailing slashes, checked: an http(s) URL with a host,
  /// no query or fragment, no IPv6 address as the host (on Linux), and
  /// plain http only to loopback unless `allowInsecureHTTP`.
  ///
  /// - Throws: ``HTTPSourceError/invalidBaseURL(_:)``,
  ///   ``HTTPSourceError/ipv6AddressHost(_:)``,
  ///   ``HTTPSourceError/insecureBaseURL(_:)``.
  package static func checkedBase(_ base: String, allowInsecureHTTP: Bool) throws -> String {
    var trimmed = Substring(base)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let parsed = URL(string: String(trimmed)), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https", parsed.host?.isEmpty == false,
      parsed.query == nil, parsed.fragment == nil
    else { throw HTTPSourceError.invalidBaseURL(shownURL(base)) }
    #if canImport(FoundationNetworking)
      // corelibs compares the host libcurl parses (`[::1]`) with URL.host
      // (`::1`), finds them different and fails every attempt with
      // NSURLErrorBadURL (swift-corelibs-foundation issue 5496). A host
      // name never holds a colon.
      if parsed.host?.contains(":") == true {
        throw HTTPSourceError.ipv6AddressHost(shownURL(base))
      }
    #endif
    if scheme == "http" && !allowInsecureHTTP && !isLoopback(parsed.host) {
      throw HTTPSourceError.insecureBaseURL(shownURL(base))
    }
    return String(trimmed)
  }

  /// `base` (checked) followed by `path` and the query `items`,
  /// percent-encoded.
  ///
  /// - Throws: as ``checkedBase(_:allowInsecureHTTP:)``.
  package static func url(
    base: String, path: String, items: [(String, String)], allowInsecureHTTP: Bool
  ) throws -> URL {
    let trimmed = try checkedBase(base, allowInsecureHTTP: allowInsecureHTTP)
    let query = items.map { "\($0)=\(percentEncode($1))" }.joined(separator: "&")
    guard let url = URL(string: trimmed + path + (query.isEmpty ? "" : "?" + query)) else {
      throw HTTPSourceError.invalidBaseURL(shownURL(base))
    }
    return url
  }

  /// `url` as a message may quote it: user name and password, query and
  /// fragment (where secrets are put) replaced by `…`.
  package static func shownURL(_ url: String) -> String {
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
  package static func isLoopback(_ host: String?) -> Bool {
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
  package static func sameOrigin(_ a: URL?, _ b: URL?) -> Bool {
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

  /// Turns proxies off for the process, set once before the first plain
  /// `http` transfer: a secret in a plain request would reach the proxy in
  /// clear. swift-corelibs-foundation ignores
  /// `URLSessionConfiguration.connectionProxyDictionary`, and libcurl takes
  /// its proxy from `http_proxy`, `ALL_PROXY` or `all_proxy` unless
  /// `no_proxy` names the host, which it reads at each connection. Only one
  /// base URL is used in a run, so `https` runs keep their proxy.
  private static let noProxyForPlainHTTP: Void = {
    setenv("no_proxy", "*", 1)
    setenv("NO_PROXY", "*", 1)
  }()

  /// Turns proxies off when `base` is plain `http`.
  package static func avoidProxies(for base: String) {
    if URL(string: base)?.scheme?.lowercased() == "http" {
      noProxyForPlainHTTP
    }
  }

  /// Percent-encodes everything but RFC 3986 unreserved characters
  /// (`@` → `%40`, `#` → `%23`, space → `%20`, `:` → `%3A`).
  package static func percentEncode(_ text: String) -> String {
    var unreserved = CharacterSet()
    unreserved.insert(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
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
        let (data, response) = try await transfers.run(
          current, in: session, deadline: settings.timeout * 4)
        if let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode),
          let location = http.value(forHTTPHeaderField: "Location"),
          let target = URL(string: location, relativeTo: current.url)?.absoluteURL
        {
          guard Self.sameOrigin(url, target) else {
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

  // MARK: Recording

  /// Writes the pages in `spool` as JSONL to `<directory>/<stem>.jsonl`,
  /// atomically and a chunk at a time, when the settings name a directory.
  func record(_ spool: RecordingSpool?, stem: String) throws {
    guard let directory = settings.recordDirectory else { return }
    let file = directory.appendingPathComponent("\(stem).jsonl")
    let chunks: ((_ chunk: [UInt8]) throws -> Void) throws -> Void = { write in
      try spool?.forEachChunk(write)
    }
    if let write = settings.writeRecording {
      do {
        try write(file, chunks)
      } catch let error as HTTPSourceError {
        throw error
      } catch {
        throw HTTPSourceError.recordFailed(path: file.path, reason: error.localizedDescription)
      }
      return
    }
    let temporary = directory.appendingPathComponent(".\(stem).jsonl.tmp-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      guard
        FileManager.default.createFile(
          atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteNoPermission) }
      defer { try? FileManager.default.removeItem(at: temporary) }
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try chunks { try handle.write(contentsOf: $0) }
      try handle.synchronize()
      guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.EIO) }
    } catch let error as HTTPSourceError {
      throw error
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
  package static func oneLine(_ body: Data) -> Data {
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

/// The parts of an API error body that the messages use (X, and the
/// `error`/`message` of XRPC and Mastodon).
package struct APIProblem {
  var title: String?
  var detail: String?
  var type: String?
  var reason: String?
  var requiredEnrollment: String?
  var period: String?
  var scope: String?
  var firstError: String?
  /// XRPC's and Mastodon's `error` (`AuthenticationRequired`).
  var error: String?
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
    error = text("error")
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

/// Runs the session's data tasks: collects each body up to a limit (and
/// cancels the task past it, or as soon as a `Content-Length` says it will
/// be passed), cancels a task that has not ended by its deadline, and
/// follows a redirect only within the request's origin: a redirect to
/// another host, port or scheme is not followed, so that its 3xx answer
/// reaches ``HTTPTransport``, which reports it (the `Authorization` header
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
    // Foundation would send a POST's 307 or 308 on without its body:
    // ``HTTPTransport/send(_:page:tweets:rateLimit:refuse:)`` sends it again.
    let keepsBody = response.statusCode == 307 || response.statusCode == 308
    if keepsBody && task.originalRequest?.httpMethod == "POST" {
      completionHandler(nil)
      return
    }
    completionHandler(HTTPTransport.sameOrigin(from, request.url) ? request : nil)
  }
}

/// The paging every live source shares: the posts gathered without
/// repeats up to a limit, the raw pages kept for `--record`, and when to
/// stop asking for more: a next-page token seen before (it would loop
/// forever), a page of posts that adds none (a server that sends the same
/// posts under new tokens), or ``HTTPTweetSource/emptyPageLimit`` empty
/// pages in a row while the server still offers another.
package struct Paging {
  /// The posts kept so far.
  package private(set) var collector: TweetCollector
  /// The number of pages asked for so far.
  package private(set) var pages = 0
  /// The pages so far, when recording; the pages are not kept otherwise.
  private var spool: RecordingSpool?
  private var tokensSeen: Set<String> = []
  private var emptyPages = 0
  private let transport: HTTPTransport

  /// Paging for up to `count` posts through `transport`.
  package init(count: Int, transport: HTTPTransport) {
    collector = TweetCollector(limit: max(0, count))
    self.transport = transport
  }

  /// The posts still wanted.
  package var remaining: Int { collector.limit - collector.tweets.count }

  /// Counts a page about to be asked for; its number, from 1.
  package mutating func nextPage() -> Int {
    pages += 1
    return pages
  }

  /// The longest next-page cursor sent back: X's `next_token`, Bluesky's
  /// `cursor` and Mastodon's `max_id` are tens of bytes.
  package static let maximumCursorBytes = 4096

  /// Adds a page's posts and its body; whether to ask for the page `next`
  /// names. A `next` over ``maximumCursorBytes`` is an error (the page
  /// came from `url`).
  ///
  /// - Parameters:
  ///   - empty: whether the page held nothing (for Mastodon, no status at
  ///     all: a page whose statuses the filters all drop is not empty).
  ///   - requireNew: whether a page of posts that adds none ends paging
  ///     (Mastodon's filtered pages may rightly add none).
  package mutating func add(
    _ tweets: [Tweet], body: Data, next: String?, empty: Bool, requireNew: Bool = true,
    from url: URL
  ) throws -> Bool {
    if let next, next.utf8.count > Self.maximumCursorBytes {
      throw HTTPSourceError.oversized(
        host: HTTPTransport.hostDescription(url), what: "a next-page cursor",
        bytes: next.utf8.count, limit: Self.maximumCursorBytes)
    }
    if transport.settings.recordDirectory != nil {
      try spoolPage(body)
    }
    let before = collector.tweets.count
    collector.add(tweets)
    if let next, !tokensSeen.insert(next).inserted { return false }
    if requireNew && collector.tweets.count == before && !tweets.isEmpty { return false }
    emptyPages = empty ? emptyPages + 1 : 0
    if emptyPages >= HTTPTweetSource.emptyPageLimit && next != nil {
      transport.settings.progress?(.stoppedPaging(pages: pages, emptyPages: emptyPages))
      return false
    }
    return !collector.isFull && next != nil
  }

  /// Adds `body`, redacted and on one line, to the recording's spool.
  private mutating func spoolPage(_ body: Data) throws {
    if spool == nil { spool = RecordingSpool() }
    guard let spool else {
      throw HTTPSourceError.recordFailed(
        path: "a temporary file", reason: "none can be created (check TMPDIR)")
    }
    guard spool.append(HTTPTransport.oneLine(transport.redact(body))) else {
      throw HTTPSourceError.recordFailed(
        path: "a temporary file", reason: "it cannot be written (is the disk full?)")
    }
  }

  /// Records the pages under `stem` (when recording), reports the end, and
  /// gives the posts.
  package func finish(stem: String) throws -> [Tweet] {
    try transport.record(spool, stem: stem)
    transport.settings.progress?(.finished(pages: pages, tweets: collector.tweets.count))
    return collector.tweets
  }
}
