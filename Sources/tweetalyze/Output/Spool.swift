import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary file that keeps a copy of standard input for a second
/// reading.
final class Spool {
  /// The temporary file's path.
  let path: String
  /// The descriptor the copy is written to.
  let descriptor: Int32

  /// Creates the temporary file.
  init() throws {
    guard
      let (descriptor, path) = Files.makeTemporary(
        FileManager.default.temporaryDirectory.path + "/tweetalyze-stdin-XXXXXX")
    else {
      throw RuntimeError(
        "cannot create a temporary file for stdin: \(Files.reason(errno))", status: .cannotCreate)
    }
    self.descriptor = descriptor
    self.path = path
  }

  /// Appends `bytes` to the copy.
  func write(_ bytes: Span<UInt8>) throws {
    if let code = Files.writeAll(bytes, to: descriptor) {
      throw RuntimeError(
        "cannot spool stdin to \(path): \(Files.reason(code))", status: .cannotCreate)
    }
  }

  /// Closes and deletes the temporary file.
  func remove() {
    close(descriptor)
    unlink(path)
  }
}

/// Passes bytes through, copying them to a ``Spool`` when there is one.
struct SpoolingSource<Base: ByteSource>: ByteSource {
  var base: Base
  let spool: Spool?

  /// Reads from the base source and copies what it read to the spool.
  mutating func read(into buffer: inout [UInt8]) throws -> Int {
    let count = try base.read(into: &buffer)
    try spool?.write(buffer.span.extracting(..<count))
    return count
  }
}
