// When a quiet connection must be asked whether it is still there, and when it
// is taken for lost: the timing alone, with the clock passed in (milliseconds),
// so that connection.js keeps the socket and this keeps the arithmetic.
//
// After `start`, every message heard resets the silence. Once nothing was heard
// for `pingAfter` ms a ping is due (and again every `pingAfter` ms while the
// silence lasts); once nothing was heard for `lostAfter` ms the connection is
// lost, but only when the first ping of that silence went out at least
// `lostAfter - pingAfter` ms before:
// a timer that a background tab delayed for a minute first asks, rather than
// give up on a connection it never asked.

/** The protocol's silence limits: ping after 2 s, lost after 5 s. */
export const PING_AFTER_MS = 2000;
export const LOST_AFTER_MS = 5000;

export class Heartbeat {
  constructor({ pingAfter = PING_AFTER_MS, lostAfter = LOST_AFTER_MS } = {}) {
    this.pingAfter = pingAfter;
    this.lostAfter = lostAfter;
    this.lastHeard = null;  // null until start: nothing is due
    this.askedAt = null;    // the first ping since the last message heard
    this.pingedAt = null;   // the last one
  }

  /** The connection is up (its welcome came) at `now`. */
  start(now) {
    this.lastHeard = now;
    this.askedAt = this.pingedAt = null;
  }

  /** The connection is down or closed on purpose: nothing is due until the next start. */
  stop() {
    this.lastHeard = null;
    this.askedAt = this.pingedAt = null;
  }

  /** A message (any message) arrived at `now`. */
  heard(now) {
    if (this.lastHeard === null) return;
    this.lastHeard = now;
    this.askedAt = this.pingedAt = null;
  }

  /** A ping was sent at `now`. */
  pinged(now) {
    this.askedAt ??= now;
    this.pingedAt = now;
  }

  /**
   * What to do at `now`: 'lost' (close and reconnect), 'ping' (send one, then
   * call pinged), or null.
   * @param {number} now
   * @returns {'ping'|'lost'|null}
   */
  due(now) {
    if (this.lastHeard === null) return null;
    const silent = now - this.lastHeard;
    const asked = this.askedAt !== null && now - this.askedAt >= this.lostAfter - this.pingAfter;
    if (silent >= this.lostAfter && asked) return 'lost';
    const pingedLately = this.pingedAt !== null && now - this.pingedAt < this.pingAfter;
    if (silent >= this.pingAfter && !pingedLately) return 'ping';
    return null;
  }
}
