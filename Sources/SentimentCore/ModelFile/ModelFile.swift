import Foundation

/// Why a model file could not be read.
public enum ModelFileError: LocalizedError, Equatable {
  /// The bytes are not JSON.
  case notJSON(reason: String, offset: Int)
  /// The JSON is not a tweetalyze model.
  case notAModel
  /// The file is of another format version than ``ModelFile/version``.
  case unsupportedVersion(Int)
  /// A member is missing or of the wrong type.
  case missing(String)
  /// The counts contradict each other.
  case inconsistent(String)
  /// The file's `checksum` does not match its bytes.
  case checksumMismatch
  /// A member that is read holds more values than any model's does
  /// (``ModelFileReader/smallMemberValues``): refused before its values
  /// take far more memory than the file.
  case tooManyValues(member: String, limit: Int)
  /// A number is out of the range a model's computations stay finite in
  /// (a bias or reader weight of 1e308, an `alpha` above 1000).
  case outOfRange(member: String, limit: String)

  /// What went wrong, and what to do: train the model again, in most cases.
  public var errorDescription: String? {
    switch self {
    case .notJSON(let reason, let offset):
      "the model file is not valid JSON (\(reason) at byte \(offset)); it may be truncated or "
        + "corrupt: train it again with 'tweetalyze train'"
    case .notAModel:
      "the file is not a tweetalyze model (its \"format\" is not \"\(ModelFile.format)\")"
    case .unsupportedVersion(let version) where version < ModelFile.version:
      "the model file has format version \(version), written by an earlier tweetalyze; this one "
        + "reads version \(ModelFile.version) only: train the model again "
        + "(tweetalyze train DATA.csv --out model.json)"
    case .unsupportedVersion(let version):
      "the model file has format version \(version), written by a later tweetalyze; this one "
        + "reads version \(ModelFile.version) only: upgrade tweetalyze, or train the model again"
    case .missing(let key):
      "the model file has no valid \"\(key)\"; it may be truncated or corrupt: train it again"
    case .inconsistent(let what):
      "the model file's counts are inconsistent (\(what)); train it again"
    case .checksumMismatch:
      "the model file's checksum does not match its contents: the file was changed or damaged "
        + "after it was written; train it again (to load a file you edited on purpose, remove "
        + "its \"checksum\" member)"
    case .tooManyValues(let member, let limit):
      "the model file's \"\(member)\" holds more than \(limit) values, far more than any model "
        + "has; it is not a file that tweetalyze wrote: train the model again"
    case .outOfRange(let member, let limit):
      "the model file's \"\(member)\" holds a number out of range (\(limit)), which no "
        + "trained model has and which would make its probabilities meaningless; it is not a "
        + "file that tweetalyze wrote: train the model again"
    }
  }
}

/// The `model.json` format: versioned JSON with sorted keys, so that the same
/// data and settings always give the same bytes.
///
/// ```json
/// {"classes":["negative","neutral","positive"],
///  "counts":{"negative":[…],"neutral":[…],"positive":[…]},
///  "documents":{"negative":572,"neutral":2333,"positive":519},
///  "format":"tweetalyze-naive-bayes",
///  "lexicon":{"negative":["hate",…],"neutral":[],"positive":["love",…]},
///  "metadata":{…}, "options":{…}, "provenance":{…}, "tokenizer":{…},
///  "version":5, "vocabulary":["love", …, "!", "!!", …]}
/// ```
///
/// The vocabulary lists the lexicon's words, then the other features in the
/// order in which they first occur in the training data (the same data
/// always gives the same order), and `counts[c][i]` is the count of
/// `vocabulary[i]` in class `c` in the data. A bigram is written as its two
/// tokens joined by a space (`"not good"`). `lexicon` lists the words whose
/// weights `options.lexicon_weight` raises, by class; each is in the
/// vocabulary.
///
/// One version is read: the one written (tweetalyze is 0.1.0). A file of
/// another version is refused with a message to train the model again. The
/// encoder writes `checksum`, the SHA-256 of the file without that member;
/// a file with one is verified before its content is read, and one without
/// (a file edited on purpose) loads unchecked. `calibration` is absent for
/// a model trained on too little data to cross-validate.
public enum ModelFile {
  /// The largest count a model file holds: the reader takes counts below
  /// 9e15.
  static let countLimit = 8_999_999_999_999_999

