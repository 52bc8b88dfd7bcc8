import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a transfer stopped before the answer was complete.
enum TransferLimit: Error {
  /// The body grew past the limit.
  case tooLarge
  /// The answer did not end before the deadline.
  case deadline
  /// No memory could be had for the body after `bytes` bytes.
  case outOfMemory(bytes: Int)
}

/// Runs the session's data tasks: collects each body up to a limit (and
/// cancels the task past it, or as soon as a `Content-Length` says it will
/// be passed), cancels a task that has not ended by its deadline, and
/// follows a redirect only within the request's origin: a redirect to
/// another host, port or scheme is not followed, so that its 3xx answer
/// reaches ``HTTPTransport``, which reports it (the `Authorization` header
/// would otherwise be sent along).
final class Transfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Transfer {
    var continuation: CheckedContinuation<(Data, URLResponse), Error>
    var body: ResponseBuffer
  }

  private let limit: Int
  private let lock = NSLock()
  private var transfers: [Int: Transfer] = [:]

  init(limit: Int) {
    self.limit = limit
  }

  /// The body and response for `request`, within `deadline` seconds.
  func run(_ request: URLRequest, in session: URLSession, deadline: Double) async throws -> (
    Data, URLResponse
  ) {
    let task = session.dataTask(with: request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        transfers[task.taskIdentifier] = Transfer(
          continuation: continuation, body: ResponseBuffer(limit: limit))
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(deadline, 0.001)) {
          [weak self] in
          self?.stop(task, TransferLimit.deadline)
        }
        task.resume()
      }
    } onCancel: {
      self.stop(task, CancellationError())
      task.cancel()
    }
  }

  /// Ends the transfer now: its caller is answered with `reason` at once,
  /// and the task is cancelled. The answer does not wait for the task to
  /// complete: on a loaded machine swift-corelibs-foundation can take tens
  /// of seconds to act on the cancel of a transfer whose body keeps coming
  /// (CI saw 50 s and 99 s). What the task still receives is dropped.
  private func stop(_ task: URLSessionTask, _ reason: Error) {
    lock.lock()
    let transfer = transfers.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    guard let transfer else { return }
    transfer.continuation.resume(throwing: reason)
    task.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    if response.expectedContentLength > Int64(limit) {
      stop(dataTask, TransferLimit.tooLarge)
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    // Appended in place: a copy of the body for each chunk (a `Data` in a
    // struct copied out of the dictionary) made this queue fall so far
    // behind the network that the chunks waiting for it took gigabytes.
    lock.lock()
    var failure: TransferLimit?
    if let body = transfers[dataTask.taskIdentifier]?.body {
      if body.count + data.count > limit {
        failure = .tooLarge
      } else if !body.append(data) {
        failure = .outOfMemory(bytes: body.count)
      }
    }
    lock.unlock()
    if let failure { stop(dataTask, failure) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    lock.lock()
    let transfer = transfers.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    guard let transfer else { return }
    if let error {
      transfer.continuation.resume(throwing: error)
    } else if let response = task.response {
      transfer.continuation.resume(returning: (transfer.body.take(), response))
    } else {
      transfer.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let from = task.originalRequest?.url ?? response.url
    // Foundation would send a POST's 307 or 308 on without its body:
    // ``HTTPTransport/send(_:page:tweets:rateLimit:refuse:)`` sends it again.
    let keepsBody = response.statusCode == 307 || response.statusCode == 308
    if keepsBody && task.originalRequest?.httpMethod == "POST" {
      completionHandler(nil)
      return
    }
    completionHandler(URLSafety.sameOrigin(from, request.url) ? request : nil)
  }
}

/// Sends one request and gives its answer: the seam between the transport's
/// policies (retries, rate limits, redirects, redaction) and the network.
/// ``URLSessionSender`` is the one the tool uses; tests answer from memory.
package protocol HTTPSending: Sendable {
  /// The answer to `request`, its body and response, within `deadline`
  /// seconds. A redirect to another origin is answered, not followed.
  func answer(_ request: URLRequest, deadline: Double) async throws -> (Data, URLResponse)
}

/// The sender the tool uses: an ephemeral `URLSession` (no cache, no
/// cookies) whose transfers ``Transfers`` runs.
package final class URLSessionSender: HTTPSending {
  private let session: URLSession
  private let transfers: Transfers

  /// Opens a session whose requests wait `timeout` seconds for an answer
  /// and read at most `limit` bytes of it. Call ``close()`` when done.
  package init(timeout: Double, limit: Int) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    transfers = Transfers(limit: limit)
    session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
  }

  /// The answer to `request`, its body cut at the limit, within
  /// `deadline` seconds.
  package func answer(_ request: URLRequest, deadline: Double) async throws -> (
    Data, URLResponse
  ) {
    try await transfers.run(request, in: session, deadline: deadline)
  }

  /// Ends the session. Not waited for: while a cancelled transfer still
  /// pours in, the session's work queue can take tens of seconds to get to
  /// it.
  package func close() {
    let session = session
    DispatchQueue.global().async { session.invalidateAndCancel() }
  }
}
