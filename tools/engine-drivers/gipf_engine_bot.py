#!/usr/bin/env python3
"""An outside engine for `gipf-engine match` (bot/README.md, "Outside engines"):
any build of gipf-engine that has the one-shot `bot` command, asked once per
decision. It lets a match play today's levels against an older build's, e.g.

    gipf-engine match yinsh --white 6 \
        --black 'engine:python3 tools/engine-drivers/gipf_engine_bot.py /tmp/old/gipf-engine 6'

It is also the example of a driver: read a line, answer a line, flush.
"""
import subprocess
import sys
import zlib


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gipf_engine_bot.py GIPF_ENGINE_BINARY LEVEL")
    binary, level = sys.argv[1], sys.argv[2]
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            return
        if words[0] == "arena-engine":
            answer = f"ready {binary} bot --level {level}"
        elif words[0] == "go" and len(words) >= 2:
            seed = zlib.crc32(line.encode())  # varied, and the same for the same position
            run = subprocess.run([binary, "bot", words[1], "--level", level, "--seed", str(seed), *words[2:]],
                                 capture_output=True, text=True)
            if run.returncode == 0:
                answer = "action " + run.stdout.strip()
            else:
                answer = "error " + " ".join(run.stderr.split())
        else:
            answer = "error unknown request"
        print(answer, flush=True)


if __name__ == "__main__":
    main()