  /// The value of the `format` member.
  public static let format = "tweetalyze-naive-bayes"
  /// The format version this code writes, and the only one it reads.
  public static let version = 7

  /// Encodes a model.
  ///
  /// - Complexity: O(*V*) in the vocabulary's size.
  public static func encode(_ model: NaiveBayesModel) -> [UInt8] {
    var bytes: [UInt8] = []
    encode(model) { bytes += $0 }
    return bytes
  }

  /// Encodes a model in chunks of about `chunkSize` bytes handed to `sink`,
  /// so that writing a large model does not hold its whole text in memory.
  ///
  /// - Complexity: O(*V*) in the vocabulary's size.
  public static func encode(
    _ model: NaiveBayesModel, chunkSize: Int = 1 << 20, to sink: ([UInt8]) throws -> Void
  ) rethrows {
    let contents = ModelContents(
      metadata: model.metadata, provenance: model.provenance, tokenizer: model.tokenizer,
      options: model.options, lexicon: model.lexicon, documents: model.documents,
      heldOut: model.heldOut, features: ModelFeatures(model: model))
    try encode(contents, chunkSize: chunkSize, to: sink)
  }

  /// Encodes the model that `trainer` would build, as
  /// ``encode(_:chunkSize:to:)`` does for the model itself, without building
  /// its lookup tables and weights: training on millions of tweets needs
  /// only the counts in memory.
  ///
  /// - Complexity: O(*V*) in the vocabulary's size.
  package static func encode(
    _ trainer: NaiveBayesTrainer, metadata: ModelMetadata = ModelMetadata(),
    provenance: Provenance = Provenance(), heldOut: HeldOutFit? = nil, chunkSize: Int = 1 << 20,
    to sink: ([UInt8]) throws -> Void
  ) rethrows {
    try encode(
      trainer.contents(metadata: metadata, provenance: provenance, heldOut: heldOut),
      chunkSize: chunkSize, to: sink)
  }

  /// Encodes the contents once, keeping the text in chunks while their
  /// SHA-256 is computed (on a thread of its own when `jobs` > 1, beside
  /// the encoding), then hands them to `sink` with the `checksum` member put
  /// in before `classes`. Memory: the model's text, once.
  static func encode<Features: FeatureCounts>(
    _ model: ModelContents<Features>, chunkSize: Int, jobs: Int = 1,
    to sink: ([UInt8]) throws -> Void
  ) rethrows {
    var json = JSONWriter(pretty: false)
    json.beginObject()
    if let heldOut = model.heldOut {
      json.key("calibration")
      writeHeldOut(heldOut, to: &json)
    }
    let head = json.takeBytes()
    // The writer's state after the checksum member, so that the rest starts
    // with the comma that follows it; the text hashed leaves both out.
    var member = json
    json.key("checksum")
    json.string(checksumPrefix)
    _ = json.takeBytes()
    let hasher = SHA256Pipe(background: jobs > 1)
    hasher.update(head)
    var rest: [[UInt8]] = []
    writeRest(model, after: json, chunkSize: chunkSize) { chunk in
      // Without a calibration the head is `{` and the first member takes no comma.
      hasher.update(rest.isEmpty && model.heldOut == nil ? Array(chunk.dropFirst()) : chunk)
      rest.append(chunk)
    }
    member.key("checksum")
    member.string(checksumPrefix + hasher.finalize())
    try sink(head + member.takeBytes())
    for chunk in rest { try sink(chunk) }
  }

