import Foundation
import SentimentCore

/// `tweetalyze QUERY`.
struct AnalyzeOptions: Equatable, CommandSettings {
  /// The first query (with `--input`, unused: see ``filter``).
  var query: SearchQuery
  /// The queries after the first, analyzed in order.
  var moreQueries: [SearchQuery] = []
  var fixtures: String?
  /// Files of posts to analyze instead of a search (`-`: stdin).
  var inputs: [String] = []
  /// With `--input`: keep only the posts that match it (`nil`: all).
  var filter: SearchQuery?
  /// The CSV text column of `--input` files (`nil`: as `train` finds it).
  var textColumn: String?
  /// The CSV date column of `--input` files (`--date-column`; `none`:
  /// ignored).
  var dateColumn = PostFileDateColumn.automatic
  /// `--count N` (`nil`: 100 tweets for a search; every post, up to
  /// ``maximumCount``, for `--input`).
  var count: Int?
  var model: String?
  var json = false
  /// Print CSV: a header, then a row per query (or per tweet).
  var csv = false
  /// Where `--trend`, `--mentions` or `--why` draws its chart (SVG).
  var plot: String?
  /// `--history FILE`: the runs kept, one JSON line each.
  var history: String?
  /// A file holding the bearer token (else the environment).
  var tokenFile: String?
  /// The `lang:` code; `nil` for any language.
  var language: String? = "en"
  var includeRetweets = false
  /// Wait for the rate limit window to reset, once.
  var wait = false
  /// Seconds to wait for each answer from the API.
  var timeout: Double = 30
  /// Where to record the raw response pages.
  var record: String?
  /// Print every analyzed tweet before the score line.
  var tweets = false
  /// Print the breakdown of the score under the score line.
  var details = false
  /// Show the N most frequent @users and #hashtags (`nil`: not asked).
  var mentions: Int?
  /// Show the N terms that move the score most (`nil`: not asked).
  var why: Int?
  /// Show the sentiment per hour, day or week and its slope.
  var trend = false
  /// `--by`: the trend's unit (`nil`: chosen from the dates).
  var by: Trend.Unit?
  /// `--since`, `--until`: the time the posts are to come from.
  var window = DateWindow()
  /// Nothing on stderr but errors.
  var quiet = false
  /// How the score is estimated from the tweets' probabilities.
  var estimator = QuantificationMethod.count
  /// Where a search goes.
  var source = PostService.x
  /// `--instance URL`: the Mastodon instance (`nil`: mastodon.social).
  var instance: String?

  /// The defaults; the query, given by position, is a stand-in.
  static var defaults: Self { AnalyzeOptions(query: .mention("Apple")) }

  /// Every query, in the order given.
  var queries: [SearchQuery] { [query] + moreQueries }

  /// The most tweets analyzed at once.
  static let maximumCount = 10_000

  /// How many tweets a search fetches without `--count`.
  static let searchCount = 100

  /// How many tweets a search fetches, or how many posts `--input` or a
  /// replay (`--fixtures`) reads: a replay gives the recorded run's answer,
  /// every recorded post unless `--count` is given.
  var limit: Int {
    count ?? (inputs.isEmpty && fixtures == nil ? Self.searchCount : Self.maximumCount)
  }

  /// The message for `--input` given with `option`, an option of a search.
  private static func inputExcludes(_ option: String) -> String {
    "Give --input or \(option), not both: --input reads posts from files, \(option) is for a "
      + "search of the X API"
  }

