import Foundation

/// Turns the lines of a stream into output on several threads, in input
/// order: what `classify --jobs N` runs on.
///
/// One thread reads the stream and cuts it after the last line break of
/// what it has read (about 64 KiB, or less when a pipe has less to give),
/// `jobs` threads each turn a chunk's lines into output bytes, and the
/// calling thread writes the chunks' output in input order as soon as the
/// next one is done. At most `4 × jobs` chunks are read ahead of the one
/// being written, so memory stays bounded (chunks and the longest line)
/// whatever the input's size, and a slow pipe's lines come out as they come
/// in. Lines are those of ``LineReader``: ending in LF or CRLF, or at the
/// end of the stream.
///
/// ```swift
/// try ParallelLines.map(FileDescriptorSource(descriptor: 0), jobs: 2, worker: {
///   { line, output in output.append(contentsOf: line.count.description.utf8) }
/// }, write: { chunk, more in try stdout.write(chunk) })
/// ```
package enum ParallelLines {
  /// A line's transform failed: the number of the line (from 1) and why.
  package struct LineError: Error {
    /// The line's number in the stream, from 1.
    package var line: Int
    /// What the transform threw.
    package var error: any Error
  }

  /// The most bytes a chunk's read adds.
  static let blockSize = 1 << 16

  /// Reads `source` to its end, calling a transform made by `worker` (once
  /// per thread) for each line, and `write` on the calling thread with each
  /// chunk's output, in order; `write`'s second argument says whether the
  /// next chunk's output is ready already (else the caller may flush).
  ///
  /// - Throws: the source's error, ``LineReaderError/lineTooLong(line:limit:)``
  ///   for a line longer than `limit` (as ``LineReader``), or a ``LineError``
  ///   for the first line whose transform threw, each after the output of
  ///   the lines before it; or `write`'s, at once (the reading thread is left to end with the
  ///   process: it may be waiting on a pipe).
  /// - Complexity: O(*n*) in the input, spread over `jobs` threads.
  package static func map<Source: ByteSource>(
    _ source: Source, jobs: Int,
    maximumLineBytes limit: Int = LineReader<Source>.defaultMaximumLineBytes,
    worker: @escaping @Sendable () -> (Span<UInt8>, inout [UInt8]) throws -> Void,
    write: ([UInt8], _ more: Bool) throws -> Void
  ) throws {
    let jobs = max(1, jobs)
    let work = BoundedQueue<(index: Int, bytes: [UInt8])>(capacity: 2 * jobs)
    let results = OrderedResults(window: 4 * jobs)
    let reading = SourceBox(source, limit: max(1, limit))
    _ = startThread { reading.run(into: work, results: results) }
    for _ in 0..<jobs {
      _ = startThread {
        let transform = worker()
        while let chunk = work.pop() {
          var result = ChunkResult()
          result.output.reserveCapacity(chunk.bytes.count)
          forEachLine(in: chunk.bytes) { line in
            guard result.failure == nil else { return }
            result.lines += 1
            do {
              guard line.count <= limit else {
                throw LineReaderError.lineTooLong(line: result.lines, limit: limit)
              }
              try transform(line, &result.output)
            } catch {
              result.failure = LineError(line: result.lines, error: error)
            }
          }
          results.put(chunk.index, result)
        }
      }
    }
    var next = 0
    var lines = 0
    do {
      while let result = try take(next, lines: lines) {
        next += 1
        if var failure = result.failure {
          try write(result.output, false)
          failure.line += lines
          if case LineReaderError.lineTooLong(_, let limit)? = failure.error as? LineReaderError {
            throw LineReaderError.lineTooLong(line: failure.line, limit: limit)
          }
          throw failure
        }
        lines += result.lines
        try write(result.output, results.isReady(next))
      }
    } catch {
      results.cancel()
      work.close()
      throw error
    }
    work.close()

    /// Chunk `index`'s result; a line too long for the reading thread is
    /// the one after the `lines` of the chunks before.
    func take(_ index: Int, lines: Int) throws -> ChunkResult? {
      do {
        return try results.take(index)
      } catch LineReaderError.lineTooLong(_, let limit) {
        throw LineReaderError.lineTooLong(line: lines + 1, limit: limit)
      }
    }
  }

  /// Calls `body` with each line of `chunk`: LF-ended, a CR before the LF
  /// dropped; a last line without LF (the stream's end) is a line too.
  static func forEachLine(in chunk: [UInt8], _ body: (Span<UInt8>) -> Void) {
    let span = chunk.span
    var start = 0
    var index = 0
    while index < span.count {
      if span[index] == 0x0A {
        var end = index
        if end > start && span[end - 1] == 0x0D { end -= 1 }
        body(span.extracting(start..<end))
        start = index + 1
      }
      index += 1
    }
    if start < span.count {
      var end = span.count
      if span[end - 1] == 0x0D { end -= 1 }
      body(span.extracting(start..<end))
    }
  }
}

