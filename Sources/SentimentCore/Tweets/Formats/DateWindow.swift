import Foundation

/// The time a set of posts is to come from (`--since`, `--until`): from
/// `since` (inclusive) to `until` (exclusive), either end open. A live source
/// asks its service for it where the service can (X `start_time` and
/// `end_time`, Bluesky `since` and `until`) and keeps only the posts in it;
/// recorded posts are filtered by it.
///
/// ```swift
/// let window = DateWindow(since: Date(timeIntervalSince1970: 0), until: nil)
/// window.contains(Date())  // true
/// window.contains(nil)     // false: an undated post cannot be placed
/// ```
package struct DateWindow: Equatable, Sendable {
  /// The earliest time kept; `nil`: no lower bound.
  package var since: Date?
  /// The time from which nothing is kept; `nil`: no upper bound.
  package var until: Date?

  /// Creates a window; both ends open by default.
  package init(since: Date? = nil, until: Date? = nil) {
    self.since = since
    self.until = until
  }

  /// Whether the window has no bound: every post, dated or not, is in it.
  package var isUnbounded: Bool { since == nil && until == nil }

  /// Whether a post of `date` is in the window: any post when it is
  /// unbounded, else only a dated one within its ends.
  package func contains(_ date: Date?) -> Bool {
    if isUnbounded { return true }
    guard let date else { return false }
    if let since, date < since { return false }
    if let until, date >= until { return false }
    return true
  }

  /// Whether a post of `date` is older than the window: a source reading
  /// newest first (Mastodon's timeline) need read no further.
  package func isBefore(_ date: Date?) -> Bool {
    guard let since, let date else { return false }
    return date < since
  }
}
