import XCTest

@testable import SentimentCore

/// `PostPageError`'s messages, which `--input`, `--fixtures` and the live
/// sources show: they name the line, the path of the problem and the shape
/// that was expected.
final class PostPageTests: XCTestCase {
  func testMessagesSayWhatWasExpected() {
    XCTAssertEqual(
      PostPageError.notJSON(.bluesky, line: 0).localizedDescription,
      "the response is not valid JSON; is it cut off? Expected a Bluesky searchPosts page, "
        + "or one per line (JSONL)")
    XCTAssertEqual(
      PostPageError.notJSON(.mastodon, line: 3).localizedDescription,
      "line 3 is not valid JSON; is it cut off? Expected a Mastodon status array, "
        + "or one per line (JSONL)")
    let shape = PostPageError.unexpectedShape(
      .bluesky, line: 2, detail: "missing \"uri\" in posts[1]"
    )
    .localizedDescription
    XCTAssertTrue(
      shape.hasPrefix(
        "line 2: not a Bluesky searchPosts page (missing \"uri\" in posts[1]); expected {\"posts\":"
      ), shape)
    XCTAssertTrue(
      PostPageError.unexpectedShape(.mastodon, line: 0, detail: "x").localizedDescription
        .hasPrefix("not a Mastodon status array (x); expected [{\"id\":"))
    XCTAssertEqual(
      PostPageError.empty(.mastodon).localizedDescription,
      "the file is empty; expected a Mastodon status array, or one per line (JSONL)")
  }

  func testAByteOrderMarkIsSkippedAndNullIsAbsent() throws {
    let pages = try BlueskySearchPage.decodeFile(
      Data([0xEF, 0xBB, 0xBF] + Array(#"{"posts":[],"cursor":null}"#.utf8)))
    XCTAssertEqual(pages, [BlueskySearchPage(tweets: [], cursor: nil)])
  }

  func testInvalidUTF8IsNotJSON() {
    XCTAssertThrowsError(
      try MastodonStatuses.decodeFile(
        Data(Array(#"[{"id":"1","content":""#.utf8) + [0xFF] + Array(#""}]"#.utf8)),
        includeBoosts: false, language: nil)
    ) {
      XCTAssertEqual($0 as? PostPageError, .notJSON(.mastodon, line: 0))
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