  /// The start of the `checksum` member's value, before the hex digest.
  static let checksumPrefix = "sha256:"

  /// Encodes the members after `checksum`, continuing `json`, in chunks of
  /// about `chunkSize` bytes.
  private static func writeRest<Features: FeatureCounts>(
    _ model: ModelContents<Features>, after json: JSONWriter, chunkSize: Int,
    to sink: ([UInt8]) -> Void
  ) {
    var json = json
    let order = 0..<model.features.count
    json.key("classes")
    json.beginArray()
    for label in Sentiment.allCases { json.string(label.name) }
    json.endArray()
    json.key("counts")
    try json.perClass { json, label in
      json.beginArray()
      for id in order {
        json.integer(model.features.count(ofFeature: id, label: label))
        if json.byteCount >= chunkSize { sink(json.takeBytes()) }
      }
      json.endArray()
    }
    json.key("documents")
    json.perClass(model.documents)
    json.key("format")
    json.string(format)
    json.key("lexicon")
    json.perClass { json, label in
      json.beginArray()
      for entry in model.lexicon.entries where entry.label == label { json.string(entry.word) }
      json.endArray()
    }
    json.key("metadata")
    ModelField.write(model.metadata.fileFields, to: &json)
    json.key("options")
    ModelField.write(model.options.fileFields, to: &json)
    json.key("provenance")
    writeProvenance(model.provenance, to: &json)
    json.key("tokenizer")
    json.beginObject()
    for field in model.tokenizer.fields {
      json.key(field.name)
      json.bool(field.value)
    }
    json.endObject()
    json.key("version")
    json.integer(version)
    json.key("vocabulary")
    json.beginArray()
    for id in order {
      model.features.withFeature(at: id) { json.string(bytes: $0) }
      if json.byteCount >= chunkSize { sink(json.takeBytes()) }
    }
    json.endArray()
    json.endObject()
    var last = json.takeBytes()
    last.append(0x0A)
    sink(last)
  }

  /// The `provenance` member; `parts` only for a merged model.
  private static func writeProvenance(_ provenance: Provenance, to json: inout JSONWriter) {
    json.beginObject()
    if !provenance.parts.isEmpty {
      json.key("parts")
      json.beginArray()
      for part in provenance.parts { writeProvenance(part, to: &json) }
      json.endArray()
    }
    json.key("rows")
    json.perClass(provenance.rows)
    json.key("sha256")
    json.string(provenance.sha256)
    json.key("skipped")
    json.integer(provenance.skipped)
    json.key("source")
    json.string(provenance.source)
    json.endObject()
  }

  /// The `calibration` member: the fitted scaling and the held-out
  /// confusion it was measured with.
  private static func writeHeldOut(_ heldOut: HeldOutFit, to json: inout JSONWriter) {
    json.beginObject()
    json.key("biases")
    json.perClass { json, label in json.number(heldOut.calibration.biases[label]) }
    json.key("confusion")
    writePerClass(heldOut.confusion.map { $0.array.map(Double.init) }, to: &json)
    json.key("equal_prior_mean_probabilities")
    writePerClass(heldOut.equalPriorMeans.map(\.array), to: &json)
    json.key("folds")
    json.integer(heldOut.folds)
    json.key("mean_probabilities")
    writePerClass(heldOut.meanProbabilities.map(\.array), to: &json)
    json.key("prior")
    json.perClass { json, label in json.number(heldOut.calibration.prior[label]) }
    if let weights = heldOut.calibration.readerWeights {
      json.key("reader_weights")
      writePerClass(weights.map { row in (0..<row.scalarCount).map { row[$0] } }, to: &json)
    }
    json.key("rows")
    json.integer(heldOut.rows)
    json.key("temperature")
    json.number(heldOut.calibration.temperature)
    json.endObject()
  }

