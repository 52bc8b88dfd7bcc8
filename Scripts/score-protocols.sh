#!/usr/bin/env bash
# Measures the score of sets of tweets (issue: a score users can trust) on
# the shared Sanders data, for every estimator side by side:
#   - the artificial-prevalence protocol: 10-fold held-out parts, 100-tweet
#     sets at every class balance on a 0.1 grid, 5 sets each;
#   - the cross-topic protocol: each Sanders topic held out in turn, the
#     model trained (and calibrated) on the other three, 30 sets of 100 of
#     the held-out topic's tweets;
#   - calibration of the held-out probabilities (ECE, Brier, log-loss).
#
#   Scripts/score-protocols.sh [--json]
#
# Seeds are fixed (folds and sets: 5; default), so a run is reproducible.
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
swift build -c release --product tweetalyze >&2
bin=.build/release/tweetalyze
echo "== sanders-apple3.csv: 10-fold, artificial prevalence"
"$bin" eval "$data/sanders-apple3.csv" --folds 10 --quantification "$@"
echo
echo "== sanders-full-corpus.csv: 10-fold, artificial prevalence, topics held out"
"$bin" eval "$data/sanders-full-corpus.csv" --folds 10 --quantification --group-column Topic "$@"
