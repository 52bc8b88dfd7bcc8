import Foundation
import SentimentCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command-line tool: parses the arguments, runs the command, and turns
/// every failure into one `Error:` line on stderr and an exit status.
enum Tweetalyze {
  static let version = "0.1.0"

  /// Exit statuses, as swift-argument-parser uses them.
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
  }

  /// Runs the tool with the process's arguments (the first is the program
  /// name) and returns the exit status.
  ///
  /// It runs on its caller's executor (the main thread, for `main.swift`),
  /// as the commands do: only waiting for the network moves work to other
  /// threads, and a command that never waits starts none.
  nonisolated(nonsending) static func run(_ arguments: [String]) async -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let stdout = Output(descriptor: 1)
    let stderr = Output(descriptor: 2)
    let command: Command
    do {
      command = try CommandLineParser.parse(Array(arguments.dropFirst()))
    } catch {
      try? stderr.write(
        "Error: \(ErrorLine.clean(error.message))\nUsage: \(Help.usage(error.command))\n"
          + "  See 'tweetalyze \(error.command.map { "help \($0.rawValue)" } ?? "--help")'.\n")
      try? stderr.flush()
      return ExitCode.usage
    }
    do {
      let context = Context(stdout: stdout, stderr: stderr, environment: Environment())
      let status = try await context.run(command)
      try stdout.flush()
      try stderr.flush()
      return status
    } catch is BrokenPipe {
      return ExitCode.success
    } catch let error as UsageError {
      try? stdout.flush()
      try? stderr.write(
        "Error: \(ErrorLine.clean(error.message))\nUsage: \(Help.usage(error.command))\n")
      try? stderr.flush()
      return ExitCode.usage
    } catch {
      if (try? stdout.flush()) == nil { return ExitCode.success }
      try? stderr.write("Error: \(ErrorLine.clean(message(for: error)))\n")
      try? stderr.flush()
      return ExitCode.failure
    }
  }

  /// The user-facing text of an error.
  static func message(for error: Error) -> String {
    if let error = error as? LocalizedError, let description = error.errorDescription {
      return description
    }
    switch error {
    case ByteSourceError.readFailed(let code):
      return "cannot read input: \(Files.reason(code))"
    default:
      return "\(error)"
    }
  }
}

/// A failure while running a command: printed as `Error: …`, exit status 1.
struct RuntimeError: LocalizedError {
  var message: String
  init(_ message: String) { self.message = message }
  var errorDescription: String? { message }
}

/// Where a command writes, and what it may read from the environment.
struct Context {
  let stdout: Output
  let stderr: Output
  let environment: Environment

  nonisolated(nonsending) func run(_ command: Command) async throws -> Int32 {
    switch command {
    case .help(let name):
      try stdout.write(Help.text(for: name))
    case .version:
      try stdout.write("tweetalyze \(Tweetalyze.version)\n")
    case .versionJSON:
      var json = JSONWriter()
      json.beginObject()
      json.key("version")
      json.string(Tweetalyze.version)
      json.endObject()
      try stdout.write(json.bytes + [0x0A])
    case .analyze(let options):
      try await analyze(options)
    case .train(let options):
      try train(options)
    case .eval(let options):
      try evaluate(options)
    case .classify(let options):
      try classify(options)
    case .explain(let options):
      try explain(options)
    }
    return Tweetalyze.ExitCode.success
  }

  /// The model at `path`, or the built-in one.
  func loadModel(_ path: String?) throws -> NaiveBayesModel {
    guard let path else {
      do {
        return try DefaultModel.load()
      } catch {
        throw RuntimeError("the built-in model is damaged (\(Tweetalyze.message(for: error)))")
      }
    }
    let bytes = try Files.read(path)
    do {
      return try ModelFile.decode(bytes)
    } catch {
      throw RuntimeError("\(path): \(Tweetalyze.message(for: error))")
    }
  }
}

/// The process's environment variables, looked up one at a time when a
/// command asks (`getenv`), rather than all of them copied into a
/// dictionary at start-up, as `ProcessInfo.environment` does.
struct Environment: Sendable {
  /// The value of the variable `name`, or `nil` when it is not set.
  subscript(name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
