import Foundation

/// Where tweets come from: the X API, or recorded responses.
public protocol TweetSource: Sendable {
  /// Up to `count` of the most recent tweets matching `query`, newest first,
  /// without duplicate ids.
  ///
  /// It runs on the caller's executor: a source that need not wait (as
  /// recorded responses) starts no thread.
  nonisolated(nonsending) func tweets(for query: SearchQuery, count: Int) async throws -> [Tweet]

  /// Where the posts come from: a service searched over the network, or
  /// recorded posts. A caller decides by it what to guard while fetching
  /// and how many posts to ask for (a replay reads every recorded post, to
  /// say when the count cuts it). ``TweetOrigin/recorded`` unless the
  /// source says otherwise; ``XSource`` is ``TweetOrigin/live(baseURL:)``.
  var origin: TweetOrigin { get }
}

extension TweetSource {
  /// Recorded posts: a source that sends nothing says no more.
  public var origin: TweetOrigin { .recorded }
}

/// Where a ``TweetSource``'s posts come from.
public enum TweetOrigin: Equatable, Sendable {
  /// A service searched over the network at `baseURL` (the API's, or the
  /// instance's).
  case live(baseURL: String)
  /// Recorded posts (``FixtureTweetSource``): nothing is sent.
  case recorded
}

/// Why recorded tweets could not be read.
package enum FixtureError: LocalizedError, Equatable {
  /// No file for the query in the fixtures directory.
  case notFound(query: String, directory: String, tried: [String])
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The file's contents are not the recorded pages they look like (X API
  /// search responses, or Bluesky or Mastodon pages).
  case invalid(path: String, problem: PostDecodingError)
  /// The file is larger than `limit` bytes (an endless stream, or not a
  /// recording).
  case tooLarge(path: String, limit: Int)

  package var errorDescription: String? {
    switch self {
    case .notFound(let query, let directory, let tried):
      "no fixture for \(query) in \(directory) (looked for \(tried.joined(separator: ", ")))"
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason)"
    case .invalid(let path, let problem):
      "\(path): \(problem.localizedDescription)"
    case .tooLarge(let path, let limit):
      "\(path) is larger than \(limit >> 20) MiB, more than any recording of a search holds; "
        + "check that it is the right file"
    }
  }
}

/// Tweets from recorded API responses: a v2 search response object, a JSONL
/// file of such pages (what twarc2 and `--record` write), or a v1.1 response;
/// or a Bluesky searchPosts page or a Mastodon status array, or JSONL of
/// them, read by ``PostFile``'s reader of recordings (the format comes from
/// the content, as `--input` tells it), then gathered with no repeated ids
/// up to the count asked for. Mastodon statuses are kept as the live source
/// keeps them: boosts only with ``includeBoosts`` (`--include-retweets`),
/// and only those in ``language`` (`--lang`) when it is set.
///
/// Given a directory, the file is chosen from the query: its
/// ``SearchQuery/fileStem`` with `.jsonl` or else `.json` (`@Apple` →
/// `at-apple.jsonl`, then `at-apple.json`).
///
/// Files are found and read with `stat(2)` and `read(2)`; errors name a path
/// as its file URL does (`URL(fileURLWithPath:)`: absolute, without a
/// trailing `/`).
public struct FixtureTweetSource: TweetSource {
  /// A file or a directory of files.
  public let path: String
  /// Called with each problem a recorded page reports alongside its data
  /// (v2 partial `errors`), as ``XSource`` reports them live, for
  /// the pages read; `nil` ignores them.
  public var warning: (@Sendable (String) -> Void)?
  /// Whether a recorded Mastodon page's boosts are read (the boosted
  /// status), as the live source reads them with `--include-retweets`.
  package var includeBoosts = false
  /// The language a recorded Mastodon status must be in (nil: any), as the
  /// live source keeps those of `--lang` (`en` keeps `en-GB`): recorded
  /// Mastodon pages hold every status of the timeline. X and Bluesky
  /// recordings are read whole: the service filtered them when searched.
  package var language: String?

  /// The largest file read: 256 MiB (10,000 tweets recorded with their
  /// pages take about 10 MB).
  public static let maximumFileSize = 256 << 20

  /// Creates a source reading `path`, a file or a directory.
  public init(path: String) {
    self.path = path
  }

  /// Creates a source reading `location`, a file URL.
  public init(location: URL) {
    self.init(path: location.path)
  }

  /// The path of the file that holds the responses for `query`.
  public func file(for query: SearchQuery) throws -> String {
    // As a file URL would: the current directory for an empty path, and no
    // trailing `/`, which `stat` takes as "must be a directory".
    var location = path.isEmpty ? "." : path
    while location.count > 1 && location.hasSuffix("/") { location.removeLast() }
    var status = stat()
    guard stat(location, &status) == 0 else {
      throw FixtureError.unreadable(path: Self.shown(path), reason: "no such file or directory")
    }
    guard status.st_mode & S_IFMT == S_IFDIR else { return location }
    let names = ["jsonl", "json"].map { "\(query.fileStem).\($0)" }
    for name in names {
      let candidate = location + (location.hasSuffix("/") ? "" : "/") + name
      if stat(candidate, &status) == 0 { return candidate }
    }
    throw FixtureError.notFound(query: query.description, directory: Self.shown(path), tried: names)
  }

  /// Up to `count` tweets for `query` from the recorded responses: the
  /// file itself, or the query's file in the directory.
  nonisolated(nonsending) public func tweets(
    for query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    let path = try file(for: query)
    guard let bytes = try Self.contents(of: path) else {
      // One message for every way of failing to read it: what to check is the same.
      throw FixtureError.unreadable(path: Self.shown(path), reason: "it is not a readable file")
    }
    var collector = TweetCollector(limit: count)
    var warnings: [String] = []
    do {
      // An empty recording (a search that found nothing) holds no pages.
      try PostFile.forEachRecordedPage(
        in: bytes, includeBoosts: includeBoosts, language: language
      ) { tweets, found in
        guard !collector.isFull else { return }
        warnings += found
        collector.add(tweets)
      }
    } catch {
      throw FixtureError.invalid(path: Self.shown(path), problem: error)
    }
    // Only a recording read whole warns, as the live run warned.
    for problem in warnings { warning?(problem) }
    return collector.tweets
  }

  /// The bytes of the file at `path`, or `nil` when it cannot be read.
  ///
  /// - Throws: ``FixtureError/tooLarge(path:limit:)``.
  private static func contents(of path: String) throws -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return nil }
    var source = FileDescriptorSource(descriptor: descriptor)
    do {
      return try source.readAll(limit: maximumFileSize)
    } catch .tooLarge {
      throw FixtureError.tooLarge(path: shown(path), limit: maximumFileSize)
    } catch {
      return nil
    }
  }

  /// `path` as errors show it: the path of its file URL.
  private static func shown(_ path: String) -> String {
    URL(fileURLWithPath: path).path
  }
}
