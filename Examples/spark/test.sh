#!/usr/bin/env bash
# The Spark example, tested in local mode (local[2]) on a generated archive:
# annotations equal the plain CLI's, and the merged model equals the model of
# one process (apart from its provenance, its pooled calibration and the
# checksum that covers them), and loads (its checksum verified).
#
# Needs pyspark (PYTHON=a venv's python3 that has it) and java; .ci/run
# installs both. ROWS (default 200000) tweets, from ../shared/bench/make-corpus.py.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
ROWS=${ROWS:-200000}
BINARY=${BINARY:-.build/release/tweetalyze}
[ -x "$BINARY" ] || swift build -c release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$PYTHON" ../shared/bench/make-corpus.py "$ROWS" "$work/data.csv" --text-only "$work/texts.txt"
# The texts as a twarc2-style archive: one v2 tweet per line.
"$PYTHON" - "$work/texts.txt" "$work/archive.jsonl" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as texts, open(sys.argv[2], "w", encoding="utf-8") as out:
    for number, text in enumerate(texts):
        tweet = {"id": str(10**18 + number), "text": text.rstrip("\n"), "author_id": str(number % 977)}
        out.write(json.dumps(tweet, ensure_ascii=False) + "\n")
PY
tweets=$(wc -l < "$work/archive.jsonl")
echo "archive: $tweets tweets"

run_spark() {
  "$PYTHON" Examples/spark/tweetalyze_spark.py --binary "$BINARY" --partitions 4 "$@"
}
export PYSPARK_PYTHON="$PYTHON" SPARK_LOCAL_IP=127.0.0.1
export PYSPARK_SUBMIT_ARGS="--master local[2] pyspark-shell"

start=$SECONDS
run_spark annotate "$work/archive.jsonl" "$work/annotated"
spark_annotate=$((SECONDS - start))
start=$SECONDS
"$BINARY" classify --archive "$work/archive.jsonl" > "$work/plain.jsonl"
plain_annotate=$((SECONDS - start))
cat "$work"/annotated/part-* > "$work/spark.jsonl"
cmp "$work/spark.jsonl" "$work/plain.jsonl"
echo "annotate: Spark's $(wc -l < "$work/spark.jsonl") lines equal the CLI's" \
  "(local[2] ${spark_annotate}s, CLI ${plain_annotate}s)"

run_spark train "$work/data.csv" "$work/merged.json"
"$BINARY" train "$work/data.csv" --out "$work/whole.json" --quiet
"$PYTHON" - "$work/merged.json" "$work/whole.json" <<'PY'
import json, sys
merged, whole = (json.load(open(path, encoding="utf-8")) for path in sys.argv[1:])
parts = merged["provenance"].get("parts", [])
assert len(parts) >= 2, f"expected a merge of partitions, got {len(parts)} parts"
for key in sorted(set(merged) | set(whole)):
    # The checksum covers the whole file, provenance and calibration too.
    if key in ("provenance", "calibration", "checksum"):
        continue
    assert merged.get(key) == whole.get(key), f"the merged model differs in {key!r}"
assert merged["provenance"]["rows"] == whole["provenance"]["rows"]
assert "calibration" in merged, "the merged model lost its calibration"
print(f"train: the merge of {len(parts)} partition models equals the one-process model "
      f"({len(whole['vocabulary'])} features)")
PY
# Loading verifies the merged file's checksum.
echo "I love it" | "$BINARY" classify --model "$work/merged.json" >/dev/null
echo "spark test passed"