/// What a thread made of a chunk: the output of its lines, how many were
/// read, and the first that failed (numbered within the chunk).
private struct ChunkResult: @unchecked Sendable {
  var output: [UInt8] = []
  var lines = 0
  var failure: ParallelLines.LineError?
}

/// The reading side of ``ParallelLines``: owns the source, touched only by
/// the reading thread.
private final class SourceBox<Source: ByteSource>: @unchecked Sendable {
  var source: Source
  /// The longest line.
  let limit: Int

  init(_ source: Source, limit: Int) {
    self.source = source
    self.limit = limit
  }

  func run(
    into work: BoundedQueue<(index: Int, bytes: [UInt8])>, results: OrderedResults
  ) {
    var pending: [UInt8] = []
    var block = [UInt8](repeating: 0, count: ParallelLines.blockSize)
    var index = 0
    func hand(_ bytes: [UInt8]) -> Bool {
      guard results.waitForRoom(index), work.push((index, bytes)) else { return false }
      index += 1
      return true
    }
    do {
      while true {
        let count = try source.read(into: &block)
        if count == 0 { break }
        let start = pending.count
        pending.append(contentsOf: block[..<count])
        // Cut after the last line break, if this block brought one.
        guard let last = pending[start...].lastIndex(of: 0x0A) else {
          // What is pending is one line, longer than a CR: the same limit
          // as LineReader's, however the bytes arrive.
          if pending.count > limit + 1 {
            throw LineReaderError.lineTooLong(line: 0, limit: limit)
          }
          continue
        }
        let rest = Array(pending[(last + 1)...])
        pending.removeSubrange((last + 1)...)
        guard hand(pending) else { return }
        pending = rest
      }
      if !pending.isEmpty && !hand(pending) { return }
      results.finish(count: index)
    } catch {
      results.fail(error, after: index)
    }
    work.close()
  }
}

/// Chunks' output, taken in order by the writing thread.
private final class OrderedResults: @unchecked Sendable {
  private let condition = NSCondition()
  private var ready: [Int: ChunkResult] = [:]
  private var written = 0
  private var total: Int?
  private var failure: (any Error)?
  private var cancelled = false
  private let window: Int

  init(window: Int) {
    self.window = window
  }

  /// Waits until chunk `index` may be read ahead; `false` when cancelled.
  func waitForRoom(_ index: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while index - written >= window && !cancelled { condition.wait() }
    return !cancelled
  }

  func put(_ index: Int, _ output: ChunkResult) {
    condition.lock()
    ready[index] = output
    condition.broadcast()
    condition.unlock()
  }

  func isReady(_ index: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return ready[index] != nil
  }

  /// Chunk `index`'s output, waiting for it; `nil` after the last chunk.
  /// Throws the source's error once the chunks before it are taken.
  func take(_ index: Int) throws -> ChunkResult? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let output = ready.removeValue(forKey: index) {
        written = index + 1
        condition.broadcast()
        return output
      }
      if let total, index >= total {
        if let failure { throw failure }
        return nil
      }
      condition.wait()
    }
  }

  func finish(count: Int) {
    condition.lock()
    total = count
    condition.broadcast()
    condition.unlock()
  }

  func fail(_ error: any Error, after count: Int) {
    condition.lock()
    failure = error
    total = count
    condition.broadcast()
    condition.unlock()
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}
