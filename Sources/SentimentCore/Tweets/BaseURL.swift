import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPTransport {
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

}
