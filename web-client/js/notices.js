// The notices bell's state (#35; PROTOCOL.md, "Notices"): what GET /api/notices
// listed, then each `notice` message the WebSocket brings, newest first, with
// the server's unread count. Pure (no DOM): tests/web/notices.test.js.

/** Notices kept in the list, as the server keeps (kNoticesKept). */
export const NOTICES_KEPT = 100;

/** The bell before anything was heard. */
export const emptyNotices = () => ({ unread: 0, notices: [] });

/** The state from GET /api/notices's body. */
export function listed(body) {
  return { unread: body.unread, notices: body.notices.slice(0, NOTICES_KEPT) };
}

/** The state after a `notice` message: the notice first (once), the server's count. */
export function noticed(state, message) {
  const rest = state.notices.filter((n) => n.id !== message.notice.id);
  return { unread: message.unread, notices: [message.notice, ...rest].slice(0, NOTICES_KEPT) };
}

/** The state after POST /api/notices/read up to `upTo` answered `unread`. */
export function readUpTo(state, upTo, unread) {
  return { unread, notices: state.notices.map((n) => (n.id <= upTo ? { ...n, read: true } : n)) };
}

/** The bell's badge: "" when nothing is unread, "99+" beyond 99. */
export function badge(unread) {
  if (!unread) return '';
  return unread > 99 ? '99+' : String(unread);
}

/** "just now", "5 min ago", "3 h ago", "2 d ago": how long ago `at` was at `now` (ms). */
export function ago(at, now) {
  const minutes = Math.floor(Math.max(0, now - at) / 60000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** The notice's link: its site path when it is one of the site's, else none. */
export function noticeHref(notice) {
  return typeof notice.path === 'string' && notice.path.startsWith('/') && !notice.path.startsWith('//') ? notice.path : null;
}
