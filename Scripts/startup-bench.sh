#!/usr/bin/env bash
# Times a fixture run of each source against `tweetalyze --version`, in turns, and prints
# the medians and their ratio (the budget: within 2x of --version).
#
#   Scripts/startup-bench.sh [BINARY]      # RUNS=40; default: a release build
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
if [ -z "$bin" ]; then
  swift build -c release --product tweetalyze >&2
  bin=.build/release/tweetalyze
fi
python3 - "${RUNS:-40}" "$bin" <<'PY'
import statistics, subprocess, sys, time
runs, binary = int(sys.argv[1]), sys.argv[2]
commands = {
    "--version": [binary, "--version"],
    "X (#WWDC)": [binary, "#WWDC", "--fixtures", "Fixtures/tweets", "-q"],
    "X (@Apple)": [binary, "@Apple", "--fixtures", "Fixtures/tweets", "-q"],
    "Bluesky (#TrainTravel)": [binary, "#TrainTravel", "--source", "bluesky",
                               "--fixtures", "Fixtures/tweets/bluesky", "-q"],
    "Mastodon (#sourdough)": [binary, "#sourdough", "--source", "mastodon",
                              "--fixtures", "Fixtures/tweets/mastodon", "-q"],
}
times = {name: [] for name in commands}
for _ in range(runs):
    for name, command in commands.items():
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times[name].append(time.perf_counter() - start)
version = statistics.median(times["--version"])
print(f"| run | median of {runs} | × --version |")
print("| --- | --- | --- |")
for name, values in times.items():
    median = statistics.median(values)
    print(f"| {name} | {median * 1000:.1f} ms | {median / version:.2f} |")
PY
