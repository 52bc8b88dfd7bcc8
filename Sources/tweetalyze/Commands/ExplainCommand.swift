import SentimentCore

extension Context {
  /// `tweetalyze explain`: the model's evidence for each text, in input
  /// order; text blocks separated by a blank line, or one JSON object per
  /// line.
  func explain(_ options: ExplainOptions) throws {
    let model = try loadModel(options.model)
    let style = Style(output: stdout, environment: environment)
    var first = true
    let emit: (String) throws -> Void = { text in
      let explanation = Explanation(text: text, model: model)
      if options.json {
        try stdout.write(ExplainReport.json(explanation))
      } else {
        try stdout.write((first ? "" : "\n") + ExplainReport.text(explanation, style: style))
      }
      first = false
    }
    try forEachText(options.input, command: "explain") { text in
      try emit(String(decodingUTF8: text))
    }
  }
}
