import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing files for the commands: the core takes streams, the
/// CLI turns paths into them and their failures into clear messages.
enum Files {
  /// The largest model file read (`--model`): a model of a million
  /// features is about 20 MB.
  static let modelLimit = 256 << 20

  /// Opens `path` for reading (`-` is standard input) and passes its
  /// descriptor to `body`.
  static func withInput<Result>(
    _ path: String, _ body: (FileDescriptorSource) throws -> Result
  ) throws -> Result {
    if path == "-" { return try body(FileDescriptorSource(descriptor: 0)) }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw RuntimeError("cannot read \(path): \(reason(errno))", status: .noInput)
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw RuntimeError("cannot read \(path): it is a directory, not a file", status: .noInput)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw RuntimeError("cannot read \(path): \(reason(errno))", status: .noInput)
    }
    defer { close(descriptor) }
    return try body(FileDescriptorSource(descriptor: descriptor))
  }

  /// Refuses an output file that is one of the inputs the run reads, by
  /// device and inode (so also under another name, through a link, or as
  /// standard input, `-`): replacing it would destroy what is read.
  /// Devices, FIFOs and sockets are written through, not replaced, and
  /// are not compared.
  ///
  /// - Parameters:
  ///   - output: the output path as given.
  ///   - option: the option that names it (`--out`, `--plot`).
  ///   - inputs: each input path and what it is (`the lexicon lex.csv`).
  ///   - written: what the run writes (`the model`), for the advice.
  /// - Throws: ``RuntimeError`` with the status for an output that cannot
  ///   be written.
  static func refuseReplacing(
    _ inputs: [(path: String, role: String)], with output: String, option: String,
    written: String
  ) throws {
    guard output != "-" else { return }
    var target = stat()
    guard stat(output, &target) == 0, target.st_mode & S_IFMT == S_IFREG else { return }
    for input in inputs {
      var status = stat()
      let found = input.path == "-" ? fstat(0, &status) == 0 : stat(input.path, &status) == 0
      if found && status.st_dev == target.st_dev && status.st_ino == target.st_ino {
        throw RuntimeError(
          "\(option) \(output) is \(input.role) itself; write \(written) to another file",
          status: .cannotCreate)
      }
    }
  }

  /// The whole file at `path` (`-`: standard input), at most `limit`
  /// bytes: a longer one (an endless stream, such as `/dev/zero`) is an
  /// error as soon as it passes the limit, not an allocation failure.
  static func read(_ path: String, limit: Int = .max) throws -> [UInt8] {
    try withInput(path) { source in
      var source = source
      do throws(CappedReadError) {
        return try source.readAll(limit: limit)
      } catch .tooLarge {
        throw InputTooLarge(path: path, limit: limit)
      } catch .unreadable(let error as ReadMemoryError) {
        throw RuntimeError(
          "\(path) (\(size(error.bytes))) does not fit in the memory tweetalyze may use (an "
            + "address-space limit such as ulimit -v); raise the limit, or split the file",
          status: .dataError)
      } catch .unreadable(let error) {
        throw error
      }
    }
  }

  /// Writes all of `bytes` to `descriptor`, again after an interruption.
  /// Returns `nil` on success, else the `errno` of the failed `write(2)`.
  static func writeAll(_ bytes: Span<UInt8>, to descriptor: Int32) -> Int32? {
    SystemCalls.writeAll(bytes, to: descriptor)
  }

  /// A human size: `1 MiB`, `256 MiB`, else bytes.
  static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file or directory"
    case EACCES: "permission denied"
    case EISDIR: "it is a directory"
    case EFBIG: "the file would exceed the file-size limit (ulimit -f); raise it or write elsewhere"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}

/// An input file longer than its cap (`--model`, `--fixtures`): bad input
/// data, not a reason to exhaust memory.
struct InputTooLarge: LocalizedError {
  var path: String
  var limit: Int
  var errorDescription: String? {
    "\(path) is larger than \(Files.size(limit)), more than any such file holds; "
      + "check that it is the right file"
  }
}