  /// `{"negative":[…],"neutral":[…],"positive":[…]}`: a row of numbers
  /// per class (whole numbers are written as integers).
  private static func writePerClass(_ rows: PerClass<[Double]>, to json: inout JSONWriter) {
    json.perClass { json, label in
      json.beginArray()
      for value in rows[label] { json.number(value) }
      json.endArray()
    }
  }

  /// Decodes a model, checking that it is complete and consistent.
  ///
  /// The file is read in one pass by ``ModelFileReader``; its members are
  /// checked here, in a fixed order: the format, the version and the
  /// classes first, then the vocabulary and counts, then the rest.
  ///
  /// - Throws: ``ModelFileError``.
  /// - Complexity: O(*n*) in the file's size.
  static func decode(_ bytes: Span<UInt8>, verifyingChecksum: Bool = true) throws
    -> NaiveBayesModel
  {
    let contents = try ModelFileReader.read(bytes)
    if verifyingChecksum { try verifyChecksum(contents, of: bytes) }
    return try model(root: .object(contents.members)) { try contents.features.get() }
  }

  /// Checks the `checksum` member, if the file has one: the SHA-256 of the
  /// file's bytes without the member and the comma after it (before it,
  /// when it is the last member). A file without one is not checked.
  ///
  /// - Throws: ``ModelFileError/checksumMismatch`` when the digest differs,
  ///   the member is not a string, or another top-level member holds a
  ///   `sha256:` string (a bit flipped in the member's name).
  /// - Complexity: O(*n*) in the file's size.
  private static func verifyChecksum(
    _ contents: ModelFileReader.Contents, of bytes: Span<UInt8>
  ) throws {
    guard let excluded = contents.checksumRange else {
      // A damaged name would otherwise turn a checked file into an
      // unchecked one.
      for value in contents.members.values {
        if case .string(let text) = value, text.hasPrefix(checksumPrefix) {
          throw ModelFileError.checksumMismatch
        }
      }
      return
    }
    var hash = SHA256()
    hash.update(bytes.extracting(0..<excluded.lowerBound))
    hash.update(bytes.extracting(excluded.upperBound..<bytes.count))
    guard case .string(checksumPrefix + hash.finalize())? = contents.members["checksum"] else {
      throw ModelFileError.checksumMismatch
    }
  }

  /// A model's big tables, decoded.
  struct Features {
    /// The features, with their ids.
    var vocabulary: Vocabulary
    /// Feature id × class → count, as distinct rows.
    var rows: CountRows
    /// How to index the vocabulary's pairs.
    var pairs: PairSource
  }

  /// Checks a parsed file's members and builds the model; `features` gives
  /// the vocabulary, the counts and how to index its pairs; it is called
  /// after the format, version and classes are checked. The members are
  /// every member of the file but `vocabulary` and `counts`.
  ///
  /// - Throws: ``ModelFileError``, for the first problem in a fixed order.
  static func model(
    root: JSONValue, features: () throws -> Features
  ) throws -> NaiveBayesModel {
    guard case .object = root, case .string(format)? = root["format"] else {
      throw ModelFileError.notAModel
    }
    guard case .number(let number)? = root["version"], let fileVersion = Int(exactly: number)
    else { throw ModelFileError.missing("version") }
    guard fileVersion == version else {
      throw ModelFileError.unsupportedVersion(fileVersion)
    }

    guard case .array(let classes)? = root["classes"],
      classes == Sentiment.allCases.map({ .string($0.name) })
    else { throw ModelFileError.missing("classes") }

    let features = try features()
    let (vocabulary, rows) = (features.vocabulary, features.rows)
    let documents = try classCounts(root["documents"], name: "documents")
    guard documents.sum > 0 else {
      throw ModelFileError.inconsistent("no training documents")
    }
    let options = try decodeOptions(root["options"])
    let lexicon = try decodeLexicon(root["lexicon"], features: vocabulary.count) {
      vocabulary.id(of: $0)
    }
    if options.binarized {
      // Row by row: the first row with a count too high is the first
      // feature's with one, as rows are numbered in order of first feature.
      for number in 0..<rows.rowCount {
        let row = rows.row(number)
        for label in Sentiment.allCases where row[label] > documents[label] {
          throw ModelFileError.inconsistent(
            "a binarized count exceeds the number of \(label.name) documents")
        }
      }
    }
    let heldOut = try decodeHeldOut(root["calibration"])
    if let heldOut { try checkHeldOut(heldOut, options: options) }
    var model = NaiveBayesModel(
      metadata: try decodeMetadata(root["metadata"]),
      provenance: try decodeProvenance(root["provenance"]),
      tokenizer: try decodeTokenizer(root["tokenizer"]), options: options, lexicon: lexicon,
      vocabulary: vocabulary, rows: rows, documents: documents, pairs: features.pairs)
    model.heldOut = heldOut
    return model
  }

