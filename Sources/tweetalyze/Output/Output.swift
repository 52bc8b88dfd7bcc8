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
