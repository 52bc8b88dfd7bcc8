// libFuzzer target: the score estimator, `ScoreEstimate` with every
// `QuantificationMethod`, on random probability vectors and counts.
//
// Byte 0 picks the method, byte 1 the number of tweets (0-16), byte 2 the
// EM prior weight; then come the training balance and the three rows of
// held-out rates, then the tweets' probability vectors (cycled to the
// count), then, when bytes remain, one byte per tweet for the two experts'
// votes (Naive Bayes's label, the reader's: 9 pairs), which add the domain
// term and the interval's lean away from 0. Each component is picked by a
// byte: 0, 1, the smallest subnormal, the smallest normal, the largest double below 1, 1e-300, a
// byte's fraction, or 8 raw bytes (made finite and non-negative); each
// vector is scaled to sum to 1 (one-hot when its sum is 0 or overflows), as
// a classifier's probabilities do. Whatever the input: the shares are
// finite, non-negative and sum to 1; the estimate, its interval and the
// scaled estimate are finite; the interval lies within [-count, count] and
// holds the estimate; the score is the scaled estimate rounded, within
// [-100, 100], and the bands are defined. The estimate is
// computed with 20 bootstrap resamples and at most 100 EM iterations (the
// production code's 200 and 1,000 made it 150 inputs a second).

/// Reads the fuzzer's bytes one value at a time; 0 once they run out.
private struct Cursor {
  var source: FuzzBytes

  var isAtEnd: Bool { source.isAtEnd }

  mutating func byte() -> UInt8 { UInt8(source.byte()) }

  mutating func component() -> Double {
    let selector = byte()
    switch selector % 8 {
    case 0: return 0
    case 1: return 1
    case 2: return .leastNonzeroMagnitude
    case 3: return .leastNormalMagnitude
    case 4: return 1.0.nextDown
    case 5: return 1e-300
    case 6: return Double(byte()) / 255
    default:
      var bits: UInt64 = 0
      for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(byte()) << UInt64(shift) }
      let value = Double(bitPattern: bits).magnitude
      return value.isFinite ? value : 0
    }
  }

  /// A probability vector of the three classes.
  mutating func probabilities() -> [Double] {
    let raw = [component(), component(), component()]
    let total = raw.reduce(0, +)
    guard total > 0, total.isFinite else {
      var oneHot = [0.0, 0.0, 0.0]
      oneHot[Int(byte()) % 3] = 1
      return oneHot
    }
    return raw.map { $0 / total }
  }
}

/// The bootstrap resamples and the most EM iterations per input.
private let fuzzResamples = 20
private let fuzzIterations = 100

public func fuzzScoreEstimate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var cursor = Cursor(source: FuzzBytes(data, count: size))
  let methods = QuantificationMethod.allCases
  let method = methods[Int(cursor.byte()) % methods.count]
  let count = Int(cursor.byte()) % 17
  let priorWeight = Double(cursor.byte())
  let equalPriors = cursor.byte() & 1 == 1
  let perClass = { (p: [Double]) in PerClass(negative: p[0], neutral: p[1], positive: p[2]) }
  let prevalence = perClass(cursor.probabilities())
  let rates = PerClass { _ in perClass(cursor.probabilities()) }
  let context = QuantificationContext(
    trainingPrevalence: prevalence, rates: rates, equalPriors: equalPriors,
    priorWeight: priorWeight)
  var rows: [PerClass<Double>] = []
  while !cursor.isAtEnd && rows.count < count {
    let p = cursor.probabilities()
    rows.append(PerClass(negative: p[0], neutral: p[1], positive: p[2]))
  }
  if rows.isEmpty { rows.append(PerClass(negative: 1.0 / 3, neutral: 1.0 / 3, positive: 1.0 / 3)) }
  let posteriors = (0..<count).map { rows[$0 % rows.count] }
  let labels = Sentiment.allCases
  let votes: [ExpertVotes]? =
    cursor.isAtEnd
    ? nil
    : (0..<count).map { _ in
      let pair = Int(cursor.byte()) % 9
      return ExpertVotes(naiveBayes: labels[pair / 3], reader: labels[pair % 3])
    }

  // Fewer bootstrap resamples and EM iterations than `analyze` (200 and
  // 1,000), so that a million inputs take minutes, not hours: the checks
  // hold after any number of either.
  let estimate = ScoreEstimate(
    posteriors: posteriors, votes: votes, method: method, context: context,
    resamples: fuzzResamples,
    iterations: fuzzIterations)
  let shares = estimate.prevalence.array
  if shares.count != 3 || !shares.allSatisfy({ $0.isFinite && $0 >= 0 }) {
    fatalError("\(method): shares \(shares) for \(posteriors)")
  }
  if abs(shares.reduce(0, +) - 1) > 1e-9 {
    fatalError("\(method): shares \(shares) sum to \(shares.reduce(0, +))")
  }
  let n = Double(count)
  let interval = estimate.interval
  if !estimate.value.isFinite || abs(estimate.value) > n {
    fatalError("\(method): estimate \(estimate.value) of \(count) tweets")
  }
  if !interval.lowerBound.isFinite || !interval.upperBound.isFinite
    || interval.lowerBound < -n || interval.upperBound > n
    || !interval.contains(estimate.value)
  {
    fatalError("\(method): interval \(interval) for \(estimate.value) of \(count) tweets")
  }
  if abs(estimate.score) > 100 || !estimate.scaled.isFinite || abs(estimate.scaled) > 100
    || abs(Double(estimate.score) - estimate.scaled) > 0.5
  {
    fatalError("\(method): score \(estimate.score), scaled \(estimate.scaled) of \(count)")
  }
  if estimate.bands.isEmpty != (count == 0) || (count == 0 && estimate.band != .neutral) {
    fatalError("\(method): band \(estimate.band), bands \(estimate.bands)")
  }
  if count > 0, !estimate.bands.contains(estimate.band) {
    fatalError(
      "\(method): the interval's bands \(estimate.bands) lack the score's \(estimate.band)")
  }
  return 0
}
