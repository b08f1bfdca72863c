// The lobby: quick pairing (#46), your name, a new game (with its time control, rated or casual for
// an account, against a person or the computer at a level), open rooms to join
// and live games to watch (each player with their rating), and finished games
// to replay.
import { h, toast } from './ui.js';
import { validName } from './names.js';
import { games, gameModule, variantLabel } from './games/index.js';
import { timeControlOf, clockLabel } from './clock.js';
import { clockPicker } from './clock_form.js';
import { nameWithRating, entryRating, modeLabel, ratedSwitch, ownRatings } from './ratings.js';
import { QuickPairing } from './quick_pairing_view.js';
import { FollowingPanel } from './follow_view.js';
import { RANGES, rangeAround } from './quick_pairing.js';
import { levelLabel, fetchLevels } from './computer_levels.js';

// Applies a `lobby` (the whole lists) or `lobby_update` (what changed) message
// to `lobby`: {open, live: Map id -> entry, open_total, live_total, mine}.
// `mine`: the player's own open and live games as the server sent them with
// the whole lists (private ones and those the live list leaves out too); a
// `lobby_mine` message replaces them when they change.
export function applyLobby(lobby, m) {
  if (m.type === 'lobby') lobby.mine = m.mine || [];
  for (const list of ['open', 'live']) {
    if (m.type === 'lobby') {
      lobby[list] = new Map(m[list].map((r) => [r.id, r]));
    } else {
      for (const r of m[list].set) lobby[list].set(r.id, r);
      for (const id of m[list].removed) lobby[list].delete(id);
    }
  }
  lobby.open_total = m.open_total;
  lobby.live_total = m.live_total;
  return lobby;
}

/** An open room in the list: "YINSH normal · 10+5 · Rated · ann (1500?) waits · you play black". */
export function openEntryText(r) {
  return `${variantLabel(r.options)} · ${clockLabel(r.clock)} · ${modeLabel(r.rated)} · ${nameWithRating(r.creator, entryRating(r, 'creator'))} waits · you play ${r.seat}${rangeText(r)}`;
}

/** An open room's range for its joiner's rating, as the list says it (#46): "" for any. */
export function rangeText(r) {
  if (r.rating_min && r.rating_max) return ` · for ${r.rating_min}–${r.rating_max}`;
  if (r.rating_min) return ` · for ${r.rating_min} and up`;
  if (r.rating_max) return ` · for up to ${r.rating_max}`;
  return '';
}

/**
 * The player's own open room, in "Your games" and in the open list: it is
 * theirs to wait in, not to join ("… · you play white · waiting for an opponent").
 */
export function ownOpenEntryText(r) {
  const yours = r.seat === 'white' ? 'black' : 'white';  // `seat` is the free one
  return `${variantLabel(r.options)} · ${clockLabel(r.clock)} · ${modeLabel(r.rated)} · you play ${yours} · waiting for an opponent`;
}

/** A live game in the list: "… · Casual · ann (1500?) – bob (1712) · move 3 · 0 watching". */
export function liveEntryText(r) {
  return `${variantLabel(r.options)} · ${clockLabel(r.clock)} · ${modeLabel(r.rated)} · ${nameWithRating(r.white, entryRating(r, 'white'))} – ${nameWithRating(r.black, entryRating(r, 'black'))} · ${moveText(r)} · ${r.spectators} watching`;
}

/**
 * A live game's last move as its game numbers it, the number the game page's
 * move list ends with: the entry's `moves` counts the turns begun (the server's
 * count, the last step's `turn` + 1), so the last is turn `moves - 1` (GIPF's
 * move 8 is its 15th or 16th turn, YINSH's its 8th).
 */
export function moveText(r) {
  return r.moves > 0 ? `move ${gameModule(r.options.game).moveNumber(r.moves - 1)}` : 'no move yet';
}

/** The computer's levels (create_room's `bot`). */
export const BOT_LEVELS = [1, 2, 3, 4, 5, 6];

/** The opponent chosen in the new-game form: '' (a person) or a level ('1'…'6'); the computer's level or 0. */
export function botLevel(opponent) {
  const level = Number(opponent);
  return BOT_LEVELS.includes(level) ? level : 0;
}

