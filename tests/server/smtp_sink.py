#!/usr/bin/env python3
"""A local SMTP sink for the mail tests (Debian python3-aiosmtpd).

usage: smtp_sink.py PORT DIR

Listens on 127.0.0.1:PORT; writes each message it receives to DIR/N.json
(N from 1) with its envelope, headers and decoded text and HTML parts, then
DIR/ready once it listens. Runs until killed.
"""
import email
import email.policy
import json
import os
import sys
import threading

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        parts = {"text": "", "html": ""}
        for part in message.walk():
            kind = part.get_content_type()
            if kind == "text/plain":
                parts["text"] = part.get_content()
            elif kind == "text/html":
                parts["html"] = part.get_content()
        record = {
            "from": envelope.mail_from,
            "to": envelope.rcpt_tos,
            "subject": str(message["subject"]),
            "headers": {k.lower(): str(v) for k, v in message.items()},
            "text": parts["text"],
            "html": parts["html"],
        }
        with self.lock:
            self.count += 1
            name = os.path.join(self.directory, "%d.json" % self.count)
        with open(name + ".tmp", "w") as out:
            json.dump(record, out)
        os.rename(name + ".tmp", name)
        return "250 OK"


def main():
    port, directory = int(sys.argv[1]), sys.argv[2]
    controller = Controller(Sink(directory), hostname="127.0.0.1", port=port)
    controller.start()
    open(os.path.join(directory, "ready"), "w").close()
    threading.Event().wait()


if __name__ == "__main__":
    main()
