// Telling a player that the decision is theirs: a short beep made with
// WebAudio (no sound file) and, while the tab is hidden, a mark in its title.
// Browsers start audio only after the user has touched the page, so the audio
// context is made (or resumed) on the first click or key press.

let context = null;

function audioContext() {
  if (context) return context;
  const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Context) return null;
  try { context = new Context(); } catch { context = null; }
  return context;
}

function unlock() {
  const ctx = audioContext();
  if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
}

if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, unlock, { capture: true, passive: true });
}

/** A short two-note beep; nothing if the page may not play sound (yet). */
export function beep() {
  const ctx = context;  // made by the user's first gesture: never start one here
  if (!ctx || ctx.state !== 'running') return;
  const start = ctx.currentTime;
  const gain = ctx.createGain();
  gain.connect(ctx.destination);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  for (const [frequency, at] of [[660, 0], [880, 0.09]]) {
    const tone = ctx.createOscillator();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(frequency, start + at);
    tone.connect(gain);
    tone.start(start + at);
    tone.stop(start + at + 0.16);
  }
}

export const TURN_TITLE = '● Your turn — GIPF Arena';

/**
 * The page title: the alert while the tab is hidden and the decision is the
 * player's, else the page's own.
 * @param {string} title the page's own title
 * @param {boolean} yourTurn
 * @param {boolean} hidden document.hidden
 */
export function pageTitle(title, yourTurn, hidden) {
  return yourTurn && hidden ? TURN_TITLE : title;
}
