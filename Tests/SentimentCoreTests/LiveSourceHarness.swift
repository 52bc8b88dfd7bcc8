import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A value shared with `@Sendable` callbacks.
final class Recorder<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    stored.append(value)
    lock.unlock()
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

/// Where a live source's requests go in a test: a ``LoopbackHTTPServer``
/// when the socket is the point (redirects, body caps, deadlines, the
/// connection), else a ``MemoryHTTPServer``. Both answer scripted
/// responses in order and record the requests.
protocol TestHTTPServer: AnyObject {
  /// The port in the base URL.
  var port: UInt16 { get }
  /// `http://127.0.0.1:PORT/2`.
  var baseURL: String { get }
  /// The requests received so far.
  var requests: [LoopbackHTTPServer.Request] { get }
  /// Replaces the answers still to give.
  func replaceResponses(_ responses: [LoopbackHTTPServer.Response]) throws
  /// What the transport sends with: `nil` for the real network.
  var sender: (any HTTPSending)? { get }
}

extension LoopbackHTTPServer: TestHTTPServer {
  var sender: (any HTTPSending)? { nil }
}

/// A server in memory: the transport's ``HTTPSending`` answers each request
/// with the next scripted response (a 500 once they run out, as
/// ``LoopbackHTTPServer``), without a socket. Only whole answers
/// (`Behavior.normal`) can be given this way.
final class MemoryHTTPServer: TestHTTPServer, HTTPSending, @unchecked Sendable {
  /// A port nothing is sent to: the base URL only names it.
  let port: UInt16 = 9
  private let lock = NSLock()
  private var responses: [LoopbackHTTPServer.Response]
  private var received: [LoopbackHTTPServer.Request] = []

  init(_ responses: [LoopbackHTTPServer.Response]) {
    self.responses = responses
  }

  var baseURL: String { "http://127.0.0.1:\(port)/2" }

  var sender: (any HTTPSending)? { self }

  var requests: [LoopbackHTTPServer.Request] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  func replaceResponses(_ responses: [LoopbackHTTPServer.Response]) throws {
    lock.lock()
    defer { lock.unlock() }
    self.responses = responses
  }

  /// Records `request`; the answer to it.
  private func next(after request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
    lock.lock()
    defer { lock.unlock() }
    received.append(request)
    return responses.isEmpty
      ? .json(500, #"{"title":"no more scripted responses"}"#) : responses.removeFirst()
  }

  /// Why a scripted response cannot be given from memory.
  struct NeedsASocket: Error {
    var behavior: String
  }

  func answer(_ request: URLRequest, deadline: Double) async throws -> (Data, URLResponse) {
    guard let url = request.url,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { throw URLError(.badURL) }
    var headers: [String: String] = [:]
    for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
    let target =
      components.percentEncodedPath
      + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    let response = next(
      after: LoopbackHTTPServer.Request(
        target: target, headers: headers, method: request.httpMethod ?? "GET",
        body: String(decoding: request.httpBody ?? Data(), as: UTF8.self)))
    guard response.behavior == .normal else {
      throw NeedsASocket(behavior: "\(response.behavior)")
    }
    guard
      let http = HTTPURLResponse(
        url: url, statusCode: response.status, httpVersion: "HTTP/1.1",
        headerFields: response.headers)
    else { throw URLError(.badServerResponse) }
    return (response.body, http)
  }
}

/// What the three live sources' tests share: the servers, the transport
/// settings of a fast test, and the failure helpers.
protocol LiveSourceHarness: XCTestCase {
  /// The progress events of the test's fetches.
  var events: Recorder<HTTPTransport.Event> { get }
  /// The sleeps asked for (retry delays, rate-limit waits).
  var sleeps: Recorder<Double> { get }
}

extension LiveSourceHarness {
  /// A server in memory answering `responses`.
  func server(_ responses: [LoopbackHTTPServer.Response]) throws -> MemoryHTTPServer {
    MemoryHTTPServer(responses)
  }

  /// A real server on 127.0.0.1 answering `responses`, stopped at the end
  /// of the test: for what only a socket shows.
  func loopback(_ responses: [LoopbackHTTPServer.Response]) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer(responses)
    addTeardownBlock { server.stop() }
    return server
  }

  /// `settings` for a test against `server`: a 5 s time-out, fast retries
  /// with a recorded (real, short) sleep, the progress events recorded.
  func prepare(_ settings: inout HTTPTransportSettings, for server: any TestHTTPServer) {
    settings.timeout = 5
    settings.retryDelay = 0.01
    settings.sender = server.sender
    let events = events
    let sleeps = sleeps
    settings.progress = { events.append($0) }
    settings.sleep = { seconds in
      sleeps.append(seconds)
      try await Task.sleep(nanoseconds: UInt64(min(seconds, 0.05) * 1e9))
    }
  }

  /// The error `body` throws, failing the test if it throws none.
  func failure(
    _ body: () async throws -> [Tweet], file: StaticString = #filePath, line: UInt = #line
  ) async -> Error? {
    do {
      let tweets = try await body()
      XCTFail("expected an error, got \(tweets.count) posts", file: file, line: line)
      return nil
    } catch {
      return error
    }
  }

  /// The transport's error inside `error` (a ``ServiceError``, or one
  /// thrown before a fetch).
  func sourceError(_ error: Error?) -> HTTPSourceError? {
    (error as? ServiceError)?.error ?? error as? HTTPSourceError
  }

  /// `error`'s message.
  func describe(_ error: Error?) -> String {
    (error as? LocalizedError)?.errorDescription ?? "\(String(describing: error))"
  }
}
