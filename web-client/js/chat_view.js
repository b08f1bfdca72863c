// A room's chat panel: the players' and the spectators' channels apart, a
// player's switch to hide spectator chat (remembered in localStorage), a box to
// write in the sender's own channel, for a moderator or admin a delete
// button on every message, and for an account a report button on others' lines. The panel is built once and kept across the game
// view's renders, so what is being typed survives the events; update() redraws
// the lists from the room (room_state.js chatView). On a phone it starts folded.
import { h, toast } from './ui.js';
import { chatText, CHAT_MAX, kindLabel } from './names.js';
import { chatView, chatChannel } from './room_state.js';
import { isStaff, postJson } from './api.js';

export const HIDE_SPECTATORS_KEY = 'gipf-arena-hide-spectator-chat';

export class ChatPanel {
  /**
   * @param {import('./connection.js').Connection} connection
   * @param {string} roomId
   */
  constructor(connection, roomId) {
    this.connection = connection;
    this.id = roomId;
    this.room = null;
    this.hideSpectators = localStorage.getItem(HIDE_SPECTATORS_KEY) === '1';
    this.pending = null;  // the id of the message being sent, answered by ack or error
    this.counter = 0;
    this.unread = 0;
    this.seen = 0;  // the last seq shown while the panel was open

    this.count = h('span', { class: 'unread', id: 'chat-unread', hidden: true });
    this.hideSwitch = h('input', { type: 'checkbox', id: 'hide-spectator-chat', onchange: () => this.setHide(this.hideSwitch.checked) });
    this.hideSwitch.checked = this.hideSpectators;
    this.switchRow = h('label', { class: 'switch', for: 'hide-spectator-chat', hidden: true }, this.hideSwitch, ' Hide spectator chat');
    this.playersList = h('ul', { class: 'chat-list', id: 'chat-players', 'aria-live': 'polite' });
    this.spectatorsList = h('ul', { class: 'chat-list', id: 'chat-spectators', 'aria-live': 'polite' });
    this.hiddenNote = h('p', { class: 'hint', id: 'chat-hidden', hidden: true });
    this.playersSection = h('section', { class: 'channel', 'data-channel': 'players', hidden: true },
      h('h3', {}, 'Players'), this.playersList);
    this.spectatorsSection = h('section', { class: 'channel', 'data-channel': 'spectators' },
      h('h3', {}, 'Spectators'), this.spectatorsList, this.hiddenNote);
    this.input = h('input', { id: 'chat-input', maxlength: CHAT_MAX, autocomplete: 'off', enterkeyhint: 'send', 'aria-label': 'Chat message' });
    this.sendButton = h('button', { type: 'submit', id: 'chat-send' }, 'Send');
    this.closedNote = h('p', { class: 'hint', id: 'chat-closed', hidden: true });
    this.form = h('form', { class: 'chat-form', id: 'chat-form', onsubmit: (e) => { e.preventDefault(); this.send(); } },
      this.input, this.sendButton);
    const phone = typeof matchMedia === 'function' && matchMedia('(max-width: 820px)').matches;
    this.element = h('details', { class: 'panel chat', id: 'chat', open: !phone },
      h('summary', {}, h('h2', {}, 'Chat'), this.count),
      this.switchRow, this.playersSection, this.spectatorsSection, this.form, this.closedNote);
    this.element.addEventListener('toggle', () => { if (this.element.open) this.markRead(); });
    // A new line while the chat is folded (a phone): the line itself, where the
    // player looks (under the board), and a tap that opens the chat (#43).
    this.peek = h('button', { type: 'button', class: 'chat-peek', id: 'chat-peek', hidden: true, onclick: () => this.openFromPeek() });
  }

