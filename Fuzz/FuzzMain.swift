// The one libFuzzer entry point of the fuzz binary that Fuzz/run.sh builds:
// it runs the target named by the environment variable FUZZ_TARGET. Each
// file in Fuzz/Targets exposes its target as a uniquely named function, so
// that all targets are compiled (with -O and ASan) once, in one binary.

import Foundation

/// Target name (as Fuzz/run.sh names it) -> its function.
private let fuzzTargets: [String: (UnsafePointer<UInt8>, Int) -> CInt] = [
  "csv": fuzzCSV,
  "model": fuzzModelFile,
  "response": fuzzSearchResponse,
  "tokenizer": fuzzTokenizer,
  "tokenizer-equivalence": fuzzTokenizerEquivalence,
  "reader-equivalence": fuzzReaderEquivalence,
  "arguments": fuzzArguments,
  "estimator": fuzzScoreEstimate,
  "merge": fuzzModelMerge,
  "svg": fuzzSVGPlot,
  "csv-writer": fuzzCSVWriter,
  "post-file": fuzzPostFile,
  "html-text": fuzzHTMLText,
]

/// The target chosen for this process; exits 64 when FUZZ_TARGET names none.
private let fuzzTarget: (UnsafePointer<UInt8>, Int) -> CInt = {
  let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
  guard let target = fuzzTargets[name] else {
    let known = fuzzTargets.keys.sorted().joined(separator: " ")
    FileHandle.standardError.write(Data("FUZZ_TARGET '\(name)' is none of: \(known)\n".utf8))
    exit(64)
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMain(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzzTarget(data, size)
}
