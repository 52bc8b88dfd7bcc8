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
  /// Its slot among the files removed on a signal.
  private let slot: Int?

  /// Creates the temporary file.
  init() throws {
    var generator = SystemRandomNumberGenerator()
    var directory = FileManager.default.temporaryDirectory.path
    while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    let (descriptor, path, slot) = try TemporaryFiles.withSignalsBlocked {
      let (descriptor, path) = try Files.createTemporary(
        in: directory, prefix: "tweetalyze-stdin-", using: &generator,
        shownAs: "a temporary copy of stdin in \(directory)", registering: true)
      return (descriptor, path, TemporaryFiles.slot(of: path))
    }
    self.descriptor = descriptor
    self.path = path
    self.slot = slot
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
    TemporaryFiles.unregister(slot)
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
