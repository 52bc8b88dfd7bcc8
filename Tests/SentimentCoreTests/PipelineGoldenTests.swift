import Foundation
import XCTest

@testable import SentimentCore

/// Pins the bytes the whole pipeline produces on a fixed corpus: the encoded
/// model and the `classify` output lines, for the default options and a few
/// variants. The default options' classify output is a readable golden file,
/// `Golden/pipeline-classify-defaults.tsv` (label, probability, text), so a
/// deliberate change shows which texts changed label or probability; the
/// variants and the model bytes are pinned by digest. Any optimization of reading, tokenizing, counting, encoding or
/// decoding must leave these digests unchanged. (Re-pinned for deliberate
/// changes only: the lexicon changed every model's bytes, with the file's
/// version 2, but not the classify output of a model without it; format
/// version 3 changed the version member only, as these models carry no
/// calibration; format version 4 added `options.smoothing`: the models
/// without the lexicon kept their classify output, while the built-in
/// lexicon's new words changed the output of the models that use it; the
/// `checksum` member changed every model's bytes, but not the bytes without
/// it, `content`, pinned as before, nor any classify output; format version
/// 5, the one version read, changed the version member only.)
final class PipelineGoldenTests: XCTestCase {
  /// Words, negations, links, mentions, hashtags, emoji, emoticons,
  /// entities, numbers and punctuation, so that every tokenizer step and
  /// many bigrams occur.
  private static let words: [String] = [
    "love", "hate", "great", "awful", "phone", "battery", "screen", "camera", "Apple", "the",
    "a", "is", "it", "so", "really", "not", "don't", "never", "no", "can't", "good", "bad",
    "happy", "sad", "loooove", "sooo", "new", "update", "iOS", "2024", "$999", "v2.1",
    "http://t.co/abc123", "https://example.com/x?y=1", "www.apple.com", "@Apple", "@tim_cook",
    "#iPhone", "#fail", "😀", "👍🏽", "❤️", "👨‍👩‍👧", "🇺🇸", ":)", ":-(", "<3", "&lt;3", ":D", "xD",
    "!!!", "?!", "...", ",", "&amp;", "café", "naïve", "ÜBER", "日本語", "Привет", "don’t",
    "well,", "\"quoted\"", "it's", "i", "u", "ok", "meh", "wow", "_x_", "a,b", "line\nbreak",
  ]

  /// A deterministic CSV corpus of `rows` rows with the header `class,text`.
  private static func corpus(rows: Int, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    let labels = ["Pos", "Neg", "Neutral", "positive", "negative", "neutral", "irrelevant"]
    var csv = "class,text\n"
    for _ in 0..<rows {
      let label = labels[generator.next(below: labels.count)]
      var tokens: [String] = []
      for _ in 0..<(1 + generator.next(below: 18)) {
        let word = words[generator.next(below: words.count)]
        tokens.append(word)
        // Repeated tokens, for binarized counts.
        if generator.next(below: 10) == 0 { tokens.append(word) }
      }
      let text = tokens.joined(separator: generator.next(below: 8) == 0 ? "  " : " ")
      let quoted = text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
      csv += label + ","
      csv += quoted ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
      csv += "\n"
    }
    return Array(csv.utf8)
  }

  private static let trainingCorpus = corpus(rows: 3000, seed: 42)
  /// Texts to classify: other rows of the same kind, so that some features
  /// are unknown to the model, plus edge cases.
  private static let probeTexts: [String] = {
    var texts: [String] = ["", " ", "!!!", "not not not", "😀😀😀", "zzzz unknown"]
    _ = try? TrainingData.read(MemorySource(corpus(rows: 1000, seed: 7))) { _, text in
      texts.append(String(decoding: text, as: UTF8.self))
    }
    return texts
  }()

  /// The trainer after the corpus, and the provenance to write.
  private func train(_ options: NaiveBayesOptions) throws -> (NaiveBayesTrainer, Provenance) {
    var trainer = NaiveBayesTrainer(options: options)
    let summary = try TrainingData.read(MemorySource(Self.trainingCorpus, blockSize: 4096)) {
      label, text in trainer.add(text.span, as: label)
    }
    var hash = SHA256()
    hash.update(Self.trainingCorpus)
    return (
      trainer,
      Provenance(
        source: "golden.csv", sha256: hash.finalize(), rows: summary.rows,
        skipped: summary.skipped)
    )
  }

