import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Context {
  /// Calls `body` with each text of `input`, in order. Lines from a pipe or
  /// a terminal stream: what `body` wrote to stdout is flushed before each
  /// read that may wait, so each result appears as soon as its line has
  /// come. A regular file is read in large blocks with output buffered.
  ///
  /// `command` names the command in warnings (`classify`, `explain`).
  /// `lines`, when given, takes each stream of lines whole instead of
  /// `body` (`classify --jobs`, which reads on threads of its own).
  func forEachText(
    _ input: TextInput, command: String, _ body: (Span<UInt8>) throws -> Void,
    lines: ((FileDescriptorSource) throws -> Void)? = nil
  ) throws {
    if let file = input.file {
      return try Files.withInput(file) {
        try Self.refuseBinary($0, name: file == "-" ? "stdin" : ErrorLine.clean(file))
        return try forEachLine($0, quiet: input.quiet, body, lines: lines)
      }
    }
    if input.texts.isEmpty {
      try Self.refuseBinary(FileDescriptorSource(descriptor: 0), name: "stdin")
      return try forEachLine(
        FileDescriptorSource(descriptor: 0), quiet: input.quiet, body, lines: lines)
    }
    if !input.quiet {
      for text in input.texts where text != "-" && Self.isFile(text) {
        let name = ErrorLine.clean(text)
        try stderr.write(
          "Warning: '\(name)' is the name of a file, but \(command) takes it as the text; "
            + "to \(command) the file's lines, use --input '\(name)'\n")
      }
      try stderr.flush()
    }
    for var text in input.texts {
      if text == "-" {
        try forEachLine(
          FileDescriptorSource(descriptor: 0), quiet: input.quiet, body, lines: lines)
      } else {
        try body(text.utf8.span)
      }
    }
  }

  /// The lines of `source`: buffered from a regular file, streamed from
  /// anything else; a terminal gets a hint on how to end the input first.
  private func forEachLine(
    _ source: FileDescriptorSource, quiet: Bool, _ body: (Span<UInt8>) throws -> Void,
    lines parallel: ((FileDescriptorSource) throws -> Void)?
  ) throws {
    var status = stat()
    let regular = fstat(source.descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    if let parallel {
      if !regular && !quiet && isatty(source.descriptor) == 1 {
        try stderr.write("Reading texts from the terminal, one per line; end with Ctrl-D.\n")
        try stderr.flush()
      }
      // Output goes out in order; a stream's before each wait for input.
      try stdout.flush()
      return try parallel(source)
    }
    if regular {
      var lines = LineReader(source: source)
      return try lines.forEachLine { try body($0.span) }
    }
    if !quiet && isatty(source.descriptor) == 1 {
      try stderr.write("Reading texts from the terminal, one per line; end with Ctrl-D.\n")
      try stderr.flush()
    }
    var lines = LineReader(source: FlushingSource(base: source, output: stdout))
    try lines.forEachLine { try body($0.span) }
  }

  /// Refuses a regular file whose start is binary (``PostFile/isBinary(_:)``:
  /// an image, a model, a program), as `--input` of analyze does: its
  /// "lines" are no texts. Reads the first 64 KiB where they are, leaving
  /// the file's position; a pipe is not looked ahead in.
  private static func refuseBinary(_ source: FileDescriptorSource, name: String) throws {
    var status = stat()
    guard fstat(source.descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return
    }
    // Read and put back, so that the lines are read from where they were.
    let handle = FileHandle(fileDescriptor: source.descriptor, closeOnDealloc: false)
    guard let offset = try? handle.offset(),
      let sample = try? handle.read(upToCount: 65_536), (try? handle.seek(toOffset: offset)) != nil,
      PostFile.isBinary(Array(sample))
    else { return }
    throw RuntimeError(
      "\(name): binary data (NUL bytes or mostly invalid UTF-8), not text; classify and "
        + "explain read UTF-8 text, one text a line (analyze --input reads API JSON and CSV)",
      status: .dataError)
  }

  /// Whether `path` names an existing file (not a directory).
  private static func isFile(_ path: String) -> Bool {
    var status = stat()
    return !path.isEmpty && stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
  }
}

/// A source that flushes an output before each read, which may wait for
/// more input: results go out as soon as the input read so far is handled.
struct FlushingSource<Base: ByteSource>: ByteSource {
  /// The source read.
  var base: Base
  /// The output flushed before each read.
  let output: Output

  /// Flushes the output, then reads from the base source.
  mutating func read(into buffer: inout [UInt8]) throws -> Int {
    try output.flush()
    return try base.read(into: &buffer)
  }
}
