import XCTest

@testable import SentimentCore

final class TweetTests: XCTestCase {
  private func assertInvalid(
    _ text: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try SearchQuery(text), "'\(text)'", file: file, line: line) { error in
      guard case .invalid(let query, let reason)? = error as? SearchQueryError else {
        return XCTFail("\(error)", file: file, line: line)
      }
      XCTAssertEqual(query, text, file: file, line: line)
      XCTAssertFalse(reason.isEmpty, file: file, line: line)
    }
  }

  // MARK: Handles

  /// The 100-character hashtag limit counts code points after NFC, as X
  /// does: `#a` with 10,000 combining marks is one grapheme but 10,001
  /// code points, and was sent as a 60 KB URL.
  func testHashtagLengthCountsCodePoints() {
    let marks = "#a" + String(repeating: "\u{301}", count: 10_000)
    XCTAssertThrowsError(try SearchQuery(marks)) { error in
      XCTAssertTrue(error.localizedDescription.contains("at most 100 characters"), "\(error)")
      XCTAssertLessThan(error.localizedDescription.count, 400)
    }
    let decomposed = String(repeating: "e\u{301}", count: 100)
    XCTAssertEqual(try SearchQuery("#" + decomposed), .hashtag(decomposed), "100 after NFC")
    XCTAssertThrowsError(try SearchQuery("#" + decomposed + "e\u{301}"))
    XCTAssertThrowsError(try SearchQuery("#" + String(repeating: "x", count: 101)))
  }

  func testValidHandles() throws {
    XCTAssertEqual(try SearchQuery("@Apple"), .mention("Apple"))
    XCTAssertEqual(try SearchQuery("@a"), .mention("a"))
    XCTAssertEqual(try SearchQuery("@_"), .mention("_"))
    XCTAssertEqual(try SearchQuery("@user_42"), .mention("user_42"))
    XCTAssertEqual(try SearchQuery("@ZZzz09__"), .mention("ZZzz09__"))
    let fifteen = "abcdefghijklmn5"
    XCTAssertEqual(fifteen.count, 15)
    XCTAssertEqual(try SearchQuery("@" + fifteen), .mention(fifteen))
  }

  func testInvalidHandles() {
    assertInvalid("")
    assertInvalid("@")
    assertInvalid("@abcdefghijklmnop")  // 16 characters
    assertInvalid("@a-b")
    assertInvalid("@a b")
    assertInvalid("@a.b")
    assertInvalid("@@ab")
    assertInvalid("apple")
    assertInvalid(" @apple")
    assertInvalid("@apple ")
  }

  func testHandlesRejectTheCharactersBetweenZAndA() {
    // "[A-z]" would accept [ \ ] ^ _ ` — only _ is a handle character.
    assertInvalid("@a[b")
    assertInvalid("@a\\b")
    assertInvalid("@a]b")
    assertInvalid("@a^b")
    assertInvalid("@a`b")
    XCTAssertEqual(try SearchQuery("@a_b"), .mention("a_b"))
  }

  func testNonASCIIHandlesAreRejected() {
    assertInvalid("@josé")
    assertInvalid("@日本")
    assertInvalid("@ａｂｃ")  // full-width letters
    assertInvalid("@abc\u{301}")
    assertInvalid("@٣")  // an Arabic-Indic digit
  }

  // MARK: Hashtags

  func testValidHashtags() throws {
    XCTAssertEqual(try SearchQuery("#WWDC"), .hashtag("WWDC"))
    XCTAssertEqual(try SearchQuery("#WWDC25"), .hashtag("WWDC25"))
    XCTAssertEqual(try SearchQuery("#2024Goals"), .hashtag("2024Goals"))
    XCTAssertEqual(try SearchQuery("#snake_case"), .hashtag("snake_case"))
    XCTAssertEqual(try SearchQuery("#_"), .hashtag("_"))
  }

  func testUnicodeHashtags() throws {
    XCTAssertEqual(try SearchQuery("#café"), .hashtag("café"))
    XCTAssertEqual(try SearchQuery("#cafe\u{301}"), .hashtag("cafe\u{301}"))
    XCTAssertEqual(try SearchQuery("#日本"), .hashtag("日本"))
    // Devanagari with a vowel sign (Mc) and an anusvara (Mn).
    XCTAssertEqual(try SearchQuery("#हिंदी"), .hashtag("हिंदी"))
    XCTAssertEqual(try SearchQuery("#Ελλάδα"), .hashtag("Ελλάδα"))
    XCTAssertEqual(try SearchQuery("#ありがとう"), .hashtag("ありがとう"))
  }

  func testInvalidHashtags() {
    assertInvalid("#")
    assertInvalid("#2024")  // digits only
    assertInvalid("#0")
    assertInvalid("#١٢٣")  // Arabic-Indic digits only
    assertInvalid("#a b")
    assertInvalid("#a-b")
    assertInvalid("#a#b")
    assertInvalid("#tag!")
    assertInvalid("#😀")
    assertInvalid("##tag")
  }

  func testAHashtagHoldsAtMostAHundredCharacters() throws {
    let hundred = String(repeating: "a", count: SearchQuery.maximumHashtagLength)
    XCTAssertEqual(SearchQuery.maximumHashtagLength, 100)
    XCTAssertEqual(try SearchQuery("#" + hundred), .hashtag(hundred))
    assertInvalid("#" + hundred + "b")
    // Characters, not bytes: 100 accented letters are fine.
    let accented = String(repeating: "é", count: 100)
    XCTAssertEqual(try SearchQuery("#" + accented), .hashtag(accented))
  }

  // MARK: Derived names

  func testAQuerysFileStemNamesItsKindAndLowercasedName() throws {
    XCTAssertEqual(try SearchQuery("@Apple").fileStem, "at-apple")
    XCTAssertEqual(try SearchQuery("@Some_User9").fileStem, "at-some_user9")
    XCTAssertEqual(try SearchQuery("#WWDC").fileStem, "hashtag-wwdc")
    XCTAssertEqual(try SearchQuery("#Café").fileStem, "hashtag-café")
  }

  func testBlueskyQueries() throws {
    XCTAssertEqual(try SearchQuery.bluesky("@Alice.bsky.social"), .mention("alice.bsky.social"))
    XCTAssertEqual(try SearchQuery.bluesky("@alice"), .mention("alice.bsky.social"))
    XCTAssertEqual(try SearchQuery.bluesky("#Rust"), .hashtag("Rust"))
    XCTAssertEqual(try SearchQuery.bluesky(#" "night train" "#), .phrase("night train"))
    XCTAssertEqual(try SearchQuery.bluesky("night train").description, #""night train""#)
    for bad in ["@", "@a..b", "@-a.com", "@a_b.com", "", #""""#, #"say "hi""#, "#"] {
      XCTAssertThrowsError(try SearchQuery.bluesky(bad), bad)
    }
    XCTAssertThrowsError(try SearchQuery.bluesky(String(repeating: "a", count: 201)))
  }

  func testPhraseFileStemIsASlug() {
    XCTAssertEqual(SearchQuery.phrase("Climate change!").fileStem, "phrase-climate-change")
    XCTAssertEqual(SearchQuery.phrase("  Ünïcode  only ").fileStem, "phrase-n-code-only")
    XCTAssertEqual(SearchQuery.phrase("日本").fileStem, "phrase-posts")
    XCTAssertEqual(SearchQuery.phrase(String(repeating: "ab ", count: 50)).fileStem.count, 66)
  }

  func testDescriptionAndName() throws {
    for text in ["@Apple", "#WWDC25", "#日本"] {
      let query = try SearchQuery(text)
      XCTAssertEqual(query.description, text)
      XCTAssertEqual("\(query)", text)
      XCTAssertEqual(query.name, String(text.dropFirst()))
    }
  }

  func testErrorDescriptionNamesTheQuery() {
    XCTAssertThrowsError(try SearchQuery("@a-b")) { error in
      let description = (error as? LocalizedError)?.errorDescription ?? ""
      XCTAssertTrue(description.contains("'@a-b'"), description)
      XCTAssertTrue(description.contains("@name"), description)
    }
  }

  func testTweetDefaults() {
    let tweet = Tweet(id: "1", text: "hi")
    XCTAssertNil(tweet.createdAt)
    XCTAssertNil(tweet.language)
    XCTAssertNil(tweet.author)
  }
}
