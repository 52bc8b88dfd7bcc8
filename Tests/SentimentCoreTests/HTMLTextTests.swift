import XCTest

@testable import SentimentCore

final class HTMLTextTests: XCTestCase {
  func testParagraphsAndBreaksBecomeSpaces() {
    XCTAssertEqual(
      HTMLText.plainText("<p>First line<br>second<br/>third</p><p>Next paragraph</p>"),
      "First line second third Next paragraph")
    XCTAssertEqual(
      HTMLText.plainText("<div>a</div><div>b</div><ul><li>c</li><li>d</li></ul>"), "a b c d")
  }

  func testInlineTagsKeepWordsTogether() {
    XCTAssertEqual(
      HTMLText.plainText("un<b>believ</b><i>able</i> <em>news</em>"), "unbelievable news")
  }

  func testMastodonMentionAndHashtagMarkup() {
    let html =
      #"<p><span class="h-card" translate="no"><a href="https://social.example/@ann" class="u-url mention">@<span>ann</span></a></span> loving the <a href="https://social.example/tags/caturday" class="mention hashtag" rel="tag">#<span>caturday</span></a> pics</p>"#
    XCTAssertEqual(HTMLText.plainText(html), "@ann loving the #caturday pics")
  }

  func testMastodonLinkGivesTheFullURL() {
    let html =
      #"<p>Read <a href="https://news.example/2026/11/a-long-story-about-cats" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://</span><span class="ellipsis">news.example/2026/11/a-long-s</span><span class="invisible">tory-about-cats</span></a> now</p>"#
    XCTAssertEqual(
      HTMLText.plainText(html), "Read https://news.example/2026/11/a-long-story-about-cats now")
  }

  func testEntities() {
    XCTAssertEqual(
      HTMLText.plainText(
        "<p>Tom &amp; Jerry&#39;s &quot;show&quot; &lt;3 &hellip; caf&eacute; &#x1F600; &#8212;</p>"
      ),
      "Tom & Jerry's \"show\" <3 \u{2026} café 😀 \u{2014}")
    // Decoded once: an escaped tag is text, never markup.
    XCTAssertEqual(HTMLText.plainText("&lt;script&gt;x&lt;/script&gt;"), "<script>x</script>")
  }

  func testInvalidEntitiesStay() {
    XCTAssertEqual(
      HTMLText.plainText("a &#x110000; b &#0; c &bogus; d &amp e"),
      "a &#x110000; b &#0; c &bogus; d &amp e")
  }

  func testScriptStyleAndCommentsAreDropped() {
    XCTAssertEqual(
      HTMLText.plainText(
        "<p>before</p><script type=\"text/javascript\">var s = '<p>no</p>'; alert(1)</script><style>p { color: red }</style><!-- hidden <b>x</b> -->after"
      ), "before after")
    XCTAssertEqual(HTMLText.plainText("a<SCRIPT>evil()</ScRiPt >b"), "a b")
    XCTAssertEqual(HTMLText.plainText("<!DOCTYPE html><?xml version=\"1.0\"?>text"), "text")
  }

  func testWhiteSpaceIsCollapsedAndTrimmed() {
    XCTAssertEqual(HTMLText.plainText("  <p>\n  a \t\r\n b  </p>  "), "a b")
    XCTAssertEqual(HTMLText.plainText("plain  text\nwithout markup "), "plain text without markup")
    XCTAssertEqual(HTMLText.plainText(""), "")
    XCTAssertEqual(HTMLText.plainText("<p></p><br>"), "")
  }

  func testQuotedGreaterThanDoesNotEndATag() {
    XCTAssertEqual(HTMLText.plainText(#"<a title="a > b" href='x>y'>link</a> ok"#), "link ok")
  }

  func testMalformedHTML() {
    XCTAssertEqual(HTMLText.plainText("I <3 you & 2 < 3"), "I <3 you & 2 < 3")
    XCTAssertEqual(HTMLText.plainText("a < b"), "a < b")
    XCTAssertEqual(HTMLText.plainText("<"), "<")
    XCTAssertEqual(HTMLText.plainText("text <p unclosed"), "text")
    XCTAssertEqual(HTMLText.plainText("text <!-- never closed"), "text")
    XCTAssertEqual(HTMLText.plainText("text <script>never closed"), "text")
    XCTAssertEqual(HTMLText.plainText(#"text <a href="never closed>more"#), "text")
    XCTAssertEqual(HTMLText.plainText("</>x</ y"), "</>x</ y")
    XCTAssertEqual(HTMLText.plainText("<p>unclosed paragraph <b>bold"), "unclosed paragraph bold")
  }

  func testHugeAttributeAndManyTagsRunInLinearTime() {
    let huge = "<a href=\"" + String(repeating: "x", count: 2_000_000) + "\">link</a> end"
    XCTAssertEqual(HTMLText.plainText(huge), "link end")
    let manyOpen = String(repeating: "<a ", count: 300_000)
    XCTAssertEqual(HTMLText.plainText("ok " + manyOpen), "ok")
    let manyScripts = String(repeating: "<script>", count: 200_000)
    XCTAssertEqual(HTMLText.plainText("ok " + manyScripts), "ok")
    let manyComments = String(repeating: "<!--", count: 200_000)
    XCTAssertEqual(HTMLText.plainText("ok " + manyComments), "ok")
    let manyAmps = String(repeating: "&#x1F6", count: 200_000)
    XCTAssertEqual(HTMLText.plainText(manyAmps).utf8.count, manyAmps.utf8.count)
  }
}
