#!/usr/bin/env python3
"""Plays and checks GIPF Arena games through the compose site's proxy (scripts/compose-check.sh).

  play PORT --stop 'docker-compose -p P -f F stop' [--stop-at-ply 8] [--seed N]
      two guests play GIPF basic, random legal actions; at --stop-at-ply the game's node
      (/api/games/ID "node") is stopped by the --stop command (+ the node's name) while they play on,
      reconnecting after a close and resyncing. Prints figures, then one JSON line; exit 1 on a failure.
  game PORT ID PLIES   the game is finished, with PLIES plies (after down/up)
  origin PORT          the page and its WebSocket work opened as http://127.0.0.1:PORT/ and
                       http://localhost:PORT/; a foreign page's WebSocket is refused
Standard library only: a minimal RFC 6455 client (masked text frames out; text, close, ping in).
"""
import base64, hashlib, json, os, random, shlex, socket, struct, subprocess, sys, threading, time
import urllib.request

PACE = 0.15        # seconds per action
PACE_STOPPING = 0.5  # from the stop command to the first close: the game must still run when SIGTERM lands


class Closed(Exception):
    pass


class WS:
    def __init__(self, port, host_name, origin):
        # 127.0.0.1 on the wire; Host and Origin are what a browser sends for a page from host_name.
        self.sock, key, self.buf = socket.create_connection(("127.0.0.1", port), 5), base64.b64encode(os.urandom(16)).decode(), b""
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {host_name}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Closed("no handshake answer")
            self.buf += chunk
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").lower().split("\r\n")
        if lines[0].split()[1] != "101":
            raise Closed(f"handshake refused: {lines[0]} {self.buf[:200]!r}")
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
        if "sec-websocket-accept: " + accept.decode().lower() not in lines:
            raise Closed("bad Sec-WebSocket-Accept")

    def _frame(self, opcode, payload):
        n, mask = len(payload), os.urandom(4)  # a client's frames are always masked
        size = bytes([0x80 | n]) if n < 126 else struct.pack("!BH", 0xFE, n) if n < 65536 else struct.pack("!BQ", 0xFF, n)
        self.sock.sendall(bytes([0x80 | opcode]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send(self, msg):
        self._frame(0x1, json.dumps(msg).encode())

    def _exact(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)  # socket.timeout goes to the caller, which polls
            if not chunk:
                raise Closed("connection lost without a close frame")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next text message, decoded; Closed(code) for a close frame."""
        message = b""
        while True:
            b0, b1 = self._exact(2)
            n = {126: lambda: struct.unpack("!H", self._exact(2))[0],
                 127: lambda: struct.unpack("!Q", self._exact(8))[0]}.get(b1 & 0x7F, lambda: b1 & 0x7F)()
            payload, opcode = self._exact(n), b0 & 0x0F
            if opcode == 0x8:
                raise Closed(struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005)
            if opcode == 0x9:
                self._frame(0xA, payload)
            elif opcode in (0x0, 0x1):  # Beast may fragment a long message
                message += payload
                if b0 & 0x80:
                    return json.loads(message)


def http_json(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
        return json.load(r)


class Player(threading.Thread):
    def __init__(self, name, port, rng, shared):
        super().__init__(daemon=True)
        self.name, self.port, self.rng, self.shared = name, port, rng, shared
        self.token, self.room, self.seq, self.done, self.ws, self.reconnects = None, None, 0, False, None, 0
        self.sent, self.chosen, self.acked, self.closes, self.errors = {}, {}, [], [], []

    def connect(self):
        self.ws = WS(self.port, "127.0.0.1", f"http://127.0.0.1:{self.port}")
        self.ws.send({"type": "hello", "protocol": 1, "id": "hello", **({"token": self.token} if self.token else {})})

    def wait_for(self, kind):  # the setup, before the thread runs
        while (m := self.ws.recv())["type"] != kind:
            self.handle(m)
        self.handle(m)
        return m

    def resync(self):
        self.ws.send({"type": "resync", "room": self.room, "since": self.seq})

    def handle(self, m):
        t = m["type"]
        if t == "welcome":
            self.token = self.token or m["token"]
        elif t in ("event", "room"):
            self.seq = max(self.seq, m["seq"])
            self.done = self.done or m["status"] in ("finished", "cancelled")
        elif t == "ack" and m.get("id") in self.sent:
            self.acked.append((*self.sent.pop(m["id"]), time.monotonic()))
        elif t == "legal" and not self.done:
            self.shared["hold"].wait()  # set but while the node to stop is read
            time.sleep(self.shared["pace"])
            if m["ply"] >= 400:  # a random game that would not end: a resignation ends it normally too
                return self.ws.send({"type": "resign", "room": self.room})
            # After a resync, a ply sent before gets the same action: a duplicate ack, never a second move.
            action = self.chosen.setdefault(m["ply"], self.rng.choice(m["actions"]))
            rid = f"{self.name}-{m['ply']}-{len(self.sent) + len(self.acked)}"
            self.sent[rid] = (m["ply"], action)
            self.ws.send({"type": "action", "room": self.room, "ply": m["ply"], "action": action, "id": rid})
        elif t == "error":
            self.errors.append(m["code"])
            if m["code"] in ("node_timeout", "internal"):  # it may have been stored, or the room moved: look
                self.resync()

    def run(self):
        quiet = 0
        while not self.done and time.monotonic() < self.shared["deadline"]:
            try:
                if self.ws is None:
                    self.connect()
                    self.reconnects += 1
                    self.resync()
                self.ws.sock.settimeout(1.0)
                self.handle(self.ws.recv())
                quiet = 0
            except socket.timeout:
                if (quiet := quiet + 1) >= 10:  # nothing for 10 s: ask the room where it stands
                    self.resync()
                    quiet = 0
            except (Closed, OSError) as e:
                if self.ws is not None:  # a close code, or how the connection was lost
                    self.closes.append((time.monotonic(), e.args[0] if isinstance(e, Closed) else str(e)))
                    self.shared["pace"] = PACE
                self.ws = None
                time.sleep(0.5)  # the web client's first delay


def ms(times, since):
    return f"{round((times[0] - since) * 1000)} ms" if times else "-"


def play(port, stop_cmd, stop_at, seed):
    rng, fails = random.Random(seed), []
    shared = {"hold": threading.Event(), "deadline": time.monotonic() + 240, "pace": PACE}
    shared["hold"].set()
    white, black = Player("white", port, rng, shared), Player("black", port, rng, shared)
    white.connect()
    white.ws.send({"type": "create_room", "game": "gipf", "variant": "basic", "color": "white", "id": "c"})
    white.room = black.room = white.wait_for("room_created")["room"]
    black.connect()
    black.ws.send({"type": "join_room", "room": white.room, "id": "j"})
    black.wait_for("room")
    white.start(), black.start()
    while len(white.acked) + len(black.acked) < stop_at and time.monotonic() < shared["deadline"]:
        time.sleep(0.05)
    shared["hold"].clear()
    node = http_json(port, f"/api/games/{white.room}").get("node")
    if not node:
        sys.exit(f"the game has no node after {stop_at} plies: {http_json(port, f'/api/games/{white.room}')}")
    t_stop, shared["pace"] = time.monotonic(), PACE_STOPPING
    stopper = subprocess.Popen(shlex.split(stop_cmd) + [node], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    shared["hold"].set()
    stop_err = stopper.communicate(timeout=60)[1].decode().strip()
    t_stopped = time.monotonic()
    for p in (white, black):
        p.join(max(1, shared["deadline"] - time.monotonic()))
    game = http_json(port, f"/api/games/{white.room}")
    acked = sorted(white.acked + black.acked)
    closes = sorted((t, p.name, c) for p in (white, black) for t, c in p.closes if t > t_stop)
    # A drain releases the node's leases before it closes its connections with 1012: an action
    # accepted after the first such close was accepted by the node that took the room over.
    t_close = next((t for t, _, c in closes if c == 1012), None)
    after = [t for _, _, t in acked if t_close and t > t_close]
    stored = {(s["ply"], s["action"]) for s in game["steps"]}
    if stopper.returncode != 0:
        fails.append(f"stopping {node} failed: {stop_err}")
    if not (white.done and black.done) or game["status"] != "finished" or not game.get("result"):
        fails.append(f"the game did not finish: status {game['status']}, result {game.get('result')}")
    if t_close is None:
        fails.append(f"no connection was closed with 1012 when {node} stopped")
    elif not after:
        fails.append("no action was accepted after the node closed its connections: the stop fell after the game")
    if missing := [(ply, a) for ply, a, _ in acked if (ply, a) not in stored]:
        fails.append(f"acknowledged but not in /api/games/{white.room}: {missing}")
    print(f"  game {white.room}: {game['plies']} plies, result {game.get('result')} (seed {seed}); "
          f"{len(acked)} acknowledged actions checked stored, {len(after)} of them after the takeover")
    print(f"  {node} stopped after {stop_at} plies: first action accepted {ms(after, t_stop)} after the stop "
          f"command, {ms(after, t_close)} after the first 1012 close; the stop command took {t_stopped - t_stop:.1f} s")
    print(f"  closes (player, s after the stop, code): {[(n, round(t - t_stop, 2), c) for t, n, c in closes]}; "
          f"reconnects {white.reconnects + black.reconnects}; errors {white.errors + black.errors}")
    for failure in fails:
        print(f"  FAILED: {failure}")
    print(json.dumps({"game": white.room, "node": node, "plies": game["plies"], "fails": fails}))
    return not fails


def check_game(port, room, plies):
    game = http_json(port, f"/api/games/{room}")
    print(f"game {room}: status {game['status']}, {game['plies']} plies, {len(game['steps'])} steps")
    return game["status"] == "finished" and game["plies"] == plies == len(game["steps"])


def check_origins(port):
    ok = True
    for host in ("127.0.0.1", "localhost"):
        page = urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": f"{host}:{port}"}), timeout=5)
        try:
            ws = WS(port, host, f"http://{host}:{port}")
            ws.send({"type": "hello", "protocol": 1})
            answer = ws.recv()["type"]
        except (Closed, OSError) as e:
            answer = str(e)
        print(f"opened as http://{host}:{port}/: page {page.status}, WebSocket hello -> {answer}")
        ok = ok and page.status == 200 and answer == "welcome"
    try:  # the rule must still refuse other pages, or the two above prove nothing
        WS(port, "127.0.0.1", "http://evil.example")
        refused = "accepted"
    except Closed as e:
        refused = str(e)
    print(f"a page from http://evil.example: {refused}")
    return ok and " 403 " in refused


if __name__ == "__main__":
    a = sys.argv[1:]
    if len(a) >= 4 and a[0] == "play" and a[2] == "--stop":
        opts = dict(zip(a[4::2], a[5::2]))
        good = play(int(a[1]), a[3], int(opts.get("--stop-at-ply", 8)), int(opts.get("--seed", time.time_ns() % 10**6)))
    elif len(a) == 4 and a[0] == "game":
        good = check_game(int(a[1]), a[2], int(a[3]))
    elif len(a) == 2 and a[0] == "origin":
        good = check_origins(int(a[1]))
    else:
        sys.exit(__doc__)
    sys.exit(0 if good else 1)
