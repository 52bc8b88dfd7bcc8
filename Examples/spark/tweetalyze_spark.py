#!/usr/bin/env python3
"""Annotate a tweet archive, or train a model, with tweetalyze on Apache Spark.

The tweetalyze binary is shipped to the executors (SparkContext.addFile, or
spark-submit --files) and every partition is piped through it with RDD.pipe:

  annotate ARCHIVE OUT_DIR   each line of the JSONL archive through
                             `tweetalyze classify --archive`; writes JSONL
                             part files in input order
  train DATA.csv OUT.json    each partition of a labeled CSV (one row a line,
                             the header in every partition) through
                             `tweetalyze train - --out -`; the partial models
                             are merged with `tweetalyze merge`

Usage (see docs/spark.md):
  spark-submit --master local[2] Examples/spark/tweetalyze_spark.py \
      --binary .build/release/tweetalyze annotate archive.jsonl out/
"""
import argparse
import os
import subprocess
import sys
import tempfile

from pyspark import SparkContext, SparkFiles


def binary_on_executors(sc, binary):
    """Ships the binary; returns the path executors run it by. RDD.pipe gives
    the child an empty environment, so the path must not need PATH: in local
    mode the executors share the driver's SparkFiles directory; on a cluster
    the file lands in each executor's working directory."""
    name = os.path.basename(binary)
    sc.addFile(os.path.abspath(binary))
    if sc.master.startswith("local"):
        return SparkFiles.get(name)
    return "./" + name


def annotate(sc, args):
    tweetalyze = binary_on_executors(sc, args.binary)
    command = f"{tweetalyze} classify --archive --jobs {args.jobs}"
    if args.model:
        sc.addFile(os.path.abspath(args.model))
        model = SparkFiles.get(os.path.basename(args.model)) if sc.master.startswith("local") \
            else "./" + os.path.basename(args.model)
        command += f" --model {model}"
    lines = sc.textFile(args.archive, minPartitions=args.partitions)
    lines.pipe(command, checkCode=True).saveAsTextFile(args.out)


def train(sc, args):
    tweetalyze = binary_on_executors(sc, args.binary)
    lines = sc.textFile(args.data, minPartitions=args.partitions)
    header = lines.first()

    def with_header(index, rows):
        # The first partition starts with the header already.
        if index > 0:
            yield header
        yield from rows

    command = f"{tweetalyze} train - --out - --quiet --jobs {args.jobs}"
    models = lines.mapPartitionsWithIndex(with_header).pipe(command, checkCode=True).collect()
    with tempfile.TemporaryDirectory() as directory:
        paths = []
        for index, model in enumerate(models):
            path = os.path.join(directory, f"part-{index:05d}.json")
            with open(path, "w", encoding="utf-8") as file:
                file.write(model + "\n")
            paths.append(path)
        if len(paths) == 1:
            # One partition: its model is the model.
            with open(args.out, "w", encoding="utf-8") as file:
                file.write(models[0] + "\n")
            return
        subprocess.run([args.binary, "merge", *paths, "--out", args.out, "--quiet"], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="tweetalyze",
                        help="the tweetalyze binary to ship (a static build runs anywhere)")
    parser.add_argument("--partitions", type=int, default=None,
                        help="the least number of partitions (default: Spark's)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="tweetalyze's --jobs in each task (default 1: Spark runs a task a core)")
    commands = parser.add_subparsers(dest="command", required=True)
    a = commands.add_parser("annotate", help="classify every tweet of a JSONL archive")
    a.add_argument("archive")
    a.add_argument("out", help="a directory for the JSONL part files")
    a.add_argument("--model", help="a model file (default: the built-in model)")
    t = commands.add_parser("train", help="train on a labeled CSV, one row a line")
    t.add_argument("data")
    t.add_argument("out", help="the merged model file")
    args = parser.parse_args()
    sc = SparkContext.getOrCreate()
    sc.setLogLevel("ERROR")
    try:
        (annotate if args.command == "annotate" else train)(sc, args)
    finally:
        sc.stop()


if __name__ == "__main__":
    sys.exit(main())
