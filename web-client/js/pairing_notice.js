// The `pairing` message (protocol/PROTOCOL.md, "The `pairing` message"): a
// ladder or event game was made for this player. Wherever they are in the app,
// a notice under the header says so, with a link to the game (they are seated
// already) and to the ladder or event; it stays until dismissed or followed.
import { h } from './ui.js';
import { beep } from './alerts.js';
import { pairingNotice } from './competition.js';

/** Shows the notice of a `pairing` message (once per room), unless this page is that game. */
export function showPairing(m) {
  if (new URLSearchParams(location.search).get('room') === m.room) return;
  const notice = pairingNotice(m);
  let area = document.getElementById('pairings');
  if (!area) {
    area = h('div', { class: 'pairing-notices', id: 'pairings', role: 'status', 'aria-live': 'polite' });
    document.querySelector('header.top').after(area);
  }
  for (const old of area.querySelectorAll('.pairing')) if (old.dataset.room === m.room) old.remove();
  const item = h('div', { class: 'pairing', 'data-room': m.room, 'data-source': m.source ? m.source.kind : '' },
    h('span', { class: 'text' }, notice.text),
    h('a', { class: 'pairing-go', href: notice.href }, 'Go to the game'),
    h('a', { class: 'pairing-page', href: notice.page }, m.source && m.source.kind === 'event' ? 'The event' : 'The ladder'),
    h('button', { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss', onclick: () => item.remove() }, '×'));
  area.append(item);
  beep();
}
