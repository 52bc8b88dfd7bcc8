import XCTest

@testable import SentimentCore

final class BlueskyPostsTests: XCTestCase {
  private let page = #"""
    {"posts":[
      {"uri":"at://did:plc:abc123/app.bsky.feed.post/3kzq1","cid":"bafyrei1","author":{"did":"did:plc:abc123","handle":"ann.bsky.social","displayName":"Ann"},
       "record":{"$type":"app.bsky.feed.post","text":"Loving the new release!","createdAt":"2026-11-20T13:58:30.123456Z","langs":["en","de"],
         "facets":[{"index":{"byteStart":0,"byteEnd":4},"features":[{"$type":"app.bsky.richtext.facet#tag","tag":"wwdc"}]}]},
       "indexedAt":"2026-11-20T13:58:31.000Z","likeCount":3},
      {"uri":"at://did:plc:def456/app.bsky.feed.post/3kzq2","author":{"handle":"bob.example.com"},
       "record":{"text":"no date here","reply":{"root":{"uri":"at://x","cid":"y"},"parent":{"uri":"at://x","cid":"y"}}},
       "indexedAt":"2026-11-20T14:00:00+00:00"}
    ],"cursor":"25","hitsTotal":120}
    """#

  func testDecodesPostsAndCursor() throws {
    let decoded = try BlueskySearchPage.decode(Data(page.utf8))
    XCTAssertEqual(decoded.cursor, "25")
    XCTAssertEqual(decoded.tweets.count, 2)
    let first = decoded.tweets[0]
    XCTAssertEqual(first.id, "at://did:plc:abc123/app.bsky.feed.post/3kzq1")
    XCTAssertEqual(first.text, "Loving the new release!")
    XCTAssertEqual(first.language, "en")
    XCTAssertEqual(first.author, "ann.bsky.social")
    XCTAssertEqual(
      try XCTUnwrap(first.createdAt).timeIntervalSince1970, 1_795_183_110.123456, accuracy: 1e-5)
    let second = decoded.tweets[1]
    XCTAssertNil(second.language)
    // No createdAt: indexedAt, with a +00:00 offset.
    XCTAssertEqual(second.createdAt, Date(timeIntervalSince1970: 1_795_183_200))
  }

  func testLastPageHasNoCursor() throws {
    let decoded = try BlueskySearchPage.decode(Data(#"{"posts":[]}"#.utf8))
    XCTAssertEqual(decoded, BlueskySearchPage(tweets: [], cursor: nil))
  }

  func testTextIsNotEntityDecoded() throws {
    let decoded = try BlueskySearchPage.decode(
      Data(
        #"{"posts":[{"uri":"at://a/app.bsky.feed.post/1","record":{"text":"a &amp; b <3"}}]}"#.utf8)
    )
    XCTAssertEqual(decoded.tweets.first?.text, "a &amp; b <3")
  }

  func testDatesWithAnyFractionAndOffset() {
    for (text, seconds) in [
      ("2026-11-20T13:58:30Z", 1_795_183_110.0),
      ("2026-11-20T13:58:30.1Z", 1_795_183_110.1),
      ("2026-11-20T13:58:30.123456789Z", 1_795_183_110.123456789),
      ("2026-11-20T13:58:30.500+00:00", 1_795_183_110.5),
      ("2026-11-20T15:58:30.5+02:00", 1_795_183_110.5),
      ("2026-11-20T13:58:30z", 1_795_183_110.0),
    ] {
      guard let date = TweetDate.parseISO8601(text) else {
        XCTFail("\(text) not parsed")
        continue
      }
      XCTAssertEqual(date.timeIntervalSince1970, seconds, accuracy: 1e-6, text)
    }
  }

  func testErrorsNameThePathAndWhatToExpect() {
    XCTAssertThrowsError(try BlueskySearchPage.decode(Data(#"{"posts":5}"#.utf8))) { error in
      XCTAssertEqual(
        error as? PostDecodingError,
        .unexpectedShape(.bluesky, line: 0, detail: "unexpected value at posts"))
      XCTAssertTrue(error.localizedDescription.contains("app.bsky.feed.searchPosts"))
    }
    XCTAssertThrowsError(
      try BlueskySearchPage.decode(Data(#"{"posts":[{"uri":"u","record":{}}]}"#.utf8))
    ) { error in
      XCTAssertEqual(
        error as? PostDecodingError,
        .unexpectedShape(.bluesky, line: 0, detail: "missing \"text\" in posts[0].record"))
    }
    XCTAssertThrowsError(try BlueskySearchPage.decode(Data(#"{"posts":[{"uri""#.utf8))) {
      XCTAssertEqual($0 as? PostDecodingError, .notJSON(.bluesky, line: 0))
    }
    XCTAssertThrowsError(try BlueskySearchPage.decode(Data(#"{"data":[]}"#.utf8))) {
      XCTAssertEqual(
        $0 as? PostDecodingError, .unexpectedShape(.bluesky, line: 0, detail: "missing \"posts\""))
    }
  }

  func testRecordingOfPagesOnePerLine() throws {
    let first =
      #"{"posts":[{"uri":"at://a/app.bsky.feed.post/1","record":{"text":"one"}}],"cursor":"1"}"#
    let second = #"{"posts":[{"uri":"at://a/app.bsky.feed.post/2","record":{"text":"two"}}]}"#
    let pages = try recordedPages("\u{FEFF}\(first)\n\n\(second)\n".utf8)
    XCTAssertEqual(pages.map(\.cursor), ["1", nil])
    XCTAssertEqual(pages.flatMap(\.tweets).map(\.text), ["one", "two"])
    XCTAssertThrowsError(try recordedPages("\(first)\n{\"posts\":[".utf8)) {
      XCTAssertEqual($0 as? PostDecodingError, .notJSON(.bluesky, line: 2))
    }
    XCTAssertThrowsError(try recordedPages(" \n".utf8)) {
      XCTAssertEqual($0 as? PostDecodingError, .empty(.bluesky))
    }
  }

  func testOnePagePrettyPrintedOverLines() throws {
    let pages = try recordedPages(page.utf8)
    XCTAssertEqual(pages.count, 1)
    // Cut off: the whole file's error, not its first line's.
    XCTAssertThrowsError(try recordedPages(page.utf8.dropLast(20))) {
      XCTAssertEqual($0 as? PostDecodingError, .notJSON(.bluesky, line: 0))
    }
  }

  /// The pages of a recording, as `forEachPage` reads them.
  private func recordedPages(_ bytes: some Sequence<UInt8>) throws -> [BlueskySearchPage] {
    var pages: [BlueskySearchPage] = []
    try BlueskySearchPage.forEachPage(in: Array(bytes)[...]) { pages.append($0) }
    return pages
  }
}
