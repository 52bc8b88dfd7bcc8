import Foundation

/// Where tweets come from: the X API, or recorded responses.
public protocol TweetSource: Sendable {
  /// Up to `count` of the most recent tweets matching `query`, newest first,
  /// without duplicate ids.
  ///
  /// It runs on the caller's executor: a source that need not wait (as
  /// recorded responses) starts no thread.
  nonisolated(nonsending) func tweets(for query: SearchQuery, count: Int) async throws -> [Tweet]
}

/// Why recorded tweets could not be read.
public enum FixtureError: LocalizedError, Equatable {
  /// No file for the query in the fixtures directory.
  case notFound(query: String, directory: String, tried: [String])
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The file's contents are not a search response.
  case invalid(path: String, problem: SearchResponseError)

  public var errorDescription: String? {
    switch self {
    case .notFound(let query, let directory, let tried):
      "no fixture for \(query) in \(directory) (looked for \(tried.joined(separator: ", ")))"
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason)"
    case .invalid(let path, let problem):
      "\(path): \(problem.localizedDescription)"
    }
  }
}

/// Tweets from recorded API responses: a v2 search response object, a JSONL
/// file of such pages (what twarc2 and `--record` write), or a v1.1 response.
///
/// Given a directory, the file is chosen from the query: its
/// ``SearchQuery/fileStem`` with `.jsonl` or else `.json` (`@Apple` →
/// `at-apple.jsonl`, then `at-apple.json`).
public struct FixtureTweetSource: TweetSource {
  /// A file or a directory of files.
  public let location: URL

  /// Creates a source reading `location`.
  public init(location: URL) {
    self.location = location
  }

  /// The file that holds the responses for `query`.
  public func file(for query: SearchQuery) throws -> URL {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else {
      throw FixtureError.unreadable(path: location.path, reason: "no such file or directory")
    }
    guard isDirectory.boolValue else { return location }
    let names = ["jsonl", "json"].map { "\(query.fileStem).\($0)" }
    for name in names {
      let candidate = location.appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    }
    throw FixtureError.notFound(query: query.description, directory: location.path, tried: names)
  }

  nonisolated(nonsending) public func tweets(
    for query: SearchQuery, count: Int
  ) async throws -> [Tweet] {
    let url = try file(for: query)
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw FixtureError.unreadable(path: url.path, reason: Self.reason(error))
    }
    let pages: [SearchResponsePage]
    do {
      pages = try SearchResponseDecoder.decodeFile(data)
    } catch let problem as SearchResponseError {
      throw FixtureError.invalid(path: url.path, problem: problem)
    }
    var collector = TweetCollector(limit: count)
    for page in pages where !collector.isFull { collector.add(page.tweets) }
    return collector.tweets
  }

  private static func reason(_ error: Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let posix = underlying, posix.domain == NSPOSIXErrorDomain,
      let message = strerror(Int32(posix.code))
    {
      return String(cString: message).lowercased()
    }
    return "it is not a readable file"
  }
}

/// Gathers tweets from pages: drops repeated ids, stops at a limit.
public struct TweetCollector: Sendable {
  /// The most tweets kept.
  public let limit: Int
  /// The tweets kept, in order.
  public private(set) var tweets: [Tweet] = []
  private var seen: Set<String> = []

  /// Creates a collector keeping at most `limit` tweets.
  public init(limit: Int) {
    self.limit = limit
  }

  /// Whether the limit is reached.
  public var isFull: Bool { tweets.count >= limit }

  /// Adds tweets not seen before, up to the limit.
  public mutating func add(_ page: [Tweet]) {
    for tweet in page where !isFull && seen.insert(tweet.id).inserted {
      tweets.append(tweet)
    }
  }
}