  static var options: [Option<Self>] {
    [
      .value(
        "fixtures", "PATH", .string, \.fixtures,
        help: "Read recorded API responses from a file, or from a directory by query "
          + "(@Apple → at-apple.jsonl or at-apple.json; #WWDC → hashtag-wwdc.…)."),
      .repeated(
        "input", "FILE", \.inputs,
        help: "Analyze the posts in FILE (- for stdin; repeatable) instead of searching: X, "
          + "Bluesky or Mastodon API JSON or JSONL, CSV with a text column, or plain text, one "
          + "post a line. A QUERY then keeps only the posts that match it."
      )
      .excluding(
        ["source", "instance"],
        "Give --input or --source/--instance, not both: --input reads posts from files, "
          + "--source chooses where a search goes"
      )
      .excluding(["fixtures"], Self.inputExcludes("--fixtures"))
      .excluding(["record"], Self.inputExcludes("--record")),
      .value(
        "text-column", "NAME", .string, \.textColumn,
        help: "With --input: the CSV column holding the posts (default: text, tweettext or tweet)."),
      .value(
        "date-column", "NAME", .dateColumn, \.dateColumn,
        help: "With --input: the CSV column holding the dates for --trend (default: created_at "
          + "or date); 'none' ignores dates. Dates that cannot be read leave their posts "
          + "undated."),
      .value(
        "count", "N",
        ValueKind.integer(1...maximumCount).map(Optional.some) { $0 ?? searchCount }, \.count,
        help: "Analyze up to N tweets, 1 to 10000 {default}. With --input or --fixtures: every "
          + "post, up to 10000."),
      .model(\.model),
      .flag(
        "json", \.json,
        help: "Print a JSON object instead of 'EMOJI SCORE' (with --tweets: one object per "
          + "tweet, then the summary object)."),
      .flag(
        "csv", \.csv,
        help: "Print CSV with a header instead: a row per query (with --tweets: per tweet; "
          + "--trend: per hour, day or week; --mentions: per name)."),
      .choice(
        "estimator", QuantificationMethod.allCases, \.estimator,
        help: "How the score is estimated: 'count' sums the labels (+1/-1) that --tweets "
          + "prints, as the original app did; the others correct for the posts' class "
          + "balance by the model's behaviour on its held-out training data {default}."),
      .flag(
        "tweets", \.tweets,
        help: "First print each tweet: id, date, label, probability and text, tab-separated."),
      .flag(
        "details", \.details,
        help: "Under the score line, print the counts and shares per class, the estimate "
          + "and its interval (also per 100 tweets), the score and its band, the part of the "
          + "interval more posts would narrow and the part they would not, and the chance "
          + "that positives outnumber negatives."),
      .optionalValue(
        "mentions", "N", .integer(1...1_000), \.mentions, implied: 10,
        help: "Show the N most frequent @users and the N most frequent #hashtags {default}, "
          + "each seen in more than one tweet, with their tweets' score and its 90 % interval."),
      .optionalValue(
        "why", "N", .integer(1...1_000), \.why, implied: 10,
        help: "Show the N words, hashtags, mentions and word pairs {default} that separate the "
          + "positive posts from the negative ones most (log-odds ratio with an informative "
          + "Dirichlet prior), each with its posts, its part of the score and an example."),
      .flag(
        "trend", \.trend,
        help: "Show the score per hour, 6 or 12 hours, day or week with its 90 % interval, and "
          + "whether it is rising, falling or flat (a slope needs 3 buckets and 30 dated posts)."),
      .value(
        "by", "hour|6h|12h|day|week",
        ValueKind.oneOf(Trend.Unit.allCases.map(\.rawValue)) { Trend.Unit(rawValue: $0) }, \.by,
        help: "With --trend: the bucket (default: the finest that gives 3 to 10 rows of 10 "
          + "posts each)."),
      .value(
        "since", "DATE", .date, \.window.since,
        help: "Only posts from DATE on: YYYY-MM-DD (midnight UTC) or YYYY-MM-DDTHH:MM:SSZ. Sent "
          + "to X (start_time; recent search reaches back 7 days) and Bluesky; Mastodon and "
          + "recorded posts are filtered by date, undated ones left out."),
      .value(
        "until", "DATE", .date, \.window.until,
        help: "Only posts before DATE (the same forms as --since)."),
      .value(
        "plot", "FILE.svg", .outputPath("trend.svg"), \.plot,
        help: "Also draw --trend (the score per hour, day or week, with the fitted line and "
          + "intervals), --mentions (a bar per name, with intervals) or --why (a bar per term) "
          + "as an SVG chart in FILE.svg (the name must end in .svg)."),
      .value(
        "history", "FILE", .outputPath("history.jsonl"), \.history,
        help: "Append this run to FILE (one JSON line per query: time, counts, score, interval, "
          + "the posts' ids hashed) and print the change since the query's latest earlier run "
          + "there, judged as 'compare' judges (a post in both runs counted once)."),
      .flag(
        "quiet", short: "q", \.quiet,
        help: "Print nothing on stderr but errors: no spinner, warnings or notes."),
      .choice(
        "source", PostService.allCases, \.source,
        help: "Where to search: 'x' (the X API v2 recent search, a paid plan), 'bluesky' "
          + "(free, with an app password) or 'mastodon' (an instance's public #tag timeline) "
          + "{default}."),
      .value(
        "instance", "URL", .string, \.instance,
        help: "With --source mastodon: the instance to read, https:// assumed (default: "
          + "https://mastodon.social)."),
      .value(
        "token-file", "PATH", .string, \.tokenFile,
        help: "Read the secret from a file that only you can read (chmod 600): the X API "
          + "bearer token instead of $TWITTER_BEARER_TOKEN, the Bluesky app password instead "
          + "of $BLUESKY_APP_PASSWORD, the Mastodon token instead of $MASTODON_TOKEN."),
      .value(
        "lang", "CODE", .languageCode, \.language,
        help: "Only tweets in this language, such as en or de; 'any' for all {default}."),
      .flag(
        "include-retweets", \.includeRetweets,
        help: "Keep retweets (Mastodon: boosts; default: leave them out)."),
      .flag(
        "wait", \.wait,
        help: "When rate-limited, wait until the window resets, then try once more."),
      .value(
        "timeout", "SECONDS", .number("seconds, above 0 and at most 600") { $0 > 0 && $0 <= 600 },
        \.timeout,
        help: "Give up on a request after this long without an answer {default}."),
      .value(
        "record", "DIR", .outputPath("recordings"), \.record,
        help: "Save the service's responses to DIR/<query>.jsonl (e.g. at-apple.jsonl), "
          + "for --fixtures DIR to replay offline."
      )
      .excluding(
        ["fixtures"],
        "Give --record or --fixtures, not both: --record saves what the X API sends, "
          + "--fixtures replays it"),
    ]
  }
}