  /// The `lexicon` member: a list of words per class, each a feature of the
  /// model (of the `features`, as `featureID` finds it) and listed once.
  ///
  /// - Throws: ``ModelFileError``.
  private static func decodeLexicon(
    _ value: JSONValue?, features: Int, featureID: (String) -> Int?
  ) throws -> Lexicon {
    var lexicon = Lexicon()
    // A bit per feature: no hashing, and no `Set<Int>`, whose first use in a
    // process scans the binary's conformance records (0.1 ms at start-up).
    var seen = [UInt64](repeating: 0, count: features / 64 + 1)
    for label in Sentiment.allCases {
      guard case .array(let words)? = value?[label.name] else {
        throw ModelFileError.missing("lexicon.\(label.name)")
      }
      for word in words {
        guard case .string(let text) = word, !text.isEmpty else {
          throw ModelFileError.missing("lexicon.\(label.name)")
        }
        guard let id = featureID(text) else {
          throw ModelFileError.inconsistent(
            "the lexicon word '\(text.prefix(80))' is not in the vocabulary")
        }
        let bit: UInt64 = 1 << (id % 64)
        guard seen[id / 64] & bit == 0 else {
          throw ModelFileError.inconsistent(
            "the lexicon word '\(text.prefix(80))' is listed twice")
        }
        seen[id / 64] |= bit
        lexicon.append(Lexicon.Entry(word: text, label: label))
      }
    }
    return lexicon
  }

  /// Decodes a model from a byte array.
  public static func decode(_ bytes: [UInt8]) throws -> NaiveBayesModel {
    try decode(bytes.span)
  }

  /// Decodes a model from a file's contents.
  public static func decode(_ data: Data) throws -> NaiveBayesModel {
    try decode(data.span)
  }

  static func nonNegativeInteger(_ value: JSONValue?) -> Int? {
    guard case .number(let number)? = value, number >= 0, number < 9e15 else { return nil }
    return Int(exactly: number)
  }

  private static func string(_ value: JSONValue?, _ name: String) throws -> String {
    guard case .string(let text)? = value else { throw ModelFileError.missing(name) }
    return text
  }

  private static func classCounts(_ value: JSONValue?, name: String) throws -> PerClass<Int> {
    try PerClass { label in
      guard let count = nonNegativeInteger(value?[label.name]) else {
        throw ModelFileError.missing("\(name).\(label.name)")
      }
      return count
    }
  }

