import TestSupport
import XCTest

@testable import SentimentCore
@testable import tweetalyze

/// `merge`'s summary (`Output/MergeSummary.swift`), in memory.
final class MergeSummaryTests: XCTestCase {
  let summary = MergeSummary(
    models: 3, calibratedModels: 2, output: "whole.model", rows: [20, 50, 30], features: 1234,
    temperature: 1.23456)

  /// The text names the models, the rows per class, the features, the
  /// pooled calibration and where the model went.
  func testTheTextSaysWhatWasMergedAndWhere() {
    XCTAssertEqual(
      summary.text,
      "Merged 3 models: 100 rows, 20 negative, 50 neutral, 30 positive.\n"
        + "Features: 1234. Calibration: pooled from 2 of 3 models, temperature 1.235.\n"
        + "Wrote whole.model.\n")
  }

  /// Without a calibration the text says none; a model on stdout is named so.
  func testNoCalibrationAndStdoutAreSaidInWords() {
    var plain = summary
    plain.temperature = nil
    plain.output = "-"
    XCTAssertTrue(plain.text.contains("Calibration: none.\n"), plain.text)
    XCTAssertTrue(plain.text.hasSuffix("Wrote the model to stdout.\n"), plain.text)
  }

  /// The JSON is one line with sorted keys.
  func testTheJSONIsOneSortedLine() {
    XCTAssertEqual(
      String(decoding: summary.json, as: UTF8.self),
      #"{"calibrated":true,"features":1234,"models":3,"output":"whole.model","#
        + #""rows":{"negative":20,"neutral":50,"positive":30}}"# + "\n")
    var plain = summary
    plain.temperature = nil
    XCTAssertTrue(
      String(decoding: plain.json, as: UTF8.self).hasPrefix(#"{"calibrated":false,"#))
  }
}
