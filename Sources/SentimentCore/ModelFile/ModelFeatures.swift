/// A trained model's features.
struct ModelFeatures: FeatureCounts {
  let model: NaiveBayesModel

  var count: Int { model.vocabulary.count }

  func count(ofFeature id: Int, label: Sentiment) -> Int {
    model.count(ofFeature: id, label: label)
  }

  func withFeature<Result>(
    at id: Int, _ body: (Span<UInt8>) throws -> Result
  ) rethrows -> Result {
    try model.vocabulary.withToken(at: id, body)
  }
}