  /// Checks what a model's calibration may hold, against the model's
  /// options: the one check of the loader and of `merge` (for each part and
  /// for the merged model). Reader weights are there exactly when
  /// `options.reader` is on, one row of ``ReaderScores/featureNames`` per
  /// class; every bias and weight obeys ``Calibration/isAllowedWeight(_:)``,
  /// so that no probability is NaN; the counts are below 9e15.
  ///
  /// - Throws: ``ModelFileError`` naming the member.
  package static func checkHeldOut(_ fit: HeldOutFit, options: NaiveBayesOptions)
    throws(ModelFileError)
  {
    let calibration = fit.calibration
    let limit = "at most \(String(format: "%.1e", Calibration.largestWeight)) in magnitude"
    guard calibration.temperature > 0, calibration.temperature.isFinite else {
      throw .missing("calibration.temperature")
    }
    for label in Sentiment.allCases
    where !Calibration.isAllowedWeight(calibration.biases[label]) {
      throw .outOfRange(member: "calibration.biases.\(label.name)", limit: limit)
    }
    guard calibration.usesReader == options.reader else {
      throw .inconsistent(
        options.reader
          ? "options.reader is on, but the calibration has no reader_weights"
          : "options.reader is off, but the calibration has reader_weights")
    }
    if let weights = calibration.readerWeights {
      for label in Sentiment.allCases {
        let row = weights[label]
        guard (0..<row.scalarCount).allSatisfy({ Calibration.isAllowedWeight(row[$0]) }) else {
          throw .outOfRange(member: "calibration.reader_weights.\(label.name)", limit: limit)
        }
      }
    }
    let counts = [fit.rows, fit.folds] + fit.confusion.array.flatMap(\.array)
    guard counts.allSatisfy({ $0 >= 0 && $0 <= ModelFile.countLimit }) else {
      throw .outOfRange(member: "calibration", limit: "counts below 9e15")
    }
  }

  /// The `calibration` member: absent or `null` for a model trained on too
  /// little data to calibrate.
  private static func decodeHeldOut(_ value: JSONValue?) throws -> HeldOutFit? {
    guard let value, value != .null else { return nil }
    guard case .number(let temperature)? = value["temperature"], temperature > 0,
      temperature.isFinite
    else { throw ModelFileError.missing("calibration.temperature") }
    let biases = try PerClass { label in
      guard case .number(let bias)? = value["biases"]?[label.name], bias.isFinite else {
        throw ModelFileError.missing("calibration.biases.\(label.name)")
      }
      return bias
    }
    let confusion = try PerClass { label in
      guard case .array(let row)? = value["confusion"]?[label.name],
        let counts = PerClass(exactly: row)
      else { throw ModelFileError.missing("calibration.confusion.\(label.name)") }
      return try counts.map { count in
        guard let count = nonNegativeInteger(count) else {
          throw ModelFileError.missing("calibration.confusion.\(label.name)")
        }
        return count
      }
    }
    let means = try shareRows(value["mean_probabilities"], "calibration.mean_probabilities")
    let equalPriorMeans = try shareRows(
      value["equal_prior_mean_probabilities"], "calibration.equal_prior_mean_probabilities")
    guard let folds = nonNegativeInteger(value["folds"]), folds >= 2 else {
      throw ModelFileError.missing("calibration.folds")
    }
    guard let rows = nonNegativeInteger(value["rows"]) else {
      throw ModelFileError.missing("calibration.rows")
    }
    let prior = try PerClass { label in
      guard case .number(let share)? = value["prior"]?[label.name], share > 0, share < 1 else {
        throw ModelFileError.missing("calibration.prior.\(label.name)")
      }
      return share
    }
    var readerWeights: PerClass<SIMD2<Double>>?
    if let listed = value["reader_weights"] {
      readerWeights = try PerClass { label in
        guard case .array(let row)? = listed[label.name],
          row.count == ReaderScores.featureNames.count, row.count == SIMD2<Double>.scalarCount
        else { throw ModelFileError.missing("calibration.reader_weights.\(label.name)") }
        let weights = try row.map { weight in
          guard case .number(let weight) = weight, weight.isFinite else {
            throw ModelFileError.missing("calibration.reader_weights.\(label.name)")
          }
          return weight
        }
        return SIMD2(weights[0], weights[1])
      }
    }
    return HeldOutFit(
      calibration: Calibration(
        temperature: temperature, biases: biases, readerWeights: readerWeights, prior: prior),
      confusion: confusion,
      meanProbabilities: means, equalPriorMeans: equalPriorMeans, folds: folds, rows: rows)
  }

