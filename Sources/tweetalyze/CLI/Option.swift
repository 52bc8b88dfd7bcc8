/// Settings that options fill in: a command's, or a group that commands
/// share (``TrainingSettings``).
protocol CommandSettings {
  /// The settings before any option is given; help prints defaults from it.
  static var defaults: Self { get }
  /// The options, in the order help lists them.
  static var options: [Option<Self>] { get }
  /// The checks between options, once the parser has written every option
  /// and argument in (as swift-argument-parser's `validate()`): refuses
  /// what cannot go together, and may fill in what one option implies for
  /// another. `given` holds the names of the options given, without `--`,
  /// in order.
  mutating func validate(given: [String]) throws(UsageError)
}

extension CommandSettings {
  /// No checks between options: settings whose options go with any others
  /// (a group, such as ``TrainingSettings``, is checked by the options that
  /// hold it).
  mutating func validate(given: [String]) throws(UsageError) {}
}

/// What an option is, apart from where its value goes: its names, what
/// follows it, its help and its default. Help and suggestions read this.
struct OptionSpec {
  /// What follows an option's name.
  enum Arity {
    /// Nothing: `--json`.
    case flag
    /// Nothing, and a `--no-` twin with this help: `--bigrams`, `--no-bigrams`.
    case toggle(off: String)
    /// A value, with this placeholder in help: `--count N`.
    case value(String)
    /// A value that may be left out (`--mentions`, `--mentions 5`): only a
    /// following argument of digits is taken as it.
    case optionalValue(String)
  }

  /// The long name, without `--`.
  var name: String
  /// The one-letter name (`q` for `-q`), if any.
  var short: Character? = nil
  /// What follows the name.
  var arity: Arity
  /// The help; ` {default}` marks where ` (default: X)` goes.
  var help: String
  /// The value that help prints as the default (`nil`: none); a toggle's
  /// `Bool` marks its side that is on by default.
  var defaultValue: Any? = nil

  /// A default as help prints it: as Swift describes it, but a whole
  /// `Double` without its `.0` (`30`, not `30.0`), as a user types it.
  static func display(_ value: Any) -> String {
    if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 {
      return String(Int(number))
    }
    return String(describing: value)
  }

  /// The long names, `--` included: a toggle also has `--no-name`.
  var names: [String] {
    guard case .toggle = arity else { return ["--\(name)"] }
    return ["--\(name)", "--no-\(name)"]
  }

  /// The lines help prints: the names and placeholder, and the text.
  var helpLines: [(label: String, text: String)] {
    let label = (short.map { "-\($0), " } ?? "") + "--\(name)"
    switch arity {
    case .flag:
      return [(label, help)]
    case .toggle(let off):
      // "(default)" goes before the final period of the side that is on.
      let on = defaultValue as? Bool ?? false
      let marked = { (text: String) in String(text.dropLast()) + " (default)." }
      return [(label, on ? marked(help) : help), ("--no-\(name)", on ? off : marked(off))]
    case .value(let placeholder), .optionalValue(let placeholder):
      let bracketed = if case .optionalValue = arity { "[\(placeholder)]" } else { placeholder }
      let shown = defaultValue.map { " (default: \(Self.display($0)))" } ?? ""
      return [("\(label) \(bracketed)", help.replacing(" {default}", with: shown))]
    }
  }
}

/// One option of the settings `Settings`: what it is, and how it writes its
/// value. This one declaration drives parsing, validation, help and "did you
/// mean"; the factories below declare each kind in one line.
struct Option<Settings> {
  /// The names, help and default.
  var spec: OptionSpec
  /// What the option writes: two options that write the same value may not
  /// both be given.
  var target: AnyKeyPath
  /// The message when they are (else `Give --a or --b, not both`).
  var conflict: String? = nil
  /// Options that may not be given with this one although they write other
  /// values, by name, each with the message when both are; checked in this
  /// order.
  var excludes: [(name: String, message: String)] = []
  /// Writes what was given: the value's text, "" for a flag or a left-out
  /// optional value, `nil` for a toggle's `--no-` twin. Throws ``Refusal``.
  var apply: (inout Settings, String?) throws -> Void

