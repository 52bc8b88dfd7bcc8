import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a service (the X API, Bluesky, Mastodon) did not give us posts.
/// Every message says what to do next, and none contains a secret.
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
  /// The answer held `what` (a next-page cursor, a session token) of
  /// `bytes` bytes, more than `limit`: no real one is that long, and
  /// sending it back would fail; not retried.
  case oversized(host: String, what: String, bytes: Int, limit: Int)
  /// libcurl refused to read the answer's headers (`Out of memory`: a
  /// header over its 100 KB limit, such as a huge `Link`); not retried.
  case headersTooLarge(host: String)

  package var errorDescription: String? { message(for: .x) }

  /// The message for an error of `service`'s source: the X API's
  /// messages, with another service's names and advice.
  package func message(for source: PostService) -> String {
    let service = source.descriptor
    let api = service.name
    let setting = service.baseSetting
    switch self {
    case .insecureBaseURL(let base):
      return "\(api) base URL '\(base)' is plain http to another machine, which would send "
        + "the \(service.credential) in clear text; use https, or set TWEETALYZE_ALLOW_HTTP=1 if the "
        + "network path is trusted (plain http to localhost or 127.0.0.1 is always allowed)"
    case .ipv6AddressHost(let base):
      var components = URLComponents(string: base)
      let loopback = URLSafety.isLoopback(components?.host)
      components?.host = "localhost"
      let local =
        loopback ? components?.string.map { " (\(URLSafety.shownURL($0)))" } ?? "" : ""
      return "\(api) base URL '\(URLSafety.shownURL(base))' names its host by an IPv6 "
        + "address, which Foundation's URLSession on Linux cannot connect to "
        + "(swift-corelibs-foundation issue 5496); use a host name instead, such as localhost "
        + "for this machine\(local), which also reaches a server listening on ::1 only"
    case .crossOriginRedirect(let from, let to):
      return "\(api) at \(from) answered with a redirect to another host (\(to)); tweetalyze "
        + "does not send the \(service.credential) there. Check \(setting) and any proxy"
    case .responseTooLarge(let host, let limit):
      return "\(api) at \(host) sent an answer larger than \(limit >> 20) MiB, more than any "
        + "search page holds, and tweetalyze stopped reading; "
        + "if \(setting) or a proxy is set, check that it points to \(service.apiName)"
    case .outOfMemory(let host, let bytes):
      return "\(api) at \(host) sent an answer that did not fit in the memory tweetalyze may "
        + "use (\(bytes >> 20) MiB received), and tweetalyze stopped reading; a search page is "
        + "under 1 MiB, so check \(setting) and any proxy, or raise the memory limit"
    case .oversized(let host, let what, let bytes, let limit):
      return "\(api) at \(host) sent \(what) of \(bytes) bytes, more than any real one (at most "
        + "\(limit)), which tweetalyze does not send back; if \(setting) or a proxy is set, "
        + "check that it points to \(service.apiName)"
    case .headersTooLarge(let host):
      return "\(api) at \(host) sent an answer whose headers are too large to read (over "
        + "libcurl's 100 KB limit; no real answer comes near it), and tweetalyze stopped; "
        + "if \(setting) or a proxy is set, check that it points to \(service.apiName)"
    case .deadlineExceeded(let host, let seconds, let attempts):
      return "\(api) at \(host) did not finish its answer within \(Self.number(seconds)) s"
        + Self.times(attempts) + " (it was still sending, too slowly); check your network, or "
        + "allow longer with --timeout SECONDS (the whole answer may take 4 times as long)"
    case .invalidBaseURL(let base):
      return "\(api) base URL '\(base)' is not an http(s) URL; "
        + "fix \(setting) (e.g. \(service.example)) or unset it"
    case .invalidRequest(let message):
      return "\(api) rejected the search (400 Bad Request): \(message); "
        + "check the query and the --lang option"
    case .unauthorized(let detail):
      return "\(api) rejected the \(service.credential) (401 \(detail ?? "Unauthorized")): "
        + service.credentialAdvice
    case .forbidden(let reason, let enrollment, let detail):
      if reason == "client-not-enrolled" && source == .x {
        return "the X API refused access (403 client-not-enrolled): the app that owns the token "
          + "must be attached to a Project with \(enrollment ?? "the right level of API access")"
          + "; in the X developer portal, add the app to a project (or upgrade your access) and "
          + "use that app's Bearer Token"
      }
      let what = [reason, enrollment.map { "needs \($0)" }, detail].compactMap { $0 }
      return "\(api) refused access (403 Forbidden"
        + (what.isEmpty ? ")" : ": \(what.joined(separator: "; ")))")
        + "; \(service.accessAdvice)"
    case .rateLimited(let reset, let now):
      guard let reset else {
        return "\(api) rate limit is reached (429 Too Many Requests) and the API did not say "
          + "when it resets; \(service.rateLimitAdvice)"
      }
      let seconds = max(0, Int(reset.timeIntervalSince(now).rounded(.up)))
      return "\(api) rate limit is reached (429 Too Many Requests); the window resets at "
        + "\(Self.localTime(reset, now: now)) (in \(seconds) s): try again then, or run with "
        + "--wait to wait for it"
    case .usageCapExceeded(let period, let scope, let detail):
      let cap = [period, scope].compactMap { $0?.lowercased() }.joined(separator: " ")
      return "\(api) usage cap is used up (429 \(detail ?? "UsageCapExceeded")): your plan's "
        + (cap.isEmpty ? "" : "\(cap) ") + "cap on posts read is reached, and no search works "
        + "until it resets; waiting or retrying now does not help. See your usage in the X "
        + "developer portal, or upgrade your plan"
    case .serverError(let status, let detail, let attempts):
      return "\(api) had a server error (\(status)\(detail.map { ": \($0)" } ?? ""))"
        + Self.times(attempts) + "; the service is probably having problems, try again later"
    case .connectionFailed(let host, let reason, let attempts):
      return "cannot reach \(api) at \(host): \(reason)" + Self.times(attempts)
        + "; check your network connection, proxy, or \(setting)"
    case .timedOut(let host, let seconds, let attempts):
      return "\(api) at \(host) did not answer within \(Self.number(seconds)) s"
        + Self.times(attempts) + "; check your network, or allow longer with --timeout SECONDS"
    case .invalidResponse(let host, let status, let problem):
      return "\(api) at \(host) answered \(status) but \(problem); "
        + "if \(setting) or a proxy is set, check that it points to \(service.apiName)"
    case .unexpectedStatus(let status, let detail, let url):
      return "\(api) answered \(status) \(Self.statusText(status)) for \(url)"
        + (detail.map { ": \($0)" } ?? "")
        + (status == 404 ? "; check \(setting) (e.g. \(service.example))" : "")
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

/// What every live source throws: an ``HTTPSourceError`` of a service,
/// whose message names that service.
package struct ServiceError: LocalizedError, Equatable {
  /// The service.
  package var service: PostService
  /// What went wrong.
  package var error: HTTPSourceError

  /// Wraps `error` of `service`.
  package init(_ error: HTTPSourceError, service: PostService) {
    self.error = error
    self.service = service
  }

  package var errorDescription: String? { error.message(for: service) }
}
