#!/usr/bin/env bash
# Measures each fast path of Sources/SentimentCore/Speed against a plain Swift version of the
# same rule, in one run (Scripts/SpeedBench/main.swift): best of ROUNDS, seconds.
#
#   Scripts/speed-bench.sh            # ROUNDS=3 BENCH_DIR=/tmp/tweetalyze-speed
#
# The harness is compiled with the library's sources as one module (as Fuzz/run.sh does), so it
# reaches package and internal code; the model reader's plain version is the tests'
# ReferenceModelDecoder (Tests/SentimentCoreTests/Oracles, with the tokenizer's reference).
# The corpus is ../shared/bench/make-corpus.py's (1M rows) and the model
# is trained from it with a release build of tweetalyze. The harness prints µs a post for the
# tokenizer, Naive Bayes, the lexicon reader (plain and fast) and the calibration.
#
# Then whole processes, pinned to one core (taskset -c 0), this checkout's release build against
# BASELINE's (default a44c08f, the last commit without the lexicon reader; built once in a
# worktree under BENCH_DIR) and scikit-learn's predict (../shared/bench/baseline.py, when the
# python of BENCH_PY imports sklearn), taking turns, medians of PROCESS_RUNS (default 3) runs:
# classify --jobs 1 and train --jobs 1 on the 1M corpus, and the `--fixtures Fixtures/tweets
# @Apple` run (FIXTURE_RUNS, default 20). Ratios are this build's time over the other's.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-3}"
dir="${BENCH_DIR:-/tmp/tweetalyze-speed}"
mkdir -p "$dir"
if [ ! -s "$dir/corpus.txt" ]; then
  python3 ../shared/bench/make-corpus.py 1000000 "$dir/corpus.csv" --text-only "$dir/corpus.txt" >&2
fi
swift build -c release --product tweetalyze >&2
if [ ! -s "$dir/model.json" ]; then
  .build/release/tweetalyze train "$dir/corpus.csv" --out "$dir/model.json" >&2
fi
mkdir -p "$dir/oracles"
for file in Tests/SentimentCoreTests/Oracles/*.swift; do
  sed -e '/^import XCTest/d' -e '/^@testable import/d' "$file" >"$dir/oracles/$(basename "$file")"
done
swiftc -O -module-name SentimentCore -package-name tweetalyze \
  $(find Sources/SentimentCore -name '*.swift') Scripts/SpeedBench/*.swift \
  "$dir"/oracles/*.swift -o "$dir/speed-bench" 2>&1 | grep -v warning: >&2 || true
"$dir/speed-bench" "$dir/model.json" "$dir/corpus.txt" "$rounds"

# Whole processes against the baseline commit.
baseline="${BASELINE:-a44c08f}"
process_runs="${PROCESS_RUNS:-3}"
fixture_runs="${FIXTURE_RUNS:-20}"
py="${BENCH_PY:-python3}"
base_dir="$dir/baseline-$baseline"
if [ ! -d "$base_dir" ]; then
  git worktree add --detach "$base_dir" "$baseline" >&2
fi
(cd "$base_dir" && swift build -c release --product tweetalyze) >&2
ours=.build/release/tweetalyze
theirs="$base_dir/.build/release/tweetalyze"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seconds() { # seconds of one whole process, its output discarded
  /usr/bin/time -f %e -o "$tmp/time" "$@" >/dev/null 2>&1 || echo "note: $* failed" >&2
  tail -1 "$tmp/time"
}
median() { sort -n "$1" | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
one="taskset -c 0"
for _ in $(seq "$process_runs"); do
  seconds $one sh -c "'$ours' classify --jobs 1 < '$dir/corpus.txt'" >>"$tmp/ours-classify"
  seconds $one sh -c "'$theirs' classify --jobs 1 < '$dir/corpus.txt'" >>"$tmp/theirs-classify"
  seconds $one "$ours" train "$dir/corpus.csv" --jobs 1 --out "$tmp/m.json" >>"$tmp/ours-train"
  seconds $one "$theirs" train "$dir/corpus.csv" --jobs 1 --out "$tmp/m.json" >>"$tmp/theirs-train"
  if "$py" -c 'import sklearn' 2>/dev/null; then
    $one "$py" ../shared/bench/baseline.py classify ../shared/data/sanders-full-corpus.csv \
      "$dir/corpus.txt" | sed -nE 's/.*seconds=([0-9.]+).*/\1/p' >>"$tmp/sk-classify"
  fi
done
for _ in $(seq "$fixture_runs"); do
  seconds $one "$ours" --fixtures Fixtures/tweets @Apple >>"$tmp/ours-fixture"
  seconds $one "$theirs" --fixtures Fixtures/tweets @Apple >>"$tmp/theirs-fixture"
done
echo "---- whole processes, one core, medians: this build, $baseline, ratio"
for what in classify train fixture; do
  o=$(median "$tmp/ours-$what")
  t=$(median "$tmp/theirs-$what")
  echo "$what $o $t $(awk -v o="$o" -v t="$t" 'BEGIN { printf "%.2fx", o / t }')"
done
if [ -s "$tmp/sk-classify" ]; then
  s=$(median "$tmp/sk-classify")
  o=$(median "$tmp/ours-classify")
  echo "scikit-learn predict (vectorize + predict) $s s: this build is $(awk -v o="$o" -v s="$s" 'BEGIN { printf "%.1fx", s / o }') as fast"
fi
