#!/usr/bin/env python3
"""A reference bot for GIPF Arena's bot and board API (protocol/PROTOCOL.md,
"Bot and board API"), with `gipf-engine bot` as its brain. Python's standard
library only: copy it and put your own engine in `choose()`.

  bot_client.py --server http://localhost:8080 --token gat_... [--accept]
                [--challenge NAME | --computer LEVEL] [--game yinsh] [--variant normal]
                [--games N] [--level 2] [--engine gipf-engine]

It listens to /api/stream/event, accepts challenges (--accept), or makes one
(--challenge a player, --computer the site's computer of a level), plays
every game that starts on its own stream, and stops after --games games.
A stream that ends (a server draining) is opened again; so is a game's.
"""
import argparse
import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request


class Api:
    def __init__(self, server, token):
        self.server = server.rstrip("/")
        self.headers = {"Authorization": "Bearer " + token}

    def post(self, path, body=None, retry=True):
        """Status and answer; `retry`: send again when the connection failed
        (never for an action: it may have been played, and the game's stream
        says whether it was)."""
        data = json.dumps(body).encode() if body is not None else b""
        headers = dict(self.headers, **({"Content-Type": "application/json"} if body is not None else {}))
        request = urllib.request.Request(self.server + path, data=data, headers=headers, method="POST")
        for attempt in range(20):
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    return answer.status, json.loads(answer.read() or b"{}")
            except urllib.error.HTTPError as e:
                if e.code == 429:  # the token's rate: wait as told
                    time.sleep(float(e.headers.get("Retry-After", "1")))
                    continue
                return e.code, json.loads(e.read() or b"{}")
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if not retry:
                    return 0, {}
                time.sleep(min(0.5 * 2 ** attempt, 5))  # a node going away: try again
        return 0, {}

    def stream(self, path):
        """The lines of a stream, as objects; ends when the server ends it."""
        request = urllib.request.Request(self.server + path, headers=self.headers)
        with urllib.request.urlopen(request, timeout=60) as answer:
            yield {"type": "open"}  # the head came: the stream is open
            for raw in answer:
                if raw.strip():  # an empty line keeps the stream alive
                    yield json.loads(raw)


def choose(engine, level, options, actions):
    """The action to play: `gipf-engine bot` after the game's chosen actions."""
    spec = options["game"] + ":" + options["variant"]
    extra = []
    for side in ("white_extra", "black_extra"):
        if options.get(side):
            extra += ["--" + side.replace("_", "-"), str(options[side])]
    command = [engine, "bot", spec, *extra, "--level", str(level), "--time-ms", "2000", *actions]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip()


class Bot:
    def __init__(self, args):
        self.args = args
        self.api = Api(args.server, args.token)
        self.playing = set()
        self.finished = 0
        self.done = threading.Event()
        self.lock = threading.Lock()

    def log(self, *words):
        print(*words, file=sys.stderr, flush=True)

    def on_event(self, line):
        kind = line["type"]
        if kind == "challenge" and line["challenge"]["direction"] == "in":
            c = line["challenge"]
            verb = "accept" if self.args.accept else "decline"
            status, _ = self.api.post("/api/challenge/%s/%s" % (c["id"], verb), None if self.args.accept else {"reason": "later"})
            self.log("challenge", c["id"], "from", c["challenger"]["name"], verb, status)
        elif kind == "gameStart":
            game_id = line["game"]["id"]
            with self.lock:
                if game_id in self.playing:
                    return
                self.playing.add(game_id)
            threading.Thread(target=self.play, args=(game_id,), daemon=True).start()

    def play(self, game_id):
        over = False
        while not over:
            actions, options, you = [], None, None
            try:
                for line in self.api.stream("/api/bot/game/stream/" + game_id):
                    if line["type"] == "gameFull":
                        options, you = line["options"], line["you"]
                        actions = [s["action"] for s in line["steps"] if not s["automatic"]]
                        state = line["state"]
                    elif line["type"] == "gameState":
                        actions += [s["action"] for s in line["steps"] if not s["automatic"]]
                        state = line
                    else:
                        continue
                    if state["status"] in ("finished", "cancelled"):
                        self.log("game", game_id, "over:", json.dumps(state["result"]))
                        over = True
                        break
                    if "legal" in state:  # our decision
                        action = choose(self.args.engine, self.args.level, options, actions)
                        path = "/api/bot/game/%s/action/%s" % (game_id, urllib.parse.quote(action, safe=""))
                        status, answer = self.api.post(path, retry=False)
                        if status != 200:
                            self.log("game", game_id, "action", action, "refused:", json.dumps(answer))
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as e:
                self.log("game", game_id, "stream lost:", e)
                time.sleep(0.5)  # opened again: gameFull says where the game stands
        with self.lock:
            self.playing.discard(game_id)
            self.finished += 1
            if self.finished >= self.args.games:
                self.done.set()

    def challenge(self):
        body = {"game": self.args.game, "variant": self.args.variant, "color": "random"}
        if self.args.computer:
            body["level"] = self.args.computer
            status, answer = self.api.post("/api/challenge/ai", body)
        else:
            status, answer = self.api.post("/api/challenge/" + self.args.challenge, body)
        self.log("challenge sent:", status, json.dumps(answer))

    def listen(self):
        challenged = False
        while not self.done.is_set():
            try:
                for line in self.api.stream("/api/stream/event"):
                    if line["type"] == "open":
                        if not challenged and (self.args.challenge or self.args.computer):
                            challenged = True  # once the stream is open: its gameStart cannot be missed
                            self.challenge()
                        continue
                    self.on_event(line)
                    if self.done.is_set():
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as e:
                self.log("event stream lost:", e)
            time.sleep(0.5)

    def run(self):
        threading.Thread(target=self.listen, daemon=True).start()
        self.done.wait()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--server", default="http://localhost:8080")
    p.add_argument("--token", required=True)
    p.add_argument("--engine", default="gipf-engine")
    p.add_argument("--level", type=int, default=2, help="gipf-engine bot's level, 1..6")
    p.add_argument("--accept", action="store_true", help="accept the challenges that come (else decline them)")
    p.add_argument("--challenge", help="challenge this player")
    p.add_argument("--computer", type=int, help="play the site's computer of this level")
    p.add_argument("--game", default="yinsh")
    p.add_argument("--variant", default="normal")
    p.add_argument("--games", type=int, default=1, help="stop after this many games")
    Bot(p.parse_args()).run()


if __name__ == "__main__":
    main()