  /** Opens the folded chat at the new lines: the peek's tap. */
  openFromPeek() {
    this.element.open = true;
    this.markRead();
    this.element.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  /** Redraws the lists from the room. */
  update(room) {
    const before = this.room;
    this.room = room;
    const player = room.you !== 'spectator';
    this.switchRow.hidden = !player;
    this.playersSection.hidden = !player;
    this.input.placeholder = chatChannel(room.you) === 'players' ? 'To your opponent…' : 'To everyone in the room…';
    // no box that would refuse what is typed in it: the server's reason instead (#43)
    this.form.hidden = !!room.chatClosed;
    this.closedNote.hidden = !room.chatClosed;
    this.closedNote.textContent = room.chatClosed ? `${room.chatClosed[0].toUpperCase()}${room.chatClosed.slice(1)}.` : '';
    if (before && before.chat === room.chat && before.you === room.you) return;
    const view = chatView(room, this.hideSpectators);
    this.fill(this.playersList, view.players, 'Nothing said yet.');
    this.fill(this.spectatorsList, view.spectators, view.hidden ? null : 'Nothing said yet.');
    this.hiddenNote.hidden = !this.hideSpectators || !player;
    this.hiddenNote.textContent = view.hidden ? `Spectator chat hidden (${view.hidden} message${view.hidden === 1 ? '' : 's'}).` : 'Spectator chat hidden.';
    const last = room.chat.length ? room.chat[room.chat.length - 1].seq : 0;
    if (this.element.open) this.markRead();
    else {
      const me = this.connection.player ? this.connection.player.id : null;
      const fresh = room.chat.filter((c) => c.seq > this.seen && (!this.hideSpectators || !player || c.channel === 'players'));
      this.unread += fresh.length;
      this.seen = Math.max(this.seen, last);
      const said = fresh.filter((c) => !c.player || c.player.id !== me);
      if (said.length && before) this.latest = said[said.length - 1];  // not the history a snapshot brings
      this.showUnread();
    }
  }

  fill(list, messages, empty) {
    const staff = isStaff(this.connection.account);
    const me = this.connection.player ? this.connection.player.id : null;
    const items = messages.map((c) => { const mayReport = !!this.connection.account && !!c.player && c.player.id !== me && c.player.kind !== 'computer'; return h('li', { 'data-seq': c.seq, 'data-channel': c.channel },
      h('span', { class: 'author' }, c.player ? c.player.name : '?'),
      kindLabel(c.player) ? h('span', { class: `kind-badge kind-${c.player.kind}`, title: `This is ${c.player.kind === 'guest' ? 'a guest (no account)' : `a ${c.player.kind}`}` }, kindLabel(c.player)) : null, ' ',
      h('span', { class: 'text' }, c.text),
      staff ? h('button', { class: 'delete-chat', type: 'button', title: 'Delete this message', 'aria-label': `Delete the message of ${c.player ? c.player.name : 'a player'}`,
        onclick: () => this.remove(c) }, '×') : null,
      // an account reports a writer from the game (#34); not oneself, not the computer
      mayReport ? h('button', { class: 'report-chat', type: 'button', title: 'Report this player', 'aria-label': `Report ${c.player.name}`,
        onclick: () => this.report(c) }, '⚑') : null); });
    list.replaceChildren(...(items.length ? items : empty ? [h('li', { class: 'hint empty' }, empty)] : []));
    queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
  }

  markRead() {
    const chat = this.room ? this.room.chat : [];
    this.seen = Math.max(this.seen, chat.length ? chat[chat.length - 1].seq : 0);
    this.unread = 0;
    this.showUnread();
  }

  showUnread() {
    this.count.hidden = this.unread === 0;
    this.count.textContent = `${this.unread} new`;
    const line = this.unread > 0 ? this.latest : null;
    if (!line) { this.latest = null; this.peek.hidden = true; return; }
    const more = this.unread > 1 ? ` (+${this.unread - 1})` : '';
    this.peek.replaceChildren(h('span', { class: 'author' }, line.player ? line.player.name : '?'), ' ',
      h('span', { class: 'text' }, line.text), h('span', { class: 'more' }, `${more} · open the chat`));
    this.peek.setAttribute('aria-label', `New chat line from ${line.player ? line.player.name : 'someone'}: ${line.text}. Open the chat`);
    this.peek.hidden = false;
  }

  setHide(hide) {
    this.hideSpectators = hide;
    if (hide) localStorage.setItem(HIDE_SPECTATORS_KEY, '1');
    else localStorage.removeItem(HIDE_SPECTATORS_KEY);
    if (this.room) {
      const room = this.room;
      this.room = null;  // redraw
      this.update(room);
    }
  }

  send() {
    if (this.pending) return;
    const checked = chatText(this.input.value);
    if (checked.problem) { toast(checked.problem); return; }
    const id = `chat-${++this.counter}`;
    if (!this.connection.send({ type: 'chat', room: this.id, text: checked.text, id })) { toast('Not connected: the message was not sent.'); return; }
    this.pending = id;
    this.sendButton.disabled = true;
  }

  /** Reports the writer of `message`, naming this game (protocol/PROTOCOL.md, "Trust and safety"). */
  async report(message) {
    const reason = prompt(`Report ${message.player.name} to the moderators: what happened?`, message.text.slice(0, 200));
    if (!reason || !reason.trim()) return;
    try {
      await postJson('/api/reports', { player: message.player.id, reason: reason.trim().slice(0, 200), room: this.id });
      toast('Reported. The outcome will be on your profile.', 'info');
    } catch (error) {
      toast(error.message);
    }
  }

  remove(message) {
    if (!confirm(`Delete this message of ${message.player ? message.player.name : 'a player'}?\n\n${message.text}`)) return;
    if (!this.connection.send({ type: 'delete_chat', room: this.id, seq: message.seq, id: `delete-chat-${message.seq}` })) toast('Not connected.');
  }

  /**
   * The answer to a message this panel sent (`ack` or `error` with its id):
   * returns true if it was one. The text is cleared once the server took it,
   * and kept to edit when refused (muted, too fast, a character refused).
   */
  answer(m) {
    if (typeof m.id !== 'string' || !(m.id.startsWith('chat-') || m.id.startsWith('delete-chat-'))) return false;
    if (m.id === this.pending) {
      this.pending = null;
      this.sendButton.disabled = false;
      if (m.type === 'ack') this.input.value = '';
    }
    if (m.type === 'error') toast(m.message);
    return true;
  }
}
