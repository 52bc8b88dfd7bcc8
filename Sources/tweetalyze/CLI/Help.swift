import SentimentCore

/// The options of each command, which drive both parsing and help.
enum Specs {
  static let help = OptionSpec(name: "help", short: "h", help: "Show help for this command.")
  static let json = OptionSpec(name: "json", help: "Print JSON instead of text.")
  static let model = OptionSpec(
    name: "model", value: "PATH", help: "A model file from 'train' (default: the built-in model).")

  static let analyze = [
    OptionSpec(
      name: "fixtures", value: "PATH",
      help: "Read recorded API responses from a file, or from a directory by query "
        + "(@Apple → at-apple.jsonl or at-apple.json; #WWDC → hashtag-wwdc.…)."),
    OptionSpec(
      name: "count", value: "N", help: "Analyze up to N tweets, 1 to 10000 (default: 100)."),
    model,
    OptionSpec(
      name: "json",
      help: "Print a JSON object instead of 'EMOJI SCORE' (with --tweets: one object per "
        + "tweet, then the summary object)."),
    OptionSpec(
      name: "tweets",
      help: "First print each tweet: id, date, label, probability and text, tab-separated."),
    OptionSpec(
      name: "details",
      help: "Under the score line, print the counts and shares per class, the scaled score "
        + "and the band."),
    OptionSpec(
      name: "mentions", value: "[N]",
      help: "Show the N most frequent @users and #hashtags (default: 10) seen in more than "
        + "one tweet, with the tweets' average sentiment.",
      optionalValue: true),
    OptionSpec(
      name: "trend",
      help: "Show the score per day (per hour when the tweets span under two days) and "
        + "whether it is rising, falling or flat."),
    OptionSpec(
      name: "quiet", short: "q",
      help: "Print nothing on stderr but errors: no spinner, warnings or notes."),
    OptionSpec(
      name: "token-file", value: "PATH",
      help: "Read the X API bearer token from a file that only you can read (chmod 600) "
        + "instead of $TWITTER_BEARER_TOKEN."),
    OptionSpec(
      name: "lang", value: "CODE",
      help: "Only tweets in this language, such as en or de; 'any' for all (default: en)."),
    OptionSpec(name: "include-retweets", help: "Keep retweets (default: leave them out)."),
    OptionSpec(
      name: "wait",
      help: "When rate-limited, wait until the window resets, then try once more."),
    OptionSpec(
      name: "timeout", value: "SECONDS",
      help: "Give up on an X API request after this long without an answer (default: 30)."),
    OptionSpec(
      name: "record", value: "DIR",
      help: "Save the X API's responses to DIR/<query>.jsonl (e.g. at-apple.jsonl), "
        + "for --fixtures DIR to replay offline."),
    help,
  ]

  static let training = [
    OptionSpec(name: "alpha", value: "A", help: "Additive smoothing, above 0 (default: 0.6)."),
    OptionSpec(name: "binarized", help: "Count each feature once per tweet (default)."),
    OptionSpec(name: "no-binarized", help: "Count every occurrence."),
    OptionSpec(name: "complement", help: "Complement Naive Bayes (Rennie et al. 2003)."),
    OptionSpec(name: "no-complement", help: "Standard multinomial Naive Bayes (default)."),
    OptionSpec(name: "priors", value: "uniform|data", help: "Class priors (default: uniform)."),
    OptionSpec(name: "bigrams", help: "Also count pairs of neighbouring tokens (default)."),
    OptionSpec(name: "no-bigrams", help: "Count single tokens only."),
    OptionSpec(
      name: "min-count", value: "N",
      help: "Leave out features seen fewer than N times (default: 1)."),
    OptionSpec(
      name: "lexicon", value: "PATH",
      help: "Use this lexicon (CSV: word,polarity) instead of the built-in one."),
    OptionSpec(
      name: "lexicon-weight", value: "B",
      help: "How many occurrences in its class a lexicon word counts for (default: 1000)."),
    OptionSpec(name: "no-lexicon", help: "Learn from the data alone, without a lexicon."),
    OptionSpec(
      name: "disable", value: "STEPS",
      help: "Switch off tokenizer steps, comma-separated: drop-short-words, emoji, emoticons, "
        + "hashtags, lowercase, mentions, negation, numbers, punctuation, squeeze-repeats, urls."),
    OptionSpec(
      name: "text-column", value: "NAME", help: "The text column (default: text or TweetText)."),
    OptionSpec(
      name: "label-column", value: "NAME", help: "The label column (default: class or Sentiment)."),
  ]

