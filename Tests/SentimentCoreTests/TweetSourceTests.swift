import XCTest

@testable import SentimentCore

final class TweetSourceTests: XCTestCase {
  private static let tweets = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tweets")

  private var temporary: URL!

  override func setUpWithError() throws {
    temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("tweetsource-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: temporary)
  }

  private func write(_ text: String, to name: String) throws -> URL {
    let url = temporary.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  private func page(_ ids: [Int], next: String? = nil) -> String {
    let data = ids.map { "{\"id\":\"\($0)\",\"text\":\"tweet \($0)\"}" }.joined(separator: ",")
    let meta = next.map { "{\"next_token\":\"\($0)\"}" } ?? "{}"
    return "{\"data\":[\(data)],\"meta\":\(meta)}"
  }

  // MARK: Repository fixtures

  func testAtApple() async throws {
    let source = FixtureTweetSource(location: Self.tweets)
    let tweets = try await source.tweets(for: SearchQuery("@Apple"), count: 1_000)
    XCTAssertEqual(tweets.count, 100)
    XCTAssertEqual(Set(tweets.map(\.id)).count, 100)
    XCTAssertEqual(Set(tweets.compactMap(\.author)).count, 80)
    XCTAssertFalse(tweets.contains { $0.text.contains("&amp;") })
    XCTAssertTrue(tweets.contains { $0.text.contains("&") })
    XCTAssertFalse(tweets.contains { $0.text.contains("… https://t.co/") }, "note_tweet is used")
    XCTAssertTrue(tweets.allSatisfy { $0.createdAt != nil })
  }

  func testHashtagWWDCOverTwoPages() async throws {
    let source = FixtureTweetSource(location: Self.tweets)
    let query = try SearchQuery("#WWDC")
    XCTAssertEqual(try source.file(for: query), Self.tweets.path + "/hashtag-wwdc.jsonl")
    let tweets = try await source.tweets(for: query, count: 1_000)
    XCTAssertEqual(tweets.count, 32)
    let ids = tweets.compactMap { Int64($0.id) }
    XCTAssertEqual(ids.count, 32)
    XCTAssertEqual(ids, ids.sorted(by: >), "newest first across both pages")
    XCTAssertEqual(Set(ids).count, 32)
  }

  func testBlueskyTrainTravelOverTwoPages() async throws {
    let directory = Self.tweets.appendingPathComponent("bluesky")
    let source = FixtureTweetSource(location: directory)
    let query = try SearchQuery("#TrainTravel")
    XCTAssertEqual(try source.file(for: query), directory.path + "/hashtag-traintravel.jsonl")
    let tweets = try await source.tweets(for: query, count: 1_000)
    XCTAssertEqual(tweets.count, 30)
    XCTAssertEqual(Set(tweets.map(\.id)).count, 30)
    XCTAssertTrue(tweets.allSatisfy { $0.id.hasPrefix("at://did:plc:") }, "ids are post URIs")
    XCTAssertTrue(tweets.allSatisfy { $0.text.contains("#TrainTravel") })
    XCTAssertTrue(tweets.allSatisfy { $0.language == "en" && $0.author != nil })
    let dates = tweets.compactMap(\.createdAt)
    XCTAssertEqual(dates.count, 30, "every createdAt form is read")
    XCTAssertEqual(dates, dates.sorted(by: >), "newest first across both pages")
    let first10 = try await source.tweets(for: query, count: 10)
    XCTAssertEqual(first10, Array(tweets.prefix(10)))
  }

  func testMastodonSourdoughLeavesTheBoostOut() async throws {
    let directory = Self.tweets.appendingPathComponent("mastodon")
    let source = FixtureTweetSource(location: directory)
    let tweets = try await source.tweets(for: SearchQuery("#Sourdough"), count: 1_000)
    XCTAssertEqual(tweets.count, 30, "31 statuses, one a boost")
    XCTAssertFalse(tweets.contains { $0.text.contains("workshop") }, "the boosted post")
    XCTAssertFalse(tweets.contains { $0.text.contains("<") || $0.text.contains("&amp;") })
    XCTAssertTrue(tweets.allSatisfy { $0.text.contains("#sourdough") })
    XCTAssertTrue(tweets.contains { $0.text.hasPrefix("@breadnerd thanks") })
    XCTAssertTrue(tweets.contains { $0.text.hasPrefix("Baking fail Burnt") }, "spoiler first")
    XCTAssertTrue(
      tweets.contains { $0.text.contains("https://notes.example/bread/2026/11/sourdough-notes") })
    XCTAssertEqual(tweets.filter { $0.language == "de" }.count, 1)
    XCTAssertTrue(tweets.contains { $0.author == "lievito@pane.example" })
  }

  /// A Mastodon replay keeps the statuses of its language as the live
  /// source does (`en` keeps `en-GB`, a status without one is left out),
  /// before the count; X recordings, filtered when searched, are read whole.
  func testALanguageKeepsAMastodonReplaysStatusesOfIt() async throws {
    let statuses = [("5", "de"), ("4", "en-GB"), ("3", nil), ("2", "EN"), ("1", "fr")].map {
      id, language in
      #"{"id":"\#(id)","content":"post \#(id)""#
        + (language.map { #","language":"\#($0)""# } ?? "") + "}"
    }
    let mastodon = try write("[" + statuses.joined(separator: ",") + "]", to: "m.json")
    var source = FixtureTweetSource(location: mastodon)
    source.language = "en"
    let query = try SearchQuery("#x")
    let english = try await source.tweets(for: query, count: 10)
    XCTAssertEqual(english.map(\.id), ["4", "2"])
    let first = try await source.tweets(for: query, count: 1)
    XCTAssertEqual(first.map(\.id), ["4"])
    source.language = nil
    let all = try await source.tweets(for: query, count: 10)
    XCTAssertEqual(all.map(\.id), ["5", "4", "3", "2", "1"])
    let x = try write(#"{"data":[{"id":"1","text":"t","lang":"de"}]}"#, to: "x.json")
    var replay = FixtureTweetSource(location: x)
    replay.language = "en"
    let german = try await replay.tweets(for: query, count: 10)
    XCTAssertEqual(german.map(\.id), ["1"])
  }

  func testABrokenBlueskyOrMastodonRecordingNamesItsPath() async throws {
    for (text, kind) in [
      (#"{"posts":5}"#, PostDecodingError.Format.bluesky), ("[{\"id\":1}]", .mastodon),
    ] {
      let url = try write(text, to: "bad.json")
      do {
        _ = try await FixtureTweetSource(location: url).tweets(for: SearchQuery("#x"), count: 10)
        XCTFail("read \(text)")
      } catch let error as FixtureError {
        guard case .invalid(let path, let problem) = error else {
          return XCTFail("\(error)")
        }
        XCTAssertEqual(path, url.path)
        guard case .unexpectedShape(kind, line: 0, _) = problem else {
          return XCTFail("\(problem)")
        }
        XCTAssertTrue(error.localizedDescription.hasPrefix(url.path + ": not "))
      }
    }
  }

  func testV1Tesla() async throws {
    let source = FixtureTweetSource(location: Self.tweets.appendingPathComponent("v1"))
    let tweets = try await source.tweets(for: SearchQuery("@Tesla"), count: 100)
    XCTAssertEqual(tweets.count, 15)
    XCTAssertTrue(tweets.allSatisfy { Int64($0.id) != nil && $0.id.count >= 17 }, "id_str is used")
    XCTAssertTrue(tweets.allSatisfy { $0.createdAt != nil })
    XCTAssertTrue(tweets.allSatisfy { !$0.text.isEmpty })
  }

  func testAFileLocationIsReadWhateverTheQuery() async throws {
    let file = Self.tweets.appendingPathComponent("v1/at-tesla.json")
    let source = FixtureTweetSource(location: file)
    XCTAssertEqual(try source.file(for: SearchQuery("#anything")), file.path)
    let tweets = try await source.tweets(for: SearchQuery("#anything"), count: 5)
    XCTAssertEqual(tweets.count, 5)
  }

  // MARK: Limits and duplicates

  func testCountLimits() async throws {
    let source = FixtureTweetSource(location: Self.tweets)
    let all = try await source.tweets(for: SearchQuery("#WWDC"), count: 1_000)
    for count in [0, 1, 10, 20, 25, 32, 33] {
      let some = try await source.tweets(for: SearchQuery("#WWDC"), count: count)
      XCTAssertEqual(some, Array(all.prefix(count)), "count \(count)")
    }
  }

  /// Partial errors are reported for the pages read, not for those after
  /// the count is reached.
  func testWarningsOfThePagesRead() async throws {
    func page(_ id: Int, problem: String) -> String {
      #"{"data":[{"id":"\#(id)","text":"t"}],"errors":[{"title":"\#(problem)"}],"meta":{}}"#
    }
    _ = try write(page(2, problem: "first") + "\n" + page(1, problem: "second"), to: "at-w.jsonl")
    let warnings = Warnings()
    var source = FixtureTweetSource(location: temporary)
    source.warning = { warnings.append($0) }
    _ = try await source.tweets(for: SearchQuery("@w"), count: 1)
    XCTAssertEqual(warnings.all, ["first"])
    _ = try await source.tweets(for: SearchQuery("@w"), count: 2)
    XCTAssertEqual(warnings.all, ["first", "first", "second"])
  }

  /// A recording whose later line is broken fails whole: no warning of the
  /// pages before it, whose posts are not analyzed either.
  func testABrokenLineAfterAWarningWarnsOfNothing() async throws {
    let first = #"{"data":[{"id":"2","text":"t"}],"errors":[{"title":"first"}],"meta":{}}"#
    let file = try write(first + "\n{\"data\":[\n", to: "at-b.jsonl")
    let warnings = Warnings()
    var source = FixtureTweetSource(location: temporary)
    source.warning = { warnings.append($0) }
    do {
      _ = try await source.tweets(for: SearchQuery("@b"), count: 10)
      XCTFail("no error")
    } catch let error as FixtureError {
      XCTAssertEqual(error, .invalid(path: file.path, problem: .notJSON(.xSearch, line: 2)))
    }
    XCTAssertEqual(warnings.all, [])
  }

  func testDuplicateIdsAreDropped() async throws {
    _ = try write(
      page([5, 4, 3], next: "x") + "\n" + page([3, 2, 4, 1]) + "\n", to: "at-dupes.jsonl")
    let source = FixtureTweetSource(location: temporary)
    let tweets = try await source.tweets(for: SearchQuery("@dupes"), count: 100)
    XCTAssertEqual(tweets.map(\.id), ["5", "4", "3", "2", "1"])
    XCTAssertEqual(tweets[2].text, "tweet 3")
    let limited = try await source.tweets(for: SearchQuery("@dupes"), count: 4)
    XCTAssertEqual(limited.map(\.id), ["5", "4", "3", "2"])
  }

  // MARK: Choosing the file

  func testJSONLIsPreferredOverJSON() async throws {
    _ = try write(page([1]), to: "at-both.json")
    let jsonl = try write(page([2]), to: "at-both.jsonl")
    let source = FixtureTweetSource(location: temporary)
    let query = try SearchQuery("@Both")
    XCTAssertEqual(try source.file(for: query), jsonl.path)
    let tweets = try await source.tweets(for: query, count: 10)
    XCTAssertEqual(tweets.map(\.id), ["2"])
  }

  func testJSONIsUsedWithoutJSONL() async throws {
    _ = try write(page([7]), to: "hashtag-only.json")
    let source = FixtureTweetSource(location: temporary)
    let tweets = try await source.tweets(for: SearchQuery("#Only"), count: 10)
    XCTAssertEqual(tweets.map(\.id), ["7"])
  }

  func testMissingFileNamesTheTriedNames() async throws {
    let source = FixtureTweetSource(location: temporary)
    do {
      _ = try await source.tweets(for: SearchQuery("@Nobody"), count: 10)
      XCTFail("no error")
    } catch let error as FixtureError {
      XCTAssertEqual(
        error,
        .notFound(
          query: "@Nobody", directory: temporary.path, tried: ["at-nobody.jsonl", "at-nobody.json"])
      )
      let description = error.errorDescription ?? ""
      XCTAssertTrue(description.contains("at-nobody.jsonl"), description)
      XCTAssertTrue(description.contains("at-nobody.json"), description)
      XCTAssertTrue(description.contains("@Nobody"), description)
    }
  }

  func testMissingDirectory() async throws {
    let missing = temporary.appendingPathComponent("does-not-exist")
    let source = FixtureTweetSource(location: missing)
    do {
      _ = try await source.tweets(for: SearchQuery("#x"), count: 10)
      XCTFail("no error")
    } catch let error as FixtureError {
      guard case .unreadable(let path, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(path, missing.path)
      XCTAssertFalse(reason.isEmpty)
      XCTAssertTrue((error.errorDescription ?? "").contains(missing.path))
    }
  }

  func testInvalidFileNamesItsPathAndProblem() async throws {
    let file = try write("this is not json", to: "at-broken.json")
    let source = FixtureTweetSource(location: temporary)
    do {
      _ = try await source.tweets(for: SearchQuery("@broken"), count: 10)
      XCTFail("no error")
    } catch let error as FixtureError {
      XCTAssertEqual(error, .invalid(path: file.path, problem: .notJSON(.xSearch, line: 0)))
      XCTAssertTrue((error.errorDescription ?? "").contains(file.path))
    }
  }

  /// Issue 36: an empty recording (or one of blank lines) holds no posts,
  /// which the command reports as exit 3, not a broken file.
  func testEmptyFileHoldsNoPosts() async throws {
    _ = try write("", to: "at-empty.json")
    _ = try write(" \n\n", to: "at-blank.json")
    let source = FixtureTweetSource(location: temporary)
    let empty = try await source.tweets(for: SearchQuery("@empty"), count: 10)
    XCTAssertEqual(empty, [])
    let blank = try await source.tweets(for: SearchQuery("@blank"), count: 10)
    XCTAssertEqual(blank, [])
  }

  // MARK: Collector

  /// Whether a source is live, and where it fetches, is the source's own
  /// answer (`tweetalyze` guards a live fetch and reads a replay whole).
  func testEachSourceSaysWhereItsPostsComeFrom() {
    let sources: [(any TweetSource, TweetOrigin)] = [
      (FixtureTweetSource(path: "f"), .recorded),
      (
        XSource(.init(token: "t", userAgent: "u", baseURL: "https://x.example/2")),
        .live(baseURL: "https://x.example/2")
      ),
      (
        BlueskySource(
          .init(handle: "h", appPassword: "p", userAgent: "u", baseURL: "https://b.example/xrpc")),
        .live(baseURL: "https://b.example/xrpc")
      ),
      (
        MastodonSource(.init(token: nil, userAgent: "u", instance: "https://m.example")),
        .live(baseURL: "https://m.example")
      ),
    ]
    for (source, origin) in sources {
      XCTAssertEqual(source.origin, origin, "\(type(of: source))")
    }
  }

  func testCollector() {
    var collector = TweetCollector(limit: 3)
    XCTAssertFalse(collector.isFull)
    collector.add([Tweet(id: "a", text: "1"), Tweet(id: "b", text: "2"), Tweet(id: "a", text: "3")])
    XCTAssertEqual(collector.tweets.map(\.text), ["1", "2"])
    XCTAssertFalse(collector.isFull)
    collector.add([Tweet(id: "b", text: "4"), Tweet(id: "c", text: "5"), Tweet(id: "d", text: "6")])
    XCTAssertEqual(collector.tweets.map(\.id), ["a", "b", "c"])
    XCTAssertTrue(collector.isFull)
    collector.add([Tweet(id: "e", text: "7")])
    XCTAssertEqual(collector.tweets.count, 3)
    XCTAssertEqual(collector.limit, 3)
  }

  func testCollectorWithLimitZero() {
    var collector = TweetCollector(limit: 0)
    XCTAssertTrue(collector.isFull)
    collector.add([Tweet(id: "a", text: "1")])
    XCTAssertEqual(collector.tweets, [])
  }
}

/// Warnings collected from a source's callback.
private final class Warnings: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []

  func append(_ warning: String) {
    lock.lock()
    defer { lock.unlock() }
    collected.append(warning)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }
}
