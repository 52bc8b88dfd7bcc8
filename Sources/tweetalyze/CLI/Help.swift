import SentimentCore

/// The help texts; the options' lines come from their declarations, so that
/// they cannot drift from what the parser accepts.
enum Help {
  static func usage(_ command: CommandName?) -> String {
    switch command {
    case .analyze, nil:
      "tweetalyze QUERY... [--count N] [--fixtures PATH|--input FILE] [options]"
    case .compare: "tweetalyze compare QUERY QUERY... | --input A --input B... [options]"
    case .train: "tweetalyze train DATA.csv --out PATH [options]"
    case .eval: "tweetalyze eval [DATA.csv] [--split F | --folds K | --test F] [options]"
    case .classify: "tweetalyze classify [TEXT ... | --input FILE] [--model PATH] [options]"
    case .explain: "tweetalyze explain [TEXT ... | --input FILE] [--model PATH] [--json]"
    case .merge: "tweetalyze merge MODEL.json MODEL.json ... --out PATH [options]"
    case .history: "tweetalyze history FILE [QUERY] [--json|--csv] [--plot FILE.svg]"
    case .help: "tweetalyze help [COMMAND | --man]"
    case .completions: "tweetalyze completions bash|zsh|fish"
    }
  }

  static func text(for command: CommandName?) -> String {
    switch command {
    case nil: return overview
    case .help:
      return page(
        abstract: CommandName.help.abstract, command: .help,
        arguments: [
          (
            "COMMAND",
            "The command to explain: "
              + CommandName.allCases.map(\.rawValue).joined(separator: ", ") + "."
          )
        ],
        discussion: """
          Without COMMAND: the overview of every command and analyze's options.
          --man prints the manual page in roff (tweetalyze help --man | man -l -).
          Help goes to stdout, with exit status 0.
          """)
    case .analyze:
      return page(
        abstract: CommandName.analyze.abstract, command: .analyze,
        arguments: [
          (
            "QUERY",
            "@name (1-15 letters, digits or _) or #tag (letters, digits or _); several are "
              + "analyzed in turn. Bluesky also takes @handle.bsky.social and a phrase; "
              + "Mastodon only #tag. With --input: at most one, which keeps the posts that "
              + "match it."
          )
        ],
        discussion: """
          Prints one line, 'EMOJI SCORE': the score is positives minus negatives
          among the posts' labels (--estimator count, the default; the others
          estimate it) per 100 posts, rounded (-100 to +100; for 100 posts, the
          labels' sum). Each label is the most probable class of its printed
          probabilities, from Naive Bayes and the lexicon reader. The emoji is that
          number's band: >20 😄, >10 😊, >0 🙂, 0 😐, >-10 😞, >-20 😡, else 😠.
          Trend and mention rows, --csv and the Note: line use the same scale;
          --json also gives the post count and the unscaled estimate.
          --tweets lines come before the score line; --details, --mentions,
          --trend and --why sections follow it, in that order, each after a blank
          line.
          Several queries print one such block each, in order: the score line
          names its query ('EMOJI SCORE QUERY'), blocks of more than one line are
          separated by a blank line, and with --json each query's objects follow
          the one before. A query that fails prints its error and the others
          still run; the exit status is then the first failing query's.
          Without --fixtures, tweets come from the X API v2 recent search (the last 7
          days), with an app's Bearer Token from the X developer portal, read from
          $TWITTER_BEARER_TOKEN (or $X_BEARER_TOKEN) or --token-file. The search is
          'QUERY lang:en -is:retweet'; --lang and --include-retweets change it. Server
          errors and network failures are retried twice; a rate limit stops the run
          unless --wait is given. $TWEETALYZE_API_BASE replaces https://api.x.com/2.
          --source bluesky searches Bluesky (free) instead, logged in as $BLUESKY_HANDLE
          with an app password from $BLUESKY_APP_PASSWORD or --token-file;
          $TWEETALYZE_API_BASE replaces https://bsky.social/xrpc. --source mastodon
          reads a public #tag timeline of --instance (https://mastodon.social), with
          $MASTODON_TOKEN if set. See docs/sources.md.
          With --input, the posts come from files instead (format read from the
          content); without a QUERY all are analyzed, and JSON and CSV name the
          files in "query".

          Examples:
            export TWITTER_BEARER_TOKEN=...   # from the X developer portal
            tweetalyze "@Apple" --count 200
            tweetalyze "#rust" --source bluesky   # BLUESKY_HANDLE, BLUESKY_APP_PASSWORD
            tweetalyze "#rust" --source mastodon --instance https://fosstodon.org
            tweetalyze "#rust" --source bluesky --since 2026-06-01 --until 2026-06-08
            tweetalyze "#WWDC" --lang any --record recorded
            tweetalyze --fixtures recorded "#WWDC"
            tweetalyze --fixtures Fixtures/tweets "@Apple"
            tweetalyze --fixtures Fixtures/tweets "#WWDC" --json
            tweetalyze --fixtures Fixtures/tweets "@Apple" --details --mentions 5 --trend
            tweetalyze "@united" "@delta" "#WWDC"
            tweetalyze --input posts.csv --trend
            tweetalyze "@Apple" --tweets | cut -s -f3 | sort | uniq -c
          """)
    case .compare:
      return page(
        abstract: CommandName.compare.abstract, command: .compare,
        arguments: [
          (
            "QUERY",
            "@name or #tag, each one set, fetched as 'tweetalyze QUERY' fetches it (or give "
              + "--input FILE once per set instead)."
          )
        ],
        discussion: """
          Prints each set's 'EMOJI SCORE' line with its posts, then each later set
          against the first: the difference of the printed scores per 100 posts,
          the 90 % interval of the true difference, and a verdict, higher, lower or
          unclear. The labels' count moves less than the truth (misread posts land
          on neutral), so the interval is centred on about 1.7 times the printed
          difference. Sets from one source share their misreadings, which cancel;
          sets whose words differ (another topic or place) get a wider interval,
          which makes a wrong verdict rare (docs/score.md).

          Examples:
            tweetalyze compare "@united" "@delta"
            tweetalyze compare --input monday.csv --input friday.csv --json
          """)
    case .explain:
      return page(
        abstract: CommandName.explain.abstract, command: .explain,
        arguments: [("TEXT", "Texts to explain; - reads the lines of stdin (the default).")],
        discussion: """
          For each text: the features as the model sees them, each with its weight
          (log likelihood) per class, strongest evidence first (largest difference
          between the classes); the log priors; each class's score (prior plus
          weights); each expert's part of the calibrated decision (naive bayes,
          reader) and the reader's reading; and the probabilities, whose largest
          is the label. Features the model never saw are listed as ignored: they
          change nothing.

          Example:
            tweetalyze explain "not bad at all, I love it"
          """)
    case .train:
      return page(
        abstract: CommandName.train.abstract, command: .train,
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
        abstract: CommandName.eval.abstract, command: .eval,
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
        abstract: CommandName.classify.abstract, command: .classify,
        arguments: [("TEXT", "Texts to classify; - reads the lines of stdin (the default).")],
        discussion: """
          Prints one line per text, in input order: the label (the most probable
          class), a tab, and its probability; under 0.5, a tab and 'doubtful'.
          From a pipe or a terminal, each line is printed as soon as its text is read.

          Examples:
            echo "I love my new iPhone" | tweetalyze classify
            tail -f messages.txt | tweetalyze classify -
            tweetalyze classify --input tweets.txt --json
            tweetalyze classify --csv-column text posts.csv --csv > labeled.csv
          """)
    case .merge:
      return page(
        abstract: CommandName.merge.abstract, command: .merge,
        arguments: [
          (
            "MODEL.json",
            "Model files from 'train', trained with the same options, in the order of the "
              + "parts of the data."
          )
        ],
        discussion: """
          Sums the counts of the models: the result is the model that training on the
          parts one after the other gives, but for its provenance, which lists the
          parts, and its calibration, pooled from the parts' (docs/model.md). Models
          trained with other options, tokenizer steps, lexicon or metadata are refused,
          naming the first setting that differs (exit status 65).

          Example:
            tweetalyze train part1.csv --out part1.json
            tweetalyze train part2.csv --out part2.json
            tweetalyze merge part1.json part2.json --out model.json
          """)
    case .history:
      return page(
        abstract: CommandName.history.abstract, command: .history,
        arguments: [
          ("FILE", "A history that 'tweetalyze QUERY --history FILE' appends to."),
          ("QUERY", "Only this query's runs, as the history names it (e.g. '@Apple')."),
        ],
        discussion: """
          Prints each run, oldest first: its time (UTC), its 'EMOJI SCORE' with the
          90 % interval, its posts and its query. Lines a run stopped mid-write left
          are skipped with a warning. The change between two runs is what the later
          run printed: it needs the later run's posts (docs/score.md).

          Examples:
            tweetalyze "@Apple" --history apple.jsonl     # hourly, from cron
            tweetalyze history apple.jsonl "@Apple" --plot apple.svg
          """)
    case .completions:
      return page(
        abstract: CommandName.completions.abstract, command: .completions,
        arguments: [("SHELL", "bash, zsh or fish.")],
        discussion: """
          The script completes subcommands, options and their values (files, choices)
          as declared, so it matches this version. 'tweetalyze help --man' prints the
          manual page (roff).

          Examples:
            tweetalyze completions bash > /etc/bash_completion.d/tweetalyze
            tweetalyze completions zsh > ~/.zfunc/_tweetalyze   # with fpath+=(~/.zfunc)
            tweetalyze completions fish > ~/.config/fish/completions/tweetalyze.fish
            tweetalyze help --man > /usr/local/share/man/man1/tweetalyze.1
          """)
    }
  }

