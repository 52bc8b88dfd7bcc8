import Foundation

/// Why a CSV stream could not be read.
package enum CSVError: Error, Equatable {
  /// A quoted field that starts on `line` never ends.
  case unterminatedQuote(line: Int)
  /// A closing quote on `line` is followed by something other than a comma
  /// or a line break.
  case characterAfterQuote(line: Int)
  /// A NUL byte on `line`: the file is binary, not text.
  case nulByte(line: Int)
  /// The record that starts on `line` is longer than `limit` bytes (an
  /// unterminated quote that swallows the file, or an endless stream).
  case recordTooLong(line: Int, limit: Int)
}

extension CSVError: LocalizedError {
  package var errorDescription: String? {
    switch self {
    case .unterminatedQuote(let line):
      "line \(line): a quoted field is never closed; check for a missing '\"'"
    case .characterAfterQuote(let line):
      "line \(line): a closing quote is followed by text; write a quote inside a quoted field as '\"\"'"
    case .nulByte(let line):
      "line \(line): a NUL byte; this looks like a binary file, not CSV"
    case .recordTooLong(let line, let limit):
      "line \(line): a record longer than \(limit >> 20) MiB, more than any text to train on; "
        + "check for a quote that is never closed, or that this is a CSV file"
    }
  }
}

