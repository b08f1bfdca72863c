#!/usr/bin/env python3
"""A Swiss event of N players (default 1,000) through the public and admin API,
run by hand (README.md, "Benchmarks"; too slow for CI: every sign-up hashes a
password, about 0.1 s of CPU each).

    tests/bench/swiss_event_bench.py build/server/gipf-arena [players]

Starts gipf-arena on a fresh SQLite database in a temporary directory, makes
an admin with `gipf-arena admin add-account`, signs up N accounts, joins each
to a new auto_pair Swiss event of 3 rounds, starts it (round 1: N/2 games),
gives every game of round 1 a result through POST /api/admin/events/ID/result
and waits for round 2 to be paired by the server. Prints the time of each
step and exits 1 if a round is not what it should be.
"""
import concurrent.futures
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    def __init__(self, port):
        self.port = port

    def call(self, method, path, body=None, cookie=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        headers = {"Content-Type": "application/json"}
        if cookie:
            headers["Cookie"] = cookie
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        reply = conn.getresponse()
        data = reply.read()
        cookie_out = reply.getheader("Set-Cookie", "")
        conn.close()
        return reply.status, (json.loads(data) if data else None), cookie_out.split(";")[0]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "build/server/gipf-arena"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    work = tempfile.mkdtemp(prefix="swiss-bench-")
    db = os.path.join(work, "arena.db")
    subprocess.run([binary, "admin", "add-account", "boss", "--role", "admin", "--db", db],
                   input=b"boss password\n", check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--db", db, "--log-level", "warn",
                               "--max-new-players-per-address", str(players + 10)],
                              stdout=subprocess.DEVNULL)
    ok = True
    try:
        api = Client(port)
        for _ in range(100):
            try:
                api.call("GET", "/api/health")
                break
            except OSError:
                time.sleep(0.1)
        status, _, admin = api.call("POST", "/api/account/login", {"username": "boss", "password": "boss password"})
        assert status == 200, status
        status, created, _ = api.call("POST", "/api/admin/events",
                                      {"name": "Bench Swiss", "kind": "swiss", "game": "yinsh", "variant": "normal",
                                       "rounds": 3, "auto_pair": True}, admin)
        assert status == 201, created
        event = created["event"]["id"]

        def sign_up_and_join(i):
            name = "p%04d" % i
            status, body, cookie = api.call("POST", "/api/account/signup", {"username": name, "password": name + " password"})
            assert status == 201, (name, status, body)
            status, body, _ = api.call("POST", "/api/events/%d/join" % event, {}, cookie)
            assert status == 200, (name, status, body)

        started = time.time()
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            list(pool.map(sign_up_and_join, range(players)))
        print("%d sign-ups and joins: %.1f s" % (players, time.time() - started))

        started = time.time()
        status, body, _ = api.call("POST", "/api/admin/events/%d/start" % event, {}, admin)
        assert status == 200, body
        print("start (round 1 paired, its games created): %.2f s" % (time.time() - started))
        _, page, _ = api.call("GET", "/api/events/%d" % event)
        round1 = page["rounds"][0]["pairings"]
        games = [p for p in round1 if p["room"]]
        print("round 1: %d boards, %d games" % (len(round1), len(games)))
        ok &= len(games) == players // 2

        started = time.time()

        def result(i):
            p = games[i]
            status, body, _ = api.call("POST", "/api/admin/events/%d/result" % event,
                                       {"room": p["room"], "result": "1-0" if i % 3 else "0-1", "reason": "bench"}, admin)
            assert status == 200, body

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            list(pool.map(result, range(len(games))))
        for _ in range(1200):
            _, page, _ = api.call("GET", "/api/events/%d" % event)
            if page["event"]["current_round"] == 2:
                break
            time.sleep(0.5)
        print("round 1's results, round 2 paired: %.1f s" % (time.time() - started))
        rounds = page["rounds"]
        ok &= len(rounds) >= 2 and len([p for p in rounds[1]["pairings"] if p["room"]]) == players // 2
        print("round 2: %d boards" % (len(rounds[1]["pairings"]) if len(rounds) >= 2 else 0))
    finally:
        server.terminate()
        server.wait()
    print("ok" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
