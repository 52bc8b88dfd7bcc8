#!/usr/bin/env bash
# Benchmarks tweetalyze against scikit-learn (../shared/bench/baseline.py) in
# one run and prints a Markdown table: medians of several runs, on one core
# (taskset -c 0), whole processes, wall time and peak RSS from /usr/bin/time.
#
#   Scripts/benchmark.sh            # RUNS=3 STARTUP_RUNS=20 BENCH_DIR=/tmp/tweetalyze-bench
#
# Builds a static release binary into .build-perf; makes the corpora with
# ../shared/bench/make-corpus.py once (100k, 1M and 3M rows).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
startup_runs="${STARTUP_RUNS:-40}"
dir="${BENCH_DIR:-/tmp/tweetalyze-bench}"
bench=../shared/bench
sanders=../shared/data/sanders-full-corpus.csv
mkdir -p "$dir"

if [ ! -x /usr/bin/time ]; then
  echo "installing GNU time (apt)" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q time >&2
fi
if ! python3 -c 'import sklearn' 2>/dev/null; then
  echo "installing scikit-learn (pip)" >&2
  pip install -q scikit-learn >&2
fi

# A statically linked binary, as one would install it: the dynamic loader's
# work for Foundation and libcurl is most of a dynamically linked start-up.
if ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then
  echo "installing libcurl4-openssl-dev (apt), needed to link FoundationNetworking statically" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q libcurl4-openssl-dev >&2
fi
swift build -c release --static-swift-stdlib --scratch-path .build-perf --product tweetalyze >&2
bin=$PWD/.build-perf/release/tweetalyze
one="taskset -c 0"

for rows in 100000 1000000 3000000; do
  if [ ! -s "$dir/c$rows.csv" ] || [ ! -s "$dir/c$rows.txt" ]; then
    echo "making the $rows-row corpus" >&2
    python3 "$bench/make-corpus.py" "$rows" "$dir/c$rows.csv" --text-only "$dir/c$rows.txt"
  fi
done
"$bin" train "$sanders" --out "$dir/sanders.json" 2>/dev/null

# Prints "seconds peak_kb" of one whole-process run of the command.
measure() {
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >/dev/null 2>&1
  tail -1 "$tmp/time"
}

# median FILE COLUMN: the median of a column of numbers.
median() {
  python3 -c 'import statistics,sys; v=[float(l.split()[int(sys.argv[2])]) for l in open(sys.argv[1]) if l.strip()]; print(statistics.median(v))' "$1" "$2"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "timing train and classify, $runs runs each" >&2
for _ in $(seq "$runs"); do
  measure $one "$bin" train "$dir/c1000000.csv" --jobs 1 --out "$tmp/m.json" >>"$tmp/ours-train"
  # The baseline counts single words; this is the like-for-like comparison.
  measure $one "$bin" train "$dir/c1000000.csv" --jobs 1 --no-bigrams --out "$tmp/m.json" \
    >>"$tmp/ours-train-unigrams"
  measure $one python3 "$bench/baseline.py" train "$dir/c1000000.csv" >>"$tmp/sk-train"
  measure $one sh -c "'$bin' classify --jobs 1 --model '$dir/sanders.json' < '$dir/c1000000.txt'" \
    >>"$tmp/ours-classify"
  # scikit-learn's own figure for reading and predicting, without fitting and imports.
  $one python3 "$bench/baseline.py" classify "$sanders" "$dir/c1000000.txt" \
    | sed -E 's/.*seconds=([0-9.]+).*/\1 0/' >>"$tmp/sk-classify"
done

echo "timing scaling" >&2
for rows in 100000 1000000 3000000; do
  for _ in $(seq "$runs"); do
    measure $one "$bin" train "$dir/c$rows.csv" --jobs 1 --out "$tmp/m.json" \
      >>"$tmp/scale-train-$rows"
    measure $one sh -c "'$bin' classify --jobs 1 --model '$dir/sanders.json' < '$dir/c$rows.txt'" \
      >>"$tmp/scale-classify-$rows"
  done
done

echo "timing --jobs 1 and --jobs 2 on all cores, taking turns" >&2
for _ in $(seq "$runs"); do
  for jobs in 1 2; do
    measure "$bin" train "$dir/c1000000.csv" --jobs "$jobs" --out "$tmp/m.json" \
      >>"$tmp/jobs-train-$jobs"
    measure sh -c "'$bin' classify --jobs $jobs --model '$dir/sanders.json' < '$dir/c1000000.txt'" \
      >>"$tmp/jobs-classify-$jobs"
  done
done

echo "timing startup, $startup_runs runs" >&2
# A static Swift hello world, built the same way, is the floor to compare
# with: process creation plus the Swift runtime, on this machine, now. A
# second one links FoundationNetworking (URLSession, which the X API client
# needs): its floor includes the dynamic loader's work for libcurl and the
# ~30 shared libraries it needs, which every tweetalyze run pays too.
mkdir -p "$tmp/hello/Sources/hello" "$tmp/hello/Sources/hellonet"
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "hello", targets: [.executableTarget(name: "hello"), .executableTarget(name: "hellonet")])\n' \
  >"$tmp/hello/Package.swift"
