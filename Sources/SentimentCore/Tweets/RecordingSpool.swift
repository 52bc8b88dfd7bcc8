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
  private let file: UnsafeMutablePointer<FILE>

  /// A new empty spool; `nil` when no temporary file can be created.
  init?() {
    guard let file = tmpfile() else { return nil }
    self.file = file
  }

  deinit { fclose(file) }

  /// Appends `line` and a line break; false when the write failed (a full
  /// disk).
  func append(_ line: Data) -> Bool {
    let written = line.withUnsafeBytes { raw in
      raw.baseAddress.map { fwrite($0, 1, raw.count, file) } ?? 0
    }
    return written == line.count && fputc(0x0A, file) != EOF
  }

  /// Passes what was appended to `write`, in chunks of at most 1 MiB.
  func forEachChunk(_ write: (_ chunk: [UInt8]) throws -> Void) throws {
    guard fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else {
      throw HTTPSourceError.recordFailed(
        path: "the temporary copy", reason: String(cString: strerror(errno)).lowercased())
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { fread($0, 1, raw.count, file) } ?? 0
      }
      if count > 0 { try write(Array(buffer[..<count])) }
      if count < buffer.count { break }
    }
    guard ferror(file) == 0 else {
      throw HTTPSourceError.recordFailed(
        path: "the temporary copy", reason: "it could not be read back")
    }
  }
}
