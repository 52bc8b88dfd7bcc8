#!/usr/bin/env python3
"""A scripted stand-in for the X API, for the end-to-end tests.

Usage: fake_x_api.py SCENARIO.json

SCENARIO is {"responses": [{"status": 200, "headers": {...}, "body": "..."}],
"log": "requests.jsonl"}. Each request gets the next response (then 500);
a response with "behavior": "endless" sends a body that never ends (no
Content-Length), "trickle" sends its body one byte per second;
each request's path and headers are appended to "log" as one JSON line.
Listens on 127.0.0.1 on a free port and prints the port on stdout.
"""
import http.server
import json
import sys
import threading
import time

with open(sys.argv[1], encoding="utf-8") as scenario_file:
    scenario = json.load(scenario_file)
responses = list(scenario.get("responses", []))
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        with lock:
            if scenario.get("log"):
                with open(scenario["log"], "a", encoding="utf-8") as log:
                    entry = {"path": self.path, "headers": dict(self.headers.items())}
                    log.write(json.dumps(entry) + "\n")
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
        if behavior == "trickle":
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                for index in range(len(body)):
                    self.wfile.write(body[index:index + 1])
                    self.wfile.flush()
                    time.sleep(1)
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

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass
