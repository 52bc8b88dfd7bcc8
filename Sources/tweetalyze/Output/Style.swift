import SentimentCore

/// Terminal manners: ANSI colour only when the output is a terminal, `TERM`
/// is not `dumb`, and `NO_COLOR` is not set to a non-empty value
/// (<https://no-color.org>).
struct Style {
  /// Whether colour codes are written.
  var colour: Bool
  /// Whether the output is a terminal (bar charts, sparklines).
  var terminal: Bool

  /// The style for `output` in `environment`.
  init(output: Output, environment: Environment) {
    terminal = output.isTerminal
    colour =
      terminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Plain text, as in a pipe: no colour, no sparkline.
  static let plain = Style(colour: false, terminal: false)

  private init(colour: Bool, terminal: Bool) {
    self.colour = colour
    self.terminal = terminal
  }

  /// The ANSI colours used.
  enum Colour: String {
    case red = "31"
    case green = "32"
    case dim = "2"
  }

  /// `text` in `colour`, when colour is on.
  func paint(_ text: String, _ colour: Colour?) -> String {
    guard self.colour, let colour else { return text }
    return "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m"
  }

  /// The colour of a class: green positive, red negative, dim neutral.
  static func colour(of label: Sentiment) -> Colour {
    switch label {
    case .positive: .green
    case .negative: .red
    case .neutral: .dim
    }
  }

  /// The colour of a sentiment value: green above 0, red below, none at 0.
  static func colour(ofValue value: Double) -> Colour? {
    value > 0 ? .green : value < 0 ? .red : nil
  }
}