  /// `-h`, `--help`, which every command takes.
  static var help: Option {
    Option(
      spec: OptionSpec(name: "help", short: "h", arity: .flag, help: "Show help for this command."),
      target: \Settings.self, apply: { _, _ in })
  }

  /// This option for settings kept at `keyPath` in larger ones.
  func embedded<Outer>(in keyPath: WritableKeyPath<Outer, Settings>) -> Option<Outer> {
    Option<Outer>(
      spec: spec, target: (keyPath as AnyKeyPath).appending(path: target) ?? keyPath,
      conflict: conflict, excludes: excludes
    ) { outer, text in try apply(&outer[keyPath: keyPath], text) }
  }

  /// This option, refusing to be given with any of `others` (names without
  /// `--`): "give X or Y, not both", with `message`.
  func excluding(_ others: [String], _ message: String) -> Option {
    var option = self
    option.excludes += others.map { ($0, message) }
    return option
  }
}

extension Option where Settings: CommandSettings {
  /// A flag that writes `value` (`--no-lexicon` writes a weight of 0).
  static func flag<Value>(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Settings, Value>,
    setting value: Value, help: String, conflict: String? = nil
  ) -> Option {
    Option(
      spec: OptionSpec(name: name, short: short, arity: .flag, help: help), target: keyPath,
      conflict: conflict
    ) { settings, _ in settings[keyPath: keyPath] = value }
  }

  /// A flag that sets a `Bool`.
  static func flag(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Settings, Bool>,
    help: String
  ) -> Option {
    flag(name, short: short, keyPath, setting: true, help: help)
  }

  /// `--name` and `--no-name`, setting a `Bool`; help marks the default.
  static func toggle(
    _ name: String, _ keyPath: WritableKeyPath<Settings, Bool>, on: String, off: String
  ) -> Option {
    let spec = OptionSpec(
      name: name, arity: .toggle(off: off), help: on,
      defaultValue: Settings.defaults[keyPath: keyPath])
    return Option(spec: spec, target: keyPath) { $0[keyPath: keyPath] = $1 != nil }
  }

  /// An option that takes a value of `kind`, shown as `placeholder`.
  static func value<Value>(
    _ name: String, _ placeholder: String, _ kind: ValueKind<Value>,
    _ keyPath: WritableKeyPath<Settings, Value>, help: String
  ) -> Option {
    let spec = OptionSpec(
      name: name, arity: .value(placeholder), help: help,
      defaultValue: kind.shown(Settings.defaults[keyPath: keyPath]))
    return Option(spec: spec, target: keyPath) { $0[keyPath: keyPath] = try kind.parse($1 ?? "") }
  }

  /// An option whose value is optional in the settings (`nil`: not given).
  static func value<Value>(
    _ name: String, _ placeholder: String, _ kind: ValueKind<Value>,
    _ keyPath: WritableKeyPath<Settings, Value?>, help: String
  ) -> Option {
    value(name, placeholder, kind.map(Optional.some) { $0 }, keyPath, help: help)
  }

  /// An option that may be given more than once, each value added to a list
  /// in order (`--input a.json --input b.csv`).
  static func repeated(
    _ name: String, _ placeholder: String, _ keyPath: WritableKeyPath<Settings, [String]>,
    help: String
  ) -> Option {
    let spec = OptionSpec(name: name, arity: .value(placeholder), help: help)
    return Option(spec: spec, target: keyPath) { $0[keyPath: keyPath].append($1 ?? "") }
  }

  /// An option whose value may be left out, meaning `implied`; help
  /// prints `implied` as the default.
  static func optionalValue<Value>(
    _ name: String, _ placeholder: String, _ kind: ValueKind<Value>,
    _ keyPath: WritableKeyPath<Settings, Value?>, implied: Value, help: String
  ) -> Option {
    let spec = OptionSpec(
      name: name, arity: .optionalValue(placeholder), help: help, defaultValue: implied)
    return Option(spec: spec, target: keyPath) { settings, text in
      let text = text ?? ""
      settings[keyPath: keyPath] = text.isEmpty ? implied : try kind.parse(text)
    }
  }

