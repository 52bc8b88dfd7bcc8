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
extension Tweetalyze {
  /// Runs the tool with the process's arguments (the first is the program
  /// name) and returns the exit status (see ``ExitStatus``).
  ///
  /// It runs on its caller's executor (the main thread, for `main.swift`),
  /// as the commands do: only waiting for the network moves work to other
  /// threads, and a command that never waits starts none.
  nonisolated(nonsending) static func run(_ arguments: [String]) async -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    // Past a file-size limit (`ulimit -f`) a write then fails with EFBIG,
    // which is reported, instead of SIGXFSZ ending the process silently.
    signal(SIGXFSZ, SIG_IGN)
    Parallel.shareMallocArenaUnderAddressSpaceLimit()
    let stdout = Output(descriptor: 1)
    let stderr = Output(descriptor: 2)
    let command: Command
    do {
      command = try CommandLineParser.parse(Array(arguments.dropFirst()))
    } catch {
      let json = arguments.dropFirst().prefix { $0 != "--" }.contains("--json")
      try? stderr.write(
        errorReport(
          error, json: json,
          usage: "Usage: \(Help.usage(error.command))\n  See 'tweetalyze "
            + (error.command.map { "help \($0.rawValue)" } ?? "--help") + "'."))
      try? stderr.flush()
      return ExitStatus.usage.rawValue
    }
    do {
      let context = Context(stdout: stdout, stderr: stderr, environment: Environment())
      let status = try await context.run(command)
      try stdout.flush()
      try stderr.flush()
      return status.rawValue
    } catch is BrokenPipe {
      return ExitStatus.success.rawValue
    } catch {
      if (try? stdout.flush()) == nil && !(error is UsageError) {
        return ExitStatus.success.rawValue
      }
      let usage = (error as? UsageError).map { "Usage: \(Help.usage($0.command))" }
      try? stderr.write(errorReport(error, json: command.wantsJSON, usage: usage))
      try? stderr.flush()
      return ExitStatus(for: error).rawValue
    }
  }

  /// What stderr shows for `error` (``ErrorReport``): the `Error: …` line,
  /// then `usage` lines if any; with `json`, then also the error as one JSON
  /// object on a line of its own.
  static func errorReport(
    _ error: Error, json: Bool, usage: String? = nil, query: String? = nil
  ) -> String {
    let report = ErrorReport(
      message: message(for: error), status: ExitStatus(for: error), query: query, usage: usage)
    return report.text + (json ? String(decoding: report.json, as: UTF8.self) : "")
  }

  /// The user-facing text of an error: a usage error's message, else
  /// ``ErrorLine/message(for:)``'s.
  static func message(for error: Error) -> String {
    if let error = error as? UsageError { return error.message }
    return ErrorLine.message(for: error)
  }
}

/// Where a command writes, and what it may read from the environment.
struct Context {
  let stdout: Output
  let stderr: Output
  let environment: Environment

  nonisolated(nonsending) func run(_ command: Command) async throws -> ExitStatus {
    switch command {
    case .help(let name):
      try stdout.write(Help.text(for: name))
    case .shortHelp:
      try stdout.write(Help.short)
    case .manPage:
      try stdout.write(ManPage.text())
    case .completions(let shell):
      try stdout.write(Completions.script(for: shell))
    case .version:
      try stdout.write(VersionReport(version: Tweetalyze.version).text)
    case .versionJSON:
      try stdout.write(VersionReport(version: Tweetalyze.version).json)
    case .analyze(let options):
      return try await analyze(options)
    case .compare(let options):
      try await compare(options)
    case .history(let options):
      try history(options)
    case .train(let options):
      try train(options)
    case .eval(let options):
      try evaluate(options)
    case .classify(let options):
      try classify(options)
    case .explain(let options):
      try explain(options)
    case .merge(let options):
      try merge(options)
    }
    return .success
  }

  /// The model at `path`, or the built-in one.
  func loadModel(_ path: String?) throws -> NaiveBayesModel {
    guard let path else {
      do {
        return try DefaultModel.load()
      } catch {
        throw RuntimeError(
          "the built-in model is damaged (\(Tweetalyze.message(for: error)))", status: .dataError)
      }
    }
    let bytes = try Files.read(path, limit: Files.modelLimit)
    do {
      return try ModelFile.decode(bytes)
    } catch {
      throw RuntimeError("\(path): \(Tweetalyze.message(for: error))", status: .dataError)
    }
  }
}