/**
 * The create_room of the new-game form, or {problem} in words. `rated` (the
 * switch) is sent only where it applies (see ratings.js's ratedSwitch): an
 * account, a clock, no extra pieces, a person to play. `bot` (a level, 0 for
 * none) seats the computer at once: the game starts now, casual.
 * @param {{game: string, variant: string, color: string, visibility: string,
 *   extras: {white: number, black: number}|null, clock: object, rated: boolean, account: object|null, bot?: number,
 *   range?: {min?: number, max?: number}} form
 *   `extras`: the handicap pieces, null where the variant has none; `clock`: timeControlOf's form;
 *   `range`: the joiner's rating asked for (quick_pairing.js's rangeAround; #46), never against the computer
 * @returns {{message: object}|{problem: string}}
 */
export function newGameMessage({ game, variant, color, visibility, extras, clock, rated, account, bot = 0, range = {} }) {
  const message = { type: 'create_room', game, variant, color, visibility };
  if (extras) { message.white_extra = extras.white; message.black_extra = extras.black; }
  const control = timeControlOf(clock);
  if (control.problem) return { problem: control.problem };
  if (control.clock) message.clock = control.clock;
  if (bot) message.bot = bot;
  const handicap = !!extras && (extras.white > 0 || extras.black > 0);
  if (rated && ratedSwitch({ account, timed: !!control.clock, handicap, bot: !!bot }).enabled) message.rated = true;
  if (!bot && range.min) message.rating_min = range.min;
  if (!bot && range.max) message.rating_max = range.max;
  return { message };
}

function newestFirst(map) {
  return [...map.values()].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
}

export class LobbyView {
  constructor(root, connection) {
    this.root = root;
    this.connection = connection;
    this.lobby = { open: new Map(), live: new Map(), open_total: 0, live_total: 0, mine: [] };
    this.finished = [];
    connection.addEventListener('welcome', () => {
      this.showIdentity();
      connection.send({ type: 'lobby_subscribe' });
    });
    connection.addEventListener('banned', () => this.showIdentity());
    connection.addEventListener('message', (e) => this.receive(e.detail));
    this.build();
    this.loadFinished();
  }

  receive(m) {
    if (m.type === 'lobby' || m.type === 'lobby_update') { applyLobby(this.lobby, m); this.renderLists(); }
    if (m.type === 'lobby_mine') { this.lobby.mine = m.mine; this.renderLists(); }
    if (m.type === 'room_created') location.assign(`/?room=${m.room}`);
    if (m.type === 'name_set') { this.connection.rememberName(m.name); document.dispatchEvent(new CustomEvent('name', { detail: m.name })); toast(`Your name is now ${m.name}.`, 'info'); }
    if (m.type === 'error') toast(m.message);
  }

  async loadFinished() {
    try {
      const response = await fetch('/api/games?status=finished&per_page=10');
      this.finished = (await response.json()).games || [];
      this.renderLists();
    } catch { /* the list stays empty */ }
  }

