import XCTest

@testable import SentimentCore

final class HTMLEntitiesTests: XCTestCase {
  func testNamedEntities() {
    XCTAssertEqual(
      HTMLEntities.decode("a &lt;b&gt; &quot;c&quot; &#39;d&#39; &amp; e &apos;f&apos;"),
      "a <b> \"c\" 'd' & e 'f'")
  }

  func testDecodedOnceSoAnEscapedEntityStaysAnEntity() {
    XCTAssertEqual(HTMLEntities.decode("&amp;lt; &amp;amp;"), "&lt; &amp;")
  }

  func testNumericReferences() {
    XCTAssertEqual(HTMLEntities.decode("&#8220;quoted&#8221;"), "\u{201C}quoted\u{201D}")
    XCTAssertEqual(HTMLEntities.decode("&#x1F600; &#X41;"), "😀 A")
  }

  func testHTMLNamedEntitiesOnlyWhenAsked() {
    let text = "caf&eacute; &hellip; &rsquo;s &mdash; &euro;5 &Uuml;ber &amp; &unknown; &hellip"
    XCTAssertEqual(
      HTMLEntities.decode(text, html: true), "café … ’s — €5 Über & &unknown; &hellip")
    // The X readers' text is what it always was.
    XCTAssertEqual(
      HTMLEntities.decode(text),
      "caf&eacute; &hellip; &rsquo;s &mdash; &euro;5 &Uuml;ber & &unknown; &hellip")
    XCTAssertEqual(
      HTMLEntities.decode("&HELLIP; &Eacute;", html: true), "&HELLIP; É", "case matters")
    XCTAssertEqual(
      HTMLEntities.decode("&verylongname; &#0; &#x110000;", html: true),
      "&verylongname; &#0; &#x110000;")
  }

  func testWhatIsNotAnEntityStays() {
    for text in [
      "AT&T & co", "no entities", "&", "&lt", "&#;", "&#x;", "&#12", "&unknown;", "&#0;",
      "&#xD800;", "&#99999999;", "trailing &",
    ] {
      XCTAssertEqual(HTMLEntities.decode(text), text)
    }
  }

  func testHeartEmoticonSurvivesTokenizing() {
    let tokens = Tokenizer().tokens(in: HTMLEntities.decode("I &lt;3 my Mac"))
    XCTAssertTrue(tokens.contains("<3"), "\(tokens)")
  }

  func testByteVariantAppends() {
    var output = Array("x".utf8)
    let text = Array("&gt;y".utf8)
    HTMLEntities.decode(text[...], into: &output)
    XCTAssertEqual(String(decoding: output, as: UTF8.self), "x>y")
  }

  func testSliceThatDoesNotStartAtZero() {
    let bytes = Array("xx&amp;&lt;3 &#65;&".utf8)
    var output: [UInt8] = []
    HTMLEntities.decode(bytes[2...], into: &output)
    XCTAssertEqual(String(decoding: output, as: UTF8.self), "&<3 A&")
  }
}
