import XCTest

@testable import SentimentCore

final class MastodonStatusesTests: XCTestCase {
  private func status(
    _ id: String, _ content: String, language: String? = "en", spoiler: String = "",
    reblog: String = "null", acct: String = "ann"
  ) -> String {
    let lang = language.map { "\"\($0)\"" } ?? "null"
    return
      #"{"id":"\#(id)","created_at":"2026-11-20T13:58:30.000Z","content":"\#(content)","spoiler_text":"\#(spoiler)","language":\#(lang),"account":{"id":"9","acct":"\#(acct)","username":"\#(acct.split(separator: "@")[0])"},"reblog":\#(reblog),"mentions":[],"tags":[{"name":"cats","url":"https://m.example/tags/cats"}]}"#
  }

  func testDecodesStatusesAsPlainText() throws {
    let page =
      "["
      + status(
        "110",
        "<p>Happy &amp; proud of <a href=\\\"https://m.example/tags/cats\\\" class=\\\"mention hashtag\\\" rel=\\\"tag\\\">#<span>cats</span></a></p><p>second&#39;s para</p>"
      ) + "]"
    let tweets = try MastodonStatuses.decode(Data(page.utf8), includeBoosts: false, language: nil)
    XCTAssertEqual(
      tweets,
      [
        Tweet(
          id: "110", text: "Happy & proud of #cats second's para",
          createdAt: Date(timeIntervalSince1970: 1_795_183_110), language: "en", author: "ann")
      ])
  }

  func testSpoilerTextComesFirst() throws {
    let page =
      "[" + status("1", "<p>the ending was sad</p>", spoiler: "Film  spoilers & <more>") + "]"
    let tweets = try MastodonStatuses.decode(Data(page.utf8), includeBoosts: false, language: nil)
    XCTAssertEqual(tweets.map(\.text), ["Film spoilers & <more> the ending was sad"])
  }

  func testBoostsAreLeftOutUnlessAsked() throws {
    let boosted = status("50", "<p>original post</p>", acct: "bob@other.example")
    let page =
      "[" + status("1", "<p>own post</p>") + "," + status("2", "", reblog: boosted) + "]"
    let without = try MastodonStatuses.decode(Data(page.utf8), includeBoosts: false, language: nil)
    XCTAssertEqual(without.map(\.id), ["1"])
    let with = try MastodonStatuses.decode(Data(page.utf8), includeBoosts: true, language: nil)
    XCTAssertEqual(with.map(\.id), ["1", "50"])
    XCTAssertEqual(with.last?.text, "original post")
    XCTAssertEqual(with.last?.author, "bob@other.example")
  }

  func testDecodeCountingCountsStatusesWithTextWhateverTheFilters() throws {
    let boosted = status("50", "<p>original post</p>")
    let page =
      "[" + status("1", "<p>own post</p>", language: "de") + ","
      + status("2", "", reblog: boosted) + "," + status("3", "<p></p>") + "]"
    let counted = try MastodonStatuses.decodeCounting(
      Data(page.utf8), line: 0, includeBoosts: false, language: "en")
    XCTAssertEqual(counted.tweets.map(\.id), [], "the German status and the boost are filtered")
    XCTAssertEqual(counted.withText, 2, "the own post and the boosted one have text; 3 has none")
    XCTAssertEqual(
      counted.withText,
      try MastodonStatuses.decode(Data(page.utf8), includeBoosts: true, language: nil).count)
  }

  func testLanguageFilter() throws {
    let page =
      "[" + status("1", "english", language: "en") + "," + status("2", "deutsch", language: "de")
      + "," + status("3", "unknown", language: nil) + ","
      + status("4", "british", language: "en-GB")
      + "]"
    let data = Data(page.utf8)
    XCTAssertEqual(
      try MastodonStatuses.decode(data, includeBoosts: false, language: nil).map(\.id),
      ["1", "2", "3", "4"])
    XCTAssertEqual(
      try MastodonStatuses.decode(data, includeBoosts: false, language: "EN").map(\.id), ["1", "4"])
    XCTAssertEqual(
      try MastodonStatuses.decode(data, includeBoosts: false, language: "de").map(\.id), ["2"])
  }