  build() {
    const name = h('input', { id: 'name', maxlength: 24, autocomplete: 'nickname', value: localStorage.getItem('gipf-arena-name') || '' });
    const nameForm = h('form', { class: 'form-row', onsubmit: (e) => {
      e.preventDefault();
      const problem = validName(name.value.trim());
      if (problem) return toast(problem);
      this.connection.send({ type: 'set_name', name: name.value.trim() });
    } }, h('label', { for: 'name' }, 'Your name'), name, h('button', { type: 'submit' }, 'Save'));
    // an account plays under its username (set_name is refused): no name form
    this.nameForm = nameForm;
    this.accountLine = h('p', { class: 'hint', id: 'playing-as', hidden: true });
    this.showIdentity();

    const game = h('select', { id: 'game' }, games.map((g) => h('option', { value: g.name }, g.title)));
    const variant = h('select', { id: 'variant' });
    const whiteExtra = h('select', { id: 'white-extra' });
    const blackExtra = h('select', { id: 'black-extra' });
    const handicap = h('div', { class: 'form-row' }, h('label', {}, 'Extra pieces'),
      h('label', { for: 'white-extra', style: 'min-width:auto' }, 'White'), whiteExtra,
      h('label', { for: 'black-extra', style: 'min-width:auto' }, 'Black'), blackExtra);
    // a person (an open room to join) or the computer at a level (the game starts at once)
    const opponent = h('select', { id: 'opponent', name: 'bot', 'data-testid': 'opponent' },
      h('option', { value: '' }, 'A person (open a room)'),
      BOT_LEVELS.map((n) => h('option', { value: n }, `Computer level ${n}`)));
    const color = h('select', { id: 'color' }, ['random', 'white', 'black'].map((c) => h('option', { value: c }, c)));
    // the opponent's rating (#46): any, or around one's own in the game and variant chosen
    const range = h('select', { id: 'range' }, RANGES.map((spread) => h('option', { value: String(spread) }, spread ? `within ±${spread} of yours` : 'any')));
    const rangeRow = h('div', { class: 'form-row', id: 'range-row' }, h('label', { for: 'range' }, "Opponent's rating"), range);
    const visibility = h('select', { id: 'visibility' }, h('option', { value: 'public' }, 'public'), h('option', { value: 'private' }, 'private (invite link)'));
    // the time control: untimed, a preset (minutes + seconds a move), custom, or days per move
    const picker = clockPicker();
    const clock = picker.select;
    // rated: an account's choice, where it applies (ratedSwitch says why not)
    const rated = h('input', { id: 'rated', type: 'checkbox', role: 'switch', 'aria-describedby': 'rated-note' });
    const ratedNote = h('span', { class: 'hint', id: 'rated-note' });
    const ratedRow = h('div', { class: 'form-row rated-row', id: 'rated-row', hidden: true },
      h('label', { for: 'rated' }, 'Rated'), rated, ratedNote);
    const extras = () => (handicap.hidden ? null : { white: Number(whiteExtra.value), black: Number(blackExtra.value) });
    this.refreshRated = () => {
      const chosen = extras();
      const state = ratedSwitch({ account: this.connection.account, timed: clock.value !== 'untimed', handicap: !!chosen && (chosen.white > 0 || chosen.black > 0), bot: !!botLevel(opponent.value) });
      ratedRow.hidden = !state.shown;
      rated.disabled = !state.enabled;
      ratedRow.dataset.applies = String(state.enabled);
      ratedNote.textContent = state.note || (rated.checked ? 'Both players need an account; the result changes both ratings.' : 'Casual: no rating changes.');
    };
    rated.addEventListener('change', this.refreshRated);
    for (const select of [whiteExtra, blackExtra]) select.addEventListener('change', this.refreshRated);
    clock.addEventListener('change', () => this.refreshRated());
    const create = h('button', { class: 'primary', type: 'submit', id: 'create' });
    const refreshOpponent = () => {
      const level = botLevel(opponent.value);
      create.textContent = level ? 'Play the computer' : 'Create the game';
      create.dataset.bot = String(level);
      rangeRow.hidden = !!level;  // the computer has no rating to range over
      this.refreshRated();
    };
    opponent.addEventListener('change', refreshOpponent);
    // what each level means in the chosen game (#47), once the server has said
    const relabelLevels = () => {
      for (const option of opponent.options) if (botLevel(option.value)) option.textContent = levelLabel(Number(option.value), this.botLevels, game.value);
    };
    fetchLevels().then((levels) => { this.botLevels = levels; relabelLevels(); });
    // handicap pieces only where the variant has them, 0 to its most
    const refreshHandicap = () => {
      const most = gameModule(game.value).variants.find((v) => v.name === variant.value).handicap;
      handicap.hidden = most === 0;
      for (const select of [whiteExtra, blackExtra]) {
        if (select.options.length !== most + 1) select.replaceChildren(...Array.from({ length: most + 1 }, (_, n) => h('option', { value: n }, n)));
      }
    };
    const refresh = () => {
      const chosen = gameModule(game.value);
      variant.replaceChildren(...chosen.variants.map((v) => h('option', { value: v.name }, v.label)));
      variant.value = chosen.defaultVariant;
      refreshHandicap();
    };
    game.addEventListener('change', () => { refresh(); relabelLevels(); this.refreshRated(); });
    variant.addEventListener('change', () => { refreshHandicap(); this.refreshRated(); });
    refresh();
    refreshOpponent();
    const newGame = h('form', { id: 'new-game', onsubmit: (e) => {
      e.preventDefault();
      const made = newGameMessage({
        game: game.value, variant: variant.value, color: color.value, visibility: visibility.value, extras: extras(),
        clock: picker.form(),
        rated: rated.checked, account: this.connection.account, bot: botLevel(opponent.value),
        range: rangeAround(this.ratings?.[`${game.value}:${variant.value}`]?.rating, Number(range.value)),
      });
      if (made.problem) return toast(made.problem);
      if (!this.connection.send(made.message)) toast('Not connected yet.');
    } },
    h('div', { class: 'form-row' }, h('label', { for: 'game' }, 'Game'), game),
    h('div', { class: 'form-row' }, h('label', { for: 'variant' }, 'Variant'), variant),
    handicap,
    h('div', { class: 'form-row' }, h('label', { for: 'opponent' }, 'Opponent'), opponent),
    h('div', { class: 'form-row' }, h('label', { for: 'color' }, 'Your colour'), color),
    rangeRow,
    h('div', { class: 'form-row' }, h('label', { for: 'visibility' }, 'Visibility'), visibility),
    h('div', { class: 'form-row' }, h('label', { for: 'clock' }, 'Time control'), clock),
    ...picker.rows, ratedRow,
    create);

    // newcomers: what the games are, their rules, and a game against the computer in one press
    // (the game and colour of the form, the computer at the level chosen there, else the easiest)
    const playComputer = h('button', { class: 'primary', type: 'button', id: 'play-computer', onclick: () => {
      if (!botLevel(opponent.value)) { opponent.value = String(BOT_LEVELS[0]); refreshOpponent(); }
      newGame.requestSubmit();
    } }, 'Play the computer');
    // for newcomers: an account has been here before (#43)
    const welcome = this.welcome = h('section', { class: 'panel welcome', id: 'welcome', 'aria-labelledby': 'welcome-title', hidden: !!this.connection.account },
      h('h2', { id: 'welcome-title' }, 'New here?'),
      h('p', {}, 'GIPF and YINSH are strategy games for two on a hexagonal board, with no luck involved. Learn one in a few minutes, then play the computer: no account needed.'),
      h('div', { class: 'actionbar' }, playComputer,
        h('span', { class: 'rules-links' }, 'How to play ',
          games.flatMap((g, i) => [i ? ' · ' : '', h('a', { class: 'rules-link', href: `/rules/${g.name}`, 'aria-label': `How to play ${g.title}` }, g.title)]))),
      h('p', { class: 'hint', id: 'play-computer-note' }, 'The game chosen below, against the computer level chosen under Opponent (else level 1, the easiest).'));
    this.openList = h('ul', { class: 'list', id: 'open-rooms' });
    this.liveList = h('ul', { class: 'list', id: 'live-games' });
    this.finishedList = h('ul', { class: 'list', id: 'finished-games' });
    this.mineList = h('ul', { class: 'list', id: 'your-games' });
    this.minePanel = h('section', { class: 'panel', id: 'your-games-panel', 'aria-labelledby': 'your-games-title', hidden: true },
      h('h2', { id: 'your-games-title' }, 'Your games'), this.mineList);
    this.quick = this.quick || new QuickPairing(this.connection);
    this.following = this.following || new FollowingPanel();  // whom the account follows (#46)
    // newcomers' "Play the computer" stays in the first screen: the grid comes after it
    this.root.replaceChildren(this.minePanel, this.following.root, welcome, this.quick.root,
      h('div', { class: 'grid' },
        h('section', { class: 'panel', id: 'play-panel' }, h('h2', {}, 'Play'), nameForm, this.accountLine, newGame),
        // on a phone, the games to join come before the form (app.css)
        h('section', { class: 'panel', id: 'games-panel' }, h('h2', {}, 'Open games'), this.openList,
          h('h2', {}, 'Live games'), this.liveList,
          h('h2', {}, 'Finished games'), this.finishedList,
          h('p', { class: 'hint' }, 'A game from elsewhere (boardspace.net, a score sheet)? ', h('a', { href: '/import', id: 'import-link' }, 'Bring it in')),
          h('p', { class: 'hint' }, 'Study a position, try lines, ask the computer: ', h('a', { href: '/analysis', id: 'analysis-link-lobby' }, 'the analysis board')))));
    this.renderLists();
  }

