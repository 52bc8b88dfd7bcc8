/// The plain text of an HTML fragment, as a post's `content` holds it
/// (Mastodon statuses): what a reader sees, on one line.
///
/// - Paragraphs, line breaks and other block elements (`<p>`, `<br>`,
///   `<div>`, `<li>`) become spaces; inline elements (`<a>`, `<span>`,
///   `<b>`) are dropped with their text kept, so Mastodon's mention and
///   hashtag markup gives `@user` and `#tag`, and its links, split into
///   `<span class="invisible">` and visible parts, give the full URL.
/// - The contents of `<script>` and `<style>` elements, comments, `<!…>`
///   declarations and `<?…>` instructions are dropped.
/// - Entities are decoded (``HTMLEntities`` with its HTML names), runs of
///   white space become one space, and the result is trimmed.
///
/// Malformed HTML is read as browsers do where it is cheap: a `<` not
/// followed by a letter, `/`, `!` or `?` is text (`I <3 it`); a tag or
/// comment that is never closed ends the text; an invalid entity
/// (`&#x110000;`, `&#0;`) stays as it is.
///
/// ```swift
/// HTMLText.plainText("<p>Hello <span class=\"h-card\"><a href=\"…\">@<span>ann</span></a></span>!</p><p>Bye &amp; thanks</p>")
/// // "Hello @ann! Bye & thanks"
/// ```
package enum HTMLText {
  /// The plain text of `html`.
  ///
  /// - Complexity: O(*n*): each byte is looked at a bounded number of times.
  package static func plainText(_ html: String) -> String {
    let bytes = Array(html.utf8)
    guard bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
      return collapsingSpace(bytes)
    }
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count)
    var index = 0
    let end = bytes.count
    while index < end {
      let next = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? end
      HTMLEntities.decode(bytes[index..<next], into: &text, html: true)
      index = next
      guard index < end else { break }
      switch markup(in: bytes, at: index) {
      case .text:
        text.append(UInt8(ascii: "<"))
        index += 1
      case .skipped(let after, let breaks):
        if breaks { text.append(0x20) }
        index = after
      case .unclosed:
        index = end
      }
    }
    return collapsingSpace(text)
  }

  /// What starts at a `<`.
  private enum Markup {
    /// A `<` that is text.
    case text
    /// Markup that ends before `after`; `breaks`: it separates words.
    case skipped(after: Int, breaks: Bool)
    /// Markup never closed: nothing after it is text.
    case unclosed
  }

  /// Elements whose tags do not separate words.
  private static let inline: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i",
    "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time",
    "tt", "u", "var", "wbr",
  ]

  /// The markup at the `<` at `start`.
  private static func markup(in bytes: [UInt8], at start: Int) -> Markup {
    let end = bytes.count
    guard start + 1 < end else { return .text }
    let first = bytes[start + 1]
    if first == UInt8(ascii: "!") {
      if bytes[(start + 2)...].starts(with: Array("--".utf8)) {
        guard let close = find(Array("-->".utf8), in: bytes, from: start + 4) else {
          return .unclosed
        }
        return .skipped(after: close + 3, breaks: true)
      }
      guard let close = bytes[(start + 2)...].firstIndex(of: UInt8(ascii: ">")) else {
        return .unclosed
      }
      return .skipped(after: close + 1, breaks: true)
    }
    if first == UInt8(ascii: "?") {
      guard let close = bytes[(start + 2)...].firstIndex(of: UInt8(ascii: ">")) else {
        return .unclosed
      }
      return .skipped(after: close + 1, breaks: true)
    }
    let closing = first == UInt8(ascii: "/")
    let nameStart = start + (closing ? 2 : 1)
    guard nameStart < end, isLetter(bytes[nameStart]) else { return .text }
    var nameEnd = nameStart
    while nameEnd < end, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
    let name = String(
      decoding: bytes[nameStart..<nameEnd].map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    guard let close = tagEnd(in: bytes, from: nameEnd) else { return .unclosed }
    if !closing, name == "script" || name == "style" {
      // Raw text up to the matching end tag: nothing in it is markup.
      guard let endTag = find(Array("</\(name)".utf8), in: bytes, from: close + 1, folding: true),
        let endClose = tagEnd(in: bytes, from: endTag + 2 + name.utf8.count)
      else { return .unclosed }
      return .skipped(after: endClose + 1, breaks: true)
    }
    return .skipped(after: close + 1, breaks: !inline.contains(name))
  }

  /// The index of the `>` that ends a tag whose attributes start at
  /// `start`; a `>` inside a quoted attribute value does not end it.
  private static func tagEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    var afterEquals = false
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: ">"):
        return index
      case UInt8(ascii: "="):
        afterEquals = true
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        if afterEquals {
          // A quoted value: up to its closing quote.
          guard let quote = bytes[(index + 1)...].firstIndex(of: byte) else { return nil }
          index = quote
        }
        afterEquals = false
      case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
        break
      default:
        afterEquals = false
      }
      index += 1
    }
    return nil
  }

  /// The first index from `start` where `needle` (lower-case ASCII) starts,
  /// comparing ASCII letters without case when `folding`.
  ///
  /// - Complexity: O(*n* · `needle.count`); needles here are short.
  private static func find(
    _ needle: [UInt8], in bytes: [UInt8], from start: Int, folding: Bool = false
  ) -> Int? {
    guard !needle.isEmpty, start >= 0, start + needle.count <= bytes.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      var matched = true
      for offset in 0..<needle.count {
        var byte = bytes[index + offset]
        if folding, isLetter(byte) { byte |= 0x20 }
        if byte != needle[offset] {
          matched = false
          break
        }
      }
      if matched { return index }
      index += 1
    }
    return nil
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// A byte of a tag name: a letter, a digit, `-`, `_` or `:`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  /// `bytes` with each run of white space one space, trimmed.
  private static func collapsingSpace(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var pendingSpace = false
    for byte in bytes {
      if isSpace(byte) {
        pendingSpace = !output.isEmpty
      } else {
        if pendingSpace { output.append(0x20) }
        pendingSpace = false
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
