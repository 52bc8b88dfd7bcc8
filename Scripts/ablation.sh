#!/usr/bin/env bash
# Cross-validates each Naive Bayes option and tokenizer step on and off, on
# the shared Sanders data, and prints the README's accuracy table.
#
#   Scripts/ablation.sh [FOLDS] [SEED]    (default: 10 folds, seed 5)
set -euo pipefail
cd "$(dirname "$0")/.."
folds="${1:-10}"
seed="${2:-5}"
data=../shared/data
swift build -c release --product tweetalyze >&2
bin=.build/release/tweetalyze
row() {
  local name="$1"
  shift
  local line="| $name |"
  for file in sanders-apple3.csv sanders-full-corpus.csv; do
    local json
    json=$("$bin" eval "$data/$file" --folds "$folds" --seed "$seed" --json "$@")
    line+=$(python3 -c 'import json,sys; r=json.load(sys.stdin); print(" %.4f ± %.3f | %.4f |" % (r["accuracy"], r["accuracy_std"], r["macro_f1"]), end="")' <<<"$json")
  done
  echo "$line"
}
echo "| variant ($folds-fold, seed $seed) | apple3 accuracy | apple3 macro-F1 | full accuracy | full macro-F1 |"
echo "|---|---|---|---|---|"
row "**defaults** (all steps, bigrams, binarized, uniform priors, alpha 0.6, built-in lexicon at 1000)"
row "plain words, unigrams, Laplace, data priors, no lexicon (like scikit-learn)" --disable urls,mentions,hashtags,emoticons,emoji,squeeze-repeats,punctuation,negation,numbers,drop-short-words --no-bigrams --alpha 1 --no-binarized --priors data --no-lexicon
row "without the lexicon" --no-lexicon
for weight in 100 300 3000; do
  row "lexicon weight $weight" --lexicon-weight "$weight"
done
for step in urls mentions hashtags emoticons emoji squeeze-repeats punctuation negation numbers drop-short-words lowercase; do
  row "without $step" --disable "$step"
done
row "counts, not binarized" --no-binarized
row "data priors" --priors data
row "complement NB" --complement
row "complement NB, data priors" --complement --priors data
row "no bigrams" --no-bigrams
for alpha in 0.3 0.5 0.8 1; do
  row "alpha $alpha" --alpha "$alpha"
done
row "min count 2" --min-count 2