  showIdentity() {
    if (!this.nameForm) return;
    const account = this.connection.account;
    this.nameForm.hidden = !!account;
    if (this.welcome) this.welcome.hidden = !!account;
    this.accountLine.hidden = !account;
    this.accountLine.textContent = account ? `You play as ${account.username}.` : '';
    this.refreshRated?.();  // the Rated switch is for accounts
    this.quick?.render();   // and so is quick pairing's
    if (this.following && this.followingFor !== (account ? account.username : null)) {
      this.followingFor = account ? account.username : null;
      this.following.start(!!account);  // and the follows
      this.ratings = {};  // and one's ratings, for a range around them
      if (account) ownRatings(account.username).then((ratings) => { this.ratings = ratings; });
    }
    if (this.openList) this.renderLists();  // and so are rated games' seats
  }

  renderLists() {
    const empty = (text) => h('li', { class: 'hint' }, text);
    // your own games: resumed, never watched
    const mine = this.lobby.mine || [];
    const mineIds = new Set(mine.map((r) => r.id));
    this.minePanel.hidden = mine.length === 0;
    this.mineList.replaceChildren(...mine.map((r) => h('li', { 'data-room': r.id, 'data-status': r.status },
      h('span', {}, r.status === 'open' ? ownOpenEntryText(r) : liveEntryText(r)),
      h('a', { class: 'resume', href: `/?room=${r.id}` }, h('button', { tabindex: -1 }, 'Resume')))));
    const open = newestFirst(this.lobby.open), live = newestFirst(this.lobby.live);
    const more = (shown, total) => (total > shown ? [h('li', { class: 'hint' }, `and ${total - shown} more`)] : []);
    this.openList.replaceChildren(...(open.length ? open.map((r) => h('li', { 'data-room': r.id, 'data-rated': String(!!r.rated), 'data-perf': r.perf },
      h('span', {}, mineIds.has(r.id) ? ownOpenEntryText(r) : openEntryText(r)),
      // your own room is resumed, never joined
      mineIds.has(r.id) ? h('a', { class: 'resume', href: `/?room=${r.id}` }, h('button', { tabindex: -1 }, 'Resume'))
      // a rated game's seat is for accounts (the server refuses a guest)
      : r.rated && !this.connection.account ? h('span', { class: 'hint accounts-only' }, 'sign up or log in to join')
        : h('a', { class: 'join', href: `/?room=${r.id}` }, h('button', { tabindex: -1 }, 'Join')))).concat(more(open.length, this.lobby.open_total)) : [empty('No open games: create one.')]));
    this.liveList.replaceChildren(...(live.length ? live.map((r) => h('li', { 'data-room': r.id, 'data-rated': String(!!r.rated), 'data-perf': r.perf },
      h('span', {}, liveEntryText(r)),
      mineIds.has(r.id) ? h('a', { class: 'resume', href: `/?room=${r.id}` }, h('button', { tabindex: -1 }, 'Resume'))
        : h('a', { class: 'watch', href: `/?watch=${r.id}` }, h('button', { tabindex: -1 }, 'Watch')))).concat(more(live.length, this.lobby.live_total)) : [empty('No game is being played.')]));
    this.finishedList.replaceChildren(...(this.finished.length ? this.finished.map((g) => h('li', {},
      h('span', {}, `${variantLabel(g.options)} · ${clockLabel(g.clock)} · ${modeLabel(g.rated)} · ${g.white ? g.white.name : '?'} – ${g.black ? g.black.name : '?'} · ${g.result}`),
      h('a', { href: `/?replay=${g.id}` }, 'Replay'))) : [empty('None yet.')]));
  }
}
