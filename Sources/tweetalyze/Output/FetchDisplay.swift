import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What stderr shows while tweets are fetched: a spinner with the page count
/// on a terminal (redrawn by a timer), warnings as `Warning: …` lines, and a
/// note when --wait waits for a rate limit.
final class FetchDisplay: @unchecked Sendable {
  private let query: String
  private let isTerminal: Bool
  private let quiet: Bool
  private let lock = NSLock()
  private var status = ""
  private var frame = 0
  private var drawn = false
  private var notedWait = false
  private var warnings = 0
  /// The most warning lines shown for one query; one line more says that
  /// the rest are not shown (a page can carry any number of `errors[]`).
  static let maximumWarnings = 10
  private var timer: DispatchSourceTimer?
  private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The service fetched from, as warnings name it (`the X API`).
  private let service: String
  /// What the service's posts are called: `tweet` on X, else `post`.
  var noun: String { service == "the X API" ? "tweet" : "post" }

  /// Creates a display; `quiet` shows nothing at all (`--quiet`).
  init(query: String, isTerminal: Bool, quiet: Bool = false, service: String = "the X API") {
    self.query = query
    self.service = service
    self.isTerminal = isTerminal && !quiet
    self.quiet = quiet
  }

  deinit { timer?.cancel() }

  /// Shows a progress event.
  func show(_ event: HTTPTransport.Event) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .requesting(let page, let tweets):
      status =
        "Searching \(query): page \(page)"
        + (tweets > 0 ? ", \(tweets) \(noun)\(tweets == 1 ? "" : "s")" : "")
      startTimer()
    case .retrying(let attempt, let attempts, let delay, let reason):
      status =
        "Searching \(query): \(reason); retrying in \(Self.seconds(delay)) s "
        + "(attempt \(attempt) of \(attempts))"
    case .waitingForRateLimit(let reset, let secondsLeft):
      status = "Rate limit reached: waiting \(secondsLeft) s for the window to reset"
      if !isTerminal && !quiet && !notedWait {
        notedWait = true
        write(
          "Rate limit reached; waiting \(secondsLeft) s, until "
            + "\(HTTPSourceError.localTime(reset, now: Date())), as --wait asks\n")
      }
    case .finished:
      stopLocked()
      return
    case .stoppedPaging(let pages, let emptyPages):
      if !quiet {
        clear()
        write(
          "Warning: \(service) sent \(emptyPages) pages in a row without a post, each naming "
            + "a next page; stopped after \(pages) pages\n")
      }
    }
    draw()
  }

  /// Stops the spinner and erases its line.
  func stop() {
    lock.lock()
    defer { lock.unlock() }
    stopLocked()
  }

  private func stopLocked() {
    timer?.cancel()
    timer = nil
    clear()
  }

  /// Shows a warning line.
  func warn(_ message: String) {
    guard !quiet else { return }
    lock.lock()
    defer { lock.unlock() }
    warnings += 1
    guard warnings <= Self.maximumWarnings + 1 else { return }
    clear()
    if warnings > Self.maximumWarnings {
      write(
        "Warning: \(service) reported more problems for \(query); only the first "
          + "\(Self.maximumWarnings) are shown\n")
    } else {
      // The API's own words: a server must not fake an `Error:` line or
      // drive the terminal.
      write("Warning: \(ErrorLine.clean(message))\n")
    }
    draw()
  }

  private func startTimer() {
    guard isTerminal, timer == nil else { return }
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
    timer.setEventHandler { [weak self] in
      guard let self else { return }
      self.lock.lock()
      defer { self.lock.unlock() }
      self.frame += 1
      self.draw()
    }
    self.timer = timer
    timer.resume()
  }

  /// Redraws the spinner line (terminal only). Call with the lock held.
  private func draw() {
    guard isTerminal, timer != nil else { return }
    let spinner = Self.frames[frame % Self.frames.count]
    write("\r\u{1B}[K\(spinner) \(status)")
    drawn = true
  }

  /// Erases the spinner line. Call with the lock held.
  private func clear() {
    guard drawn else { return }
    write("\r\u{1B}[K")
    drawn = false
  }

  /// Writes progress to stderr at once; a failure to show progress is no
  /// reason to stop fetching, so it is ignored.
  private func write(_ text: String) {
    _ = Files.writeAll(Array(text.utf8).span, to: 2)
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}
