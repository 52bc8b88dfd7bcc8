#!/usr/bin/env python3
"""Measures `--history` at a year of hourly runs of 10 queries (87,600 lines of 100-post runs).

    Scripts/history-benchmark.py [--binary PATH] [--hours N] [--keep FILE]

Twenty runs of 100 Sanders tweets each (seeded samples) are recorded by the binary
(`--input posts.csv --history`), so that every line is one the binary wrote, with real keys
and word sketches; the history is then generated from them, one line per query and hour
(10 queries, `--hours` hours, default a year), only the time and query changed. Reported: the
file's size against the 150 MB goal, the time of `history FILE QUERY` against the 2 s goal,
and the time of one more `--history` run on that file (which reads its query's latest run,
judges the change and appends). Times are the best of three runs.
"""
import argparse, csv, datetime, json, os, random, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "shared", "data", "sanders-full-corpus.csv")
QUERIES = [f"@brand{i}" for i in range(9)] + ["posts.csv"]


def best(command, runs=3, folder=None):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, cwd=folder)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed: {done.stderr.decode()}")
    return min(times), done


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(HERE, "..", ".build", "release", "tweetalyze"))
    parser.add_argument("--hours", type=int, default=8760)
    parser.add_argument("--keep", help="write the generated history here (default: a temporary file)")
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)
    rows = list(csv.DictReader(open(DATA, encoding="utf-8", errors="replace")))
    rng = random.Random(42)
    with tempfile.TemporaryDirectory() as folder:
        posts = os.path.join(folder, "posts.csv")
        templates = os.path.join(folder, "templates.jsonl")
        for _ in range(20):
            with open(posts, "w", newline="", encoding="utf-8") as out:
                writer = csv.writer(out)
                writer.writerow(["id", "text"])
                for row in rng.sample(rows, 100):
                    writer.writerow([row["TweetId"], row["TweetText"]])
            subprocess.run([args.binary, "--input", "posts.csv", "--history", templates, "-q"],
                           cwd=folder, check=True, capture_output=True)
        lines = [json.loads(line) for line in open(templates, encoding="utf-8")]
        history = args.keep or os.path.join(folder, "history.jsonl")
        start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
        with open(history, "w", encoding="utf-8") as out:
            for hour in range(args.hours):
                stamp = (start + datetime.timedelta(hours=hour)).strftime("%Y-%m-%dT%H:%M:%SZ")
                for index, query in enumerate(QUERIES):
                    record = dict(lines[(hour * len(QUERIES) + index) % len(lines)])
                    record["time"], record["query"] = stamp, query
                    out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        size = os.path.getsize(history)
        count = args.hours * len(QUERIES)
        print(f"history: {count:,} lines, {size / 1e6:.1f} MB ({size / count:.0f} bytes a line); "
              f"goal for 87,600 lines: 150 MB, here {size / count * 87_600 / 1e6:.1f} MB")
        seconds, done = best([args.binary, "history", history, "@brand3"])
        print(f"history FILE @brand3: {seconds:.2f} s for {len(done.stdout.splitlines()):,} runs (goal 2 s)")
        seconds, _ = best([args.binary, "history", history, "--csv"])
        print(f"history FILE --csv (every query): {seconds:.2f} s")
        copy = os.path.join(folder, "append.jsonl")
        timings = []
        for _ in range(3):
            with open(history, "rb") as source, open(copy, "wb") as target:
                target.write(source.read())
            seconds, done = best(
                [args.binary, "--input", "posts.csv", "--history", copy], runs=1, folder=folder)
            timings.append(seconds)
        print(f"--input posts.csv --history FILE (reads, judges, appends): {min(timings):.2f} s; "
              f"it printed: {done.stdout.decode().strip().splitlines()[-1]}")


if __name__ == "__main__":
    main()
