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
  /// The most bytes kept: the threshold, and room for what one call adds
  /// after it; a bigger write goes out as it is.
  private static let capacity = threshold * 2
  /// The bytes not written out yet (``OutputBuffer``: its accesses are not
  /// checked at run time).
  private let pending = OutputBuffer()

  init(descriptor: Int32) {
    self.descriptor = descriptor
    pending.bytes.reserveCapacity(Self.capacity)
  }

  func write(_ bytes: Span<UInt8>) throws {
    if pending.bytes.count + bytes.count > Self.capacity {
      try flush()
      // More than the buffer holds goes out as it is.
      if bytes.count > Self.capacity { return try writeOut(bytes) }
    }
    pending.bytes.append(copying: bytes)
    if pending.bytes.count >= Self.threshold { try flush() }
  }

  func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write($0.span) }
  }

  func write(_ bytes: [UInt8]) throws {
    try write(bytes.span)
  }

  /// Appends bytes with a closure that appends them to the buffer, an
  /// array: the way for output written line by line. Its lines may make
  /// the buffer longer than ``capacity``; they are written out after.
  func append(_ body: (inout [UInt8]) -> Void) throws {
    body(&pending.bytes)
    if pending.bytes.count >= Self.threshold { try flush() }
  }

  func flush() throws {
    guard !pending.bytes.isEmpty else { return }
    defer { pending.bytes.removeAll(keepingCapacity: true) }
    try pending.withSpan { try writeOut($0) }
  }

  private func writeOut(_ bytes: Span<UInt8>) throws {
    guard let code = Files.writeAll(bytes, to: descriptor) else { return }
    if code == EPIPE { throw BrokenPipe() }
    throw RuntimeError("cannot write output: \(Files.reason(code))", status: .cannotCreate)
  }

  /// Whether the descriptor is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }
}