extension ValueKind where Value == Date {
  /// A `--since` or `--until` value: `YYYY-MM-DD` (midnight UTC) or an ISO
  /// 8601 time (`2026-06-08T12:00:00Z`, an offset or a fraction allowed).
  static var date: Self {
    ValueKind { text in
      let full = text.count == 10 ? text + "T00:00:00Z" : text
      guard let date = TweetDate.parseISO8601(full) else {
        throw Refusal.takes(
          "a date, YYYY-MM-DD (midnight UTC) or YYYY-MM-DDTHH:MM:SSZ", got: "'\(text)'")
      }
      return date
    }
  }
}

extension ValueKind where Value == PostFileDateColumn {
  /// A `--date-column` value: a column's name, or `none`.
  static var dateColumn: Self {
    ValueKind(
      parse: { text in
        guard !text.isEmpty else { throw Refusal.takes("a column name, or 'none'", got: "''") }
        return text.lowercased() == "none" ? .ignored : .named(text)
      }, shown: { _ in nil })
  }
}

extension ValueKind where Value == String? {
  /// A `--lang` value: `any` (`nil`), or a language code such as `en`, `pt`
  /// or `zh-TW`.
  static var languageCode: Self {
    ValueKind { text in
      if text.lowercased() == "any" { return nil }
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      let letters = { (part: Substring) in
        part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
      }
      guard parts.count <= 2, (2...3).contains(parts[0].count), letters(parts[0]),
        parts.count == 1 || ((2...4).contains(parts[1].count) && letters(parts[1]))
      else {
        throw Refusal.takes(
          "a language code such as en, de, pt or ja, or 'any' for all languages", got: "'\(text)'")
      }
      return text
    }
  }
}

/// `tweetalyze compare`.
struct CompareOptions: Equatable, CommandSettings {
  /// How each set is fetched or read, as `tweetalyze QUERY` does: its
  /// queries are the sets searched for, its `--input` files the sets read.
  var analysis = AnalyzeOptions.defaults

  static var defaults: Self { CompareOptions() }

  /// The sets, in the order given: the queries, or else the files.
  var setCount: Int { analysis.inputs.isEmpty ? analysis.queries.count : analysis.inputs.count }