  /// What `tweetalyze` alone prints: what it does and a first run that
  /// needs no paid plan (clig.dev: concise help when run without arguments).
  static let short = """
    tweetalyze: the sentiment of recent posts about an @name or #tag, as an emoji
    and a score.

    USAGE: \(usage(nil))

    A first run, free:
      tweetalyze "#rust" --source mastodon   a public #tag timeline, no login
      tweetalyze "#rust" --source bluesky    $BLUESKY_HANDLE, $BLUESKY_APP_PASSWORD
      tweetalyze "@Apple"                    the X API: $TWITTER_BEARER_TOKEN, a paid plan
    Quote a #tag: the shell reads an unquoted # as a comment.

    Commands: compare, history, train, eval, classify, explain, merge, completions.
    'tweetalyze --help' lists every option; 'tweetalyze help COMMAND' a command's.

    """

  static let overview = """
    OVERVIEW: Twitter/X sentiment analysis with a Naive Bayes classifier.

    USAGE: \(usage(nil))
           tweetalyze <subcommand> [options]

    ARGUMENTS:
      QUERY                   @name or #tag (Bluesky also @handle.domain and a
                              phrase).

    OPTIONS:
    \(optionLines(AnalyzeOptions.options.map(\.spec)))
      --version               Show the version (with --json: as a JSON object).
      -h, --help              Show help information.

    SUBCOMMANDS:
    \(subcommandLines)

      See 'tweetalyze help <subcommand>' for detailed help.

    EXAMPLES:
      tweetalyze "@Apple"                        Score tweets mentioning @Apple.
      tweetalyze "@united" "@delta" --json       One JSON object per query.
      tweetalyze --fixtures Fixtures/tweets "@Apple" --details
      tweetalyze classify "I love it" "meh"      Label texts.
      tweetalyze train data.csv --out model.json

    EXIT STATUS:
    \(ExitStatus.summary.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
      With --json, an error is also one JSON object on the last line of stderr.

    """

