// Picks the view from the address: /?room=ID (play: take or keep a seat),
// /?watch=ID (spectate), /?replay=ID, or the lobby.
import { Connection } from './connection.js';
import { GameView } from './game_view.js';
import { LobbyView } from './lobby_view.js';
import { ReplayView } from './replay_view.js';

const connection = new Connection();
const indicator = document.getElementById('connection');
const who = document.getElementById('who');
const LABELS = { connecting: 'connecting…', open: 'connected', reconnecting: 'reconnecting…' };

connection.addEventListener('state', (e) => {
  indicator.dataset.state = e.detail;
  indicator.querySelector('.label').textContent = LABELS[e.detail];
});
connection.addEventListener('welcome', (e) => { who.textContent = e.detail.player.name; });
document.addEventListener('name', (e) => { who.textContent = e.detail; });

const params = new URLSearchParams(location.search);
const view = document.getElementById('view');
if (params.has('replay')) new ReplayView(view, params.get('replay'));
else if (params.has('room')) new GameView(view, connection, params.get('room'), 'join');
else if (params.has('watch')) new GameView(view, connection, params.get('watch'), 'watch');
else new LobbyView(view, connection);
connection.start();
