#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets and runs them, one per core at a time.
#
#   Fuzz/run.sh            full mode: 1,000,000 executions per target
#   Fuzz/run.sh --short    about 5 seconds per target (CI)
#   Fuzz/run.sh [--short] csv model    only these targets
#   Fuzz/run.sh --build-only          build the binary, fuzz nothing
#   Fuzz/run.sh --prebuilt --short    fuzz with the binary built before
#   Fuzz/run.sh --typecheck           only check that the targets compile
#                                     against today's sources (no sanitizers,
#                                     no binary; `swift test` does not build
#                                     Fuzz/, so run this after changing a type
#                                     a target uses)
#
# (CI builds the binary while the tests run, which wait on processes and
# servers more than they compute, and fuzzes after them.)
#
# All targets are compiled once, into one binary, with `swiftc
# -sanitize=fuzzer,address -O` together with the sources of SentimentCore and
# tweetalyze (but main.swift) as one module, from a copy of the sources taken
# at the start (so an edit during the build does not break it). Each file in
# Fuzz/Targets exposes its target as a function; Fuzz/FuzzMain.swift, the one
# LLVMFuzzerTestOneInput, runs the one that FUZZ_TARGET names. Seeds come from Fuzz/Corpus/<target>/ and are not
# changed: what libFuzzer learns goes to Fuzz/.build/corpus/<target>/.
# Crashing inputs are saved as Fuzz/Crashes/<target>-crash-<sha1>. Prints
# per target the executions, seconds and crashes; exits 1 on any crash.
# Needs only the Swift toolchain (its clang runtime holds libFuzzer and ASan).
set -uo pipefail
cd "$(dirname "$0")/.."
if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
  export PATH=/opt/swift/usr/bin:$PATH
fi

build_only=0
prebuilt=0
typecheck=0
while [ "${1:-}" = "--build-only" ] || [ "${1:-}" = "--prebuilt" ] || [ "${1:-}" = "--typecheck" ]; do
  [ "$1" = "--build-only" ] && build_only=1
  [ "$1" = "--prebuilt" ] && prebuilt=1
  [ "$1" = "--typecheck" ] && typecheck=1
  shift
done
mode=(-runs=1000000)
label="full (1,000,000 executions per target)"
if [ "${1:-}" = "--short" ]; then
  mode=(-max_total_time=5)
  label="short (5 s per target)"
  shift
fi
all=(csv model response tokenizer tokenizer-equivalence reader-equivalence arguments estimator merge svg csv-writer post-file html-text)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

for target in "${targets[@]}"; do
  case " ${all[*]} " in
    *" $target "*) ;;
    *) echo "unknown target '$target' (known: ${all[*]})" >&2; exit 64 ;;
  esac
done

build=Fuzz/.build
binary="$build/fuzz"
failed=0
mkdir -p "$build" Fuzz/Crashes
if [ "$typecheck" -eq 1 ] || [ "$prebuilt" -eq 0 ] || [ ! -x "$binary" ]; then
  mkdir -p "$build/src"
  rm -f "$build"/src/*.swift
  find Sources/SentimentCore -name '*.swift' -exec cp {} "$build/src/" \;
  find Sources/tweetalyze -name '*.swift' ! -name main.swift | while read -r file; do
    cp "$file" "$build/src/tweetalyze-$(basename "$file")"
  done
  # The tests' oracles (the tokenizer-equivalence target's reference), without their test imports.
  for file in Tests/SentimentCoreTests/Oracles/*.swift; do
    sed -e '/^import XCTest/d' -e '/^@testable import/d' "$file" >"$build/src/oracle-$(basename "$file")"
  done

  if [ "$typecheck" -eq 1 ]; then
    echo "== typechecking all targets"
    if ! swiftc -typecheck -parse-as-library -module-name SentimentCore -package-name tweetalyze \
      -suppress-warnings Fuzz/FuzzMain.swift Fuzz/Targets/*.swift "$build"/src/*.swift; then
      echo "== the fuzz targets do not compile against the sources"
      exit 2
    fi
    echo "== the fuzz targets compile"
    exit 0
  fi
  echo "== building all targets (one binary)"
  build_began=$SECONDS
  # One module: `import SentimentCore` in the executable's files is then the
  # module itself, which swiftc ignores with a warning.
  if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name SentimentCore -package-name tweetalyze \
    -suppress-warnings -o "$binary" Fuzz/FuzzMain.swift Fuzz/Targets/*.swift "$build"/src/*.swift \
    >"$build/build.log" 2>&1; then
    cat "$build/build.log"
    echo "== build failed"
    exit 2
  fi
  echo "== built in $((SECONDS - build_began)) s"
fi
[ "$build_only" -eq 1 ] && exit 0

echo "fuzzing: $label"
printf '%-21s %12s %8s %8s\n' target executions seconds crashes > "$build/summary"
# One target's run: its line of the summary in $build/result-<target>;
# fails when it found a crash.
fuzz_one() {
  local target=$1
  local corpus="$build/corpus/$target"
  mkdir -p "$corpus"
  local log="$build/fuzz-$target.log"
  echo "== $target: fuzzing"
  local began=$SECONDS
  FUZZ_TARGET=$target "./$binary" "$corpus" "Fuzz/Corpus/$target" "${mode[@]}" \
    -dict="Fuzz/Dictionaries/$target.dict" -artifact_prefix="Fuzz/Crashes/$target-" \
    -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 >"$log" 2>&1
  local status=$?
  local seconds=$((SECONDS - began))
  local executions
  executions=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  if [ -z "$executions" ]; then
    executions=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  fi
  local crashes=0
  if [ "$status" -ne 0 ]; then
    crashes=$(grep -cE '^(artifact_prefix|Test unit written to)' "$log" || true)
    [ "$crashes" -eq 0 ] && crashes=1
    grep -E 'ERROR|Fatal error|Test unit written|SUMMARY' "$log" | head -20
  fi
  printf '%-21s %12s %8s %8s\n' "$target" "${executions:-?}" "$seconds" "$crashes" \
    | tee "$build/result-$target"
  [ "$crashes" -eq 0 ]
}

# The targets run FUZZ_JOBS at a time (default: one per core); each is
# single-threaded, so two cores fuzz two targets in the time of one.
parallel=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
running=0
for target in "${targets[@]}"; do
  rm -f "$build/result-$target"
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
for target in "${targets[@]}"; do
  cat "$build/result-$target" >>"$build/summary" 2>/dev/null \
    || { echo "$target: no result" >>"$build/summary"; failed=1; }
done

echo
cat "$build/summary"
if [ "$failed" -ne 0 ]; then
  echo "crashes found: inputs in Fuzz/Crashes/ (logs in $build/fuzz-*.log)"
  exit 1
fi
echo "no crashes"