echo 'print("Hello, world!")' >"$tmp/hello/Sources/hello/main.swift"
printf 'import Foundation\nimport FoundationNetworking\nif CommandLine.arguments.count > 9 { print(URLSession.shared) }\nprint("Hello, world!")\n' \
  >"$tmp/hello/Sources/hellonet/main.swift"
swift build -c release --static-swift-stdlib --package-path "$tmp/hello" >&2
# Python on one core times the runs (its children inherit the core), so no
# helper process is counted; the commands take turns.
$one python3 - "$startup_runs" "$tmp/startup" "$tmp/hello/.build/release" "$bin" <<'EOF'
import statistics, subprocess, sys, time
runs, out, hello, bin = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
commands = [[f"{hello}/hello"], [bin, "--version"], [bin, "--fixtures", "Fixtures/tweets", "@Apple"],
            [f"{hello}/hellonet"]]
times = [[] for _ in commands]
for _ in range(runs):
    for command, found in zip(commands, times):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        found.append(time.perf_counter() - start)
with open(out, "w") as f:
    f.write(" ".join(str(statistics.median(t) * 1e6) for t in times) + "\n")
EOF

ot=$(median "$tmp/ours-train" 0); om=$(median "$tmp/ours-train" 1)
ut=$(median "$tmp/ours-train-unigrams" 0); um=$(median "$tmp/ours-train-unigrams" 1)
st=$(median "$tmp/sk-train" 0); sm=$(median "$tmp/sk-train" 1)
oc=$(median "$tmp/ours-classify" 0); sc=$(median "$tmp/sk-classify" 0)
hu=$(median "$tmp/startup" 0); vu=$(median "$tmp/startup" 1); su=$(median "$tmp/startup" 2)
nu=$(median "$tmp/startup" 3)

python3 - "$ot" "$om" "$st" "$sm" "$oc" "$sc" "$su" "$ut" "$um" "$runs" "$startup_runs" "$tmp" "$hu" "$vu" "$nu" <<'EOF'
import statistics, sys
ot, om, st, sm, oc, sc, su, ut, um = map(float, sys.argv[1:10])
runs, startup_runs, tmp = sys.argv[10], sys.argv[11], sys.argv[12]
hu, vu, nu = map(float, sys.argv[13:16])
def med(name, col):
    return statistics.median(float(l.split()[col]) for l in open(f"{tmp}/{name}") if l.strip())
print(f"Medians of {runs} runs on one core (taskset -c 0), whole processes.\n")
print("| Task | tweetalyze | scikit-learn | Ratio | Goal |")
print("|---|---:|---:|---:|---|")
print(f"| train 1M rows, wall | {ot:.2f} s | {st:.2f} s | {st/ot:.1f}x faster | ≥ 15x |")
print(f"| train 1M rows, peak RSS | {om/1024:.0f} MB | {sm/1024:.0f} MB | {sm/om:.1f}x less | ≤ 150 MB |")
print(f"| train 1M rows, `--no-bigrams` (single words, as the baseline) | {ut:.2f} s, {um/1024:.0f} MB | {st:.2f} s, {sm/1024:.0f} MB | {st/ut:.1f}x faster | |")
print(f"| classify 1M tweets (Sanders model) | {oc:.2f} s, {1e6/oc/1e6:.2f} M tweets/s | "
      f"{sc:.2f} s, {1e6/sc/1e3:.0f} k tweets/s (predict only) | {sc/oc:.1f}x faster | ≥ 2 M/s, ≥ 20x |")
print(f"| `--fixtures Fixtures/tweets \"@Apple\"`, median of {startup_runs} | {su/1000:.1f} ms | | "
      f"{su/hu:.1f}x a static hello world ({hu/1000:.1f} ms); one that links FoundationNetworking "
      f"{nu/1000:.1f} ms; `--version` {vu/1000:.1f} ms | ≤ 15 ms |")
print()
print("| Rows | train wall | train peak RSS | classify wall | classify peak RSS | classify tweets/s |")
print("|---:|---:|---:|---:|---:|---:|")
for rows in (100000, 1000000, 3000000):
    tw, tm = med(f"scale-train-{rows}", 0), med(f"scale-train-{rows}", 1)
    cw, cm = med(f"scale-classify-{rows}", 0), med(f"scale-classify-{rows}", 1)
    print(f"| {rows:,} | {tw:.2f} s | {tm/1024:.0f} MB | {cw:.2f} s | {cm/1024:.0f} MB | {rows/max(cw,0.01)/1e6:.2f} M |")
print()
print("| 1M rows, all cores | --jobs 1 | --jobs 2 | Speed-up | Goal |")
print("|---|---:|---:|---:|---|")
for task, goal in (("train", "≥ 1.6x"), ("classify", "≥ 1.8x")):
    w1, m1 = med(f"jobs-{task}-1", 0), med(f"jobs-{task}-1", 1)
    w2, m2 = med(f"jobs-{task}-2", 0), med(f"jobs-{task}-2", 1)
    print(f"| {task} | {w1:.2f} s, {m1/1024:.0f} MB | {w2:.2f} s, {m2/1024:.0f} MB | {w1/w2:.2f}x | {goal} |")
EOF
