#!/usr/bin/env bash
# The inner loop while changing code: the two in-memory test targets
# (SentimentCoreTests, tweetalyzeTests), optimized as CI builds them, without
# their few exhaustive tests, which CI runs. Extra arguments go to `swift test`.
#
#   Scripts/test-fast.sh                       # the inner loop
#   Scripts/test-fast.sh --filter HelpTests    # one class (the skips still apply)
#
# Skipped here (CI runs them): the fast paths' agreement with their oracles
# over the Sanders corpus and random texts, every bit flip of a model file,
# every bucket count of a chart, ordered parallel reading at every chunk
# size, and every estimator on degenerate sets.
set -euo pipefail
cd "$(dirname "$0")/.."
slow='TokenizerFastPathTests/testSameTokensOn|TrainerFastPathTests/testSameCountsOn'
slow+='|ModelFileTests/testEverySingleBitFlip|SVGPlotTests/testNoLabelOverlapsAnother'
slow+='|ParallelLinesTests/testTheLinesComeOutInInputOrder'
slow+='|ScoreEstimateTests/testDegenerateSetsStayInTheirRanges'
# Builds every test target: SwiftPM links them into one test bundle.
swift build --build-tests -Xswiftc -O
filter='^(SentimentCoreTests|tweetalyzeTests)\.'
for argument in "$@"; do
  if [ "$argument" = --filter ]; then filter=''; fi
done
swift test -Xswiftc -O --skip-build ${filter:+--filter "$filter"} --skip "$slow" "$@"
