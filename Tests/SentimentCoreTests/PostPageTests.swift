import XCTest

@testable import SentimentCore

/// The decoding every page of posts shares (`PostPageJSON`): a byte order
/// mark, `null`, invalid UTF-8 and deep nesting.
final class PostPageTests: XCTestCase {
  func testAByteOrderMarkIsSkippedAndNullIsAbsent() throws {
    var pages: [BlueskySearchPage] = []
    try BlueskySearchPage.forEachPage(
      in: ([0xEF, 0xBB, 0xBF] + Array(#"{"posts":[],"cursor":null}"#.utf8))[...]
    ) { pages.append($0) }
    XCTAssertEqual(pages, [BlueskySearchPage(tweets: [], cursor: nil)])
  }

  func testInvalidUTF8IsNotJSON() {
    XCTAssertThrowsError(
      try MastodonStatuses.forEachPage(
        in: (Array(#"[{"id":"1","content":""#.utf8) + [0xFF] + Array(#""}]"#.utf8))[...],
        includeBoosts: false, language: nil
      ) { _ in }
    ) {
      XCTAssertEqual($0 as? PostDecodingError, .notJSON(.mastodon, line: 0))
    }
  }

  func testDeepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    XCTAssertThrowsError(
      try MastodonStatuses.decode(Data(deep.utf8), includeBoosts: false, language: nil))
    var boosts = #"{"id":"0","content":"x"}"#
    for index in 1...2_000 { boosts = #"{"id":"\#(index)","content":"","reblog":\#(boosts)}"# }
    XCTAssertThrowsError(
      try MastodonStatuses.decode(Data("[\(boosts)]".utf8), includeBoosts: true, language: nil))
  }
}