  /// An option that takes one of `cases` (`--priors uniform|data`).
  static func choice<Value: RawRepresentable<String>>(
    _ name: String, _ cases: [Value], _ keyPath: WritableKeyPath<Settings, Value>, help: String
  ) -> Option {
    let names = cases.map(\.rawValue)
    let kind = ValueKind<Value>.oneOf(names) { Value(rawValue: $0) }
    return value(name, names.joined(separator: "|"), kind, keyPath, help: help)
  }
}

extension ValueKind {
  /// One of `names`, made into a value by `make`; a near miss (`days`) is
  /// refused with the name meant (`Did you mean 'day'?`).
  static func oneOf(_ names: [String], _ make: @escaping (String) -> Value?) -> Self {
    let expected =
      names.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(names.last ?? "")'"
    return ValueKind { text in
      guard names.contains(text), let value = make(text) else {
        var refusal = Refusal.takes(expected, got: "'\(text)'")
        refusal.message += Suggestion.text(for: text, among: names)
        throw refusal
      }
      return value
    }
  }
}

/// How the text after an option becomes a value, or why it cannot.
struct ValueKind<Value> {
  /// Parses the text; throws a ``Refusal`` that says what the option takes.
  var parse: (String) throws -> Value
  /// The value as help prints it as a default (`nil`: none).
  var shown: (Value) -> Any? = unwrapped

  /// The same text read into a `T`; `back` finds the value in a `T` again,
  /// for help (`nil`: the `T` holds none).
  func map<T>(_ forth: @escaping (Value) -> T, back: @escaping (T) -> Value?) -> ValueKind<T> {
    ValueKind<T>(parse: { forth(try parse($0)) }, shown: { back($0).flatMap(shown) })
  }
}

extension ValueKind where Value == String {
  /// Any text.
  static var string: Self { ValueKind { $0 } }

  /// The name of a file to write: any text but the empty one, which names
  /// no file and would fail only once the work is done.
  static func outputPath(_ example: String) -> Self {
    ValueKind { text in
      guard !text.isEmpty else { throw Refusal.takes("a file name, e.g. \(example)", got: "''") }
      return text
    }
  }
}

extension ValueKind where Value: FixedWidthInteger {
  /// A whole number in `range`.
  static func integer(_ range: ClosedRange<Value>) -> Self {
    ValueKind { text in
      guard let number = Value(text), range.contains(number) else {
        throw Refusal.takes(
          "a whole number from \(range.lowerBound) to \(range.upperBound)", got: "'\(text)'")
      }
      return number
    }
  }
}

extension ValueKind where Value == Double {
  /// A finite number for which `isValid` holds; `expected` says which, and
  /// `hint` what else to do.
  static func number(
    _ expected: String, hint: String? = nil, where isValid: @escaping (Double) -> Bool
  ) -> Self {
    ValueKind { text in
      guard let number = Double(text), number.isFinite else {
        throw Refusal.takes("a number", got: "'\(text)'")
      }
      // The text as typed, not as Double prints it: "got '90'", not "got 90.0".
      guard isValid(number) else { throw Refusal.takes(expected, got: "'\(text)'", hint: hint) }
      return number
    }
  }
}

/// Why an option's value was refused: the message after the option's name.
struct Refusal: Error {
  /// The text after the option's name: ` takes …` or `: …`.
  var message: String

  /// ` takes WHAT (got TEXT)`, and `; HINT` when there is one.
  static func takes(_ what: String, got text: String, hint: String? = nil) -> Refusal {
    Refusal(message: " takes \(what) (got \(text))" + (hint.map { "; \($0)" } ?? ""))
  }
}

/// `value` without its optional wrapping: `nil` for `nil`.
private func unwrapped(_ value: Any) -> Any? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .optional else { return value }
  return mirror.children.first?.value
}
