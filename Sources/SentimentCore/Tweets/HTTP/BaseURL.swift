import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Base URLs of live sources: checked before anything is sent, with a
/// percent-encoded query appended, and the proxy rule for plain http.
package enum BaseURL {
  /// `base` without trailing slashes, checked: an http(s) URL with a host,
  /// no query or fragment, no IPv6 address as the host (on Linux), and
  /// plain http only to loopback unless `allowInsecureHTTP`.
  ///
  /// - Throws: ``HTTPSourceError/invalidBaseURL(_:)``,
  ///   ``HTTPSourceError/ipv6AddressHost(_:)``,
  ///   ``HTTPSourceError/insecureBaseURL(_:)``.
  package static func checked(_ base: String, allowInsecureHTTP: Bool) throws -> String {
    var trimmed = Substring(base)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let parsed = URL(string: String(trimmed)), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https", parsed.host?.isEmpty == false,
      parsed.query == nil, parsed.fragment == nil
    else { throw HTTPSourceError.invalidBaseURL(URLSafety.shownURL(base)) }
    #if canImport(FoundationNetworking)
      // corelibs compares the host libcurl parses (`[::1]`) with URL.host
      // (`::1`), finds them different and fails every attempt with
      // NSURLErrorBadURL (swift-corelibs-foundation issue 5496). A host
      // name never holds a colon.
      if parsed.host?.contains(":") == true {
        throw HTTPSourceError.ipv6AddressHost(URLSafety.shownURL(base))
      }
    #endif
    if scheme == "http" && !allowInsecureHTTP && !URLSafety.isLoopback(parsed.host) {
      throw HTTPSourceError.insecureBaseURL(URLSafety.shownURL(base))
    }
    return String(trimmed)
  }

  /// `base` (checked) followed by `path` and the query `items`,
  /// percent-encoded.
  ///
  /// - Throws: as ``checked(_:allowInsecureHTTP:)``.
  package static func url(
    base: String, path: String, items: [(String, String)], allowInsecureHTTP: Bool
  ) throws -> URL {
    let trimmed = try checked(base, allowInsecureHTTP: allowInsecureHTTP)
    let query = items.map { "\($0)=\(percentEncode($1))" }.joined(separator: "&")
    guard let url = URL(string: trimmed + path + (query.isEmpty ? "" : "?" + query)) else {
      throw HTTPSourceError.invalidBaseURL(URLSafety.shownURL(base))
    }
    return url
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
