import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The URL rules that keep a secret from leaving its service: URLs as
/// messages quote them (no user, password, query or fragment), which host
/// is this machine (plain http is allowed there), and which redirects stay
/// within the origin (only those may carry the secret).
package enum URLSafety {
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
}
