#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `read(2)`, under a name that the `read` methods below do not shadow.
private let systemRead = read

/// A stream of bytes read in blocks: a file, standard input, or memory.
///
/// Core readers (CSV, lines) take a `ByteSource` rather than a path, so that
/// the same code reads files, pipes and test data.
public protocol ByteSource {
  /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at
  /// the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Why reading a stream failed.
public enum ByteSourceError: Error, Equatable {
  /// `read(2)` failed with this `errno`.
  case readFailed(errno: Int32)
}

/// Reads a file descriptor that the caller opened (and closes).
public struct FileDescriptorSource: ByteSource {
  /// The descriptor read from.
  public let descriptor: Int32

  /// Creates a source reading `descriptor`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ByteSourceError.readFailed(errno: errno)
    }
  }
}

/// Reads bytes held in memory.
public struct MemorySource: ByteSource {
  private let bytes: [UInt8]
  private var position = 0
  /// The largest block one `read` returns, so that tests can exercise
  /// records split across blocks.
  private let blockSize: Int

  /// Creates a source over `bytes`, handing out at most `blockSize` at a time.
  public init(_ bytes: [UInt8], blockSize: Int = .max) {
    self.bytes = bytes
    self.blockSize = max(1, blockSize)
  }

  /// Creates a source over the UTF-8 bytes of `text`.
  public init(_ text: String, blockSize: Int = .max) {
    self.init(Array(text.utf8), blockSize: blockSize)
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, bytes.count - position, blockSize)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(
        from: UnsafeRawBufferPointer(rebasing: source[position..<(position + count)]))
    }
    position += count
    return count
  }
}

/// Passes bytes through from another source while hashing them with SHA-256.
public struct HashingSource<Base: ByteSource>: ByteSource {
  private var base: Base
  /// The hash of every byte read so far.
  public private(set) var hash = SHA256()

  /// Creates a source that hashes what it reads from `base`.
  public init(_ base: Base) {
    self.base = base
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = try base.read(into: buffer)
    hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    return count
  }
}

/// A growable buffer of bytes read from a source: what the CSV and line
/// readers share. It is not generic: it reads through a closure, once a
/// block, so that the readers' per-record code is compiled once, for every
/// source, instead of running unspecialized (with a generic metadata lookup
/// per record) for a source type from another module.
struct ByteWindow {
  /// Bytes read but not yet consumed are `storage[start..<end]`.
  var storage: UnsafeMutableBufferPointer<UInt8>
  var start = 0
  var end = 0
  var atEnd = false

  init(blockSize: Int) {
    storage = .allocate(capacity: max(blockSize, 16))
  }

  func deallocate() {
    storage.deallocate()
  }

  /// Reads more bytes after `end` with `read`, first moving unconsumed bytes
  /// to the front and, when the buffer is full of them, doubling it.
  /// Returns `false` at the end of the source.
  mutating func fill(_ read: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> Bool {
    guard !atEnd else { return false }
    if start > 0 {
      let pending = end - start
      if pending > 0, let base = storage.baseAddress {
        base.update(from: base + start, count: pending)
      }
      start = 0
      end = pending
    }
    if end == storage.count {
      let bigger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count * 2)
      if let to = bigger.baseAddress, let from = storage.baseAddress {
        to.update(from: from, count: end)
      }
      storage.deallocate()
      storage = bigger
    }
    let count = try read(
      UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[end...])))
    if count == 0 {
      atEnd = true
      return false
    }
    end += count
    return true
  }
}

/// Reads lines (ending in LF, CRLF, or the end of the stream) from a
/// ``ByteSource``.
///
/// ```swift
/// var lines = LineReader(source: FileDescriptorSource(descriptor: 0))
/// while let count = try lines.next({ line in handle(line) }) { … }
/// ```
public struct LineReader<Source: ByteSource> {
  private var source: Source
  private let blockSize: Int

  /// Creates a reader; `blockSize` is how much is read at a time.
  public init(source: Source, blockSize: Int = 1 << 20) {
    self.source = source
    self.blockSize = blockSize
  }

  /// Calls `body` with each line's bytes (without its line break) until the
  /// stream ends. A last line without a line break is a line; an empty stream
  /// has no lines.
  ///
  /// - Complexity: O(*n*); memory is the longest line plus one block.
  public mutating func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
    var source = self.source
    defer { self.source = source }
    try Self.forEachLine(blockSize: blockSize, read: { try source.read(into: $0) }, body)
  }

  /// The work of ``forEachLine(_:)``, for any source.
  private static func forEachLine(
    blockSize: Int, read: (UnsafeMutableRawBufferPointer) throws -> Int,
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    var window = ByteWindow(blockSize: blockSize)
    defer { window.deallocate() }
    var scanned = 0
    while true {
      let storage = window.storage
      var index = window.start + scanned
      // The block is never empty (at least 16 bytes).
      let base = UnsafeRawPointer(storage.baseAddress.unsafelyUnwrapped)
      // memchr compares many bytes at a time.
      while index < window.end, let found = memchr(base + index, 0x0A, window.end - index) {
        index = UnsafeRawPointer(found) - base
        var lineEnd = index
        if lineEnd > window.start && storage[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        try body(UnsafeBufferPointer(rebasing: storage[window.start..<lineEnd]))
        window.start = index + 1
        index += 1
      }
      scanned = window.end - window.start
      if try !window.fill(read) {
        if window.end > window.start {
          var lineEnd = window.end
          if window.storage[lineEnd - 1] == 0x0D { lineEnd -= 1 }
          try body(UnsafeBufferPointer(rebasing: window.storage[window.start..<lineEnd]))
        }
        return
      }
    }
  }
}
