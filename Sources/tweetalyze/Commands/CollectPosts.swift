import Foundation
import SentimentCore

// The posts a run of the main command (or `compare`) analyzes: fetched for
// a query, replayed from recorded responses, or read from `--input` files.
extension Context {
  /// The posts a search for `query` finds (or a replay reads), up to
  /// `--count`, with the warnings a search gives; refuses a search that
  /// finds none.
  nonisolated(nonsending) func fetchTweets(
    _ query: SearchQuery, _ options: AnalyzeOptions,
    source: (source: TweetSource, display: FetchDisplay)
  ) async throws -> [Tweet] {
    let display = source.display
    let tweets: [Tweet]
    do {
      defer { display.stop() }
      if case .live(let base) = source.source.origin {
        let host = URL(string: base).map { url in
          (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
        }
        // The service was asked for the window; what it answered is kept
        // within it too (X's end_time is not sent for a time under 10 s ago).
        tweets = try await NetworkTrap.guarding(
          host: host ?? "", service: options.source.descriptor
        ) {
          try await source.source.tweets(for: query, count: options.limit)
        }.filter { options.window.contains($0.createdAt) }
      } else {
        // A replay reads every recorded post, to say when --count cuts it.
        var all = try await source.source.tweets(
          for: query, count: max(options.limit, AnalyzeOptions.maximumCount))
        if !options.window.isUnbounded {
          all = try Self.inWindow(
            all, options, from: options.fixtures.map(ErrorLine.clean) ?? "", display: display)
        }
        // One rule for a query over recorded posts (``isRecording(_:for:)``).
        if let fixtures = options.fixtures, !Self.isDirectory(fixtures),
          !Self.isRecording(fixtures, for: query), !all.isEmpty
        {
          let recorded = all.count
          all = all.filter(query.matches)
          guard !all.isEmpty else {
            throw RuntimeError(
              "no posts that match \(query) among the \(recorded) in "
                + "\(ErrorLine.clean(fixtures)); is it the file for this query? (--fixtures DIR "
                + "reads each query's own file)", status: .noTweets)
          }
        }
        tweets = Array(all.prefix(options.limit))
        if all.count > tweets.count {
          display.warn(
            "analyzed the first \(tweets.count) of \(all.count) recorded posts; without --count "
              + "a replay reads every one")
        }
      }
    }
    guard !tweets.isEmpty else {
      let noun = display.noun
      throw RuntimeError(
        "no \(noun)s found for \(query); there is no score without \(noun)s", status: .noTweets)
    }
    if options.fixtures == nil, let asked = options.count, tweets.count < asked {
      display.warn(
        "found \(tweets.count) \(display.noun)s for \(query), fewer than the \(asked) asked for; "
          + "the search holds no more")
    }
    return tweets
  }

  /// The posts of the files at `paths` (`-`: stdin), those matching
  /// `--input`'s QUERY when one is given, up to `--count`, with warnings
  /// for dates not read and posts left out; refuses files without posts.
  func readInputs(_ paths: [String], _ options: AnalyzeOptions) throws -> [Tweet] {
    var tweets: [Tweet] = []
    var read = 0
    var undated: (count: Int, first: String?) = (0, nil)
    var undatedOutside = 0
    var empty = false
    let names = paths.map { $0 == "-" ? "stdin" : ErrorLine.clean($0) }
    for (path, name) in zip(paths, names) {
      let bytes = try Files.read(path, limit: Self.inputLimit)
      let whole = options.filter.map { Self.isRecording(path, for: $0) } ?? true
      do {
        // Only the posts kept are held: a file may hold millions.
        let found = try PostFile.forEachTweet(
          in: bytes, textColumn: options.textColumn, textColumns: TrainingDataColumns.textNames,
          dateColumn: options.dateColumn
        ) { tweet in
          guard whole || options.filter?.matches(tweet) ?? true else { return }
          guard options.window.contains(tweet.createdAt) else {
            if tweet.createdAt == nil { undatedOutside += 1 }
            return
          }
          read += 1
          if tweets.count < options.limit { tweets.append(tweet) }
        }
        undated.count += found.unreadableDates
        undated.first = undated.first ?? found.firstUnreadableDate
      } catch .empty {
        // An empty file holds no posts: exit 3 below when no file holds any.
        empty = true
      } catch {
        throw RuntimeError("\(name): \(error.localizedDescription)", status: .dataError)
      }
    }
    if undatedOutside > 0 && !options.quiet {
      try stderr.write("Warning: \(Self.undatedNote(undatedOutside))\n")
      try stderr.flush()
    }
    guard !tweets.isEmpty else {
      let which =
        (options.filter.map { " that match \($0)" } ?? "")
        + (options.window.isUnbounded ? "" : " " + Self.describe(options.window))
      let files = names.joined(separator: ", ")
      throw RuntimeError(
        "no posts\(which) in \(files)"
          + (empty && paths.count == 1
            ? " (it is empty)" : "; there is no score without posts"),
        status: .noTweets)
    }
    if undated.count > 0 && !options.quiet {
      let example = ErrorLine.clean(String((undated.first ?? "").prefix(40)))
      try stderr.write(
        "Warning: \(undated.count) date\(undated.count == 1 ? "" : "s") not read (such as "
          + "'\(example)'), so \(undated.count == 1 ? "its post is" : "their posts are") undated; "
          + "dates are ISO 8601, YYYY-MM-DD or the X API's; --date-column NAME chooses the "
          + "column, none ignores it\n")
      try stderr.flush()
    }
    if read > tweets.count && !options.quiet {
      try stderr.write(
        "Warning: analyzed the first \(tweets.count) of \(read) posts; --count N sets how many "
          + "(at most \(AnalyzeOptions.maximumCount))\n")
      try stderr.flush()
    }
    return tweets
  }

  /// The largest `--input` file read: 256 MiB, as for every other input.
  static let inputLimit = 256 << 20

  /// The posts of `all` in the options' window; a warning for the undated
  /// ones left out, and an error naming `name` when none is left.
  static func inWindow(
    _ all: [Tweet], _ options: AnalyzeOptions, from name: String, display: FetchDisplay
  ) throws -> [Tweet] {
    let kept = all.filter { options.window.contains($0.createdAt) }
    let undated = all.count(where: { $0.createdAt == nil })
    if undated > 0 { display.warn(undatedNote(undated)) }
    guard !kept.isEmpty || all.isEmpty else {
      throw RuntimeError(
        "no posts \(describe(options.window)) among the \(all.count) in \(name)", status: .noTweets)
    }
    return kept
  }

  /// `N undated posts left out: …`, the warning's words.
  static func undatedNote(_ count: Int) -> String {
    "\(count) undated post\(count == 1 ? "" : "s") left out: --since and --until keep the posts "
      + "whose date is in the window"
  }

  /// `from 2026-06-08T00:00:00Z`, `before …`, or `from … to …`.
  static func describe(_ window: DateWindow) -> String {
    switch (window.since, window.until) {
    case (let since?, let until?): "from \(ISO8601.string(since)) to \(ISO8601.string(until))"
    case (let since?, nil): "from \(ISO8601.string(since)) on"
    case (nil, let until?): "before \(ISO8601.string(until))"
    case (nil, nil): ""
    }
  }

  /// Whether `path` is the recording of `query`'s search, named as
  /// `--record` names it (`at-apple.jsonl` or `.json` for `@Apple`): its
  /// posts are that search's answer and are read whole. Any other file of
  /// recorded posts, given to `--input` or `--fixtures` with a query, keeps
  /// the posts that match the query (``SearchQuery/matches(_:)``): one rule
  /// for a query over recorded posts.
  static func isRecording(_ path: String, for query: SearchQuery) -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
    return [".jsonl", ".json"].contains { name == query.fileStem.lowercased() + $0 }
  }

  /// Whether `path` names a directory (`--fixtures DIR`).
  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path.isEmpty ? "." : path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
