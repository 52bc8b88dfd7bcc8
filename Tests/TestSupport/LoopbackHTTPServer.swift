import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

private let systemSend = send

/// A small real HTTP/1.1 server on 127.0.0.1 for tests: it answers each
/// connection with the next scripted response, then closes it, and records
/// every request it received.
package final class LoopbackHTTPServer: @unchecked Sendable {
  /// One scripted answer.
  package struct Response {
    package enum Behavior {
      /// Send the whole response.
      case normal
      /// Send the headers with a larger Content-Length and part of the body,
      /// then close.
      case truncated
      /// Never answer; wait until the client gives up (or the server stops).
      case stall
      /// Close the connection without answering.
      case close
      /// Send the headers without a Content-Length, then body bytes until
      /// the client hangs up.
      case endless
      /// Send the body one byte every `delay` seconds.
      case trickle
    }

    package var status = 200
    package var headers: [String: String] = [:]
    package var body = Data()
    package var delay: Double = 0
    package var behavior = Behavior.normal

    package init(
      status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0,
      behavior: Behavior = .normal
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.behavior = behavior
    }

    /// A response with a JSON or text body.
    package static func json(
      _ status: Int, _ body: String, headers: [String: String] = [:], delay: Double = 0
    ) -> Response {
      var headers = headers
      if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
      return Response(status: status, headers: headers, body: Data(body.utf8), delay: delay)
    }

    /// A 200 response with a JSON body.
    package static func json(_ body: String, headers: [String: String] = [:]) -> Response {
      json(200, body, headers: headers)
    }

    package static let stall = Response(behavior: .stall)
    package static let endless = Response(behavior: .endless)
    /// A 200 response whose JSON `body` is sent one byte every `interval`
    /// seconds.
    package static func trickle(_ body: String, interval: Double) -> Response {
      Response(
        headers: ["Content-Type": "application/json"], body: Data(body.utf8), delay: interval,
        behavior: .trickle)
    }
    package static let close = Response(behavior: .close)
  }

  /// One received request.
  package struct Request {
    /// Path and query, as sent (`/2/tweets/search/recent?query=...`).
    package var target: String
    /// Header names lower-cased.
    package var headers: [String: String]
    /// `GET`, `POST`.
    package var method = "GET"
    /// The body sent (a POST's), as text.
    package var body = ""

    /// A request as received (also by a server that answers from memory).
    package init(
      target: String, headers: [String: String], method: String = "GET", body: String = ""
    ) {
      self.target = target
      self.headers = headers
      self.method = method
      self.body = body
    }

    /// The decoded value of a query parameter.
    package func parameter(_ name: String) -> String? {
      guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else {
        return nil
      }
      for pair in query.split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.first.map(String.init) == name {
          return parts.count > 1 ? String(parts[1]).removingPercentEncoding : ""
        }
      }
      return nil
    }
  }

  private let lock = NSLock()
  private var responses: [Response]
  private var received: [Request] = []
  private var stopping = false
  private let listener: Int32
  private let finished = DispatchSemaphore(value: 0)
  /// The port it listens on.
  package let port: UInt16

  /// The base URL to give the client: `http://127.0.0.1:PORT/2`.
  package var baseURL: String { "http://127.0.0.1:\(port)/2" }

  /// Replaces the answers still to give (for a script that needs the
  /// server's own port).
  package func replaceResponses(_ responses: [Response]) throws {
    lock.lock()
    defer { lock.unlock() }
    self.responses = responses
  }

  /// The requests received so far.
  package var requests: [Request] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  /// Starts a server that answers with `responses` in order (and 500 once
  /// they run out).
  package init(_ responses: [Response]) throws {
    self.responses = responses
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ServerError.socket(errno) }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 16) == 0 else {
      let code = errno
      close(descriptor)
      throw ServerError.socket(code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    listener = descriptor
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in
      serve()
      finished.signal()
    }
    thread.start()
  }

  deinit { stop() }

  enum ServerError: Error {
    case socket(Int32)
  }

  /// Stops the server and waits for its thread to end.
  package func stop() {
    lock.lock()
    let wasStopping = stopping
    stopping = true
    lock.unlock()
    guard !wasStopping else { return }
    finished.wait()
    close(listener)
  }

  /// A port on 127.0.0.1 that nothing listens on.
  package static func closedPort() throws -> UInt16 {
    let server = try LoopbackHTTPServer([])
    server.stop()
    return server.port
  }

  private var isStopping: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopping
  }

  private func serve() {
    while !isStopping {
      guard wait(for: listener, milliseconds: 50) else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      handle(client)
      close(client)
    }
  }

  /// Whether `descriptor` became readable within the time.
  private func wait(for descriptor: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  private func handle(_ client: Int32) {
    guard let request = readRequest(client) else { return }
    lock.lock()
    received.append(request)
    let response =
      responses.isEmpty
      ? Response.json(500, #"{"title":"no more scripted responses"}"#) : responses.removeFirst()
    lock.unlock()
    if response.delay > 0 && response.behavior != .trickle {
      Thread.sleep(forTimeInterval: response.delay)
    }
    switch response.behavior {
    case .close:
      return
    case .stall:
      // Until the client hangs up (read returns 0) or the server stops.
      var byte: UInt8 = 0
      while !isStopping {
        if wait(for: client, milliseconds: 50) && recv(client, &byte, 1, 0) <= 0 { return }
      }
      return
    case .endless:
      send(
        client,
        Data(
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"data\":["
            .utf8))
      let chunk = Data(repeating: 0x20, count: 1 << 16)
      while !isStopping && send(client, chunk) {}
    case .trickle:
      var head = "HTTP/1.1 200 OK\r\nContent-Length: \(response.body.count)\r\n"
      head += "Content-Type: application/json\r\nConnection: close\r\n\r\n"
      guard send(client, Data(head.utf8)) else { return }
      for byte in response.body {
        guard !isStopping, send(client, Data([byte])) else { return }
        Thread.sleep(forTimeInterval: response.delay)
      }
    case .normal, .truncated:
      var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
      let length = response.behavior == .truncated ? response.body.count * 2 : response.body.count
      var headers = response.headers
      headers["Content-Length"] = String(length)
      headers["Connection"] = "close"
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        head += "\(name): \(value)\r\n"
      }
      head += "\r\n"
      var bytes = Data(head.utf8)
      bytes.append(
        response.behavior == .truncated
          ? response.body.prefix(response.body.count / 2)
          : response.body)
      send(client, bytes)
    }
  }

  private func readRequest(_ client: Int32) -> Request? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end = Data("\r\n\r\n".utf8)
    while data.range(of: end) == nil {
      guard wait(for: client, milliseconds: 2000) else { return nil }
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    let requestLine = lines.first?.split(separator: " ") ?? []
    guard requestLine.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    // A body (Bluesky's login is a POST) up to its Content-Length.
    let length = min(Int(headers["content-length"] ?? "") ?? 0, 1 << 20)
    let headEnd = data.range(of: end)?.upperBound ?? data.endIndex
    var body = Data(data[headEnd...])
    while body.count < length {
      guard wait(for: client, milliseconds: 2000) else { break }
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      body.append(contentsOf: buffer[0..<count])
    }
    return Request(
      target: String(requestLine[1]), headers: headers, method: String(requestLine[0]),
      body: String(decoding: body, as: UTF8.self))
  }

  /// Sends all of `data`; `false` when the client has gone.
  @discardableResult
  private func send(_ client: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return true }
      var offset = 0
      while offset < raw.count {
        let sent = systemSend(client, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 302: "Found"
    case 307: "Temporary Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
