// Premoves and conditional lines (#46), the reader's own: what the server
// keeps for them and the forms that change it. A premove (games that are not
// correspondence) is one action in the notation of the move list, played by
// the server as soon as the decision is the player's, if legal then; a
// conditional line (correspondence games) is pairs "if they play X, I play Y",
// each a whole turn (actions joined by ';'), checked by the server when set.
// The server answers every change with a `plan` message (room_state.js).
import { h } from './ui.js';
import { planKind } from './room_state.js';

/**
 * The premove line under the status: the premove kept (with its cancel), or
 * the form that sets one once `open` (the ⇥ button of the controls opened it).
 * @param {object} room the room state
 * @param {boolean} open
 * @param {(type: string, fields: object) => void} command
 * @param {object} [keep] where the inputs are kept across redraws (what is typed stays)
 * @returns {HTMLElement|null}
 */
export function premoveLine(room, open, command, keep = {}) {
  if (room.you === 'spectator' || room.status !== 'live') return null;
  if (room.premove) {
    return h('p', { class: 'plan premove', id: 'premove' }, 'Premove: ', h('strong', { id: 'premove-action' }, room.premove), ' ',
      h('button', { type: 'button', class: 'link', id: 'premove-cancel', onclick: () => command('premove', { action: null }) }, 'Cancel'));
  }
  if (!open || planKind(room) !== 'premove') return null;
  const input = keep.premove ||= h('input', { id: 'premove-input', 'aria-label': 'Premove', placeholder: 'e.g. e3 or e1-e3', autocomplete: 'off', spellcheck: 'false', size: 12 });
  const set = (e) => {
    e.preventDefault();
    const action = input.value.trim();
    if (action) { command('premove', { action }); input.value = ''; }
  };
  return h('form', { class: 'plan premove', id: 'premove-form', onsubmit: set },
    h('label', { for: 'premove-input' }, 'Premove '), input, ' ', h('button', { type: 'submit', id: 'premove-set' }, 'Set'));
}

/** Whether the controls offer the premove button (⇥). */
export function canPremove(room) {
  return planKind(room) === 'premove' && !room.premove;
}

/**
 * The conditional line of a correspondence game, folded: its pairs, the form
 * that adds one, and Clear.
 * @param {object} room the room state
 * @param {boolean} open whether the reader unfolded it (kept across redraws)
 * @param {(type: string, fields: object) => void} command
 * @param {(open: boolean) => void} toggled
 * @param {object} [keep] where the inputs are kept across redraws (what is typed stays)
 * @returns {HTMLElement|null}
 */
export function conditionalPanel(room, open, command, toggled, keep = {}) {
  if (room.you === 'spectator' || room.status !== 'live' || !room.clock || room.clock.kind !== 'correspondence') return null;
  const line = room.conditional ?? [];
  const pairs = [];
  for (let i = 0; i + 1 < line.length; i += 2) {
    pairs.push(h('li', { 'data-key': `cond-${i}` }, 'If they play ', h('strong', {}, line[i]), ', you play ', h('strong', {}, line[i + 1]), '.'));
  }
  const canAdd = planKind(room) === 'conditional' && line.length < 16;
  const theirs = keep.theirs ||= h('input', { id: 'cond-theirs', 'aria-label': 'If they play', placeholder: 'their turn', autocomplete: 'off', spellcheck: 'false', size: 10 });
  const yours = keep.yours ||= h('input', { id: 'cond-yours', 'aria-label': 'you play', placeholder: 'your answer', autocomplete: 'off', spellcheck: 'false', size: 10 });
  const add = (e) => {
    e.preventDefault();
    const x = theirs.value.trim();
    const y = yours.value.trim();
    if (x && y) { command('conditional', { line: [...line, x, y] }); theirs.value = ''; yours.value = ''; }
  };
  return h('details', { class: 'panel plan conditional', id: 'conditional', open: open || line.length > 0 ? '' : null,
    ontoggle: (e) => toggled(e.target.open) },
    h('summary', {}, line.length ? `Conditional moves (${line.length / 2})` : 'Conditional moves'),
    h('p', { class: 'hint' }, 'Answer their next turns while you are away. A turn is its actions joined by ";" as in the move list; another move of theirs drops the line.'),
    pairs.length ? h('ol', { id: 'cond-list' }, pairs) : null,
    canAdd ? h('form', { id: 'cond-form', onsubmit: add }, 'If they play ', theirs, ' you play ', yours, ' ', h('button', { type: 'submit', id: 'cond-add' }, 'Add')) : null,
    line.length ? h('button', { type: 'button', id: 'cond-clear', onclick: () => command('conditional', { line: [] }) }, 'Clear the line') : null);
}
