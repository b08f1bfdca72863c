// The analysis board's box to start again (#44): a position's text opens the
// board at that position; anything else is read by the server as a game's
// record (any format it reads), and the board opens at the record's start with
// its moves as the line shown.
import { h } from './ui.js';
import { games } from './games/index.js';
import { postJson } from './api.js';
import { AnalysisTree } from './analysis_tree.js';
import { addressLine, positionParam, positionFromParam, analysisPath, treeKey, loadTree, saveTree } from './analysis_store.js';

/** Whether a text is a position's (its first field a game's name), `_` read as spaces. */
export function looksLikePosition(text) {
  const [first] = positionFromParam(text).split(' ');
  return games.some((g) => g.name === first);
}

/**
 * The form to start from a position or a record.
 * @param {{game: string, variant: string, white_extra?: number, black_extra?: number}|null} here
 *   the page's game: what an official sheet (which names none) is read as
 * @param {string} [placeholder] the position shown now
 */
export function pasteForm(here, placeholder = '') {
  const input = h('textarea', { id: 'analysis-paste', rows: '2', spellcheck: 'false', 'aria-describedby': 'analysis-paste-hint', placeholder });
  const status = h('p', { id: 'analysis-paste-status', role: 'status', 'aria-live': 'polite' });
  const send = async () => {
    const text = positionFromParam(input.value);
    status.dataset.code = '';
    if (!text) return;
    if (!looksLikePosition(text)) return openRecord(input.value, here, status);
    status.textContent = 'Reading the position…';
    try {
      const answer = await postJson('/api/analysis', { position: text });
      location.assign(`${analysisPath(answer.options)}?${new URLSearchParams({ position: positionParam(answer.start) })}`);
    } catch (error) {
      status.dataset.code = error.code;
      status.textContent = error.message;
    }
  };
  return h('form', { id: 'analysis-paste-form', class: 'analysis-paste', onsubmit: (event) => { event.preventDefault(); send(); } },
    h('label', { for: 'analysis-paste' }, 'Start from a position or a record'),
    input,
    h('p', { class: 'hint', id: 'analysis-paste-hint' },
      'A position\'s text, as "Position:" shows it (links write _ for the spaces), or a game\'s record: the arena\'s, a boardspace.net SGF file, or the official notation (of this page\'s game). To keep a game, ',
      h('a', { href: '/import' }, 'bring it in'), '.'),
    h('button', { type: 'submit', id: 'analysis-paste-send' }, 'Analyse'),
    status);
}

/**
 * A pasted record: the server reads it, and the board opens at its start with
 * the record's moves as the line shown. An official sheet names no game: it
 * is read as `here`'s game.
 */
async function openRecord(text, here, status) {
  status.textContent = 'Reading the record…';
  let answer;
  try {
    try {
      answer = await postJson('/api/analysis', { record: text });
    } catch (error) {
      if (error.code !== 'bad_record' || !here) throw error;
      answer = await postJson('/api/analysis', { record: text, game: here.game, variant: here.variant,
        ...(here.white_extra ? { white_extra: here.white_extra } : {}), ...(here.black_extra ? { black_extra: here.black_extra } : {}) });
    }
  } catch (error) {
    status.dataset.code = error.code || 'bad_record';
    const where = error.body && error.body.error ? error.body.error : {};
    status.textContent = where.move ? `Move ${where.move}${where.step ? ` (${where.step})` : ''}: ${error.message}` : error.message;
    return;
  }
  const params = new URLSearchParams({ position: positionParam(answer.start) });
  const line = addressLine(answer.record_line);
  if (answer.record_line.length && line !== null) params.set('line', line);
  else if (answer.record_line.length) {
    // too long for an address: the kept tree says where the board opens
    const key = treeKey({ start: answer.start });
    const tree = loadTree(globalThis.localStorage, key) || new AnalysisTree();
    tree.go(tree.addLine(answer.record_line));
    saveTree(globalThis.localStorage, key, tree);
  }
  location.assign(`${analysisPath(answer.options)}?${params}`);
}