/// One record of a CSV stream: its fields, unquoted and unescaped.
///
/// A record is meant to be read during the call that receives it: keeping it
/// (or a field) makes the reader copy its buffer for the next record.
package struct CSVRecord {
  /// The line on which the record starts (1 is the first line).
  package fileprivate(set) var line = 1
  /// The fields' bytes, one after the other.
  fileprivate(set) var bytes: [UInt8] = []
  /// Where each field ends in `bytes`.
  fileprivate var ends: [Int] = []

  /// The number of fields.
  package var count: Int { ends.count }

  /// The bytes of field `index`.
  package subscript(index: Int) -> ArraySlice<UInt8> {
    bytes[range(of: index)]
  }

  /// Where field `index` is in ``bytes``.
  func range(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  /// Field `index` as a string (invalid UTF-8 is repaired with U+FFFD).
  package func string(at index: Int) -> String {
    String(decoding: self[index], as: UTF8.self)
  }

  /// Whether this is an empty line: one field with no bytes.
  package var isBlank: Bool { ends.count == 1 && ends[0] == 0 }
}

/// An RFC 4180 CSV reader working on UTF-8 bytes from a ``ByteSource``:
/// quoted fields, `""` escapes, line breaks inside quotes, CRLF or LF, and an
/// optional byte order mark.
///
/// ```swift
/// var reader = CSVReader(source: MemorySource("a,\"b \"\"c\"\"\"\n"))
/// try reader.forEachRecord { record in
///   record.string(at: 1)   // b "c"
/// }
/// ```
///
/// Memory is one block plus the longest record; a record longer than
/// `maximumRecordBytes` (default 1 MiB) is an error, so that an endless
/// stream or an unterminated quote cannot take all memory.
package struct CSVReader<Source: ByteSource> {
  private var base: Source
  private var parser: CSVParser

  /// The default longest record, in bytes as read (quotes and line break
  /// included): 1 MiB.
  package static var defaultMaximumRecordBytes: Int { 1 << 20 }

  /// Creates a reader; `blockSize` is how much is read at a time.
  package init(
    source: Source, blockSize: Int = 1 << 20, maximumRecordBytes: Int = defaultMaximumRecordBytes
  ) {
    base = source
    parser = CSVParser(blockSize: blockSize, maximumRecordBytes: maximumRecordBytes)
  }

  /// The source, for what it learned while being read (a hash, say).
  package var source: Source { base }

  /// Calls `body` with each record until the stream ends. Reads the stream
  /// once.
  ///
  /// - Throws: ``CSVError``, the source's errors, and `body`'s.
  /// - Complexity: O(*n*) in the stream's length.
  package mutating func forEachRecord(_ body: (CSVRecord) throws -> Void) throws {
    var source = base
    defer { base = source }
    try parser.forEachRecord(read: { try source.read(into: &$0) }, body)
  }
}

/// The work of a ``CSVReader``, for any source: it reads through a closure,
/// so that it is compiled once and not run unspecialized for a source type
/// from another module.
private struct CSVParser {
  private var window: ByteWindow
  /// The record being read; handed to the body as it is, which spares
  /// copying (retaining) its arrays for each record.
  private var record = CSVRecord()
  private let maximumRecordBytes: Int

  init(blockSize: Int, maximumRecordBytes: Int) {
    window = ByteWindow(blockSize: blockSize)
    self.maximumRecordBytes = max(1, maximumRecordBytes)
  }

  typealias Read = (inout [UInt8]) throws -> Int

  mutating func forEachRecord(read: Read, _ body: (CSVRecord) throws -> Void) throws {
    try skipByteOrderMark(read: read)
    while true {
      guard let lines = try parseRecord(read: read) else { return }
      try body(record)
      record.line += lines
    }
  }

  private mutating func skipByteOrderMark(read: Read) throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    // A pipe may deliver fewer than three bytes per read.
    while window.end - window.start < 3, try window.fill(read) {}
    if window.end - window.start >= 3
      && (0..<3).allSatisfy({ window.storage[window.start + $0] == bom[$0] })
    {
      window.start += 3
    }
  }

  /// Parses the record at `window.start` into `record`, reading
  /// more when the record is not complete yet. Returns the number of line
  /// breaks consumed, or `nil` at the end of the stream.
  private mutating func parseRecord(read: Read) throws -> Int? {
    while true {
      if window.start == window.end {
        guard try window.fill(read) else { return nil }
      }
      let start = window.start
      if let lines = try parseBuffered() {
        // The same limit however the record arrived: in one read or many.
        guard window.start - start <= maximumRecordBytes else {
          throw CSVError.recordTooLong(line: record.line, limit: maximumRecordBytes)
        }
        return lines
      }
      // Every byte pending belongs to this record.
      guard window.end - window.start <= maximumRecordBytes else {
        throw CSVError.recordTooLong(line: record.line, limit: maximumRecordBytes)
      }
      guard try fillMore(read: read) else {
        // The stream ends inside the record: parse it as the last one.
        guard let lines = try parseBuffered(atEnd: true) else { return nil }
        return lines
      }
    }
  }

  /// Reads until the buffered bytes have doubled or the stream ends, so that
  /// a record arriving in many short reads (a pipe gives 64 KiB at a time) is
  /// parsed O(log n) times, not once per read. Returns `false` when nothing
  /// more came.
  private mutating func fillMore(read: Read) throws -> Bool {
    let pending = window.end - window.start
    var more = false
    while try window.fill(read) {
      more = true
      if window.end - window.start >= 2 * pending { break }
    }
    return more
  }

  /// Whether a quoted field's loop must look at `byte`: a quote, a line
  /// break or a NUL. Without short-circuits, so that a field's loop has one
  /// branch a byte, nearly always taken the same way: spaces and
  /// punctuation cost mispredicted branches before.
  private static func mayEndQuoted(_ byte: UInt8) -> Bool {
    let stops: UInt8 =
      (byte == UInt8(ascii: "\"") ? 1 : 0) | (byte == 0x0A ? 1 : 0) | (byte == 0x0D ? 1 : 0)
      | (byte == 0 ? 1 : 0)
    return stops != 0
  }

  /// Whether `byte` ends a plain field (a comma or a line break) or is a
  /// NUL, without short-circuits as in ``mayEndQuoted(_:)``.
  private static func mayEndPlain(_ byte: UInt8) -> Bool {
    let stops: UInt8 =
      (byte == UInt8(ascii: ",") ? 1 : 0) | (byte == 0x0A ? 1 : 0) | (byte == 0x0D ? 1 : 0)
      | (byte == 0 ? 1 : 0)
    return stops != 0
  }

  /// One attempt on the bytes buffered so far; `nil` when the record goes
  /// past them (and `atEnd` is false).
  private mutating func parseBuffered(atEnd: Bool = false) throws -> Int? {
    record.bytes.removeAll(keepingCapacity: true)
    record.ends.removeAll(keepingCapacity: true)
    let storage = window.storage
    // Reads go through a span: one bounds check each, no array header.
    let bytes = storage.span
    // The span's own count, so that the compiler drops its bounds checks.
    let end = bytes.count
    var index = window.start
    var lines = 0
    while true {
      if index < end && bytes[index] == UInt8(ascii: "\"") {
        // Quoted field: copy runs between quotes.
        index += 1
        var runStart = index
        while true {
          while index < end && !Self.mayEndQuoted(bytes[index]) { index += 1 }
          guard index < end else {
            if atEnd { throw CSVError.unterminatedQuote(line: record.line) }
            return nil
          }
          let byte = bytes[index]
          if byte == UInt8(ascii: "\"") {
            record.bytes.append(contentsOf: storage[runStart..<index])
            guard index + 1 < end else {
              if !atEnd { return nil }
              index += 1
              break
            }
            if bytes[index + 1] == UInt8(ascii: "\"") {
              record.bytes.append(UInt8(ascii: "\""))
              index += 2
              runStart = index
              continue
            }
            index += 1
            break
          }
          if byte == 0x0A || (byte == 0x0D && (index + 1 == end || bytes[index + 1] != 0x0A)) {
            lines += 1
          }
          if byte == 0 { throw CSVError.nulByte(line: record.line + lines) }
          index += 1
        }
        if index < end {
          let next = bytes[index]
          if next != UInt8(ascii: ",") && next != 0x0A && next != 0x0D {
            throw CSVError.characterAfterQuote(line: record.line + lines)
          }
        }
      } else {
        let runStart = index
        while index < end && !Self.mayEndPlain(bytes[index]) { index += 1 }
        if index < end && bytes[index] == 0 { throw CSVError.nulByte(line: record.line + lines) }
        if index == end && !atEnd { return nil }
        record.bytes.append(contentsOf: storage[runStart..<index])
      }
      record.ends.append(record.bytes.count)
      guard index < end else {
        window.start = end
        return lines
      }
      let separator = bytes[index]
      index += 1
      if separator == UInt8(ascii: ",") { continue }
      if separator == 0x0D {
        guard index < end || atEnd else { return nil }
        if index < end && bytes[index] == 0x0A { index += 1 }
      }
      window.start = index
      return lines + 1
    }
  }
}

extension StringProtocol {
  /// The string without leading and trailing ASCII spaces, tabs and line
  /// breaks.
  func trimmingSpaces() -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
    let string = Substring(self)
    guard let first = string.firstIndex(where: { !isSpace($0) }),
      let last = string.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return string[first...last]
  }
}
