// libFuzzer target: `CSVWriter` round-trips through `CSVReader`.
//
// The input describes 1-8 records of 1-6 fields, written one after the
// other as one file, each field one of:
// - text from outside (any bytes, a tweet's say), written as `--csv` writes
//   it: `CSVWriter.field(CSVWriter.text(bytes:))`;
// - a value (any string of Unicode scalars but NUL: quotes, commas, CR, LF,
//   a byte order mark, controls), written with `CSVWriter.field` as it is.
// The file is read back with `CSVReader` (in reads of 1-16 bytes, or
// whole) and must give the same number of records, each starting on the
// line the line breaks before it put it on, with these fields, byte for byte:
// - a value: its UTF-8 bytes, unchanged;
// - text from outside: its bytes decoded as UTF-8 with each invalid
//   sequence replaced by U+FFFD (the standard library's rule, maximal
//   subparts), then each scalar kept but NUL-U+0008, U+000B, U+000C,
//   U+000E-U+001F, U+007F-U+009F, U+2028, U+2029 and the bidirectional
//   controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), each
//   of which becomes the ASCII text `\u{X}` (X its upper-case hex value);
//   tab, CR and LF are kept. This rule is written out below, apart from the
//   writer's code.
// A NUL cannot be in a value: CSV readers, ours included, refuse it, and
// what comes from outside goes through `text`, which escapes it.

/// Reads the input a byte at a time; zeros once it is used up.
private struct WriterInput {
  var source: FuzzBytes

  var isAtEnd: Bool { source.isAtEnd }

  mutating func byte() -> Int { source.byte() }

  private static let pieces: [String] = [
    ",", "\"", "\r", "\n", "\r\n", "\"\"", "\u{FEFF}", "\u{FFFD}", "\u{85}", "\u{2028}", "é",
    "😀", "\u{10FFFF}", "\u{1B}", "\t", " ", "\u{202E}", "\u{2066}",
  ]

  /// A value: ASCII (all but NUL), the pieces above, or any scalar.
  mutating func value() -> String {
    var text = ""
    for _ in 0..<(byte() % 24) {
      let selector = byte()
      if selector < 128 {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(max(selector, 1))))
      } else if selector < 240 {
        text += Self.pieces[(selector - 128) % Self.pieces.count]
      } else {
        let code = UInt32(byte()) << 12 | UInt32(byte()) << 4 | UInt32(selector & 0xF)
        text.unicodeScalars.append(Unicode.Scalar(max(code % 0x110000, 1)) ?? "\u{FFFD}")
      }
    }
    return text
  }

  /// Raw bytes, some of them of the first pieces (quotes, CR, LF).
  mutating func raw() -> [UInt8] {
    (0..<(byte() % 24)).flatMap { _ in
      let selector = byte()
      return selector >= 240 ? Array(Self.pieces[selector % 6].utf8) : [UInt8(byte())]
    }
  }
}

/// What a field of text from outside reads back as (see the top).
private func expectedText(_ bytes: [UInt8]) -> [UInt8] {
  var result: [UInt8] = []
  for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
    let value = scalar.value
    let kept = value == 0x09 || value == 0x0A || value == 0x0D
    let bidi =
      value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
    let escaped =
      !kept
      && (value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
        || bidi)
    if escaped {
      result += Array("\\u{\(String(value, radix: 16, uppercase: true))}".utf8)
    } else {
      result += Array(String(scalar).utf8)
    }
  }
  return result
}

public func fuzzCSVWriter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = WriterInput(source: FuzzBytes(data, count: size))
  let readSize = input.byte() % 17
  var file = ""
  var expected: [(line: Int, fields: [[UInt8]])] = []
  var line = 1
  for _ in 0..<(input.byte() % 8 + 1) {
    var fields: [String] = []
    var want: [[UInt8]] = []
    for _ in 0..<(input.byte() % 6 + 1) {
      if input.byte() % 2 == 0 {
        let raw = input.raw()
        fields.append(CSVWriter.text(bytes: raw.span))
        want.append(expectedText(raw))
      } else {
        let value = input.value()
        fields.append(value)
        want.append(Array(value.utf8))
      }
    }
    let record = CSVWriter.record(fields)
    if record.utf8.contains(0) { fatalError("a NUL written in \(fields)") }
    file += record
    expected.append((line, want))
    // The line breaks the reader counts: LF, and CR not before LF.
    let bytes = Array(record.utf8)
    line +=
      bytes.indices.filter { index in
        bytes[index] == 0x0A
          || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
      }.count
    if input.isAtEnd { break }
  }

  var reader = CSVReader(
    source: MemorySource(Array(file.utf8), blockSize: readSize == 0 ? .max : readSize),
    blockSize: readSize == 0 ? 1 << 20 : 16)
  var read: [(line: Int, fields: [[UInt8]])] = []
  do {
    try reader.forEachRecord { record in
      read.append((record.line, (0..<record.count).map { Array(record[$0]) }))
    }
  } catch {
    fatalError("the reader refuses what the writer wrote (\(error)):\n\(file.debugDescription)")
  }
  let same =
    read.count == expected.count
    && zip(read, expected).allSatisfy { $0.line == $1.line && $0.fields == $1.fields }
  if !same {
    fatalError(
      "written \(file.debugDescription)\nexpected \(expected)\nread \(read)")
  }
  return 0
}