  static let train =
    [OptionSpec(name: "out", value: "PATH", help: "Where to write the model (required).")]
    + training + [
      OptionSpec(name: "author", value: "TEXT", help: "The model's author (metadata)."),
      OptionSpec(name: "description", value: "TEXT", help: "What the model is for (metadata)."),
      OptionSpec(name: "model-version", value: "TEXT", help: "The model's version (default: 1.0)."),
      OptionSpec(name: "license", value: "TEXT", help: "The model's license (metadata)."),
      OptionSpec(name: "json", help: "Print the summary as JSON on stdout instead of stderr."),
      OptionSpec(name: "quiet", short: "q", help: "Print no summary (errors still go to stderr)."),
      OptionSpec(
        name: "training-accuracy",
        help: "Also score the model on its training data (reads the data twice)."),
      help,
    ]

  static let eval =
    [
      OptionSpec(
        name: "split", value: "F",
        help: "Train on a share F of each class (0 < F < 1), test on the rest."),
      OptionSpec(
        name: "folds", value: "K", help: "Stratified K-fold cross-validation (default: 10)."),
      OptionSpec(name: "seed", value: "N", help: "Seed for the split or the folds (default: 5)."),
      json,
    ] + training + [help]

  static let classify = [
    model, OptionSpec(name: "json", help: "Print one JSON object per line."), help,
  ]

  static let explain = [
    model,
    OptionSpec(name: "json", help: "Print one JSON object per text (one per line)."),
    help,
  ]

  static func options(for command: CommandName?) -> [OptionSpec] {
    switch command {
    case .analyze: analyze
    case .train: train
    case .eval: eval
    case .classify: classify
    case .explain: explain
    case .help, nil: []
    }
  }
}

/// The help texts, built from the specs so that they cannot drift from what
/// the parser accepts.
enum Help {
  static func usage(_ command: CommandName?) -> String {
    switch command {
    case .analyze, nil: "tweetalyze QUERY [--count N] [--fixtures PATH | --record DIR] [options]"
    case .train: "tweetalyze train DATA.csv --out PATH [options]"
    case .eval: "tweetalyze eval [DATA.csv] [--split F | --folds K] [--seed N] [options]"
    case .classify: "tweetalyze classify [TEXT ...] [--model PATH] [--json]"
    case .explain: "tweetalyze explain [TEXT ...] [--model PATH] [--json]"
    case .help: "tweetalyze help [COMMAND]"
    }
  }