  func testScriptsInContentAreDroppedAndEntitiesDecoded() throws {
    let page =
      "["
      + status(
        "1", "<p>great &amp; &quot;fun&quot;</p><script>alert('bad')</script><style>p{}</style>")
      + "]"
    XCTAssertEqual(
      try MastodonStatuses.decode(Data(page.utf8), includeBoosts: false, language: nil).map(\.text),
      ["great & \"fun\""])
  }

  func testStatusWithoutTextIsLeftOut() throws {
    let page = "[" + status("1", "<p></p>") + "," + status("2", "<p>words</p>") + "]"
    XCTAssertEqual(
      try MastodonStatuses.decode(Data(page.utf8), includeBoosts: false, language: nil).map(\.id),
      ["2"])
  }

  func testErrors() {
    XCTAssertThrowsError(
      try MastodonStatuses.decode(Data(#"[{"id":"1"}]"#.utf8), includeBoosts: false, language: nil)
    ) { error in
      XCTAssertEqual(
        error as? PostDecodingError,
        .unexpectedShape(.mastodon, line: 0, detail: "missing \"content\" in [0]"))
      XCTAssertTrue(error.localizedDescription.contains("/api/v1/timelines/tag"))
    }
    XCTAssertThrowsError(
      try MastodonStatuses.decode(
        Data(#"{"error":"Not found"}"#.utf8), includeBoosts: false, language: nil)
    ) {
      XCTAssertEqual(
        $0 as? PostDecodingError,
        .unexpectedShape(.mastodon, line: 0, detail: "unexpected value at top level"))
    }
    XCTAssertThrowsError(
      try MastodonStatuses.decode(Data("[{\"id\":".utf8), includeBoosts: false, language: nil)
    ) {
      XCTAssertEqual($0 as? PostDecodingError, .notJSON(.mastodon, line: 0))
    }
  }

  func testRecordingOfArraysOnePerLine() throws {
    let file =
      "[" + status("2", "b") + "," + status("1", "a") + "]\n[]\n[" + status("0", "z") + "]\n"
    let pages = try recordedPages(file.utf8)
    XCTAssertEqual(pages.map { $0.map(\.id) }, [["2", "1"], [], ["0"]])
    XCTAssertThrowsError(
      try recordedPages((file + "[{\"id\":\"9\"}]\n").utf8)
    ) {
      XCTAssertEqual(
        $0 as? PostDecodingError,
        .unexpectedShape(.mastodon, line: 4, detail: "missing \"content\" in [0]"))
    }
  }

  func testNextMaxIDFromLinkHeader() {
    XCTAssertEqual(
      MastodonStatuses.nextMaxID(
        linkHeader:
          #"<https://m.example/api/v1/timelines/tag/cats?max_id=109348>; rel="next", <https://m.example/api/v1/timelines/tag/cats?min_id=109400>; rel="prev""#
      ), "109348")
    XCTAssertEqual(
      MastodonStatuses.nextMaxID(
        linkHeader:
          #"<https://m.example/api/v1/timelines/tag/cats?min_id=5>; rel="prev", <https://m.example/api/v1/timelines/tag/cats?limit=40&max_id=4>; rel=next"#
      ), "4")
    XCTAssertNil(
      MastodonStatuses.nextMaxID(
        linkHeader: #"<https://m.example/api/v1/timelines/tag/cats?min_id=5>; rel="prev""#))
    XCTAssertNil(MastodonStatuses.nextMaxID(linkHeader: nil))
    XCTAssertNil(MastodonStatuses.nextMaxID(linkHeader: ""))
    XCTAssertNil(MastodonStatuses.nextMaxID(linkHeader: "<broken; rel=\"next\""))
    XCTAssertNil(
      MastodonStatuses.nextMaxID(linkHeader: #"<https://m.example/x?since_id=1>; rel="next""#))
  }

  /// The pages of a recording, as `forEachPage` reads them (boosts left
  /// out, any language).
  private func recordedPages(_ bytes: some Sequence<UInt8>) throws -> [[Tweet]] {
    var pages: [[Tweet]] = []
    try MastodonStatuses.forEachPage(in: Array(bytes)[...], includeBoosts: false, language: nil) {
      pages.append($0)
    }
    return pages
  }
}
