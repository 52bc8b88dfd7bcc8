import SentimentCore

/// Models of parts of a corpus, as `train` writes them and `merge` reads
/// them, for the merge tests.
package enum ModelParts {
  /// A model of `rows` of `corpus`, as `train` writes and `merge` reads it:
  /// through the model file.
  package static func model(
    _ corpus: LabeledCorpus, _ rows: Range<Int>, options: NaiveBayesOptions = NaiveBayesOptions(),
    source: String = "part.csv", calibrate: Bool = false
  ) throws -> NaiveBayesModel {
    var trainer = NaiveBayesTrainer(options: options)
    var part = LabeledCorpus()
    var counts = PerClass { _ in 0 }
    for index in rows {
      trainer.add(corpus.bytes(at: index).span, as: corpus.labels[index])
      part.append(corpus.bytes(at: index), label: corpus.labels[index])
      counts[corpus.labels[index]] += 1
    }
    var model = trainer.model(
      provenance: Provenance(source: source, sha256: "\(rows)", rows: counts, skipped: 0))
    if calibrate {
      model.heldOut = HeldOutFit.fit(
        part, tokenizer: TokenizerSettings(), options: options, lexicon: .builtIn)
    }
    return try ModelFile.decode(ModelFile.encode(model))
  }

  /// The file's bytes with the provenance and calibration of `like`.
  package static func bytes(_ model: NaiveBayesModel, like other: NaiveBayesModel) -> [UInt8] {
    var model = model
    model.provenance = other.provenance
    model.heldOut = other.heldOut
    return ModelFile.encode(model)
  }

  /// A part's held-out fit: its calibration, confusion and mean
  /// probabilities (the same means at equal priors), from 5 folds over the
  /// rows the confusion counts.
  package static func heldOutFit(
    temperature: Double, biases: PerClass<Double>, confusion: PerClass<PerClass<Int>>,
    means: PerClass<PerClass<Double>>
  ) -> HeldOutFit {
    HeldOutFit(
      calibration: Calibration(temperature: temperature, biases: biases), confusion: confusion,
      meanProbabilities: means, equalPriorMeans: means, folds: 5,
      rows: confusion.joined().reduce(0, +))
  }
}
