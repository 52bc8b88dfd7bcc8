import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The paging every live source shares: the posts gathered without
/// repeats up to a limit, the raw pages kept for `--record`, and when to
/// stop asking for more: a next-page token seen before (it would loop
/// forever), a page of posts that adds none (a server that sends the same
/// posts under new tokens), or ``emptyPageLimit`` empty pages in a row
/// while the server still offers another.
package struct Paging {
  /// How many pages in a row may add no post before paging stops: a server
  /// that sends empty pages, each with a new next-page token, would
  /// otherwise be followed forever.
  package static let emptyPageLimit = 3

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
    if emptyPages >= Self.emptyPageLimit && next != nil {
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