  /// A row of three shares in [0, 1] per class.
  private static func shareRows(_ value: JSONValue?, _ name: String) throws
    -> PerClass<PerClass<Double>>
  {
    try PerClass { label in
      guard case .array(let row)? = value?[label.name], let shares = PerClass(exactly: row) else {
        throw ModelFileError.missing("\(name).\(label.name)")
      }
      return try shares.map { share in
        guard case .number(let share) = share, share >= 0, share <= 1 else {
          throw ModelFileError.missing("\(name).\(label.name)")
        }
        return share
      }
    }
  }

  private static func decodeMetadata(_ value: JSONValue?) throws -> ModelMetadata {
    ModelMetadata(
      author: try string(value?["author"], "metadata.author"),
      description: try string(value?["description"], "metadata.description"),
      version: try string(value?["version"], "metadata.version"),
      license: try string(value?["license"], "metadata.license"))
  }

  private static func decodeProvenance(_ value: JSONValue?, nested: Bool = false) throws
    -> Provenance
  {
    guard let skipped = nonNegativeInteger(value?["skipped"]) else {
      throw ModelFileError.missing("provenance.skipped")
    }
    var parts: [Provenance] = []
    if !nested, let listed = value?["parts"] {
      guard case .array(let items) = listed else {
        throw ModelFileError.missing("provenance.parts")
      }
      parts = try items.map { try decodeProvenance($0, nested: true) }
    }
    return Provenance(
      source: try string(value?["source"], "provenance.source"),
      sha256: try string(value?["sha256"], "provenance.sha256"),
      rows: try classCounts(value?["rows"], name: "provenance.rows"), skipped: skipped,
      parts: parts)
  }

  private static func decodeOptions(_ value: JSONValue?) throws -> NaiveBayesOptions {
    guard case .number(let alpha)? = value?["alpha"], alpha > 0, alpha.isFinite else {
      throw ModelFileError.missing("options.alpha")
    }
    // A larger one makes α·V infinite, and every score NaN.
    guard alpha <= NaiveBayesOptions.largestAlpha else {
      throw ModelFileError.outOfRange(
        member: "options.alpha", limit: "at most \(Int(NaiveBayesOptions.largestAlpha))")
    }
    func flag(_ name: String) throws -> Bool {
      guard case .bool(let flag)? = value?[name] else {
        throw ModelFileError.missing("options.\(name)")
      }
      return flag
    }
    guard
      let priors = NaiveBayesOptions.Priors(
        rawValue: try string(value?["priors"], "options.priors"))
    else { throw ModelFileError.missing("options.priors") }
    guard let minCount = nonNegativeInteger(value?["min_count"]), minCount >= 1 else {
      throw ModelFileError.missing("options.min_count")
    }
    guard case .number(let lexiconWeight)? = value?["lexicon_weight"], lexiconWeight >= 0,
      lexiconWeight.isFinite
    else { throw ModelFileError.missing("options.lexicon_weight") }
    guard
      let smoothing = NaiveBayesOptions.Smoothing(
        rawValue: try string(value?["smoothing"], "options.smoothing"))
    else { throw ModelFileError.missing("options.smoothing") }
    return NaiveBayesOptions(
      alpha: alpha, binarized: try flag("binarized"), complement: try flag("complement"),
      priors: priors, bigrams: try flag("bigrams"), minCount: minCount,
      lexiconWeight: lexiconWeight, smoothing: smoothing, reader: try flag("reader"))
  }

  private static func decodeTokenizer(_ value: JSONValue?) throws -> TokenizerSettings {
    guard case .object(let members)? = value else { throw ModelFileError.missing("tokenizer") }
    var settings = TokenizerSettings()
    for field in settings.fields {
      guard case .bool(let flag)? = members[field.name] else {
        throw ModelFileError.missing("tokenizer.\(field.name)")
      }
      _ = settings.set(field.name, to: flag)
    }
    return settings
  }
}
