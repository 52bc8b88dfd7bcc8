import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pages of a recording while a fetch runs, one line each, in an
/// anonymous temporary file (`tmpfile(3)`: mode `0600`, removed as soon as
/// it is created, gone when the process ends): memory holds one page at a
/// time, however many pages a fetch asks for. What it holds is redacted.
final class RecordingSpool {
  private let file: TemporaryStream

  /// A new empty spool; `nil` when no temporary file can be created.
  init?() {
    guard let file = TemporaryStream() else { return nil }
    self.file = file
  }

  /// Appends `line` and a line break; false when the write failed (a full
  /// disk).
  func append(_ line: Data) -> Bool {
    file.appendLine(line)
  }

  /// Passes what was appended to `write`, in chunks of at most 1 MiB.
  func forEachChunk(_ write: (_ chunk: [UInt8]) throws -> Void) throws {
    guard file.rewind() else {
      throw HTTPSourceError.recordFailed(
        path: "the temporary copy", reason: String(cString: strerror(errno)).lowercased())
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = file.read(into: &buffer)
      if count > 0 { try write(Array(buffer[..<count])) }
      if count < buffer.count { break }
    }
    guard !file.failed else {
      throw HTTPSourceError.recordFailed(
        path: "the temporary copy", reason: "it could not be read back")
    }
  }
}
