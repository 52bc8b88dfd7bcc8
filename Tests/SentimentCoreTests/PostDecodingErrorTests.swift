import XCTest

@testable import SentimentCore

/// `PostDecodingError`, what every decoder of posts throws: each format's
/// messages, which `--input`, `--fixtures`, `classify --archive` and the
/// live sources show, name the line, the path of the problem and what was
/// expected.
final class PostDecodingErrorTests: XCTestCase {
  func testEachDecoderThrowsItWithItsFormat() {
    let cases: [(String, () throws -> Void, PostDecodingError.Format)] = [
      ("X", { _ = try SearchResponseDecoder.decodePage(Data("{}".utf8)) }, .xSearch),
      ("archive", { _ = try TweetArchive.tweets(inLine: Array("{}".utf8), number: 1) }, .xArchive),
      ("Bluesky", { _ = try BlueskySearchPage.decode(Data("{}".utf8)) }, .bluesky),
      (
        "Mastodon",
        { _ = try MastodonStatuses.decode(Data("{}".utf8), includeBoosts: false, language: nil) },
        .mastodon
      ),
    ]
    for (name, decode, format) in cases {
      XCTAssertThrowsError(try decode(), name) { error in
        guard case .unexpectedShape(format, _, _)? = error as? PostDecodingError else {
          return XCTFail("\(name): \(error)")
        }
      }
    }
  }

  func testXSearchMessages() {
    XCTAssertEqual(
      PostDecodingError.notJSON(.xSearch, line: 3).localizedDescription,
      "line 3 is not valid JSON")
    XCTAssertEqual(
      PostDecodingError.notJSON(.xSearch, line: 0).localizedDescription,
      "the response is not valid JSON")
    XCTAssertEqual(
      PostDecodingError.unexpectedShape(.xSearch, line: 2, detail: "missing \"data\"")
        .localizedDescription,
      "line 2: not an X API search response (missing \"data\")")
    XCTAssertEqual(
      PostDecodingError.empty(.xSearch).localizedDescription,
      "the file is empty; expected an X API search response")
  }

  func testArchiveMessagesNameTheLine() {
    XCTAssertEqual(
      PostDecodingError.notJSON(.xArchive, line: 0).at(line: 12).localizedDescription,
      "line 12 of the archive is not JSON; expected one JSON object per line (JSONL)")
    XCTAssertEqual(
      PostDecodingError.unexpectedShape(.xArchive, line: 0, detail: "d").at(line: 4)
        .localizedDescription,
      "line 4 of the archive holds no tweets (d); expected X API v2 pages ({\"data\":[…]}), "
        + "tweets (v2 or v1.1) or v1.1 search results ({\"statuses\":[…]}), one per line")
  }

  func testBlueskyAndMastodonMessagesSayWhatWasExpected() {
    XCTAssertEqual(
      PostDecodingError.notJSON(.bluesky, line: 0).localizedDescription,
      "the response is not valid JSON; is it cut off? Expected a Bluesky searchPosts page, "
        + "or one per line (JSONL)")
    XCTAssertEqual(
      PostDecodingError.notJSON(.mastodon, line: 3).localizedDescription,
      "line 3 is not valid JSON; is it cut off? Expected a Mastodon status array, "
        + "or one per line (JSONL)")
    let shape = PostDecodingError.unexpectedShape(
      .bluesky, line: 2, detail: "missing \"uri\" in posts[1]"
    )
    .localizedDescription
    XCTAssertTrue(
      shape.hasPrefix(
        "line 2: not a Bluesky searchPosts page (missing \"uri\" in posts[1]); expected {\"posts\":"
      ), shape)
    XCTAssertTrue(
      PostDecodingError.unexpectedShape(.mastodon, line: 0, detail: "x").localizedDescription
        .hasPrefix("not a Mastodon status array (x); expected [{\"id\":"))
    XCTAssertEqual(
      PostDecodingError.empty(.mastodon).localizedDescription,
      "the file is empty; expected a Mastodon status array, or one per line (JSONL)")
  }
}