  /// Analyze's options that `compare` takes, by name.
  static let analyzeOptions: Set = [
    "fixtures", "input", "text-column", "count", "model", "json", "csv", "estimator", "quiet",
    "source", "instance", "token-file", "lang", "include-retweets", "wait", "timeout",
    "history",
  ]

  static var options: [Option<Self>] {
    AnalyzeOptions.options.filter { analyzeOptions.contains($0.spec.name) }.map { option in
      var option = option.embedded(in: \Self.analysis)
      switch option.spec.name {
      case "input":
        option.spec.help =
          "Read one set from the posts in FILE (- for stdin), in any format that "
          + "'tweetalyze --input' reads; give it once per set, in order."
      case "json":
        option.spec.help =
          "Print a JSON object: the sets, and the second against the first (for more "
          + "sets, a comparisons array)."
      case "csv":
        option.spec.help = "Print CSV with a header instead: a row per comparison."
      case "history":
        option.spec.help =
          "Append each set to FILE as 'tweetalyze QUERY --history FILE' does, and print each "
          + "set's change since its latest earlier run there."
      default: break
      }
      return option
    }
  }
}

/// Settings shared by `train` and `eval`: what a model is trained with.
struct TrainingSettings: Equatable, CommandSettings {
  var tokenizer = TokenizerSettings()
  var options = NaiveBayesOptions()
  var columns = TrainingDataColumns()
  /// A lexicon CSV to use instead of the built-in one.
  var lexicon: String?

  static var defaults: Self { TrainingSettings() }

  /// The message when the lexicon is both asked for and left out.
  static let lexiconConflict = "Give --no-lexicon or --lexicon/--lexicon-weight, not both"

  /// The tokenizer steps as `--disable` names them.
  static var steps: [String] {
    TokenizerSettings().fields.map { $0.name.replacing("_", with: "-") }
  }

  static var options: [Option<Self>] {
    [
      .value(
        "alpha", "A",
        .number("a number above 0 and at most 1000, such as 1 or 0.5") {
          $0 > 0 && $0 <= NaiveBayesOptions.largestAlpha
        },
        \.options.alpha, help: "Smoothing per feature, above 0 and at most 1000 {default}."),
      .toggle(
        "binarized", \.options.binarized, on: "Count each feature once per tweet.",
        off: "Count every occurrence."),
      .toggle(
        "complement", \.options.complement, on: "Complement Naive Bayes (Rennie et al. 2003).",
        off: "Standard multinomial Naive Bayes."),
      .choice("priors", [.uniform, .data], \.options.priors, help: "Class priors {default}."),
      .choice(
        "smoothing", [.additive, .background], \.options.smoothing,
        help: "Spread the smoothing evenly, or by each feature's share of all the text {default}."),
      .toggle(
        "bigrams", \.options.bigrams, on: "Also count pairs of neighbouring tokens.",
        off: "Count single tokens only."),
      .value(
        "min-count", "N", .integer(1...1_000_000), \.options.minCount,
        help: "Leave out features seen fewer than N times {default}."),
      .value(
        "lexicon", "PATH", .string, \.lexicon,
        help: "Use this lexicon (CSV: word,polarity) instead of the built-in one."),
      .value(
        "lexicon-weight", "B",
        .number("a number above 0, such as 1000", hint: "--no-lexicon leaves the lexicon out") {
          $0 > 0
        }, \.options.lexiconWeight,
        help: "How many occurrences in its class a lexicon word counts for {default}."),
      .flag(
        "no-lexicon", \.options.lexiconWeight, setting: 0,
        help: "Learn from the data alone, without a lexicon.", conflict: lexiconConflict),
      .flag(
        "no-reader", \.options.reader, setting: false,
        help: "Leave out the lexicon reader, the second expert: Naive Bayes alone."),
      Option(
        spec: OptionSpec(
          name: "disable", arity: .value("STEPS"),
          help: "Switch off tokenizer steps, comma-separated: \(steps.joined(separator: ", "))."),
        target: \Self.tokenizer
      ) { settings, text in try settings.disable(text ?? "") },
      .value(
        "text-column", "NAME", .string, \.columns.text,
        help: "The text column (default: text, TweetText or tweet)."),
      .value(
        "label-column", "NAME", .string, \.columns.label,
        help: "The label column (default: class, Sentiment or label)."),
    ]
  }

