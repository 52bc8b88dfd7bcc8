// libFuzzer target: the argument parser, `CommandLineParser.parse`. The
// input is split on NUL bytes into arguments.

public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  do {
    _ = try CommandLineParser.parse(arguments)
  } catch {
    if error.message.isEmpty { fatalError("a usage error without a message") }
    // Printed as one line, however many line breaks the arguments hold.
    let line = ErrorLine.clean(error.message)
    if line.contains(where: \.isNewline) { fatalError("a usage error of several lines") }
    // 2,000 characters at most, each escaped to at most 10 (`\\u{10FFFF}` is 10).
    if line.count > 10 * ErrorLine.maximumLength + 1 { fatalError("a usage error too long") }
  }
  return 0
}
