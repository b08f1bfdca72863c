// The JSON API (protocol/PROTOCOL.md, "Account API", "Admin API"): requests with
// the session cookie, and the server's errors ({"error": {code, message}}) as
// an ApiError whose message is the server's words.

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0: no answer)
   * @param {string} code   the server's code (`bad_credentials`, `banned`, …)
   * @param {string} message words for a person
   * @param {object} [body] the whole answer, for extra fields (`until`)
   */
  constructor(status, code, message, body = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** The answer to a request with the session cookie; rejects with ApiError when there is none or it is an error. */
async function fetchOrThrow(path, init) {
  let response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, 'network', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.ok) return response;
  let body = null;
  try { body = await response.json(); } catch { /* not JSON */ }
  const error = body && body.error;
  const code = (error && error.code) || `http_${response.status}`;
  let message = (error && error.message) || `The server answered ${response.status} ${response.statusText}.`.replace(' .', '.');
  message = message.charAt(0).toUpperCase() + message.slice(1);  // the server's words start in lower case
  const retry = response.headers.get('Retry-After');
  if (response.status === 429 && retry) message += ` Try again in ${retry} s.`;
  throw new ApiError(response.status, code, message, body);
}

async function request(path, init) {
  const response = await fetchOrThrow(path, init);
  if (response.status === 204) return null;
  try { return await response.json(); } catch { return null; /* not JSON */ }
}

/** GET a JSON answer. */
export function getJson(path) {
  return request(path, { method: 'GET', headers: { Accept: 'application/json' } });
}

/** A JSON body sent with `method` (the CSRF rules want the content type on every one). */
function sendJson(method, path, body) {
  return request(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** POST a JSON body; resolves to the answer (null for 204), rejects with ApiError. */
export const postJson = (path, body = {}) => sendJson('POST', path, body);

/**
 * POST a JSON body for a file: resolves to {blob, filename} (the name the
 * server's Content-Disposition gives, else null), rejects with ApiError.
 */
export async function postForBlob(path, body = {}) {
  const response = await fetchOrThrow(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') || '');
  return { blob: await response.blob(), filename: named ? named[1] : null };
}

/** DELETE a resource (an API token, #45); resolves to null for 204, rejects with ApiError. */
export const deleteJson = (path) => request(path, { method: 'DELETE', headers: { Accept: 'application/json' } });

/** PATCH a JSON body (an admin's edit of a ladder), like postJson. */
export const patchJson = (path, body = {}) => sendJson('PATCH', path, body);

/** The `until` of a refusal (a ban's end, ms since the epoch), wherever the server put it. */
export function untilOf(error) {
  const body = error && error.body;
  if (!body) return null;
  const until = (body.error && body.error.until) ?? body.until;
  return typeof until === 'number' && until > 0 ? until : null;
}

/** A time from the API (ms since the epoch) in the reader's words. */
export function formatTime(ms) {
  if (typeof ms !== 'number' || !ms) return '—';
  return new Date(ms < 1e11 ? ms * 1000 : ms).toLocaleString();
}

/** A date from the API (ms since the epoch), without the time of day. */
export function formatDate(ms) {
  if (typeof ms !== 'number' || !ms) return '—';
  return new Date(ms < 1e11 ? ms * 1000 : ms).toLocaleDateString();
}

/** Usernames as the server takes them: 3–20 of A–Z a–z 0–9 _ - */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;

/** What is wrong with a username or a password before asking the server ('' if nothing). */
export function credentialsProblem(username, password) {
  if (!USERNAME_PATTERN.test(username)) return 'A username has 3 to 20 characters: letters A–Z, digits, _ and -.';
  const bytes = new TextEncoder().encode(password).length;
  if (bytes < 8) return 'A password has at least 8 characters.';
  if (bytes > 128) return 'A password has at most 128 bytes.';
  return '';
}

/** The link to a player's profile page. */
export const profilePath = (username) => `/@/${encodeURIComponent(username)}`;

const RANK = { player: 0, moderator: 1, admin: 2 };
/** Whether a role may moderate (see the admin page). */
export const isStaff = (account) => !!account && (account.role === 'moderator' || account.role === 'admin');
/** Whether `actor` may act on `target` ({id, role}): a lower role, and not themselves. */
export const mayActOn = (actor, target) => isStaff(actor) && target.id !== actor.id && (RANK[target.role] ?? 0) < RANK[actor.role];
