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
      model: "d5a2e355e96f2b1f6e1eb8a1a299a1a043d549038b9f1d800a293dd48fd7957c",
      content: "34cfdd8b8d62fa39fba78c06caf300ee31e674ee6b4067b5fb195f7069235877",
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
      model: "8c53e04b2eb073cd1678a405374d747704807495cea8b8e32e1b952a75304a0f",
      content: "ba5200932a499b39ab1272083b89dda09c8b18be30d57d96afeaf0eb4d176c2b",
      output: "b065ec4b349970eaedf3ce17926db0c38af92fd5e1473b60de0966db84a87e83")
  }

  /// Background smoothing without the lexicon.
  func testBackgroundSmoothingWithoutLexicon() throws {
    try check(
      NaiveBayesOptions(lexiconWeight: 0, smoothing: .background),
      model: "6e2ae1c52f5e59cdfc5e999fdfebc259b8010f17b071ff10cbc3dc47ce62d0c6",
      content: "40058021d72ae4aaf2af66bb93841b62b80c5abd2f873c6ef664886f5d809480",
      output: "2056c7956a7ca7763105449b346cc5f1e1ed05c873aff3cfbb969e873698c3e9")
  }

  func testNotBinarized() throws {
    try check(
      NaiveBayesOptions(binarized: false, lexiconWeight: 0),
      model: "61052f9fab6598a1ce74171f1808e8ae34be1c717aadb14e18ec4ebf686cd88a",
      content: "632a47eb0da754e4d979d9a10f4413f279db09385871446303699a071a8966f1",
      output: "38754da56ed4f0e1c25006736ec90f7b94d13c8213af5ccd3095e3bc15ad63c4")
  }

  func testComplementWithLexicon() throws {
    try check(
      NaiveBayesOptions(complement: true),
      model: "63b25ab31b45d2c1f27a662d2bee86eb39096bec1221eb2eef91faccea813b38",
      content: "a98599cab6d80524a1e3ae15315cac15c189dee31cf45b117c6f21d9dc7edb89",
      output: "ee988ef2c8a91dab5d40838b4ae0d0089a7e4f57a27d68aaf64d6d63dfbb7470")
  }

  func testComplement() throws {
    try check(
      NaiveBayesOptions(complement: true, lexiconWeight: 0),
      model: "f6567752b35f8428ef24a759df92495331e5700ead4295a07dd7e0ba8a0e12e5",
      content: "e216773e3dce676afca145a7c540e5f258453c1ad140a5d507588eab757c8a8b",
      output: "53e45508e48793f4b0b8f7e5ac653292d8c4e64998fa7093ca24a2be1b4c3b56")
  }

  func testNoBigrams() throws {
    try check(
      NaiveBayesOptions(bigrams: false, lexiconWeight: 0),
      model: "eb3398aa056a0e5d86c376386d57860c342a91b21241236f4489543f2b4ff089",
      content: "78a0f42c73539e4a69b6e812d7ca1837dd90af1f23a3f5cc21eee145116e67a1",
      output: "feebc73a5fae9226f20a6cc05a90a7230956cc8cf8729daa510b0dfc1833f328")
  }

  func testDataPriors() throws {
    try check(
      NaiveBayesOptions(priors: .data, lexiconWeight: 0),
      model: "9e81809cf224807fe4aedf04d790e32e9d090bbfd2eaddae08958096a15d64ef",
      content: "cb1c0c1e3766044bf27628ef5f8cc38eb10df04d9a4a61b48e56fd810a80bb16",
      output: "25b1319e476a0ef0fb972c0e51e3bb11ee58da849821ef79f5eda429092ccc56")
  }

  func testMinCount() throws {
    try check(
      NaiveBayesOptions(minCount: 3, lexiconWeight: 0),
      model: "5a0e98e0b2ee5abf900082df4c900342c73815376b6145657e600541c77952f4",
      content: "ff4ac90f07aa2ad4a79b35e2baf3a0538ee51bc156b572efe60422ea06fd0d01",
      output: "58de8480e13f1b345bde5cddc1a8d8f4f5a84389192f2d683e520c0f25c0b3ee")
  }
}