  /// Switches off the tokenizer steps in `list`, comma-separated.
  mutating func disable(_ list: String) throws {
    for step in list.split(separator: ",") {
      guard !tokenizer.set(String(step).replacing("-", with: "_"), to: false) else { continue }
      let steps = Self.steps
      throw Refusal(
        message: ": unknown tokenizer step '\(step)'"
          + Suggestion.text(for: String(step), among: steps)
          + " (steps: \(steps.joined(separator: ", ")))")
    }
  }

  /// Refuses the lexicon asked for and left out at once, or read from
  /// standard input as the data is (`data`).
  func check(data: String?, command: CommandName) throws(UsageError) {
    if lexicon != nil && options.lexiconWeight == 0 {
      throw UsageError(message: Self.lexiconConflict, command: command)
    }
    if lexicon == "-" && data == "-" {
      throw UsageError(
        message: "Standard input can hold the data or the lexicon, not both", command: command)
    }
  }
}

/// `tweetalyze train`.
struct TrainOptions: Equatable, CommandSettings {
  var data: String
  var output: String
  var training = TrainingSettings()
  var metadata = ModelMetadata()
  var json = false
  /// Print no summary on stderr (errors still go there).
  var quiet = false
  /// Read the data a second time to score the model on it.
  var trainingAccuracy = false
  /// Threads to count with (`nil`: one per processor, at most
  /// ``defaultJobs``).
  var jobs: Int?

  /// The most threads `train` uses without `--jobs`: its serial parts
  /// (hashing and parsing the input) bound its speed-up near 3x, and each
  /// thread holds a table of the counts it saw.
  static let defaultJobs = 4

  /// The defaults; the data file, given by position, is a stand-in.
  static var defaults: Self { TrainOptions(data: "-", output: "") }

  static var options: [Option<Self>] {
    [
      .value(
        "out", "PATH", .outputPath("model.json"), \.output,
        help: "Where to write the model (required; - for stdout)."
      ),
      .jobs(\.jobs, default: "one per processor, at most \(TrainOptions.defaultJobs)"),
      .value(
        "fit-groups", "NAME", .string, \.training.columns.group,
        help: "Fit the calibration on each group of this column held out in turn (e.g. Topic) "
          + "instead of 5 folds: how far to trust the model on a topic it did not see."),
    ]
      + TrainingSettings.options.map { $0.embedded(in: \.training) } + [
        .value(
          "author", "TEXT", .string, \.metadata.author, help: "The model's author (metadata)."),
        .value(
          "description", "TEXT", .string, \.metadata.description,
          help: "What the model is for (metadata)."),
        .value(
          "model-version", "TEXT", .string, \.metadata.version,
          help: "The model's version {default}."),
        .value(
          "license", "TEXT", .string, \.metadata.license, help: "The model's license (metadata)."),
        .flag("json", \.json, help: "Print the summary as JSON on stdout instead of stderr."),
        .flag("quiet", short: "q", \.quiet, help: "Print no summary (errors still go to stderr)."),
        .flag(
          "training-accuracy", \.trainingAccuracy,
          help: "Also score the model on its training data (reads the data twice)."),
      ]
  }
}

/// How `eval` holds data out.
enum EvalMethod: Equatable {
  case split(fraction: Double)
  case folds(Int)

  /// The training share of a split (`nil` for folds).
  var fraction: Double? { if case .split(let fraction) = self { fraction } else { nil } }
  /// The number of folds (`nil` for a split).
  var folds: Int? { if case .folds(let k) = self { k } else { nil } }
}

/// `tweetalyze eval`.
struct EvalOptions: Equatable, CommandSettings {
  /// The data file; `nil` means `$TWEETALYZE_DATA`.
  var data: String?
  var method = EvalMethod.folds(10)
  var seed: UInt64 = 5
  var json = false
  /// Print the per-class table and confusion matrix as CSV.
  var csv = false
  /// No progress on stderr.
  var quiet = false
  var training = TrainingSettings()
  /// Also measure the score with the artificial-prevalence protocol.
  var quantification = false
  /// Folds evaluated at once (`nil`: one per processor).
  var jobs: Int?
  /// A labeled CSV to test on instead of held-out data.
  var test: String?
  /// A model file to test without training.
  var model: String?

