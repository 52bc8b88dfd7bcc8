import SentimentCore

/// The output of `tweetalyze explain`: a text block or one JSON line per
/// text. Pure functions of the explanation, so that tests can check every
/// format.
enum ExplainReport {
  /// The explanation as an aligned table:
  ///
  ///     text: love it
  ///     label: positive 0.8000
  ///     feature       negative   neutral  positive  leans
  ///     prior          -1.0986   -1.0986   -1.0986
  ///     love           -2.1972   -2.1972   -0.8109  positive
  ///     score          -3.2958   -3.2958   -1.9095
  ///     probability     0.1667    0.1667    0.6667
  ///     calibrated: no (…)
  ///     ignored: it
  ///
  /// A calibrated model adds the `naive bayes` and `reader` rows (each
  /// expert's part of the logits) and a line on each.
  static func text(_ explanation: Explanation, style: Style) -> String {
    // The text, its features and the ignored tokens come from outside:
    // escaped as `--tweets` lines are.
    let names = explanation.features.map { feature in
      ErrorLine.inline(feature.feature) + (feature.count > 1 ? " ×\(feature.count)" : "")
    }
    let width = max(13, (names.map(\.count).max() ?? 0) + 2)
    let number = { (value: Double) -> String in
      let text = FixedDecimal.string(value, decimals: 4)
      return String(repeating: " ", count: max(1, 10 - text.count)) + text
    }
    let row = { (label: String, values: PerClass<Double>) -> String in
      ReportNumbers.pad(label, width) + Sentiment.allCases.map { number(values[$0]) }.joined()
    }
    let prediction = explanation.prediction
    var lines = [
      "text: " + ErrorLine.inline(explanation.text),
      "label: " + style.paint(prediction.label.name, Style.colour(of: prediction.label)) + " "
        + FixedDecimal.string(prediction.confidence, decimals: 4),
      ReportNumbers.pad("feature", width)
        + Sentiment.allCases.map { String(repeating: " ", count: 10 - $0.name.count) + $0.name }
        .joined() + "  leans",
      row("prior", explanation.logPriors),
    ]
    for (name, feature) in zip(names, explanation.features) {
      lines.append(
        row(name, feature.weights) + "  "
          + style.paint(feature.leans.name, Style.colour(of: feature.leans)))
    }
    lines.append(row("score", explanation.scores))
    if let calibration = explanation.calibration {
      lines.append(row("naive bayes", explanation.naiveBayesPart))
      if explanation.reading != nil {
        lines.append(row("reader", explanation.readerPart))
      }
      lines.append(row("probability", prediction.probabilities))
      let percent = { (share: Double) in FixedDecimal.string(share * 100, decimals: 0) }
      lines.append(
        "calibrated: softmax(naive bayes + reader), naive bayes = (score - highest) / "
          + FixedDecimal.string(calibration.temperature, decimals: 2) + " + bias, biases "
          + calibration.biases.array.map { FixedDecimal.string($0, decimals: 2) }.joined(
            separator: " ")
          + ", at a balance of " + calibration.prior.array.map(percent).joined(separator: "/")
          + " % (negative/neutral/positive)")
      if let reading = explanation.reading {
        lines.append(
          "reader: reads it " + reading.label.name + " (compound "
            + FixedDecimal.string(reading.compound, decimals: 4) + ", words "
            + percent(reading.positive) + " % positive, " + percent(reading.negative)
            + " % negative): " + push(explanation.readerPart))
      }
    } else {
      lines.append(row("probability", prediction.probabilities))
      lines.append(
        "calibrated: no (trained on too few texts to cross-validate): raw Naive Bayes "
          + "probabilities, far too sure; train on more labeled texts")
    }
    lines.append(
      "ignored: "
        + (explanation.ignored.isEmpty
          ? "none" : explanation.ignored.map(ErrorLine.inline).joined(separator: " | ")))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The reader's part in words: how much it adds toward the class it
  /// pushes (it pushes one class at most: its own reading's).
  static func push(_ part: PerClass<Double>) -> String {
    let pushed = [Sentiment.positive, .negative].filter { part[$0] > 0 }
    guard !pushed.isEmpty else { return "no push" }
    return pushed.map { "+" + FixedDecimal.string(part[$0], decimals: 2) + " toward " + $0.name }
      .joined(separator: ", ")
  }

  /// The explanation as one JSON line: `features` (`count`, `feature`,
  /// `leans`, `spread`, `weights`), `ignored`, `label`, `log_priors`,
  /// `naive_bayes` (its part of the calibrated logits), `probabilities`,
  /// `reader` (`compound`, `label`, `negative`, `part`, `positive`; `null`
  /// for a model without the reader), `scores`, `text`.
  static func json(_ explanation: Explanation) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("features")
    json.beginArray()
    for feature in explanation.features {
      json.beginObject()
      json.key("count")
      json.integer(feature.count)
      json.key("feature")
      json.string(feature.feature)
      json.key("leans")
      json.string(feature.leans.name)
      json.key("spread")
      json.number(feature.spread, decimals: 4)
      json.key("weights")
      json.perClass(feature.weights, decimals: 4)
      json.endObject()
    }
    json.endArray()
    json.key("ignored")
    json.beginArray()
    for feature in explanation.ignored { json.string(feature) }
    json.endArray()
    json.key("label")
    json.string(explanation.prediction.label.name)
    json.key("log_priors")
    json.perClass(explanation.logPriors, decimals: 4)
    json.key("naive_bayes")
    json.perClass(explanation.naiveBayesPart, decimals: 4)
    json.key("probabilities")
    json.perClass(explanation.prediction.probabilities, decimals: 4)
    json.key("reader")
    if let reading = explanation.reading {
      json.beginObject()
      json.key("compound")
      json.number(reading.compound, decimals: 4)
      json.key("label")
      json.string(reading.label.name)
      json.key("negative")
      json.number(reading.negative, decimals: 4)
      json.key("part")
      json.perClass(explanation.readerPart, decimals: 4)
      json.key("positive")
      json.number(reading.positive, decimals: 4)
      json.endObject()
    } else {
      json.null()
    }
    json.key("scores")
    json.perClass(explanation.scores, decimals: 4)
    json.key("text")
    json.string(explanation.text)
    json.endObject()
    return json.bytes + [0x0A]
  }
}
