import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stream of bytes read in blocks: a file, standard input, or memory.
///
/// Core readers (CSV, lines) take a `ByteSource` rather than a path, so that
/// the same code reads files, pipes and test data.
package protocol ByteSource {
  /// Reads up to `buffer.count` bytes into the start of `buffer`, leaving
  /// its count as it is; returns how many, 0 at the end.
  mutating func read(into buffer: inout [UInt8]) throws -> Int
}

/// Why reading a stream failed.
package enum ByteSourceError: Error, Equatable {
  /// `read(2)` failed with this `errno`.
  case readFailed(errno: Int32)
}

/// Why a stream of lines could not be read.
package enum LineReaderError: LocalizedError, Equatable {
  /// Line `line` (from 1) is longer than `limit` bytes: an endless line, or
  /// not a text of lines.
  case lineTooLong(line: Int, limit: Int)

  package var errorDescription: String? {
    switch self {
    case .lineTooLong(let line, let limit):
      "input line \(line) is longer than \(limit >> 20) MiB, more than any text to classify; "
        + "give one text per line"
    }
  }
}

/// Reads a file descriptor that the caller opened (and closes).
package struct FileDescriptorSource: ByteSource {
  /// The descriptor read from.
  package let descriptor: Int32

  /// Creates a source reading `descriptor`.
  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Reads with `read(2)`, again when a signal interrupts it.
  ///
  /// - Throws: ``ByteSourceError/readFailed(errno:)``.
  package mutating func read(into buffer: inout [UInt8]) throws -> Int {
    while true {
      let count = SystemCalls.read(descriptor, into: &buffer)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ByteSourceError.readFailed(errno: errno)
    }
  }

  /// The rest of the bytes, at most `limit`: the one capped whole-file
  /// reader. A longer stream (an endless one, such as `/dev/zero`) is
  /// ``CappedReadError/tooLarge`` as soon as it passes the limit, not an
  /// allocation failure; a regular file's size reserves the memory once,
  /// not a doubling array's copies. A regular file for which no memory can
  /// be had (an address-space limit, `ulimit -v`) is
  /// ``CappedReadError/unreadable(_:)`` with a ``ReadMemoryError``: an
  /// array that cannot grow traps.
  ///
  /// - Complexity: O(*n*) in the bytes read.
  package mutating func readAll(limit: Int) throws(CappedReadError) -> [UInt8] {
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG {
      let wanted = min(Int(status.st_size), limit) + 1
      // Address space asked of the kernel first, which can say no, with
      // 16 MiB to spare for reading what the file holds.
      guard SystemCalls.canMap(wanted + (16 << 20)) else {
        throw .unreadable(ReadMemoryError(bytes: Int(status.st_size)))
      }
      bytes.reserveCapacity(wanted)
    }
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        count = try read(into: &block)
      } catch {
        throw .unreadable(error)
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else { throw .tooLarge }
      bytes.append(contentsOf: block[0..<count])
    }
  }
}

/// No memory could be had to read a file of `bytes` bytes (an
/// address-space limit such as `ulimit -v`).
package struct ReadMemoryError: Error {
  /// The file's size.
  package var bytes: Int
}

/// Why ``FileDescriptorSource/readAll(limit:)`` stopped; each caller says
/// it in its own words.
package enum CappedReadError: Error {
  /// The bytes passed the limit.
  case tooLarge
  /// `read(2)` failed (``ByteSourceError``).
  case unreadable(any Error)
}

/// Reads bytes held in memory.
package struct MemorySource: ByteSource {
  private let bytes: [UInt8]
  private var position = 0
  /// The largest block one `read` returns, so that tests can exercise
  /// records split across blocks.
  private let blockSize: Int

  /// Creates a source over `bytes`, handing out at most `blockSize` at a time.
  package init(_ bytes: [UInt8], blockSize: Int = .max) {
    self.bytes = bytes
    self.blockSize = max(1, blockSize)
  }

  /// Creates a source over the UTF-8 bytes of `text`.
  package init(_ text: String, blockSize: Int = .max) {
    self.init(Array(text.utf8), blockSize: blockSize)
  }

  /// Copies the next bytes, at most `blockSize` of them.
  package mutating func read(into buffer: inout [UInt8]) throws -> Int {
    let count = min(buffer.count, bytes.count - position, blockSize)
    guard count > 0 else { return 0 }
    buffer.replaceSubrange(0..<count, with: bytes[position..<(position + count)])
    position += count
    return count
  }
}

