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
# is trained from it with a release build of tweetalyze.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-3}"
dir="${BENCH_DIR:-/tmp/tweetalyze-speed}"
mkdir -p "$dir"
if [ ! -s "$dir/corpus.txt" ]; then
  python3 ../shared/bench/make-corpus.py 1000000 "$dir/corpus.csv" --text-only "$dir/corpus.txt" >&2
fi
if [ ! -s "$dir/model.json" ]; then
  swift build -c release --product tweetalyze >&2
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
