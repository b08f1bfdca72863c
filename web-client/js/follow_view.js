// Following (#46; PROTOCOL.md, Following): the Follow button of a profile,
// and the lobby's "Following" panel: the accounts one follows who are online
// or playing first, each game a Watch away, each account a challenge away.
// The server keeps the follows (/api/rel); blocks win over them.
import { h, messageLine } from './ui.js';
import { getJson, postJson, profilePath } from './api.js';

/** The signed-in account's follows (null: not signed in or not loaded). */
async function followingList() {
  try { return (await getJson('/api/rel/following')).following || []; } catch { return null; }
}

/**
 * Follow / Unfollow for the profile of `username`: for a signed-in viewer
 * who is not that account; null otherwise.
 * @param {string} username
 * @param {Promise<object|null>} signedIn the signed-in account (null: none)
 * @returns {Promise<HTMLElement|null>}
 */
export async function followButton(username, signedIn) {
  const account = await signedIn;
  if (!account || account.username.toLowerCase() === username.toLowerCase()) return null;
  const list = await followingList();
  if (list === null) return null;
  let following = list.some((f) => f.username.toLowerCase() === username.toLowerCase());
  const message = messageLine('follow-message');
  const button = h('button', { type: 'button', id: 'follow-player' });
  const show = () => {
    button.textContent = following ? 'Unfollow' : 'Follow';
    button.setAttribute('aria-pressed', following ? 'true' : 'false');
  };
  show();
  button.addEventListener('click', async () => {
    try {
      await postJson(`/api/rel/${following ? 'unfollow' : 'follow'}/${encodeURIComponent(username)}`, {});
      following = !following;
      show();
      message.show(following ? `You follow ${username}: the lobby shows when they are here or playing.` : `You no longer follow ${username}.`, 'ok');
    } catch (error) {
      message.show(error.message, 'error');
    }
  });
  return h('div', { class: 'follow', id: 'follow-controls' }, h('div', { class: 'actionbar' }, button), message);
}

/** The lobby's panel of followed accounts; hidden while there is nobody to show. */
export class FollowingPanel {
  constructor() {
    this.list = h('ul', { class: 'list', id: 'following' });
    this.root = h('section', { class: 'panel', id: 'following-panel', 'aria-labelledby': 'following-title', hidden: true },
      h('h2', { id: 'following-title' }, 'Following'), this.list);
    this.timer = null;
  }

  /** Loads the list now and every 30 s while the page shows it (none without an account). */
  start(signedIn) {
    clearInterval(this.timer);
    this.timer = null;
    if (!signedIn) { this.root.hidden = true; return; }
    this.load();
    this.timer = setInterval(() => { if (document.visibilityState !== 'hidden' && this.root.isConnected) this.load(); }, 30000);
  }

  async load() {
    const list = await followingList();
    if (list === null) return;
    this.render(list);
  }

  render(list) {
    this.root.hidden = list.length === 0;
    this.list.replaceChildren(...list.map((f) => {
      const state = f.playing.length ? 'playing' : f.online ? 'online' : 'away';
      return h('li', { 'data-username': f.username, 'data-state': state },
        h('span', { class: `presence presence-${state}`, 'aria-hidden': 'true' }, state === 'away' ? '○' : '●'),
        ' ', h('a', { href: profilePath(f.username) }, f.username),
        h('span', { class: 'hint' }, state === 'playing' ? ' playing' : state === 'online' ? ' online' : ''),
        ...f.playing.map((room) => h('a', { class: 'watch', href: `/?watch=${encodeURIComponent(room)}`, 'data-room': room },
          h('button', { tabindex: -1 }, 'Watch'))),
        state !== 'playing' ? h('a', { class: 'challenge-link', href: `${profilePath(f.username)}#challenge-form` }, 'Challenge') : null);
    }));
  }
}
