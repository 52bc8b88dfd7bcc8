import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An anonymous temporary file (`tmpfile(3)`: mode `0600`, removed as soon
/// as it is created, gone when the process ends), through C's buffered
/// `FILE` calls: ``RecordingSpool``'s storage.
final class TemporaryStream {
  private let file: UnsafeMutablePointer<FILE>

  /// A new empty file; `nil` when no temporary file can be created.
  init?() {
    guard let file = tmpfile() else { return nil }
    self.file = file
  }

  deinit { fclose(file) }

  /// Appends `line` and a line break; false when the write failed (a full
  /// disk).
  func appendLine(_ line: Data) -> Bool {
    let written = line.withUnsafeBytes { raw in
      raw.baseAddress.map { fwrite($0, 1, raw.count, file) } ?? 0
    }
    return written == line.count && fputc(0x0A, file) != EOF
  }

  /// Writes out what is buffered and goes back to the start; false (with
  /// `errno` set) when either fails.
  func rewind() -> Bool {
    fflush(file) == 0 && fseek(file, 0, SEEK_SET) == 0
  }

  /// Reads up to `buffer.count` bytes into the start of `buffer`; returns
  /// how many, fewer at the end or on an error (``failed``).
  func read(into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { raw in
      raw.baseAddress.map { fread($0, 1, raw.count, file) } ?? 0
    }
  }

  /// Whether a read failed.
  var failed: Bool { ferror(file) != 0 }
}
