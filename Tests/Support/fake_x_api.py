#!/usr/bin/env python3
"""A scripted stand-in for the X API, for the end-to-end tests.

Usage: fake_x_api.py SCENARIO.json

SCENARIO is {"responses": [{"status": 200, "headers": {...}, "body": "..."}],
"log": "requests.jsonl"}. Each request gets the next response (then 500);
a response with "behavior": "endless" sends a body that never ends (no
Content-Length), "trickle" sends its body one byte per second (or per "interval" seconds), "gzip-bomb"
sends a gzip body of about 200 KB that inflates to "inflated" bytes (default
200 MiB: '{"data":[' and spaces) with Content-Encoding: gzip, "content-length" sends its body under the
Content-Length header "length" (any text, such as 9223372036854775807);
each request's path and headers (and a POST's method and body) are appended
to "log" as one JSON line.

With "generate": {"pages": P, "per_page": N, "fail_every": K} instead of
"responses", the pages are made up: page i (0-based, chosen by the request's
next_token, none for the first) holds N tweets with distinct ids and a
next_token to page i + 1 (none on the last page); every K-th request (K, 2K,
...) answers 503 instead, so the client's retry gets the page (0: never); with
"padding": B each page also holds a member "padding" of B spaces, which no
reader reads.

The server stops by itself after "lifetime" seconds (default 600).
Listens on 127.0.0.1 on a free port and prints the port on stdout.
"""
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse
import zlib

with open(sys.argv[1], encoding="utf-8") as scenario_file:
    scenario = json.load(scenario_file)
responses = list(scenario.get("responses", []))
generate = scenario.get("generate")
lock = threading.Lock()
requests_seen = 0

# A few words of each mood, so that generated tweets get different labels.
WORDS = [
    "love this great phone", "awful update, I hate it", "the keynote is at ten",
    "best battery ever", "worst support, so slow", "new release notes today",
    "happy with the camera", "broken again, terrible",
]


def generated_response(path, number):
    """The response to request `number` (1-based) for `path`."""
    every = generate.get("fail_every", 0)
    if every and number % every == 0:
        return {"status": 503, "body": '{"title":"Service Unavailable","status":503}'}
    pages = generate.get("pages", 1)
    per_page = generate.get("per_page", 100)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)
    page = int(query.get("next_token", ["0"])[0])
    if not 0 <= page < pages:
        return {"status": 400, "body": '{"title":"Invalid Request","detail":"bad next_token"}'}
    tweets = []
    for index in range(per_page):
        serial = page * per_page + index
        tweets.append({
            "id": str(1_000_000_000 + serial),
            "text": "%s #%d" % (WORDS[serial % len(WORDS)], serial),
        })
    meta = {"result_count": per_page, "newest_id": tweets[0]["id"], "oldest_id": tweets[-1]["id"]}
    if page + 1 < pages:
        meta["next_token"] = str(page + 1)
    page_json = {"data": tweets, "meta": meta}
    if generate.get("padding"):
        page_json["padding"] = " " * generate["padding"]
    return {"status": 200, "body": json.dumps(page_json)}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        global requests_seen
        sent_body = ""
        if self.command == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            sent_body = self.rfile.read(min(length, 1 << 20)).decode("utf-8", "replace")
        with lock:
            requests_seen += 1
            if scenario.get("log"):
                with open(scenario["log"], "a", encoding="utf-8") as log:
                    entry = {"path": self.path, "headers": dict(self.headers.items())}
                    if self.command == "POST":
                        entry["method"] = "POST"
                        entry["body"] = sent_body
                    log.write(json.dumps(entry) + "\n")
            if generate is not None:
                response = generated_response(self.path, requests_seen)
            else:
                response = responses.pop(0) if responses else {
                    "status": 500, "body": '{"title":"no more scripted responses"}'}
        body = response.get("body", "").encode("utf-8")
        behavior = response.get("behavior")
        self.send_response(response.get("status", 200))
        if behavior == "endless":
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            chunk = b'{"data":[' + b' ' * 65536
            try:
                while True:
                    self.wfile.write(chunk)
            except OSError:
                return
        if behavior == "gzip-bomb":
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            parts = [compressor.compress(b'{"data":[')]
            block = b" " * (1 << 20)
            for _ in range(response.get("inflated", 200 << 20) >> 20):
                parts.append(compressor.compress(block))
            parts.append(compressor.flush())
            bomb = b"".join(parts)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(bomb)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                self.wfile.write(bomb)
            except OSError:
                pass
            return
        if behavior == "content-length":
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(response.get("length", "0")))
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                self.wfile.write(body)
            except OSError:
                pass
            return
        if behavior == "trickle":
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                for index in range(len(body)):
                    self.wfile.write(body[index:index + 1])
                    self.wfile.flush()
                    time.sleep(float(response.get("interval", 1)))
            except OSError:
                pass
            return
        headers = {"Content-Type": "application/json"}
        headers.update(response.get("headers", {}))
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    # Bluesky's login (com.atproto.server.createSession) is a POST; its
    # body is logged as "body" with "method": "POST".
    do_POST = do_GET

    def log_message(self, *args):
        pass


# Bounded: whoever started the server may forget to stop it.
stopper = threading.Timer(float(scenario.get("lifetime", 600)), lambda: os._exit(0))
stopper.daemon = True
stopper.start()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass
