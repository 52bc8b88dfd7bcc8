// libFuzzer target: `HTMLText.plainText`, Mastodon's HTML to plain text, on
// any bytes: it never traps, its output is one trimmed line no longer than
// its input, and three identities hold (see below).

import Foundation

/// ASCII white space as `HTMLText` collapses it.
private func isHTMLSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}

/// `text` with each run of white space one space, trimmed.
private func collapsed(_ text: String) -> String {
  text.utf8.split(whereSeparator: isHTMLSpace).map { String(decoding: $0, as: UTF8.self) }
    .joined(separator: " ")
}

public func fuzzHTMLText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let html = String(decoding: bytes, as: UTF8.self)
  let text = HTMLText.plainText(html)
  // One trimmed line with single spaces, never longer than the HTML: each
  // tag, comment and entity is at least as long as what replaces it.
  precondition(text.utf8.count <= html.utf8.count, "the text grew")
  precondition(
    !text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0x0C }, "a line break")
  precondition(!text.hasPrefix(" ") && !text.hasSuffix(" "), "not trimmed")
  precondition(!text.contains("  "), "a run of spaces")

  // Without markup or entities, the text is the input with its white
  // space collapsed.
  let plain = String(
    decoding: bytes.filter { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "&") },
    as: UTF8.self)
  precondition(HTMLText.plainText(plain) == collapsed(plain), "plain text changed")

  // Escaped text reads back as itself: entities are decoded once.
  let escaped = html.replacingOccurrences(of: "&", with: "&amp;")
    .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  precondition(HTMLText.plainText(escaped) == collapsed(html), "escaped text changed")

  // A script's contents never reach the text: a marker byte (U+0001, kept
  // out of the rest, which has no entity that could write it) inside a
  // script after markup-free text, whatever follows.
  let outside = bytes.filter { $0 != 0x01 && $0 != UInt8(ascii: "&") }
  let half = outside.count / 2
  let before = outside[..<half].filter { $0 != UInt8(ascii: "<") }
  let inside = bytes.filter { $0 != UInt8(ascii: "<") }
  let script =
    String(decoding: before, as: UTF8.self) + "<script>"
    + String(decoding: inside, as: UTF8.self) + "\u{1}</script>"
    + String(decoding: outside[half...], as: UTF8.self)
  precondition(!HTMLText.plainText(script).utf8.contains(0x01), "a script's contents leaked")
  return 0
}
