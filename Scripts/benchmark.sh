#!/usr/bin/env bash
# Benchmarks tweetalyze against scikit-learn (../shared/bench/baseline.py) and
# fastText (Scripts/fasttext-baseline.py and its `fasttext` command) in one run
# and prints Markdown tables: medians of several runs, whole processes, wall
# time and peak RSS from /usr/bin/time; on one core (taskset -c 0), then on the
# whole machine (every core, the default --jobs) against both peers.
#
#   Scripts/benchmark.sh            # RUNS=3 STARTUP_RUNS=40 BENCH_DIR=/tmp/tweetalyze-bench
#
# Builds a static release binary into .build-perf; makes the corpora with
# ../shared/bench/make-corpus.py once (100k, 1M and 3M rows). Installs what is
# missing: scikit-learn and fastText (pip, which builds fastText's C++ core)
# into the virtual environment BENCH_VENV (default BENCH_DIR/venv), fastText's
# command built from the same source with g++, and GNU time and g++ (apt).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-3}"
startup_runs="${STARTUP_RUNS:-40}"
dir="${BENCH_DIR:-/tmp/tweetalyze-bench}"
venv="${BENCH_VENV:-$dir/venv}"
bench=../shared/bench
sanders=../shared/data/sanders-full-corpus.csv
cores=$(nproc)
mkdir -p "$dir"

apt_install() {
  echo "installing $* (apt)" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2
}
[ -x /usr/bin/time ] || apt_install time
command -v g++ >/dev/null || apt_install g++
if [ ! -x "$venv/bin/python3" ]; then
  echo "making the virtual environment $venv" >&2
  python3 -m venv "$venv" || { apt_install python3-venv && python3 -m venv "$venv"; }
fi
py="$venv/bin/python3"
if ! "$py" -c 'import sklearn' 2>/dev/null; then
  echo "installing scikit-learn (pip)" >&2
  "$py" -m pip install -q scikit-learn >&2
fi
if ! "$py" -c 'import fasttext' 2>/dev/null; then
  echo "installing fastText (pip; builds its C++ core)" >&2
  "$py" -m pip install -q fasttext >&2
fi
# The pip package has no command-line program: build fastText's `fasttext`
# from the same source package, with the flags of its Makefile's `opt` target.
ft="$dir/fasttext-cli/fasttext"
if [ ! -x "$ft" ]; then
  version=$("$py" -c 'import importlib.metadata as m; print(m.version("fasttext"))')
  echo "building the fasttext $version command (g++)" >&2
  rm -rf "$dir/fasttext-cli" && mkdir -p "$dir/fasttext-cli"
  "$py" -m pip download -q --no-deps --no-binary fasttext "fasttext==$version" -d "$dir/fasttext-cli" >&2
  tar -xzf "$dir/fasttext-cli/fasttext-$version.tar.gz" -C "$dir/fasttext-cli"
  g++ -std=c++17 -O3 -funroll-loops -DNDEBUG -march=native -pthread \
    "$dir/fasttext-cli/fasttext-$version"/src/*.cc -o "$ft.part" && mv "$ft.part" "$ft"
fi

# A statically linked binary, as one would install it: the dynamic loader's
# work for Foundation and libcurl is most of a dynamically linked start-up.
# libcurl4-openssl-dev is needed to link FoundationNetworking statically.
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || apt_install libcurl4-openssl-dev
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
# fastText reads its own format (`__label__positive text`): converted once, untimed.
[ -s "$dir/c1000000.ft" ] || "$py" Scripts/fasttext-baseline.py convert "$dir/c1000000.csv" "$dir/c1000000.ft"
"$py" Scripts/fasttext-baseline.py convert "$sanders" "$dir/sanders.ft"
# fastText's defaults (5 epochs, learning rate 0.1, 100 dimensions, 2M hash buckets)
# but word pairs, as tweetalyze's bigrams, and a thread per core (its default is 12).
ft_options=(-wordNgrams 2 -thread "$cores" -verbose 0)
"$ft" supervised -input "$dir/sanders.ft" -output "$dir/sanders-ft" "${ft_options[@]}"

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
  measure $one "$py" "$bench/baseline.py" train "$dir/c1000000.csv" >>"$tmp/sk-train"
  measure $one sh -c "'$bin' classify --jobs 1 --model '$dir/sanders.json' < '$dir/c1000000.txt'" \
    >>"$tmp/ours-classify"
  # scikit-learn's own figure for reading and predicting, without fitting and imports.
  $one "$py" "$bench/baseline.py" classify "$sanders" "$dir/c1000000.txt" \
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

echo "timing the whole machine against scikit-learn and fastText, taking turns" >&2
# scikit-learn's figures: reading and fitting (whole process), and its own
# figure for reading and predicting, as on one core. fastText's: its command,
# whole processes (`fasttext predict` loads the model first), and the Python
# library's own figure for reading and one batch predict call.
for _ in $(seq "$runs"); do
  for jobs in 1 2; do
    measure "$bin" train "$dir/c1000000.csv" --jobs "$jobs" --out "$tmp/m$jobs.json" \
      >>"$tmp/jobs-train-$jobs"
    measure sh -c "'$bin' classify --jobs $jobs --model '$dir/sanders.json' < '$dir/c1000000.txt'" \
      >>"$tmp/jobs-classify-$jobs"
  done
  measure "$bin" train "$dir/c1000000.csv" --out "$tmp/m.json" >>"$tmp/all-train"
  measure sh -c "'$bin' classify --model '$dir/sanders.json' < '$dir/c1000000.txt'" \
    >>"$tmp/all-classify"
  measure "$py" "$bench/baseline.py" train "$dir/c1000000.csv" >>"$tmp/all-sk-train"
  "$py" "$bench/baseline.py" classify "$sanders" "$dir/c1000000.txt" \
    | sed -E 's/.*seconds=([0-9.]+).*/\1 0/' >>"$tmp/all-sk-classify"
  measure "$ft" supervised -input "$dir/c1000000.ft" -output "$tmp/ft" "${ft_options[@]}" \
    >>"$tmp/all-ft-train"
  # One pass over the data, as Naive Bayes makes.
  measure "$ft" supervised -input "$dir/c1000000.ft" -output "$tmp/ft" "${ft_options[@]}" -epoch 1 \
    >>"$tmp/all-ft-train-1"
  measure "$ft" predict "$dir/sanders-ft.bin" "$dir/c1000000.txt" >>"$tmp/all-ft-classify"
  "$py" Scripts/fasttext-baseline.py classify "$sanders" "$dir/c1000000.txt" \
    | sed -E 's/.*seconds=([0-9.]+).*/\1 0/' >>"$tmp/all-ft-python"