  static func text(for command: CommandName?) -> String {
    switch command {
    case nil, .help: return overview
    case .analyze:
      return page(
        abstract: "Score the sentiment of recent tweets for a user or hashtag.",
        command: .analyze,
        arguments: [("QUERY", "@name (1-15 letters, digits or _) or #tag (letters, digits or _).")],
        discussion: """
          Prints one line, 'EMOJI SCORE': the score is positives minus negatives.
          The emoji compares the score scaled to 100 tweets with the bands
          >20 😄, >10 😊, >0 🙂, 0 😐, >-10 😞, >-20 😡, else 😠.
          --tweets lines come before the score line; --details, --mentions and
          --trend sections follow it, in that order, each after a blank line.
          Without --fixtures, tweets come from the X API v2 recent search (the last 7
          days), with an app's Bearer Token from the X developer portal, read from
          $TWITTER_BEARER_TOKEN (or $X_BEARER_TOKEN) or --token-file. The search is
          'QUERY lang:en -is:retweet'; --lang and --include-retweets change it. Server
          errors and network failures are retried twice; a rate limit stops the run
          unless --wait is given. $TWEETALYZE_API_BASE replaces https://api.x.com/2.

          Examples:
            export TWITTER_BEARER_TOKEN=...   # from the X developer portal
            tweetalyze "@Apple" --count 200
            tweetalyze "#WWDC" --lang any --record recorded
            tweetalyze --fixtures recorded "#WWDC"
            tweetalyze --fixtures Fixtures/tweets "@Apple"
            tweetalyze --fixtures Fixtures/tweets "#WWDC" --json
            tweetalyze --fixtures Fixtures/tweets "@Apple" --details --mentions 5 --trend
            tweetalyze "@Apple" --tweets | cut -f3 | sort | uniq -c
          """)
    case .explain:
      return page(
        abstract: "Show why the model classifies a text as it does.", command: .explain,
        arguments: [("TEXT", "Texts to explain (default: each line of stdin).")],
        discussion: """
          For each text: the features as the model sees them, each with its weight
          (log likelihood) per class, strongest evidence first (largest difference
          between the classes); the log priors; each class's score (prior plus
          weights); and the probabilities. Features the model never saw are listed
          as ignored: they change nothing.

          Example:
            tweetalyze explain "not bad at all, I love it"
          """)
    case .train:
      return page(
        abstract: "Train a model from labeled tweets in CSV.", command: .train,
        arguments: [
          (
            "DATA.csv",
            "A CSV file with a header: 'class,text' (Pos/Neg/Neutral) or the Sanders corpus "
              + "(Sentiment, TweetText; 'irrelevant' rows are skipped). - reads stdin."
          )
        ],
        discussion: """
          Prints a summary (rows per class, skipped rows, features) to stderr. Training
          accuracy flatters a model; 'eval' measures it on held-out data. The model is
          written to a temporary file and renamed, so a failed run leaves no partial file.

          Example:
            tweetalyze train ../shared/data/sanders-full-corpus.csv --out model.json
          """)
    case .eval:
      return page(
        abstract: "Measure how well training generalizes, on held-out data.", command: .eval,
        arguments: [("DATA.csv", "Labeled CSV as for 'train' (default: $TWEETALYZE_DATA).")],
        discussion: """
          Reports training and evaluation accuracy, per-class precision, recall, F1 and
          support, macro-F1 and the confusion matrix. For folds: the mean and standard
          deviation over folds, with the class table and matrix pooled over all folds.

          Examples:
            tweetalyze eval ../shared/data/sanders-apple3.csv --split 0.9 --seed 5
            tweetalyze eval ../shared/data/sanders-apple3.csv --folds 10 --json
          """)
    case .classify:
      return page(
        abstract: "Classify texts as negative, neutral or positive.", command: .classify,
        arguments: [("TEXT", "Texts to classify (default: each line of stdin).")],
        discussion: """
          Prints one line per text, in input order: the label, a tab, and its probability.

          Example:
            echo "I love my new iPhone" | tweetalyze classify
          """)
    }
  }

  static let overview = """
    OVERVIEW: Twitter/X sentiment analysis with a Naive Bayes classifier.

    USAGE: \(usage(nil))
           tweetalyze <subcommand> [options]

    ARGUMENTS:
      QUERY                   @name or #tag.

    OPTIONS:
    \(optionLines(Specs.analyze.filter { $0.name != "help" }))
      --version               Show the version (with --json: as a JSON object).
      -h, --help              Show help information.

    SUBCOMMANDS:
      train                   Train a model from labeled tweets in CSV.
      eval                    Measure how well training generalizes.
      classify                Classify texts as negative, neutral or positive.
      explain                 Show why the model classifies a text as it does.
      help                    Show help for a subcommand.

      See 'tweetalyze help <subcommand>' for detailed help.

    EXIT STATUS:
      0 success, 1 runtime failure, 64 usage error.

    """

  private static func page(
    abstract: String, command: CommandName, arguments: [(String, String)], discussion: String
  ) -> String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage(command))\n\nARGUMENTS:\n"
    for (name, help) in arguments { text += wrap(name, help) }
    text += "\nOPTIONS:\n" + optionLines(Specs.options(for: command)) + "\n"
    text += "\n" + discussion + "\n"
    return text
  }

  private static func optionLines(_ specs: [OptionSpec]) -> String {
    specs.map { spec in
      var label = spec.short.map { "-\($0), " } ?? ""
      label += "--\(spec.name)"
      if let value = spec.value { label += " \(value)" }
      return wrap(label, spec.help)
    }.joined().dropLast().description
  }

  /// A two-column line: the label padded to 24 columns, the help wrapped at
  /// 80.
  private static func wrap(_ label: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: 26)
    var lines: [String] = []
    var current = "  " + label
    if current.count >= 26 {
      lines.append(current)
      current = indent
    } else {
      current += String(repeating: " ", count: 26 - current.count)
    }
    var lineHasWord = false
    for word in help.split(separator: " ") {
      if lineHasWord && current.count + 1 + word.count > 80 {
        lines.append(current)
        current = indent
        lineHasWord = false
      }
      current += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(current)
    return lines.joined(separator: "\n") + "\n"
  }
}
