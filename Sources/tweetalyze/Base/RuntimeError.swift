import Foundation

/// A failure while running a command: printed as `Error: …`, with the exit
/// status of its class (``ExitStatus/failure`` unless said).
struct RuntimeError: LocalizedError {
  var message: String
  /// The class of failure, which the exit status tells.
  var status: ExitStatus
  init(_ message: String, status: ExitStatus = .failure) {
    self.message = message
    self.status = status
  }
  var errorDescription: String? { message }
}
