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

/**
 * The protocol's silence limits: ping after 2 s, lost after 5 s (the page says
 * "reconnecting" and sends nothing more), given up after 15 s (the socket is
 * closed and a new one opened). Between the two a late answer (a server slowed
 * down, not gone) brings the connection back without a reconnect.
 */
export const PING_AFTER_MS = 2000;
export const LOST_AFTER_MS = 5000;
export const GIVE_UP_AFTER_MS = 15000;

export class Heartbeat {
  constructor({ pingAfter = PING_AFTER_MS, lostAfter = LOST_AFTER_MS, giveUpAfter = GIVE_UP_AFTER_MS } = {}) {
    this.pingAfter = pingAfter;
    this.lostAfter = lostAfter;
    this.giveUpAfter = giveUpAfter;
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
   * What to do at `now`: 'give-up' (close and reconnect), 'lost' (say so,
   * wait for a late answer), 'ping' (send one, then call pinged), or null.
   * @param {number} now
   * @returns {'ping'|'lost'|'give-up'|null}
   */
  due(now) {
    if (this.lastHeard === null) return null;
    const silent = now - this.lastHeard;
    const askedFor = this.askedAt === null ? -1 : now - this.askedAt;
    if (silent >= this.giveUpAfter && askedFor >= this.giveUpAfter - this.pingAfter) return 'give-up';
    if (silent >= this.lostAfter && askedFor >= this.lostAfter - this.pingAfter) return 'lost';
    const pingedLately = this.pingedAt !== null && now - this.pingedAt < this.pingAfter;
    if (silent >= this.pingAfter && !pingedLately) return 'ping';
    return null;
  }
}
