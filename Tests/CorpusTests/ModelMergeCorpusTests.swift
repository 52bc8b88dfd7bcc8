import Foundation
import TestSupport
import XCTest

@testable import SentimentCore

final class ModelMergeCorpusTests: XCTestCase {
  /// The labeled rows of the Sanders corpus, in file order.
  private func sanders() throws -> LabeledCorpus {
    try TrainingData.corpus(MemorySource(try SharedData.bytes("sanders-full-corpus.csv")))
  }

  func testMergingThePartsOfSandersGivesTheModelOfTheWhole() throws {
    let corpus = try sanders()
    let whole = try ModelParts.model(corpus, 0..<corpus.count, source: "whole.csv")
    for k in [2, 3, 7] {
      let bounds = (0...k).map { $0 * corpus.count / k }
      let parts = try (0..<k).map { try ModelParts.model(corpus, bounds[$0]..<bounds[$0 + 1]) }
      let merged = try ModelMerge.merge(parts)
      XCTAssertEqual(ModelParts.bytes(merged, like: whole), ModelFile.encode(whole), "\(k) parts")
      XCTAssertEqual(merged.provenance.parts, parts.map(\.provenance), "\(k) parts")
      XCTAssertEqual(merged.provenance.rows, whole.provenance.rows)
      XCTAssertEqual(merged.provenance.sha256, "")
      XCTAssertEqual(merged.documents, whole.documents)
      // The provenance survives the model file.
      let reread = try ModelFile.decode(ModelFile.encode(merged))
      XCTAssertEqual(reread.provenance, merged.provenance)
    }
  }

  func testMergingIsAssociativeAndFlattensTheParts() throws {
    let corpus = try sanders()
    let parts = try (0..<3).map { try ModelParts.model(corpus, ($0 * 1000)..<($0 * 1000 + 1000)) }
    let all = try ModelMerge.merge(parts)
    let nested = try ModelMerge.merge([try ModelMerge.merge(Array(parts[..<2])), parts[2]])
    XCTAssertEqual(ModelFile.encode(nested), ModelFile.encode(all))
    XCTAssertEqual(all.provenance.parts.count, 3)
  }

  func testAMinimumCountIsAppliedAfterMerging() throws {
    let corpus = try sanders()
    let options = NaiveBayesOptions(minCount: 2)
    let whole = try ModelParts.model(corpus, 0..<corpus.count, options: options)
    let parts = try [0..<1500, 1500..<corpus.count].map { try ModelParts.model(corpus, $0) }
    let merged = try ModelMerge.merge(parts, minCount: 2)
    XCTAssertEqual(ModelParts.bytes(merged, like: whole), ModelFile.encode(whole))
    // Parts cut by a minimum count cannot be merged.
    let cut = try [0..<1500, 1500..<corpus.count].map {
      try ModelParts.model(corpus, $0, options: options)
    }
    XCTAssertThrowsError(try ModelMerge.merge(cut)) { error in
      XCTAssertEqual(error as? ModelMergeError, .cutCounts(minCount: 2))
    }
  }

  func testAMergedModelOfCalibratedPartsIsCalibratedFromThem() throws {
    let corpus = try sanders()
    let parts = try [0..<1700, 1700..<corpus.count].map {
      try ModelParts.model(corpus, $0, calibrate: true)
    }
    let merged = try ModelMerge.merge(parts)
    let heldOut = try XCTUnwrap(merged.heldOut)
    XCTAssertEqual(heldOut, try ModelMerge.pooled(parts.map(\.heldOut)))
    XCTAssertEqual(heldOut.rows, corpus.count)
    // The pooled calibration stays a calibration: within the parts' range.
    let temperatures = parts.compactMap { $0.heldOut?.calibration.temperature }
    XCTAssertGreaterThanOrEqual(heldOut.calibration.temperature, temperatures.min() ?? 0)
    XCTAssertLessThanOrEqual(heldOut.calibration.temperature, temperatures.max() ?? 0)
    // And it survives the model file.
    XCTAssertEqual(try ModelFile.decode(ModelFile.encode(merged)).heldOut, heldOut)
  }
}
