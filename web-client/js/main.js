// Picks the view from the address: /@/USERNAME (a player's profile), /admin
// (moderation), /leaderboard?perf=PERF (the best players of a pool), /ladders
// and /ladders/ID, /events and /events/ID, /?room=ID (play: take or keep a seat), /?watch=ID (spectate),
// /?replay=ID (&ply=N: at that position), /rules/GAME (how to play),
// /analysis[/GAME[/VARIANT]] (the analysis board, #44), or the lobby. The header shows who you are and the account
// controls on every page, the notices bell (an account's), the challenges to the
// account (cards to accept or decline), and a `pairing` (a ladder or event game
// made for this player) a notice on every page.
import { Connection } from './connection.js';
import { GameView } from './game_view.js';
import { LobbyView } from './lobby_view.js';
import { ImportView } from './import_view.js';
import { ReplayView } from './replay_view.js';
import { AnalysisView, analysisPage } from './analysis_view.js';
import { ProfileView } from './profile_view.js';
import { AdminView } from './admin_view.js';
import { LeaderboardView } from './leaderboard_view.js';
import { LadderListView, LadderView } from './ladder_view.js';
import { EventListView, EventView } from './event_view.js';
import { sectionPage } from './competition.js';
import { RulesView, rulesGame } from './rules_view.js';
import { showPairing } from './pairing_notice.js';
import { renderHeader, reloadForIdentity } from './account.js';
import { h, toast } from './ui.js';
import { MailView, mailPage } from './mail_view.js';
import { NoticesBell } from './notices_view.js';
import { ChallengeInbox } from './challenge_inbox.js';

sessionStorage.removeItem('gipf-arena-reloads');  // the page's modules loaded (index.html reloads until they do)
// How the player last acted, for the board's focus frame (#43): shown to
// keyboard users, never after a click or a touch (the board takes the focus
// back after each move, which the browser may count as "visible" focus).
document.addEventListener('keydown', (e) => { if (!e.altKey && !e.ctrlKey && !e.metaKey) document.documentElement.classList.add('keyboard'); }, true);
document.addEventListener('pointerdown', () => document.documentElement.classList.remove('keyboard'), true);
const connection = new Connection();
const indicator = document.getElementById('connection');
const who = document.getElementById('who');
const controls = document.getElementById('account-controls');
const LABELS = { connecting: 'connecting…', open: 'connected', reconnecting: 'reconnecting…', banned: 'disconnected: banned' };

connection.addEventListener('state', (e) => {
  indicator.dataset.state = e.detail;
  // while the server refuses the hello, its words say why (and that it is tried again)
  const refusal = e.detail === 'reconnecting' && connection.refusal;
  indicator.querySelector('.label').textContent = refusal ? `${LABELS.reconnecting} (${refusal.message})` : LABELS[e.detail];
});
// the notices bell (signed-in accounts): before the account controls
const bell = new NoticesBell(connection);
controls.before(bell.root);
// challenges to the account (#46): cards under the header, counted by the bell
const inbox = new ChallengeInbox(connection, (count, cards) => bell.setChallenges(count, cards));
document.querySelector('header.top').after(inbox.area);
connection.addEventListener('welcome', (e) => {
  renderHeader(who, controls, { account: e.detail.account || null, name: e.detail.player.name });
  bell.show(e.detail.account || null);
  inbox.show(e.detail.account || null);
});
document.addEventListener('name', (e) => { if (!connection.account) renderHeader(who, controls, { account: null, name: e.detail }); });
connection.addEventListener('banned', () => {
  // the server closed the socket (1008 banned): the session is gone
  renderHeader(who, controls, { account: null, name: '' });
  document.getElementById('banned')?.remove();
  document.querySelector('header.top').after(h('div', { class: 'banned', id: 'banned', role: 'alert' },
    'Your account has been banned by a moderator: you were disconnected, your games waiting for an opponent were cancelled and your live games resigned.'));
});

connection.addEventListener('message', (e) => { if (e.detail.type === 'pairing') showPairing(e.detail); });

// signed up or logged out in this browser (another tab included): start again as who we are now
connection.addEventListener('identity', reloadForIdentity);

const params = new URLSearchParams(location.search);
const view = document.getElementById('view');
const path = location.pathname;
const ladderPage = sectionPage(path, 'ladders');
const eventPage = sectionPage(path, 'events');
const rulesPage = rulesGame(path);
const analysis = analysisPage(path);
// the pages with a title of their own make it their h1; on the lobby, a game and a replay the brand is
const ownTitle = path === '/import' || path.startsWith('/@/') || mailPage(path) || path.startsWith('/admin') || path.startsWith('/leaderboard') || ladderPage !== null || eventPage !== null || rulesPage !== null || analysis !== null;
if (ownTitle) {
  const brand = document.querySelector('h1.brand');
  brand.replaceWith(h('div', { class: 'brand' }, ...brand.childNodes));
}
if (path.startsWith('/@/')) new ProfileView(view, safeDecode(path.slice(3)));
else if (mailPage(path)) new MailView(view, path);
else if (path === '/admin' || path === '/admin/') new AdminView(view);
else if (path === '/leaderboard' || path === '/leaderboard/') new LeaderboardView(view, location.search);
else if (ladderPage !== null) { if (ladderPage) new LadderView(view, connection, ladderPage); else new LadderListView(view); }
else if (eventPage !== null) { if (eventPage) new EventView(view, connection, eventPage); else new EventListView(view); }
else if (rulesPage) new RulesView(view, rulesPage);
else if (path === '/import') new ImportView(view);
else if (analysis) new AnalysisView(view, analysis, params);
else if (params.has('replay')) new ReplayView(view, params.get('replay'), params.get('ply'));
else if (params.has('imported')) new ReplayView(view, params.get('imported'), params.get('ply'), true);
else if (params.has('room')) new GameView(view, connection, params.get('room'), 'join');
else if (params.has('watch')) new GameView(view, connection, params.get('watch'), 'watch');
else new LobbyView(view, connection);
connection.start();
// the account was just closed (account_settings.js): say so once, on the lobby
if (params.get('closed') === '1') {
  toast('Your account is closed. Thank you for playing.', 'info');
  history.replaceState(null, '', '/');
}

function safeDecode(text) {
  try { return decodeURIComponent(text); } catch { return text; }
}
