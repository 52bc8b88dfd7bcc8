import XCTest

@testable import SentimentCore

final class SearchResponseTests: XCTestCase {
  private func page(_ json: String) throws -> SearchResponsePage {
    try SearchResponseDecoder.decodePage(Data(json.utf8))
  }

  private func file(_ text: String) throws -> [SearchResponsePage] {
    var pages: [SearchResponsePage] = []
    try SearchResponseDecoder.forEachPage(in: Array(text.utf8)[...]) { pages.append($0) }
    return pages
  }

  private func assertError(
    _ text: String, _ check: (PostDecodingError) -> Void, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try self.file(text), file: file, line: line) { error in
      guard let error = error as? PostDecodingError else {
        return XCTFail("\(error)", file: file, line: line)
      }
      check(error)
      XCTAssertFalse((error.errorDescription ?? "").isEmpty, file: file, line: line)
    }
  }

  // MARK: v2

  private let v2 = """
    {
      "data": [
        {"id": "1003", "text": "Loving the new phone &amp; its case", "author_id": "u1",
         "created_at": "2026-11-20T13:58:30.000Z", "lang": "en",
         "edit_history_tweet_ids": ["1003"]},
        {"id": "1002", "text": "This post is long and gets cut… https://t.co/abc", "author_id": "u2",
         "note_tweet": {"text": "This post is long and gets cut off here &lt;but not in the note&gt;",
                        "entities": {"hashtags": []}}},
        {"id": "1001", "text": "author not included", "author_id": "u9", "lang": "fr"}
      ],
      "includes": {"users": [
        {"id": "u2", "username": "bob", "name": "Bob"},
        {"id": "u1", "username": "alice", "name": "Alice"}
      ]},
      "meta": {"newest_id": "1003", "oldest_id": "1001", "result_count": 3, "next_token": "tok123"}
    }
    """

  func testV2PageWithIncludes() throws {
    let page = try page(v2)
    XCTAssertEqual(page.tweets.map(\.id), ["1003", "1002", "1001"])
    XCTAssertEqual(page.tweets.map(\.author), ["alice", "bob", nil])
    XCTAssertEqual(page.tweets.map(\.language), ["en", nil, "fr"])
    XCTAssertEqual(page.tweets[0].createdAt?.timeIntervalSince1970, 1_795_183_110)
    XCTAssertNil(page.tweets[1].createdAt)
    XCTAssertEqual(page.nextToken, "tok123")
    XCTAssertEqual(page.warnings, [])
  }

  func testNoteTweetIsPreferredAndEntitiesAreDecoded() throws {
    let page = try page(v2)
    XCTAssertEqual(page.tweets[0].text, "Loving the new phone & its case")
    XCTAssertEqual(
      page.tweets[1].text, "This post is long and gets cut off here <but not in the note>")
    XCTAssertEqual(page.tweets[2].text, "author not included")
  }

  func testErrorsBecomeWarnings() throws {
    let page = try page(
      """
      {"data": [{"id": "1", "text": "hi"}],
       "errors": [
         {"title": "Not Found Error", "detail": "Could not find user with id: [7].",
          "type": "https://api.twitter.com/2/problems/resource-not-found"},
         {"message": "Rate limit soon"}
       ]}
      """)
    XCTAssertEqual(page.tweets.map(\.text), ["hi"])
    XCTAssertEqual(page.warnings.count, 2)
    XCTAssertTrue(page.warnings[0].contains("Not Found Error"))
    XCTAssertTrue(page.warnings[0].contains("Could not find user with id: [7]."))
    XCTAssertTrue(page.warnings[1].contains("Rate limit soon"))
  }

  func testOnlyErrorsIsAPageWithoutTweets() throws {
    let page = try page(#"{"errors": [{"title": "Gone", "detail": "suspended"}]}"#)
    XCTAssertEqual(page.tweets, [])
    XCTAssertEqual(page.warnings.count, 1)
  }

  func testNoDataIsZeroTweets() throws {
    let page = try page(#"{"meta": {"result_count": 0}}"#)
    XCTAssertEqual(page.tweets, [])
    XCTAssertNil(page.nextToken)
    XCTAssertEqual(page.warnings, [])
  }

  // MARK: v1.1

  func testV1FullTextPreferredOverText() throws {
    let page = try page(
      """
      {"statuses": [
        {"created_at": "Wed Nov 18 11:28:30 +0000 2026", "id": 1234567890123456789,
         "id_str": "1234567890123456789", "full_text": "The whole text &amp; more",
         "text": "The whole te…", "lang": "en", "user": {"screen_name": "carol"},
         "display_text_range": [0, 24]},
        {"id_str": "55", "text": "only &lt;text&gt;", "user": {"screen_name": "dave"}},
        {"id": 42, "text": "no id_str"}
      ],
      "search_metadata": {"count": 3}}
      """)
    XCTAssertEqual(page.tweets.map(\.id), ["1234567890123456789", "55", "42"])
    XCTAssertEqual(page.tweets.map(\.text), ["The whole text & more", "only <text>", "no id_str"])
    XCTAssertEqual(page.tweets.map(\.author), ["carol", "dave", nil])
    XCTAssertEqual(page.tweets[0].createdAt?.timeIntervalSince1970, 1_795_001_310)
    XCTAssertEqual(page.tweets[0].language, "en")
    XCTAssertNil(page.nextToken)
  }

  // MARK: Files

  func testJSONLTwoPages() throws {
    let text = """
      {"data":[{"id":"4","text":"four"},{"id":"3","text":"three"}],"meta":{"next_token":"p2"},"__twarc":{"version":"2.0"}}
      {"data":[{"id":"2","text":"two"}],"meta":{"result_count":1}}

      """
    let pages = try file(text)
    XCTAssertEqual(pages.count, 2)
    XCTAssertEqual(pages[0].tweets.map(\.id), ["4", "3"])
    XCTAssertEqual(pages[0].nextToken, "p2")
    XCTAssertEqual(pages[1].tweets.map(\.id), ["2"])
    XCTAssertNil(pages[1].nextToken)
  }

  func testJSONLWithCRLFAndBlankLines() throws {
    let text =
      "{\"data\":[{\"id\":\"2\",\"text\":\"b\"}]}\r\n\r\n{\"data\":[{\"id\":\"1\",\"text\":\"a\"}]}\r\n"
    XCTAssertEqual(try file(text).map { $0.tweets.map(\.id) }, [["2"], ["1"]])
  }

  func testOneObjectOverManyLinesIsOnePage() throws {
    let pages = try file(v2)
    XCTAssertEqual(pages.count, 1)
    XCTAssertEqual(pages[0].tweets.count, 3)
  }

  func testOneLineFile() throws {
    let pages = try file(#"{"data":[{"id":"9","text":"nine"}]}"#)
    XCTAssertEqual(pages.count, 1)
    XCTAssertEqual(pages[0].tweets.map(\.text), ["nine"])
  }

  func testNotJSON() {
    assertError("hello") { XCTAssertEqual($0, .notJSON(.xSearch, line: 0)) }
    assertError("{\"data\": [") { XCTAssertEqual($0, .notJSON(.xSearch, line: 0)) }
  }

  func testJSONLWithABadLineNamesIt() {
    let text = "{\"data\":[{\"id\":\"2\",\"text\":\"b\"}]}\n{not json\n"
    assertError(text) { XCTAssertEqual($0, .notJSON(.xSearch, line: 2)) }
    let shape = "{\"data\":[{\"id\":\"2\",\"text\":\"b\"}]}\n\n{\"other\":1}\n"
    assertError(shape) { error in
      guard case .unexpectedShape(_, let line, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(line, 3)
    }
  }

  func testWrongShape() {
    for text in [#"{"foo": 1}"#, "[1, 2]", #"{"data": "x"}"#, #"{"data": [{"id": "1"}]}"#, "42"] {
      assertError(text) { error in
        guard case .unexpectedShape(_, let line, let detail) = error else {
          return XCTFail("\(text): \(error)")
        }
        XCTAssertEqual(line, 0)
        XCTAssertFalse(detail.isEmpty)
      }
    }
  }

  func testMissingMemberIsNamed() {
    assertError(#"{"data": [{"id": "1"}]}"#) { error in
      guard case .unexpectedShape(_, _, let detail) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(detail.contains("text"), detail)
    }
  }

  func testAPIErrorObject() {
    assertError(
      #"{"title": "Unauthorized", "detail": "Unauthorized", "status": 401, "type": "about:blank"}"#
    ) {
      error in
      guard case .unexpectedShape(_, _, let detail) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(detail.contains("Unauthorized"), detail)
    }
  }

  func testEmptyFile() {
    assertError("") { XCTAssertEqual($0, .empty(.xSearch)) }
    assertError(" \n\r\n\t") { XCTAssertEqual($0, .empty(.xSearch)) }
  }

  // MARK: As JSONDecoder decoded them

  /// What `JSONDecoder` with `.convertFromSnakeCase` gave for these inputs
  /// (measured before the decoder replaced it), and this decoder gives.
  private func assertResult(
    _ json: String, _ expected: Result<SearchResponsePage, PostDecodingError>,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let result = Result { () throws(PostDecodingError) in
      try SearchResponseDecoder.decodePage(Data(json.utf8))
    }
    XCTAssertEqual(result, expected, json, file: file, line: line)
  }

  private func tweets(_ tweets: Tweet...) -> Result<SearchResponsePage, PostDecodingError> {
    .success(SearchResponsePage(tweets: tweets))
  }

  private func shape(_ detail: String) -> Result<SearchResponsePage, PostDecodingError> {
    .failure(.unexpectedShape(.xSearch, line: 0, detail: detail))
  }

  private let notJSON = Result<SearchResponsePage, PostDecodingError>.failure(
    .notJSON(.xSearch, line: 0))

  /// Members are found by the API's own snake-case names, exactly.
  func testMemberNamesAreTheAPIsSnakeCaseNames() {
    let users = #""includes":{"users":[{"id":"5","username":"u"},{"id":"6","username":"v"}]}"#
    for (key, author) in [
      ("author_id", "u"), ("authorId", nil), ("AUTHOR_ID", nil), ("author__id", nil),
      ("Author_Id", nil), ("_author_id", nil), ("author_id_", nil), ("authorid", nil),
      ("author_i_d", nil), ("author-id", nil), ("author_1d", nil),
    ] {
      assertResult(
        #"{"data":[{"id":"1","text":"a","\#(key)":"5"}],\#(users)}"#,
        tweets(Tweet(id: "1", text: "a", author: author)))
    }
    // Escaped names are decoded first; the first member for a name counts.
    assertResult(
      #"{"data":[{"id":"1","t\u0065xt":"a","author_id":"5","authorId":"6"}],\#(users)}"#,
      tweets(Tweet(id: "1", text: "a", author: "u")))
    assertResult(
      #"{"data":[{"id":"1","text":"a"}],"data":[{"id":"2","text":"b"}]}"#,
      tweets(Tweet(id: "1", text: "a")))
  }

  func testNullIsAnAbsentMember() {
    assertResult(
      #"{"data":[{"id":"1","text":"a","lang":null,"note_tweet":null}],"includes":null,"meta":{"next_token":null,"result_count":null}}"#,
      tweets(Tweet(id: "1", text: "a")))
    assertResult(#"{"data":null,"meta":null}"#, shape(#"no "data", "meta" or "statuses""#))
    assertResult(#"{"data":[{"id":"1","text":null}]}"#, shape("unexpected value at data[0].text"))
    assertResult(#"{"data":[null]}"#, shape("unexpected value at data[0]"))
  }

  func testMismatchesAreDescribedWithTheirPath() {
    assertResult(#"{"data":[{"id":1,"text":"a"}]}"#, shape("unexpected value at data[0].id"))
    assertResult(
      #"{"data":[{"id":"1","text":"a"},{"id":"2"}]}"#, shape(#"missing "text" in data[1]"#))
    assertResult(
      #"{"data":[{"id":"1","text":"a","note_tweet":{"text":5}}]}"#,
      shape("unexpected value at data[0].note_tweet.text"))
    assertResult(
      #"{"data":[{"id":"1","text":"a","note_tweet":{}}]}"#,
      shape(#"missing "text" in data[0].note_tweet"#))
    assertResult(
      #"{"meta":{},"includes":{"users":[{"id":"5"}]}}"#,
      shape(#"missing "username" in includes.users[0]"#))
    assertResult(#"{"meta":{"result_count":"1"}}"#, shape("unexpected value at meta.result_count"))
    assertResult(
      #"{"statuses":[{"user":{"screen_name":5}}]}"#,
      shape("unexpected value at statuses[0].user.screen_name"))
    assertResult(#"{"statuses":{}}"#, shape("unexpected value at statuses"))
    assertResult(#"{"title":5}"#, shape("unexpected value at title"))
    for json in ["[]", #""x""#, "5", "null"] {
      assertResult(json, shape("unexpected value at top level"))
    }
  }

  /// The first member in declaration order with a problem is reported,
  /// wherever it is in the text, and a required member before another's
  /// problem; but a text that is not JSON is reported as such first.
  func testWhichProblemIsReported() {
    assertResult(
      #"{"includes":5,"data":[{"text":"a","id":1}]}"#, shape("unexpected value at data[0].id"))
    assertResult(#"{"data":[{"text":5}]}"#, shape(#"missing "id" in data[0]"#))
    assertResult(#"{"data":[{"id":"1","text":5}],"x":[1,}"#, notJSON)
    assertResult(#"{"data":[{"id":1,"text":"a"}]} x"#, notJSON)
  }

  func testWholeNumbers() {
    for (number, id) in [
      ("42", "42"), ("-5", "-5"), ("1e3", "1000"), ("1.0", "1"), ("150e-1", "15"),
      ("-0", "0"), ("9223372036854775807", "9223372036854775807"),
      ("-9223372036854775808", "-9223372036854775808"),
      ("1234567890123456789", "1234567890123456789"),
    ] {
      assertResult(
        #"{"statuses":[{"id":\#(number),"text":"x"}]}"#, tweets(Tweet(id: id, text: "x")))
    }
    for number in ["1.5", "15e-1", "9223372036854775808", "-9223372036854775809", "1e19"] {
      assertResult(#"{"statuses":[{"id":\#(number),"text":"x"}]}"#, notJSON)
      assertResult(#"{"meta":{"result_count":\#(number)}}"#, notJSON)
    }
  }

  func testByteOrderMarkAndMalformedJSON() throws {
    let bom = try SearchResponseDecoder.decodePage(Data([0xEF, 0xBB, 0xBF] + Array(v2.utf8)))
    XCTAssertEqual(bom, try page(v2))
    for json in [
      #"{"meta":{}"#, #"{"meta":{}} x"#, #"{meta:{}}"#, #"{"data":[{"id":"1","text":"a"]}"#,
      #"{"meta":{},"x":[1,}"#, #"{"meta":{},"x":tru}"#, "", "{",
    ] {
      assertResult(json, notJSON)
    }
    // Invalid UTF-8 in a string that is read.
    XCTAssertThrowsError(
      try SearchResponseDecoder.decodePage(
        Data(#"{"data":[{"id":"1","text":"a"#.utf8 + [0xFF] + #""}]}"#.utf8)))
  }

}
