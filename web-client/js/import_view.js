// Bringing a game in (#44): /import. A record in any format the arena reads
// (its own, the GIPF project's official notation, a boardspace.net SGF file)
// pasted or chosen as a file; the game and variant for an official sheet,
// which names none. The server replays it step by step: a refusal shows the
// move, the step and the reason, and nothing is stored; an accepted game
// opens in the replay (/?imported=ID).
import { h } from './ui.js';
import { games } from './games/index.js';

export class ImportView {
  constructor(root) {
    this.root = root;
    document.title = 'Bring a game in · GIPF Arena';
    this.record = h('textarea', { id: 'import-record', rows: '12', spellcheck: 'false', 'aria-describedby': 'import-hint',
      placeholder: '(;GM[24]SU[Yinsh]…)  or  [Game …] …  or  1.e3 …' });
    this.file = h('input', { type: 'file', id: 'import-file', accept: '.sgf,.txt,text/plain',
      onchange: () => this.readFile() });
    // every game and variant, as the game modules name them
    this.game = h('select', { id: 'import-game' }, games.flatMap((game) => game.variants.map((v) =>
      h('option', { value: `${game.name}:${v.name}` }, game.label({ game: game.name, variant: v.name }))))); 
    this.status = h('p', { id: 'import-status', role: 'status', 'aria-live': 'polite' });
    const form = h('form', { id: 'import-form', onsubmit: (event) => { event.preventDefault(); this.send(); } },
      h('label', { for: 'import-record' }, 'The record'),
      this.record,
      h('p', { class: 'hint', id: 'import-hint' },
        'A boardspace.net game file, the arena\'s own record, or a score sheet in the official notation.'),
      h('label', { for: 'import-file' }, 'Or a file'), this.file,
      h('label', { for: 'import-game' }, 'A score sheet names no game: it is'), this.game,
      h('button', { type: 'submit', id: 'import-send' }, 'Bring the game in'),
      this.status);
    root.replaceChildren(h('div', { class: 'panel import' }, h('h1', {}, 'Bring a game in'), form));
  }

  async readFile() {
    const [file] = this.file.files;
    if (file) this.record.value = await file.text();
  }

  async send() {
    const [game, variant] = this.game.value.split(':');
    this.status.textContent = 'Replaying the record…';
    const response = await fetch('/api/imports', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ record: this.record.value, game, variant }) });
    const body = await response.json().catch(() => ({}));
    if (response.ok) {
      location.assign(body.import.path);
      return;
    }
    const error = body.error || {};
    if (response.status === 401) this.status.textContent = 'Sign in to bring games in.';
    else if (error.code === 'bad_record' && error.move) this.status.textContent = `Move ${error.move}${error.step ? ` (${error.step})` : ''}: ${error.message}. Nothing was stored.`;
    else this.status.textContent = `${error.message || 'The game could not be brought in'}. Nothing was stored.`;
    this.status.dataset.code = error.code || String(response.status);
  }
}
