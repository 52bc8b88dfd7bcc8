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
    XCTAssertEqual(detect("[1]"), .xSearch, "any JSON goes to the JSON readers")
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
    guard case .unknownJSON = failure("[{\"content\":\"<p>hi</p>\"}]") else {
      return XCTFail("a JSON array is no format read yet")
    }
    XCTAssertEqual(failure([0x61, 0x0A, 0xFF, 0x0A]), .invalidUTF8(line: 2))
    let long = [UInt8](repeating: 0x61, count: PostFile.maximumLineBytes + 1)
    XCTAssertEqual(failure(long), .lineTooLong(line: 1, limit: PostFile.maximumLineBytes))
    XCTAssertNil(
      failure([UInt8](repeating: 0x61, count: PostFile.maximumLineBytes)), "exactly 1 MiB is read")
    XCTAssertEqual(failure("text,date\nhi,soon\n"), .invalidDate(line: 2, value: "soon"))
    let message = PostFileError.unknownJSON(detail: "x").localizedDescription
    for format in PostFileFormat.allCases {
      XCTAssertTrue(message.contains(format.name), "the message names \(format)")
    }
  }
}
