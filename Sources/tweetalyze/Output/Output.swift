import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader of our output went away (`| head -1`): not an error, the run
/// ends quietly.
struct BrokenPipe: Error {}

/// Buffered output to a file descriptor: one `write(2)` per 64 KiB, not one
/// per line.
final class Output {
  private let descriptor: Int32
  /// Written out once this many bytes are buffered.
  private static let threshold = 1 << 16
  /// The buffer: the threshold, and room for what one call adds after it.
  private let storage: UnsafeMutablePointer<UInt8>
  private let capacity = Output.threshold * 2
  /// Unchecked: each access would otherwise be checked at run time for
  /// overlapping writes, several times per line of `classify`. Nothing here
  /// is reentrant.
  @exclusivity(unchecked) private var count = 0
  /// Reused by ``append(_:)``.
  @exclusivity(unchecked) private var scratch: [UInt8] = []

  init(descriptor: Int32) {
    self.descriptor = descriptor
    storage = .allocate(capacity: capacity)
  }

  deinit {
    storage.deallocate()
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws {
    if count + bytes.count > capacity {
      try flush()
      // More than the buffer holds goes out as it is.
      if bytes.count > capacity { return try writeOut(bytes) }
    }
    if let base = bytes.baseAddress {
      UnsafeMutableRawPointer(storage + count).copyMemory(from: base, byteCount: bytes.count)
      count += bytes.count
    }
    if count >= Self.threshold { try flush() }
  }

  func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
  }

  func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Appends bytes with a closure that appends them to an array.
  func append(_ body: (inout [UInt8]) -> Void) throws {
    scratch.removeAll(keepingCapacity: true)
    body(&scratch)
    try write(scratch)
  }

  /// Appends at most `maximum` bytes (at most 64 KiB) with a closure that
  /// writes them at the pointer it is given and returns how many it wrote:
  /// the way for output written line by line, without an array.
  func append(
    atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) throws {
    precondition(maximum <= Self.threshold, "a line longer than the output buffer")
    if count + maximum > capacity { try flush() }
    count += body(storage + count)
    if count >= Self.threshold { try flush() }
  }

  func flush() throws {
    defer { count = 0 }
    try writeOut(UnsafeRawBufferPointer(start: storage, count: count))
  }

  private func writeOut(_ bytes: UnsafeRawBufferPointer) throws {
    guard let code = Files.writeAll(bytes, to: descriptor) else { return }
    if code == EPIPE { throw BrokenPipe() }
    throw RuntimeError("cannot write output: \(Files.reason(code))")
  }

  /// Whether the descriptor is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }
}

private let systemWrite = write

/// A failure while running a command: printed as `Error: …`, exit status 1.
struct RuntimeError: LocalizedError {
  var message: String
  init(_ message: String) { self.message = message }
  var errorDescription: String? { message }
}

/// Reading and writing files for the commands: the core takes streams, the
/// CLI turns paths into them and their failures into clear messages.
enum Files {
  /// Opens `path` for reading (`-` is standard input) and passes its
  /// descriptor to `body`.
  static func withInput<Result>(
    _ path: String, _ body: (FileDescriptorSource) throws -> Result
  ) throws -> Result {
    if path == "-" { return try body(FileDescriptorSource(descriptor: 0)) }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw RuntimeError("cannot read \(path): \(reason(errno))")
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw RuntimeError("cannot read \(path): it is a directory, not a file")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw RuntimeError("cannot read \(path): \(reason(errno))") }
    defer { close(descriptor) }
    return try body(FileDescriptorSource(descriptor: descriptor))
  }

  /// The whole file at `path` (`-`: standard input).
  static func read(_ path: String) throws -> [UInt8] {
    try withInput(path) { source in
      var source = source
      var bytes: [UInt8] = []
      var block = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = try source.read(into: &block)
        if count == 0 { return bytes }
        bytes.append(contentsOf: block[0..<count])
      }
    }
  }

  /// Writes `bytes` to `path` atomically: into a temporary file in the same
  /// directory, flushed to disk, then renamed over `path`. A failure leaves
  /// `path` as it was and no temporary file behind.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    try writeAtomically(to: path) { write in try write(bytes) }
  }

  /// Writes the chunks that `produce` passes to its argument to `path`
  /// atomically, as ``writeAtomically(_:to:)`` does, without holding the
  /// whole file in memory.
  static func writeAtomically(
    to path: String, _ produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
  ) throws {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var status = stat()
    if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      throw RuntimeError(
        "cannot write \(path): it is a directory; give a file name such as \(path)/model.json")
    }
    guard
      let (descriptor, temporary) = Files.makeTemporary(
        "\(directory)/.\(url.lastPathComponent).tmp-XXXXXX")
    else { throw RuntimeError("cannot write \(path): \(reason(errno))") }
    var committed = false
    defer {
      if !committed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      try produce { bytes in
        if let code = bytes.withUnsafeBytes({ writeAll($0, to: descriptor) }) {
          throw RuntimeError("cannot write \(path): \(reason(code))")
        }
      }
      fchmod(descriptor, 0o644)
      guard fsync(descriptor) == 0 else {
        throw RuntimeError("cannot write \(path): \(reason(errno))")
      }
    }
    guard rename(temporary, path) == 0 else {
      throw RuntimeError("cannot write \(path): \(reason(errno))")
    }
    committed = true
  }

  /// Writes all of `bytes` to `descriptor`, again after an interruption.
  /// Returns `nil` on success, else the `errno` of the failed `write(2)`.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }

  /// Creates and opens a new file from `template`, a path ending in
  /// `XXXXXX` (see `mkstemp(3)`); `nil` with `errno` set on failure.
  static func makeTemporary(_ template: String) -> (descriptor: Int32, path: String)? {
    var bytes = Array(template.utf8CString)
    let descriptor = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { return nil }
    return (
      descriptor, String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    )
  }

  static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or directory"
    case EACCES: "permission denied"
    case EISDIR: "it is a directory"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}
