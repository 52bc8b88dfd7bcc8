import Foundation
import XCTest

@testable import SentimentCore

/// Reading tweet archives line by line (`TweetArchive.swift`).
final class TweetArchiveTests: XCTestCase {
  private func tweets(_ line: String) throws -> [ArchivedTweet] {
    try TweetArchive.tweets(inLine: Array(line.utf8), number: 4)
  }

  func testAV2PageAsTheAPIAndTwarc2WriteIt() throws {
    let page = #"""
      {"data":[{"id":"1850","text":"I &lt;3 it","author_id":"77","created_at":"2026-11-01T10:00:00.000Z","lang":"en"},
      {"id":"1851","text":"cut…","note_tweet":{"text":"the whole long post"},"edit_history_tweet_ids":["1851"]}],
      "includes":{"users":[{"id":"77","username":"someone"}]},"meta":{"result_count":2,"next_token":"x"},
      "__twarc":{"url":"https://api.x.com/2/tweets/search/all","version":"2.14.0"}}
      """#.replacing("\n", with: "")
    XCTAssertEqual(
      try tweets(page),
      [
        ArchivedTweet(
          id: "1850", text: "I <3 it", createdAt: "2026-11-01T10:00:00.000Z", authorID: "77"),
        ArchivedTweet(id: "1851", text: "the whole long post"),
      ])
    XCTAssertEqual(try tweets(#"{"data":{"id":"9","text":"one looked up"}}"#).map(\.id), ["9"])
    XCTAssertEqual(try tweets(#"{"meta":{"result_count":0}}"#), [])
    XCTAssertEqual(try tweets(#"{"errors":[{"title":"Not Found Error"}]}"#), [])
    XCTAssertEqual(try tweets("  \r"), [])
  }

  func testOneTweetPerLineInEitherVersion() throws {
    XCTAssertEqual(
      try tweets(
        #"{"id":"5","text":"flat","author_id":"3","created_at":"2026-01-02T03:04:05.000Z"}"#),
      [ArchivedTweet(id: "5", text: "flat", createdAt: "2026-01-02T03:04:05.000Z", authorID: "3")])
    let v1 =
      #"{"created_at":"Wed Oct 10 20:19:24 +0000 2018","id":1050118621198921728,"id_str":"1050118621198921728","#
      + #""text":"short","truncated":true,"extended_tweet":{"full_text":"the long one"},"user":{"id":6253282,"id_str":"6253282"}}"#
    XCTAssertEqual(
      try tweets(v1),
      [
        ArchivedTweet(
          id: "1050118621198921728", text: "the long one",
          createdAt: "Wed Oct 10 20:19:24 +0000 2018", authorID: "6253282")
      ])
    XCTAssertEqual(
      try tweets(
        #"{"statuses":[{"id":12,"full_text":"a","text":"b"},{"id_str":"13","text":"c"}]}"#),
      [ArchivedTweet(id: "12", text: "a"), ArchivedTweet(id: "13", text: "c")])
  }

  func testLinesThatHoldNoTweetsAreErrorsWithTheirNumber() {
    XCTAssertThrowsError(try tweets("not json")) {
      XCTAssertEqual($0 as? PostDecodingError, .notJSON(.xArchive, line: 4))
    }
    XCTAssertThrowsError(try tweets(#"{"name":"a user"}"#)) {
      XCTAssertEqual(
        $0 as? PostDecodingError,
        .unexpectedShape(
          .xArchive, line: 4, detail: "no \"data\", \"statuses\", or \"id\" and \"text\""))
    }
    XCTAssertThrowsError(try tweets(#"{"data":[{"id":"1","text":5}]}"#)) {
      XCTAssertEqual(
        $0 as? PostDecodingError,
        .unexpectedShape(.xArchive, line: 4, detail: "a member has an unexpected type"))
    }
  }
}
