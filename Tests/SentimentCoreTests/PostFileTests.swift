import Foundation
import XCTest

@testable import SentimentCore

/// `PostFile`: which format a file's content is, and the posts read from
/// each format.
final class PostFileTests: XCTestCase {
  let names = ["text", "tweettext", "tweet"]

  func detect(_ text: String) -> PostFileFormat? {
    PostFile.detect(Array(text.utf8), textColumns: names)
  }

  func tweets(_ text: String, column: String? = nil) throws -> [Tweet] {
    try PostFile.tweets(in: Array(text.utf8), textColumn: column, textColumns: names)
  }

  func testTheFormatComesFromTheContent() {
    XCTAssertEqual(detect(#"{"data":[]}"#), .xSearch)
    XCTAssertEqual(detect("\u{FEFF} \n\t{\"statuses\":[]}"), .xSearch, "BOM and white space")
    XCTAssertEqual(detect("[1]"), .mastodonStatuses, "a JSON array is Mastodon's")
    XCTAssertEqual(detect("id,Text,date\n1,hi,2025-06-09\n"), .csv)
    XCTAssertEqual(detect("\u{FEFF}\"TWEET\", x\nhi,1\n"), .csv, "quoted, spaced, any case")
    XCTAssertEqual(detect("id;text\n1;hi\n"), .plainText, "one field: not CSV")
    XCTAssertEqual(detect("hello, texting, world\n"), .plainText, "no field is a text column")
    XCTAssertEqual(detect("text,more\n"), .csv)
    XCTAssertEqual(detect("I love it\nI hate it\n"), .plainText)
    XCTAssertEqual(detect("text\n"), .plainText, "a header needs two columns")
    XCTAssertNil(detect(""))
    XCTAssertNil(detect(" \r\n\n"))
    XCTAssertEqual(
      PostFile.detect(Array("id,body\n".utf8), textColumns: ["body"]), .csv,
      "the chosen column")
  }

  func testPlainTextIsOnePostALine() throws {
    let posts = try tweets("\u{FEFF}first post\r\n\n  \nsecond, with a comma\nlast")
    XCTAssertEqual(posts.map(\.text), ["first post", "second, with a comma", "last"])
    XCTAssertEqual(posts.map(\.id), ["1", "4", "5"], "ids are line numbers")
    XCTAssertTrue(posts.allSatisfy { $0.createdAt == nil })
  }

  func testCSVReadsTheTextIdAndDateColumns() throws {
    let posts = try tweets(
      "tweet_id,TEXT,label,Created_At\n"
        + "11,\"a, b\",x,2025-06-09T17:00:00Z\n"
        + "12,\"two\nlines\",y,2025-06-10\n"
        + "13,no date,z,\n"
        + "14,v1,z,Mon Jun 09 17:00:00 +0000 2025\n")
    XCTAssertEqual(posts.map(\.text), ["a, b", "two\nlines", "no date", "v1"])
    XCTAssertEqual(posts.map(\.id), ["11", "12", "13", "14"])
    let day = 86_400.0
    let june9 = 1_749_427_200.0
    XCTAssertEqual(posts[0].createdAt?.timeIntervalSince1970, june9 + 17 * 3600)
    XCTAssertEqual(posts[1].createdAt?.timeIntervalSince1970, june9 + day)
    XCTAssertNil(posts[2].createdAt)
    XCTAssertEqual(posts[3].createdAt, posts[0].createdAt)
  }

  func testCSVWithoutAnIdNumbersTheRowsByLine() throws {
    let posts = try tweets("text,n\nfirst,1\nsecond,2\n")
    XCTAssertEqual(posts.map(\.id), ["2", "3"])
    let blankIDs = try tweets("id,text\n,first\n7,second\n")
    XCTAssertEqual(blankIDs.map(\.id), ["2", "7"], "an empty id cell: the line number")
  }

  func testANamedTextColumnMustExist() throws {
    XCTAssertEqual(try tweets("id,body\n1,hi\n", column: "Body").map(\.text), ["hi"])
    XCTAssertThrowsError(try tweets("id,text\n1,hi\n", column: "body")) { error in
      XCTAssertEqual(
        error as? PostFileError, .missingTextColumn(name: "body", header: ["id", "text"]))
    }
    XCTAssertThrowsError(try tweets("just a line\n", column: "body")) { error in
      XCTAssertEqual(
        error as? PostFileError, .missingTextColumn(name: "body", header: ["just a line"]))
    }
  }

  func testXPagesAndTweets() throws {
    let page = try tweets(
      #"{"data":[{"id":"5","text":"a &amp; b","author_id":"1","created_at":"2025-06-09T17:00:00.000Z"}],"#
        + #""includes":{"users":[{"id":"1","username":"ann"}]}}"#)
    XCTAssertEqual(
      page,
      [
        Tweet(
          id: "5", text: "a & b", createdAt: Date(timeIntervalSince1970: 1_749_488_400),
          author: "ann")
      ])
    let jsonl = try tweets(
      #"{"data":[{"id":"1","text":"one"}]}"# + "\n\n" + #"{"meta":{"result_count":0}}"# + "\n"
        + #"{"data":[{"id":"2","text":"two"}]}"#)
    XCTAssertEqual(jsonl.map(\.id), ["1", "2"])
    let v1 = try tweets(#"{"statuses":[{"id":3,"id_str":"3","full_text":"long","text":"short"}]}"#)
    XCTAssertEqual(v1.map(\.text), ["long"])
    let bare = try tweets(
      #"{"id":4,"id_str":"4","text":"v1 tweet","created_at":"Mon Jun 09 17:00:00 +0000 2025"}"#
        + "\n" + #"{"id":"6","text":"v2 tweet"}"#)
    XCTAssertEqual(bare.map(\.id), ["4", "6"])
    XCTAssertEqual(bare[0].createdAt, Date(timeIntervalSince1970: 1_749_488_400))
    XCTAssertEqual(try tweets(#"{"meta":{"result_count":0}}"#), [])
  }

  func testBadContentSaysWhatIsRead() {
    func failure(_ bytes: [UInt8]) -> PostFileError? {
      do {
        _ = try PostFile.tweets(in: bytes, textColumns: names)
        return nil
      } catch {
        return error
      }
    }
    func failure(_ text: String) -> PostFileError? { failure(Array(text.utf8)) }
    XCTAssertEqual(failure(""), .empty)
    XCTAssertEqual(failure("\u{FEFF}\n \n"), .empty)
    XCTAssertEqual(failure(#"{"data":[{"id":"1","#), .invalidJSON(line: 0))
    XCTAssertEqual(failure("{\"data\":[]}\n{\"data\":["), .invalidJSON(line: 2))
    XCTAssertEqual(
      failure(#"{"other":1}"#), .unknownJSON(detail: #"no "data", "meta" or "statuses""#))
    XCTAssertEqual(
      failure("[{\"content\":\"<p>hi</p>\"}]"),
      .invalidPage(.unexpectedShape(.mastodon, line: 0, detail: "missing \"id\" in [0]")))
    XCTAssertEqual(
      failure(#"{"posts":5}"#),
      .invalidPage(.unexpectedShape(.bluesky, line: 0, detail: "unexpected value at posts")))
    XCTAssertEqual(failure(#"{"posts":[{"uri":"#), .invalidJSON(line: 0))
    XCTAssertEqual(failure("[]\n[{\"id\":"), .invalidJSON(line: 2))
    XCTAssertEqual(
      failure(Array("a Latin-1 file\n".utf8) + [0xE9, 0x0A]), .invalidUTF8(line: 2),
      "a few invalid bytes: text in another encoding")
    XCTAssertEqual(failure([0x00, 0x01] + Array("{{{not a format".utf8)), .binary, "a NUL byte")
    XCTAssertEqual(failure([0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A, 0x00, 0x00]), .binary)
    XCTAssertEqual(
      failure((0..<200).map { UInt8(0x80 + $0 % 64) }), .binary, "mostly invalid UTF-8")
    // Valid UTF-8 that holds U+FFFD is text: it was "binary data" once a
    // tenth of its bytes were U+FFFD's, judged by that byte pattern.
    let replacements = String(repeating: "\u{FFFD}\u{FFFD} oh\n", count: 50)
    XCTAssertEqual(failure(replacements), nil)
    XCTAssertEqual(
      try PostFile.tweets(in: Array(replacements.utf8), textColumns: names).count, 50)
    XCTAssertFalse(PostFile.isBinary(Array(String(repeating: "\u{FFFD}", count: 100).utf8)))
    XCTAssertTrue(PostFile.isBinary((0..<100).map { _ in 0xFF }), "the invalid bytes still are")
    XCTAssertEqual(
      failure("id,body\n1,hello\n"),
      .unknownTextColumn(header: ["id", "body"], tried: names), "a header naming an id")
    XCTAssertEqual(
      failure("Content,Author,Posted\nhi,bob,today\n"),
      .unknownTextColumn(header: ["content", "author", "posted"], tried: names),
      "three names and a record of three fields")
    XCTAssertNil(failure("ok,thanks\nI love it, really\n"), "two words and a comma: a post")
    XCTAssertNil(failure("Content,Writer,Posted\nhi\n"), "a post of three words")
    let long = [UInt8](repeating: 0x61, count: PostFile.maximumLineBytes + 1)
    XCTAssertEqual(failure(long), .lineTooLong(line: 1, limit: PostFile.maximumLineBytes))
    XCTAssertNil(
      failure([UInt8](repeating: 0x61, count: PostFile.maximumLineBytes)), "exactly 1 MiB is read")
    let message = PostFileError.unknownJSON(detail: "x").localizedDescription
    for format in PostFileFormat.allCases {
      XCTAssertTrue(message.contains(format.name), "the message names \(format)")
    }
  }

  func testDatesThatCannotBeReadLeaveTheirPostsUndated() throws {
    let csv = Array(
      "id,text,date,when\n1,a,soon,2025-06-09\n2,b,2025-06-10,\n3,c,03/01/2026,x\n".utf8)
    var posts: [Tweet] = []
    let report = try PostFile.forEachTweet(in: csv) { posts.append($0) }
    XCTAssertEqual(posts.map(\.id), ["1", "2", "3"], "no post is lost")
    XCTAssertEqual(posts.map { $0.createdAt != nil }, [false, true, false])
    XCTAssertEqual(report.unreadableDates, 2)
    XCTAssertEqual(report.firstUnreadableDate, "soon")
    posts = []
    let named = try PostFile.forEachTweet(in: csv, dateColumn: .named("WHEN")) { posts.append($0) }
    XCTAssertEqual(posts.map { $0.createdAt != nil }, [true, false, false])
    XCTAssertEqual(named.unreadableDates, 1)
    posts = []
    let ignored = try PostFile.forEachTweet(in: csv, dateColumn: .ignored) { posts.append($0) }
    XCTAssertEqual(posts.map(\.createdAt), [nil, nil, nil])
    XCTAssertEqual(ignored, PostFileReport())
    XCTAssertThrowsError(try PostFile.tweets(in: csv, dateColumn: .named("day"))) { error in
      XCTAssertEqual(
        error as? PostFileError,
        .missingDateColumn(name: "day", header: ["id", "text", "date", "when"]))
    }
  }

  // MARK: Bluesky and Mastodon

  static let blueskyPage =
    #"{"posts":[{"uri":"at://did:plc:a1/app.bsky.feed.post/3k1","cid":"bafy1","author":{"did":"did:plc:a1","handle":"ann.bsky.social"},"record":{"$type":"app.bsky.feed.post","text":"so good","createdAt":"2025-06-09T17:00:00.123Z","langs":["en"]},"indexedAt":"2025-06-09T17:00:01Z"}],"cursor":"c1"}"#
  static let mastodonPage =
    #"[{"id":"11","created_at":"2025-06-09T17:00:00.000Z","content":"<p>so <b>bad</b> &amp; sad</p>","spoiler_text":"","language":"en","account":{"acct":"bob","username":"bob"},"reblog":null},{"id":"12","content":"","reblog":{"id":"5","content":"<p>boosted</p>","account":{"acct":"cy"}}}]"#

  func testBlueskyAndMastodonAreToldApartFromX() {
    XCTAssertEqual(detect(Self.blueskyPage), .blueskySearch)
    XCTAssertEqual(
      detect("\u{FEFF}\n" + Self.blueskyPage + "\n" + Self.blueskyPage), .blueskySearch)
    XCTAssertEqual(detect("{\n  \"cursor\": \"x\",\n  \"posts\": []\n}"), .blueskySearch, "pretty")
    XCTAssertEqual(detect(#"{"posts":["#), .blueskySearch, "cut off after the name")
    XCTAssertEqual(detect(Self.mastodonPage), .mastodonStatuses)
    XCTAssertEqual(detect(" []\n" + Self.mastodonPage), .mastodonStatuses)
    // X's own members win; a "posts" deeper down is no page of posts.
    XCTAssertEqual(detect(#"{"data":[],"posts":[]}"#), .xSearch)
    XCTAssertEqual(detect(#"{"meta":{"posts":[]}}"#), .xSearch)
    XCTAssertEqual(detect(#"{"data":[{"id":"1","text":"\"posts\": x"}]}"#), .xSearch)
    XCTAssertEqual(detect(#"{"id":"1","text":"a tweet about posts"}"#), .xSearch)
    XCTAssertEqual(detect(#"{"a\"b":1,"posts":[]}"#), .blueskySearch, "escaped quote in a name")
  }

  /// The recordings the fixture source replays: each service's pages, one
  /// at a time, with X's partial errors; white space holds none; anything
  /// else fails as an X API response.
  func testARecordingIsReadPageByPageInEachServicesFormat() throws {
    func pages(_ text: String, includeBoosts: Bool = false) throws -> [[String]] {
      var pages: [[String]] = []
      try PostFile.forEachRecordedPage(in: Array(text.utf8), includeBoosts: includeBoosts) {
        tweets, warnings in pages.append(tweets.map(\.id) + warnings.map { "warning: \($0)" })
      }
      return pages
    }
    let x = #"{"data":[{"id":"2","text":"a"}],"errors":[{"title":"late"}],"meta":{}}"#
    XCTAssertEqual(
      try pages("\u{FEFF}\(x)\n\n{\"data\":[{\"id\":\"1\",\"text\":\"b\"}]}\n"),
      [["2", "warning: late"], ["1"]])
    XCTAssertEqual(
      try pages(#"{"posts":[{"uri":"at://a/app.bsky.feed.post/1","record":{"text":"hi"}}]}"#),
      [["at://a/app.bsky.feed.post/1"]])
    let boost = #"{"id":"3","content":"","reblog":{"id":"1","content":"boosted"}}"#
    let mastodon = #"[{"id":"2","content":"own"},\#(boost)]"# + "\n[]"
    XCTAssertEqual(try pages(mastodon), [["2"], []])
    XCTAssertEqual(try pages(mastodon, includeBoosts: true), [["2", "1"], []])
    XCTAssertEqual(try pages("\u{FEFF} \n\t"), [])
    XCTAssertThrowsError(try pages("id,text\n1,hi\n")) {
      XCTAssertEqual($0 as? PostDecodingError, .notJSON(.xSearch, line: 1))
    }
  }

  func testTopLevelKeysOnlyAtTheTop() {
    XCTAssertEqual(
      PostFile.topLevelKeys(Array(#"{"a":{"b":1},"c":[{"d":2}],"e":"f","g":null}"#.utf8)[...]),
      ["a", "c", "e", "g"])
    XCTAssertEqual(PostFile.topLevelKeys(Array(#"{"a":1}{"b":2}"#.utf8)[...]), ["a"])
    XCTAssertEqual(PostFile.topLevelKeys(Array(#"{"a\"#.utf8)[...]), [])
  }

  func testBlueskyPagesAndRecordings() throws {
    let expected = Tweet(
      id: "at://did:plc:a1/app.bsky.feed.post/3k1", text: "so good",
      createdAt: Date(timeIntervalSince1970: 1_749_488_400.123), language: "en",
      author: "ann.bsky.social")
    let one = try tweets(Self.blueskyPage)
    XCTAssertEqual(one.count, 1)
    XCTAssertEqual(one.first?.id, expected.id)
    XCTAssertEqual(one.first?.author, expected.author)
    XCTAssertEqual(
      try XCTUnwrap(one.first?.createdAt).timeIntervalSince1970, 1_749_488_400.123, accuracy: 1e-6)
    let recording = try tweets(Self.blueskyPage + "\n" + #"{"posts":[]}"# + "\n")
    XCTAssertEqual(recording.map(\.text), ["so good"])
  }

  func testMastodonArraysAndRecordingsLeaveBoostsOut() throws {
    let one = try tweets("\u{FEFF}" + Self.mastodonPage)
    XCTAssertEqual(
      one,
      [
        Tweet(
          id: "11", text: "so bad & sad", createdAt: Date(timeIntervalSince1970: 1_749_488_400),
          language: "en", author: "bob")
      ])
    let recording = try tweets(Self.mastodonPage + "\n[]\n" + Self.mastodonPage)
    XCTAssertEqual(
      recording.map(\.id), ["11", "11"], "the reader keeps repeats; analysis counts each")
  }
}