  /// The lines `tweetalyze classify` writes: label, tab, probability with 4
  /// decimals.
  private func classifyOutput(_ model: NaiveBayesModel) -> [UInt8] {
    var classifier = Classifier(model: model)
    var output: [UInt8] = []
    for text in Self.probeTexts {
      let prediction = classifier.predict(text)
      output.append(contentsOf: prediction.label.name.utf8)
      output.append(0x09)
      FixedDecimal.append(prediction.confidence, decimals: 4, to: &output)
      output.append(0x0A)
    }
    return output
  }

  private func digest(_ bytes: [UInt8]) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return hash.finalize()
  }

  /// The golden files' folder, beside this file.
  static let goldenDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Golden")

  /// The readable form of ``classifyOutput(_:)``: each probe text after its
  /// output line, tab-separated, with line breaks and tabs shown as `\n`
  /// and `\t`.
  private func readableClassifyOutput(_ model: NaiveBayesModel) -> String {
    let lines = String(decoding: classifyOutput(model), as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    var text = "label\tprobability\ttext\n"
    for (line, probe) in zip(lines, Self.probeTexts) {
      let shown = probe.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
      text += "\(line)\t\(shown)\n"
    }
    return text
  }

  /// Compares `text` with `Golden/<name>`, or rewrites it when
  /// `UPDATE_GOLDEN=1`; a difference names the first line that differs.
  private func assertGolden(
    _ text: String, name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let url = Self.goldenDirectory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Data(text.utf8).write(to: url)
      return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    guard golden != text else { return }
    let expected = golden.components(separatedBy: "\n")
    let actual = text.components(separatedBy: "\n")
    let index =
      zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, actual.count)
    XCTFail(
      "\(name) differs at line \(index + 1):\n  golden: "
        + "\(index < expected.count ? expected[index] : "<end>")\n  actual: "
        + "\(index < actual.count ? actual[index] : "<end>")\nIf the change is intended, "
        + "regenerate with 'UPDATE_GOLDEN=1 swift test --filter PipelineGoldenTests' and review "
        + "the diff.", file: file, line: line)
  }

  private func check(
    _ options: NaiveBayesOptions, model expectedModel: String, content expectedContent: String,
    output expectedOutput: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let (trainer, provenance) = try train(options)
    let model = trainer.model(metadata: ModelMetadata(), provenance: provenance)
    let bytes = ModelFile.encode(model)
    XCTAssertEqual(digest(bytes), expectedModel, "model bytes", file: file, line: line)
    XCTAssertEqual(
      digest(ReferenceModelDecoder.removingChecksum(bytes)), expectedContent,
      "model bytes without the checksum", file: file, line: line)
    var direct: [UInt8] = []
    ModelFile.encode(trainer, provenance: provenance) { direct += $0 }
    XCTAssertEqual(digest(direct), expectedModel, "from the trainer", file: file, line: line)
    XCTAssertEqual(
      digest(classifyOutput(model)), expectedOutput, "classify output (trained)", file: file,
      line: line)
    let decoded = try ModelFile.decode(bytes)
    XCTAssertEqual(
      digest(classifyOutput(decoded)), expectedOutput, "classify output (decoded)", file: file,
      line: line)
    XCTAssertEqual(
      digest(ModelFile.encode(decoded)), expectedModel, "re-encoded", file: file,
      line: line)
  }

  func testCorpusIsTheFixedOne() {
    XCTAssertEqual(
      digest(Self.trainingCorpus),
      "0e721a251fc71383e0b02a1df11554cc932598faab4590297136d084ca3e4bb5")
    XCTAssertEqual(Self.probeTexts.count, 865)
  }

  /// The defaults: the built-in lexicon raises its words' weights.
  func testDefaultOptions() throws {
    try check(
      NaiveBayesOptions(),
      model: "2ef9c403b494fb1d1c643c770883cefa3578b0185b84b2986303ab00b33778ae",
      content: "a64e6c890e8235562eb59839a8f8427a2bbb01f7f12802f3759784ec248a3d6c",
      output: "2e2c9e1db7cef33cd1c7b7787e4eb7b67caa15e5c68cb66c7c646a40432ca6e2")
  }

  /// The defaults' classify output, readable: label and probability of
  /// every probe text.
  func testDefaultOptionsClassifyOutputIsTheGoldenFile() throws {
    let (trainer, provenance) = try train(NaiveBayesOptions())
    let model = trainer.model(metadata: ModelMetadata(), provenance: provenance)
    try assertGolden(readableClassifyOutput(model), name: "pipeline-classify-defaults.tsv")
  }

  /// Without the lexicon, as before it: the classify output is the one
  /// pinned before the lexicon existed (the model's bytes changed with the
  /// file's version 2).
  func testWithoutLexicon() throws {
    try check(
      NaiveBayesOptions(lexiconWeight: 0),
      model: "97b30aaff0cf265b8cb5d4fd8353f575b29ba39ff0f739ad1f24e8be59f464d8",
      content: "5133854a377b29ddd646300985b6673174625496756da668f1e992410585abce",
      output: "b065ec4b349970eaedf3ce17926db0c38af92fd5e1473b60de0966db84a87e83")
  }

  /// Background smoothing without the lexicon.
  func testBackgroundSmoothingWithoutLexicon() throws {
    try check(
      NaiveBayesOptions(lexiconWeight: 0, smoothing: .background),
      model: "7ad3bac7904e5ec7a4edc8c081ad720e591d0bdf7c805f44e77e6f1e07052b3a",
      content: "1ca22144760ce3bd50b03258715a29b8f5a56c0f0d9817688f3b8830313dd06d",
      output: "2056c7956a7ca7763105449b346cc5f1e1ed05c873aff3cfbb969e873698c3e9")
  }

  func testNotBinarized() throws {
    try check(
      NaiveBayesOptions(binarized: false, lexiconWeight: 0),
      model: "54973a23fd38a7c0ebcf18432a983c2ec1f1aef6c8024997ea88b6337d80c1d7",
      content: "b840bdf3bb40e6da5efddf1e57b3c985a6efbea4deeaf85a2baea72da6e7a2d7",
      output: "38754da56ed4f0e1c25006736ec90f7b94d13c8213af5ccd3095e3bc15ad63c4")
  }

  func testComplementWithLexicon() throws {
    try check(
      NaiveBayesOptions(complement: true),
      model: "88eb5989c7fc4f4451c5b356080638bc231abe025a9d8efe54721b01907a79b0",
      content: "9fa5b4bb6647812aa78c1324c7492b5c1d40f989218ca48ff083f89ee573e68c",
      output: "ee988ef2c8a91dab5d40838b4ae0d0089a7e4f57a27d68aaf64d6d63dfbb7470")
  }

  func testComplement() throws {
    try check(
      NaiveBayesOptions(complement: true, lexiconWeight: 0),
      model: "ebd456fceaf09b92271f52691f5fa6c7fdc4ec92bca735f0524da8b5199f46a3",
      content: "f5f98e1262b8fcc0a37e3706e554146a2b6d1418ef900f4e8ed304e85bf4a657",
      output: "53e45508e48793f4b0b8f7e5ac653292d8c4e64998fa7093ca24a2be1b4c3b56")
  }

  func testNoBigrams() throws {
    try check(
      NaiveBayesOptions(bigrams: false, lexiconWeight: 0),
      model: "d907ae0eae40fa2bd8dbf9857d8bd9b493398e8cb296b41a650a1e24f593dd47",
      content: "4fa146575c7b972fbdafab2662e5e2bafdbf1152ddec87a2d5f6b354d0aa3c4a",
      output: "feebc73a5fae9226f20a6cc05a90a7230956cc8cf8729daa510b0dfc1833f328")
  }

  func testDataPriors() throws {
    try check(
      NaiveBayesOptions(priors: .data, lexiconWeight: 0),
      model: "f37f18854bde239cb54b330350f88b4c5804f52db78656ec36a668a7e25954a7",
      content: "47f5a3f4a871d3d62e4974a499cea67635a8963ad8fda26bbd00c783670040a7",
      output: "25b1319e476a0ef0fb972c0e51e3bb11ee58da849821ef79f5eda429092ccc56")
  }

  func testMinCount() throws {
    try check(
      NaiveBayesOptions(minCount: 3, lexiconWeight: 0),
      model: "763a4cd89482b3c4b764bccffd2ff6d1ec3372050307f869b4fad8e9be8f74bd",
      content: "786b1bf891108f9094d7b79fe75fd2a8b567312e540a5b9a2736684a3ef06069",
      output: "58de8480e13f1b345bde5cddc1a8d8f4f5a84389192f2d683e520c0f25c0b3ee")
  }
}