  static var defaults: Self { EvalOptions() }

  /// Whether `eval` tests a model on another file rather than holding data
  /// out of one.
  var testsOtherFile: Bool { test != nil || model != nil }

  static var options: [Option<Self>] {
    [
      .value(
        "split", "F",
        ValueKind.number("the training share, a number between 0 and 1 such as 0.9") {
          $0 > 0 && $0 < 1
        }.map(EvalMethod.split, back: \.fraction), \.method,
        help: "Train on a share F of each class (0 < F < 1), test on the rest."),
      .value(
        "folds", "K", ValueKind.integer(2...1_000).map(EvalMethod.folds, back: \.folds), \.method,
        help: "Stratified K-fold cross-validation {default}."),
      .value(
        "test", "OTHER.csv", .string, \.test,
        help: "Test on this labeled CSV instead of held-out data: with DATA.csv, train on all "
          + "of DATA.csv first; without, test the built-in model or --model's."),
      .value(
        "model", "PATH", .string, \.model,
        help: "Test this model file from 'train' without training; the labeled CSV to test on "
          + "is DATA.csv or --test."),
      .value(
        "seed", "N", .integer(0...UInt64.max), \.seed,
        help: "Seed for the split, the folds and the sets drawn {default}."),
      .flag("json", \.json, help: "Print JSON instead of text."),
      .flag(
        "csv", \.csv,
        help: "Print the per-class table with the confusion matrix as CSV instead of text."),
      .flag("quiet", short: "q", \.quiet, help: "Show no progress on stderr."),
      .flag(
        "quantification", \.quantification,
        help: "Also measure the score of 100-tweet sets drawn from the held-out tweets at "
          + "every class balance (step 0.1), for each estimator (with --test or --model: "
          + "also 30 sets at the test file's own balance)."),
      .value(
        "group-column", "NAME", .string, \.training.columns.group,
        help: "Also hold out each group of this column in turn (e.g. Topic; at most 100 groups), "
          + "train on the others, and measure the score of 30 sets of 100 of its tweets."),
      .jobs(\.jobs),
    ] + TrainingSettings.options.map { $0.embedded(in: \.training) }
  }
}

/// `tweetalyze explain`.
struct ExplainOptions: Equatable, CommandSettings {
  /// The texts: arguments, `-`, `--input FILE`, or standard input.
  var input = TextInput()
  var model: String?
  var json = false

  static var defaults: Self { ExplainOptions() }

  static var options: [Option<Self>] {
    [
      .model(\.model),
      .flag("json", \.json, help: "Print one JSON object per text (one per line)."),
      .input(\.input),
      .quiet(\.input.quiet),
    ]
  }
}

/// `tweetalyze classify`.
struct ClassifyOptions: Equatable, CommandSettings {
  /// The texts: arguments, `-`, `--input FILE`, or standard input.
  var input = TextInput()
  var model: String?
  var json = false
  /// Print CSV: a header, then `label,probability,text` per text.
  var csv = false
  /// Threads to classify with (`nil`: one per processor).
  var jobs: Int?
  /// Read tweet archives (JSONL), the arguments naming files.
  var archive = false
  /// Read CSV files and classify this column of each row.
  var csvColumn: String?

  static var defaults: Self { ClassifyOptions() }

  static var options: [Option<Self>] {
    [
      .model(\.model),
      .flag(
        "json", \.json,
        help: "Print one JSON object per line: label, the three probabilities and the reader's "
          + "compound (-1 to 1, as VADER's)."),
      .flag(
        "csv", \.csv,
        help: "Print CSV with a header instead: label, probability, text, the three "
          + "probabilities and the reader's compound (with --csv-column: each row with label "
          + "and the three probabilities appended)."),
      .input(\.input), .quiet(\.input.quiet),
      .flag(
        "archive", \.archive,
        help: "Read tweets from the files given (default: stdin), one JSON object per line: "
          + "X API v2 pages, twarc2 JSONL or v1.1 tweets; print one JSON object per tweet "
          + "(id, created_at, author_id, label, probabilities)."),
      .value(
        "csv-column", "NAME", .string, \.csvColumn,
        help: "Read CSV from the files given (default: stdin) and classify column NAME of each "
          + "row; print one JSON object per row (row, id when there is an id column, label, "
          + "probabilities), or with --csv the rows with their label and probabilities."),
      .jobs(\.jobs),
    ]
  }
}

