import Dispatch
import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress of reading a large input, on one line of a terminal:
/// `train: 412,000 rows, 85.2 of 120.0 MB (71 %), 85,000 rows/s, ETA 0:07`.
///
/// It draws nothing for the first ``delay`` seconds (a small input ends
/// before), then at most ``interval`` apart, and erases its line at the end.
/// Rows are counted as the lines read (a text holding a line break counts
/// twice); the ETA comes from the bytes left of a regular file's size.
final class ProgressMeter {
  /// Seconds before the first line: inputs read faster show none.
  static let delay = 1.0
  /// Seconds between two lines.
  static let interval = 0.25

  private let label: String
  private let total: Int?
  private let stderr: Output
  private let start = DispatchTime.now().uptimeNanoseconds
  private var lastDrawn: Double?
  private(set) var rows = 0
  private(set) var bytes = 0

  /// A meter for reading `total` bytes (`nil`: unknown, as for a pipe).
  init(label: String, total: Int?, stderr: Output) {
    self.label = label
    self.total = total
    self.stderr = stderr
  }

  /// A meter when one is wanted: stderr is a terminal and `quiet` is off;
  /// `descriptor` is the input's, for its size when it is a regular file.
  static func forInput(
    _ descriptor: Int32, label: String, stderr: Output, quiet: Bool
  ) -> ProgressMeter? {
    guard !quiet && stderr.isTerminal else { return nil }
    var status = stat()
    let size =
      fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
      ? Int(status.st_size) : nil
    return ProgressMeter(label: label, total: size, stderr: stderr)
  }

  /// Counts bytes just read, and draws when it is time.
  func read(_ chunk: ArraySlice<UInt8>) {
    bytes += chunk.count
    for byte in chunk where byte == 0x0A { rows += 1 }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard elapsed >= Self.delay, elapsed - (lastDrawn ?? -Self.interval) >= Self.interval else {
      return
    }
    lastDrawn = elapsed
    try? stderr.write(
      "\r\u{1B}[K"
        + Self.line(label: label, rows: rows, bytes: bytes, total: total, elapsed: elapsed))
    try? stderr.flush()
  }

  /// Erases the line, if one was drawn.
  func finish() {
    guard lastDrawn != nil else { return }
    lastDrawn = nil
    try? stderr.write("\r\u{1B}[K")
    try? stderr.flush()
  }

  // MARK: Formatting (pure)

  /// The progress line: rows, bytes (and the share of `total`), the rate,
  /// and the time left when `total` is known.
  static func line(label: String, rows: Int, bytes: Int, total: Int?, elapsed: Double) -> String {
    var parts = ["\(label): \(count(rows)) rows"]
    if let total, total > 0 {
      let share = min(100, bytes * 100 / total)
      parts.append("\(megabytes(bytes)) of \(megabytes(total)) MB (\(share) %)")
    } else {
      parts.append("\(megabytes(bytes)) MB")
    }
    if elapsed > 0 {
      parts.append("\(count(Int((Double(rows) / elapsed).rounded()))) rows/s")
    }
    if let total, total > 0, bytes > 0, elapsed > 0 {
      let left = elapsed * Double(max(0, total - bytes)) / Double(bytes)
      parts.append("ETA \(duration(left))")
    }
    return parts.joined(separator: ", ")
  }

  /// `1,234,567`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

  /// Bytes in MB (10⁶), one decimal: `85.2`.
  static func megabytes(_ bytes: Int) -> String {
    FixedDecimal.string(Double(bytes) / 1e6, decimals: 1)
  }

  /// Seconds as `m:ss`, or `h:mm:ss` from an hour; `--:--` when not finite
  /// or beyond 100 hours.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0, seconds < 360_000 else { return "--:--" }
    let total = Int(seconds.rounded(.up))
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    if total >= 3_600 { return "\(total / 3_600):\(two(total % 3_600 / 60)):\(two(total % 60))" }
    return "\(total / 60):\(two(total % 60))"
  }
}

/// Progress of steps on one line of a terminal, after reading:
/// `eval: 3 of 10 folds done`. Like ``ProgressMeter`` it draws nothing for
/// the first ``ProgressMeter/delay`` seconds since it was made (the command's
/// start), then at most ``ProgressMeter/interval`` apart; steps may finish on
/// several threads.
final class StepMeter: @unchecked Sendable {
  private let label: String
  private let stderr: Output
  private let start = DispatchTime.now().uptimeNanoseconds
  private let lock = NSLock()
  private var lastDrawn: Double?

  private init(label: String, stderr: Output) {
    self.label = label
    self.stderr = stderr
  }

  /// A meter when one is wanted: stderr is a terminal and `quiet` is off.
  static func onTerminal(label: String, stderr: Output, quiet: Bool) -> StepMeter? {
    quiet || !stderr.isTerminal ? nil : StepMeter(label: label, stderr: stderr)
  }

  /// Says that `done` of `total` `things` are done, when it is time to.
  func step(_ done: Int, of total: Int, _ things: String) {
    lock.lock()
    defer { lock.unlock() }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard elapsed >= ProgressMeter.delay,
      done == total || elapsed - (lastDrawn ?? -ProgressMeter.interval) >= ProgressMeter.interval
    else { return }
    lastDrawn = elapsed
    try? stderr.write("\r\u{1B}[K" + Self.line(label: label, done: done, total: total, things))
    try? stderr.flush()
  }

  /// Erases the line, if one was drawn.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    guard lastDrawn != nil else { return }
    lastDrawn = nil
    try? stderr.write("\r\u{1B}[K")
    try? stderr.flush()
  }

  /// `eval: 3 of 10 folds done`.
  static func line(label: String, done: Int, total: Int, _ things: String) -> String {
    "\(label): \(ProgressMeter.count(done)) of \(ProgressMeter.count(total)) \(things) done"
  }
}

/// Passes bytes through from another source while a ``ProgressMeter``
/// counts them (none: it only passes them through).
struct ProgressSource<Base: ByteSource>: ByteSource {
  var base: Base
  let meter: ProgressMeter?

  mutating func read(into buffer: inout [UInt8]) throws -> Int {
    let count = try base.read(into: &buffer)
    meter?.read(buffer[..<count])
    return count
  }
}