done
rm -f "$tmp"/ft.*
"$bin" classify --jobs 1 --model "$dir/sanders.json" <"$dir/c1000000.txt" >"$tmp/c1.txt"
"$bin" classify --jobs 2 --model "$dir/sanders.json" <"$dir/c1000000.txt" >"$tmp/c2.txt"
cmp -s "$tmp/m1.json" "$tmp/m2.json" && identical="train" || identical="NOT train"
cmp -s "$tmp/c1.txt" "$tmp/c2.txt" && identical="$identical and classify" || identical="$identical, NOT classify"
rm -f "$tmp"/c[12].txt "$tmp"/m*.json

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

python3 - "$ot" "$om" "$st" "$sm" "$oc" "$sc" "$su" "$ut" "$um" "$runs" "$startup_runs" "$tmp" "$hu" "$vu" "$nu" \
  "$cores" "$identical" <<'EOF'
import statistics, sys
ot, om, st, sm, oc, sc, su, ut, um = map(float, sys.argv[1:10])
runs, startup_runs, tmp = sys.argv[10], sys.argv[11], sys.argv[12]
hu, vu, nu = map(float, sys.argv[13:16])
cores, identical = sys.argv[16], sys.argv[17]
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
print(f"| 1M rows, all {cores} cores | --jobs 1 | --jobs 2 | Speed-up | Goal |")
print("|---|---:|---:|---:|---|")
for task, goal in (("train", "≥ 1.6x"), ("classify", "≥ 1.8x")):
    w1, m1 = med(f"jobs-{task}-1", 0), med(f"jobs-{task}-1", 1)
    w2, m2 = med(f"jobs-{task}-2", 0), med(f"jobs-{task}-2", 1)
    print(f"| {task} | {w1:.2f} s, {m1/1024:.0f} MB | {w2:.2f} s, {m2/1024:.0f} MB | {w1/w2:.2f}x | {goal} |")
print(f"\n`--jobs 1` and `--jobs 2` wrote the same bytes: {identical}.\n")
print(f"Medians of {runs} runs on the whole machine ({cores} cores), taking turns; tweetalyze with "
      "its default `--jobs` (every core), fastText with a thread per core.\n")
print("| 1M rows, whole machine | tweetalyze | scikit-learn | fastText | vs scikit-learn | vs fastText |")
print("|---|---:|---:|---:|---:|---:|")
aw, am = med("all-train", 0), med("all-train", 1)
sw, sm2 = med("all-sk-train", 0), med("all-sk-train", 1)
fw, fm = med("all-ft-train", 0), med("all-ft-train", 1)
f1 = med("all-ft-train-1", 0)
print(f"| train | {aw:.2f} s, {1/aw:.2f} M rows/s, {am/1024:.0f} MB "
      f"| {sw:.2f} s, {sm2/1024:.0f} MB | 5 epochs {fw:.2f} s, {fm/1024:.0f} MB; 1 epoch {f1:.2f} s "
      f"| {sw/aw:.1f}x faster (goal ≥ 10x) | {fw/aw:.1f}x faster (1 epoch: {f1/aw:.1f}x) |")
cw, cm = med("all-classify", 0), med("all-classify", 1)
sc2 = med("all-sk-classify", 0)
fc, fcm = med("all-ft-classify", 0), med("all-ft-classify", 1)
fp = med("all-ft-python", 0)
print(f"| classify (Sanders model) | {cw:.2f} s, {1/cw:.2f} M tweets/s, {cm/1024:.0f} MB "
      f"| {sc2:.2f} s, {1/sc2:.2f} M/s (predict only) "
      f"| `fasttext predict` {fc:.2f} s, {1/fc:.2f} M/s, {fcm/1024:.0f} MB; Python batch predict only {fp:.2f} s "
      f"| {sc2/cw:.1f}x faster (goal ≥ 20x) | {fc/cw:.1f}x faster (goal ≥ 6x) |")
EOF