/// `tweetalyze history FILE [QUERY]`.
struct HistoryOptions: Equatable, CommandSettings {
  /// The history file `--history` writes.
  var file = ""
  /// Only this query's runs (`nil`: every query's).
  var query: String?
  var json = false
  var csv = false
  /// Where to draw the series (SVG).
  var plot: String?

  static var defaults: Self { HistoryOptions() }

  static var options: [Option<Self>] {
    [
      .flag("json", \.json, help: "Print a JSON object: the runs, oldest first."),
      .flag("csv", \.csv, help: "Print CSV with a header instead: a row per run."),
      .value(
        "plot", "FILE.svg", .outputPath("history.svg"), \.plot,
        help: "Also draw the query's scores with their 90 % intervals as an SVG chart in "
          + "FILE.svg (give QUERY when the file holds several)."),
    ]
  }
}

/// `tweetalyze merge`.
struct MergeOptions: Equatable, CommandSettings {
  /// The model files, in the order of the parts of the data.
  var models: [String] = []
  var output = ""
  /// Leave out merged features seen fewer times.
  var minCount = 1
  var json = false
  var quiet = false

  static var defaults: Self { MergeOptions() }

  static var options: [Option<Self>] {
    [
      .value(
        "out", "PATH", .outputPath("merged.json"), \.output,
        help: "Where to write the merged model (required); - writes it to stdout."),
      .value(
        "min-count", "N", .integer(1...1_000_000), \.minCount,
        help: "Leave out merged features seen fewer than N times {default}."),
      .flag("json", \.json, help: "Print the summary as JSON on stdout instead of stderr."),
      .flag("quiet", short: "q", \.quiet, help: "Print no summary (errors still go to stderr)."),
    ]
  }
}

extension Option where Settings: CommandSettings {
  /// The most threads `--jobs` takes.
  static var maximumJobs: Int { 256 }

  /// `--jobs N`, which `train`, `eval` and `classify` take; `default`
  /// says what no `--jobs` means.
  static func jobs(
    _ keyPath: WritableKeyPath<Settings, Int?>, default: String = "one per processor"
  ) -> Option {
    .value(
      "jobs", "N", .integer(1...maximumJobs), keyPath,
      help: "Work on N threads, 1 to \(maximumJobs) (default: \(`default`)); the output is the "
        + "same for every N.")
  }

  /// `--model PATH`, which `analyze`, `classify` and `explain` take.
  static func model(_ keyPath: WritableKeyPath<Settings, String?>) -> Option {
    .value(
      "model", "PATH", .string, keyPath,
      help: "A model file from 'train' (default: the built-in model).")
  }

  /// `--input FILE`, which `classify` and `explain` take.
  static func input(_ keyPath: WritableKeyPath<Settings, TextInput>) -> Option {
    .value(
      "input", "FILE", .string, keyPath.appending(path: \.file),
      help: "Read the texts from the lines of FILE (- for stdin) instead of the arguments.")
  }

  /// `-q`, `--quiet`, which `classify` and `explain` take.
  static func quiet(_ keyPath: WritableKeyPath<Settings, Bool>) -> Option {
    .flag(
      "quiet", short: "q", keyPath,
      help: "Print nothing on stderr but errors: no hint on a terminal, no warnings.")
  }
}

extension CommandName {
  /// The command's options as help lists them, `--help` last.
  var options: [OptionSpec] {
    func specs<Settings: CommandSettings>(_: Settings.Type) -> [OptionSpec] {
      (Settings.options + [.help]).map(\.spec)
    }
    return switch self {
    case .analyze: specs(AnalyzeOptions.self)
    case .compare: specs(CompareOptions.self)
    case .history: specs(HistoryOptions.self)
    case .train: specs(TrainOptions.self)
    case .eval: specs(EvalOptions.self)
    case .classify: specs(ClassifyOptions.self)
    case .explain: specs(ExplainOptions.self)
    case .merge: specs(MergeOptions.self)
    case .help: []
    case .completions: [Option<ExplainOptions>.help.spec]
    }
  }
}