/// The bytes read from a source and not yet consumed: what the CSV and line
/// readers share. It is not generic: it reads through a closure, once a
/// block, so that the readers' per-record code is compiled once, for every
/// source, instead of running unspecialized (with a generic metadata lookup
/// per record) for a source type from another module.
struct ByteWindow {
  /// Bytes read; those not yet consumed are `storage[start...]`.
  private(set) var storage: [UInt8] = []
  /// Where the unconsumed bytes start.
  var start = 0
  /// Whether the source has ended.
  private(set) var atEnd = false
  /// What each read fills.
  private var block: [UInt8]

  init(blockSize: Int) {
    block = [UInt8](repeating: 0, count: max(blockSize, 1))
  }

  /// The end of the bytes read.
  var end: Int { storage.count }

  /// Drops the consumed bytes, then reads one more block with `read` after
  /// the others. Returns `false` at the end of the source.
  mutating func fill(_ read: (inout [UInt8]) throws -> Int) throws -> Bool {
    guard !atEnd else { return false }
    if start > 0 {
      storage.removeSubrange(..<start)
      start = 0
    }
    let count = try read(&block)
    if count == 0 {
      atEnd = true
      return false
    }
    storage.append(contentsOf: block[..<count])
    return true
  }
}

/// Reads lines (ending in LF, CRLF, or the end of the stream) from a
/// ``ByteSource``.
///
/// ```swift
/// var lines = LineReader(source: FileDescriptorSource(descriptor: 0))
/// try lines.forEachLine { line in handle(line) }
/// ```
package struct LineReader<Source: ByteSource> {
  private var source: Source
  private let blockSize: Int
  private let maximumLineBytes: Int

  /// The default longest line, without its line break: 1 MiB.
  package static var defaultMaximumLineBytes: Int { 1 << 20 }

  /// Creates a reader; `blockSize` is how much is read at a time. A line
  /// longer than `maximumLineBytes` is an error.
  package init(
    source: Source, blockSize: Int = 1 << 20, maximumLineBytes: Int = defaultMaximumLineBytes
  ) {
    self.source = source
    self.blockSize = blockSize
    self.maximumLineBytes = max(1, maximumLineBytes)
  }

  /// Calls `body` with each line's bytes (without its line break) until the
  /// stream ends. A last line without a line break is a line; an empty stream
  /// has no lines.
  ///
  /// - Throws: ``LineReaderError/lineTooLong(line:limit:)``, the source's
  ///   errors and `body`'s.
  /// - Complexity: O(*n*); memory is the longest line plus one block.
  package mutating func forEachLine(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
    var source = self.source
    defer { self.source = source }
    try Self.forEachLine(
      blockSize: blockSize, limit: maximumLineBytes, read: { try source.read(into: &$0) }, body)
  }

  /// The work of ``forEachLine(_:)``, for any source.
  private static func forEachLine(
    blockSize: Int, limit: Int, read: (inout [UInt8]) throws -> Int,
    _ body: (ArraySlice<UInt8>) throws -> Void
  ) throws {
    var window = ByteWindow(blockSize: blockSize)
    var scanned = 0
    var number = 0
    // The same limit however the line arrived: in one read or many.
    func checked(_ line: ArraySlice<UInt8>) throws -> ArraySlice<UInt8> {
      number += 1
      guard line.count <= limit else {
        throw LineReaderError.lineTooLong(line: number, limit: limit)
      }
      return line
    }
    while true {
      // A scope, so that this copy of the storage is gone before `fill`
      // changes it.
      do {
        let storage = window.storage
        var index = window.start + scanned
        while let found = storage[index...].firstIndex(of: 0x0A) {
          var lineEnd = found
          if lineEnd > window.start && storage[lineEnd - 1] == 0x0D { lineEnd -= 1 }
          try body(checked(storage[window.start..<lineEnd]))
          window.start = found + 1
          index = found + 1
        }
      }
      // `fill` moves the pending bytes to the front of `storage`.
      scanned = window.end - window.start
      // What is pending is one line, longer than a CR.
      if scanned > limit + 1 {
        throw LineReaderError.lineTooLong(line: number + 1, limit: limit)
      }
      if try !window.fill(read) {
        if window.end > window.start {
          var lineEnd = window.end
          if window.storage[lineEnd - 1] == 0x0D { lineEnd -= 1 }
          try body(checked(window.storage[window.start..<lineEnd]))
        }
        return
      }
    }
  }
}
