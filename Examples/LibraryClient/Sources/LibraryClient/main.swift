// Uses SentimentCore as a library user does, with the public API only, and
// checks what it gets: any wrong result prints a line and exits 1.
import Foundation
import SentimentCore

var failures = 0

/// Records a failed check.
@MainActor
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    failures += 1
    print("FAIL: \(message())")
  }
}

/// The repository's root: the client sits in `Examples/LibraryClient`.
let root = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

do {
  // The "As a library" example of docs/development.md, as written there.
  let model = try DefaultModel.load()
  let estimate = ScoreEstimate(texts: ["I love it", "worst update ever"], model: model)
  print(estimate.band.emoji, estimate.score)  // per 100 tweets, as printed
  check(estimate.count == 2, "the estimate counts 2 texts, not \(estimate.count)")
  check(estimate.band == EmojiBand(scaled: Double(estimate.score)), "the band is the score's")

  // Classify: the built-in model reads "I love it" as positive.
  var classifier = Classifier(model: model)
  let love = classifier.predict("I love it")
  check(love.label == .positive, "\"I love it\" is \(love.label.name)")
  let p = love.probabilities
  check(
    abs(p.negative + p.neutral + p.positive - 1) < 1e-9, "the probabilities sum to 1: \(p)")
  check(love.confidence == p[love.label], "the confidence is the label's probability")
  let hate = classifier.predict("worst update ever, I hate it")
  check(hate.label == .negative, "\"worst update ever, I hate it\" is \(hate.label.name)")

  // The main job on posts from a source: the `#WWDC` fixture, as
  // `tweetalyze --fixtures Fixtures/tweets "#WWDC"` reads it.
  let source = FixtureTweetSource(location: root.appendingPathComponent("Fixtures/tweets"))
  let tweets = try await source.tweets(for: try SearchQuery("#WWDC"), count: 100)
  check(tweets.count == 32, "the #WWDC fixture holds 32 posts, not \(tweets.count)")
  check(source.origin == .recorded, "a fixture source reads recorded posts: \(source.origin)")
  let wwdc = ScoreEstimate(texts: tweets.map(\.text), model: model)
  check(wwdc.method == .count, "the default method counts labels")
  check(
    wwdc.score == Int((wwdc.value * 100 / Double(tweets.count)).rounded()),
    "the score is the estimate per 100 posts")
  check(wwdc.interval.contains(4), "the interval \(wwdc.interval) holds the written score")
  let labels = tweets.map { classifier.predict($0.text).label }
  let sum = labels.filter { $0 == .positive }.count - labels.filter { $0 == .negative }.count
  check(abs(wwdc.value - Double(sum)) < 1e-9, "a count estimate is the labels' sum, \(sum)")
  let shares = wwdc.prevalence
  check(
    abs(shares.negative + shares.neutral + shares.positive - 1) < 1e-9,
    "the shares sum to 1: \(shares)")
  let adjusted = ScoreEstimate(texts: tweets.map(\.text), model: model, method: .adjusted)
  check(adjusted.method == .adjusted, "a calibrated model estimates as asked")
  check(adjusted.interval.contains(adjusted.value), "the interval holds its estimate")

  // Train, get the model, write it as a model file and read it back.
  var trainer = NaiveBayesTrainer()
  let examples: [(String, Sentiment)] = [
    ("I love this phone", .positive), ("great screen, love it", .positive),
    ("awesome update", .positive), ("I hate this phone", .negative),
    ("worst battery ever", .negative), ("terrible update, hate it", .negative),
    ("the event is on monday", .neutral), ("new phone announced today", .neutral),
    ("update out tomorrow", .neutral),
  ]
  for (text, label) in examples { trainer.add(text, as: label) }
  check(
    trainer.documentCounts == PerClass(negative: 3, neutral: 3, positive: 3),
    "3 documents per class: \(trainer.documentCounts)")
  let trained = trainer.model()
  let bytes = ModelFile.encode(trained)
  let decoded = try ModelFile.decode(bytes)
  check(ModelFile.encode(decoded) == bytes, "a decoded model encodes to the same bytes")
  var before = Classifier(model: trained)
  var after = Classifier(model: decoded)
  for text in ["love the screen", "hate the battery", "announced monday", "unknown words"] {
    let (old, new) = (before.predict(text), after.predict(text))
    check(old == new, "\"\(text)\": \(old) before encoding, \(new) after")
  }
  check(before.predict("love the screen").label == .positive, "the trained model reads love")
  check(before.predict("hate the battery").label == .negative, "the trained model reads hate")
  // An uncalibrated model counts labels, whatever is asked.
  let small = ScoreEstimate(
    texts: ["love it", "love love", "hate it"], model: trained, method: .adjusted)
  check(small.method == .count, "an uncalibrated model counts")
  check(small.score == 33, "+1 of 3 posts is 33 per 100, not \(small.score)")

  // Evaluate: cross-validation and a test on texts the model did not see.
  let texts = Array(repeating: examples.map(\.0), count: 4).flatMap { $0 }
  let truth = Array(repeating: examples.map(\.1), count: 4).flatMap { $0 }
  let folds = try Evaluation.crossValidate(texts: texts, labels: truth, folds: 3)
  check(folds.total == texts.count, "cross-validation classifies every text once")
  if let accuracy = folds.accuracy {
    check(accuracy > 0 && accuracy <= 1, "cross-validated accuracy \(accuracy) is in (0, 1]")
  } else {
    check(false, "cross-validation has an accuracy")
  }
  let test = Evaluation.test(
    model, texts: ["I love it", "I hate it"], labels: [.positive, .negative])
  check(test.total == 2, "the test counts 2 texts")
  check(test.accuracy == 1, "the built-in model gets both test texts right")
  do {
    _ = try Evaluation.crossValidate(texts: ["one"], labels: [.neutral], folds: 2)
    check(false, "2 folds of 1 text is refused")
  } catch {
    check(!error.localizedDescription.isEmpty, "the refusal says why")
  }
} catch {
  print("FAIL: \(error.localizedDescription)")
  failures += 1
}

if failures > 0 {
  print("\(failures) check\(failures == 1 ? "" : "s") failed")
  exit(1)
}
print("LibraryClient: every check passed")
