import XCTest

@testable import SentimentCore

final class RedactionTests: XCTestCase {
  let token = "tw33t/SECRET-b34r3r-7f3a9c1d2e"

  func redact(_ text: String, token: String? = nil) -> String {
    Redaction.redact(text, token: token ?? self.token)
  }

  func testPlainEchoIsRedacted() {
    XCTAssertEqual(
      redact(#"{"detail":"you sent \#(token)!"}"#), #"{"detail":"you sent [redacted]!"}"#)
    XCTAssertEqual(redact("\(token)\(token)"), "[redacted][redacted]")
  }

  /// A JSON encoder may write any character as `\uXXXX` (either case of hex
  /// digits) and `/` as `\/`; every mix is found.
  func testJSONEscapedEchoesAreRedacted() {
    let escapedFirst = #"\u0074"# + token.dropFirst()
    let escapedSlash = token.replacingOccurrences(of: "/", with: #"\/"#)
    let everything = token.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
    let lowercase = token.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
    for echo in [escapedFirst, escapedSlash, everything, lowercase] {
      XCTAssertEqual(redact(#"{"text":"a \#(echo) b"}"#), #"{"text":"a [redacted] b"}"#, echo)
    }
  }

  /// X tokens hold percent escapes (`%2B`, `%3D`); a server that decodes the
  /// token before echoing it sends `+` and `=`: that form is found too, raw or
  /// JSON-escaped.
  func testThePercentDecodedFormIsRedacted() {
    let token = "AAAAtw33t%2FSECRET%2Bb34r3r%3D7f3a9c1d2e"
    let decoded = "AAAAtw33t/SECRET+b34r3r=7f3a9c1d2e"
    let escaped = decoded.replacingOccurrences(of: "/", with: #"\/"#)
      .replacingOccurrences(of: "+", with: #"\u002B"#)
    for echo in [token, decoded, escaped] {
      XCTAssertEqual(
        redact(#"{"text":"a \#(echo) b"}"#, token: token), #"{"text":"a [redacted] b"}"#, echo)
    }
    XCTAssertEqual(redact("\(decoded) and \(token)", token: token), "[redacted] and [redacted]")
  }

  /// An escaped backslash is one character: `\\u0074` is a backslash and
  /// `u0074`, not a `t`.
  func testAnEscapedBackslashIsNotAnEscape() {
    let text = #"\\u0074"# + token.dropFirst()
    XCTAssertEqual(redact(text), text)
  }

  /// A token too short to be real is not redacted: replacing `text`
  /// everywhere would corrupt every response.
  func testShortTokensAreLeftAlone() {
    let body = #"{"data":[{"id":"1","text":"some text"}]}"#
    XCTAssertEqual(redact(body, token: "text"), body)
    XCTAssertEqual(Redaction.redact(Array(body.utf8), token: Array("text".utf8)), Array(body.utf8))
  }

  func testPartialMatchesAndOverlapsAreNotRedacted() {
    let prefix = String(token.dropLast())
    XCTAssertEqual(redact(prefix + "x"), prefix + "x")
    let repeated = "aaaaaaaaaaaaaaaaaaab"
    XCTAssertEqual(redact("aaaa" + repeated + "a", token: repeated), "aaaa[redacted]a")
  }
}