  /// What each command does, in one line: help, the manual page and the
  /// completion scripts show it.
  static func abstract(_ command: CommandName) -> String {
    switch command {
    case .analyze: "Score recent tweets for queries (the default command)."
    case .compare: "Say which of two or more sets of posts reads happier."
    case .train: "Train a model from labeled tweets in CSV."
    case .eval: "Measure how well training generalizes."
    case .classify: "Classify texts as negative, neutral or positive."
    case .explain: "Show why the model classifies a text as it does."
    case .merge: "Merge models trained on parts of a data set into one model."
    case .history: "Print the runs a --history file keeps."
    case .help: "Show help for a subcommand, or the manual page (--man)."
    case .completions: "Print a shell completion script for bash, zsh or fish."
    }
  }

  /// The overview's lines for the subcommands.
  private static var subcommandLines: String {
    CommandName.allCases.map { wrap($0.rawValue, $0.abstract) }.joined().dropLast().description
  }

  private static func page(
    abstract: String, command: CommandName, arguments: [(String, String)], discussion: String
  ) -> String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage(command))\n\nARGUMENTS:\n"
    for (name, help) in arguments { text += wrap(name, help) }
    if !command.options.isEmpty { text += "\nOPTIONS:\n" + optionLines(command.options) + "\n" }
    text += "\n" + discussion + "\n"
    return text
  }

  private static func optionLines(_ specs: [OptionSpec]) -> String {
    specs.flatMap(\.helpLines).map { wrap($0.label, $0.text) }.joined().dropLast().description
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

extension CommandName {
  /// What the command does, in one line (see ``Help/abstract(_:)``).
  var abstract: String { Help.abstract(self) }
}
