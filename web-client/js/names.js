// The server's rule for display names (protocol/PROTOCOL.md), checked before
// sending so that the common mistakes get an answer at once; the server decides
// (it also refuses unassigned characters and normalises to NFC).
export function validName(name) {
  if (!name) return 'Choose a name.';
  const nfc = name.normalize('NFC');
  if ([...nfc].length > NAME_MAX) return `A name has at most ${NAME_MAX} characters.`;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}]/u.test(nfc)) return 'A name cannot contain control, invisible or formatting characters.';
  if (/(?! )[\s\p{Zs}]/u.test(nfc)) return 'The only space allowed is the plain space.';
  if (/^ | $|  /.test(nfc)) return 'No space at the start or end of a name, and no two in a row.';
  if (!/[\p{L}\p{N}]/u.test(nfc)) return 'A name needs at least one letter or digit.';
  return '';
}

/** The server's limit of a chat message, in characters (code points after NFC: protocol::kMaxChatLength). */
export const CHAT_MAX = 200;
/** The server's limit of a display name (protocol::kMaxNameLength). */
export const NAME_MAX = 24;

/**
 * A chat message as the server takes it (protocol/PROTOCOL.md, "Chat"): spaces
 * of any kind become single plain spaces, the ends are trimmed and the emoji
 * variation selectors (which phone keyboards add and the server refuses) are
 * dropped; then 1–200 characters (code points, NFC) under the names' rule for
 * characters. Returns {text} to send, or {problem} in words (the server decides:
 * it also refuses unassigned characters by its own Unicode tables).
 * @param {string} raw what was typed
 * @returns {{text: string}|{problem: string}}
 */
export function chatText(raw) {
  const text = raw.normalize('NFC').replace(/[\uFE0E\uFE0F]/g, '').replace(/[\s\p{Zs}]+/gu, ' ').trim();
  if (!text) return { problem: 'Write something first.' };
  if ([...text].length > CHAT_MAX) return { problem: `A chat message has at most ${CHAT_MAX} characters.` };
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}]/u.test(text)) return { problem: 'A chat message cannot contain control, invisible or formatting characters.' };
  return { text };
}

/**
 * What a seat or a chat line's writer is (protocol/PROTOCOL.md, "Trust and
 * safety"), as a badge's words: staff and guests are marked so that a guest
 * cannot pass for a moderator; a plain account gets none.
 * @param {{kind?: string}|null|undefined} player
 * @returns {string} '' for an account or when unknown
 */
export function kindLabel(player) {
  switch (player && player.kind) {
    case 'admin': return 'admin';
    case 'moderator': return 'mod';
    case 'guest': return 'guest';
    case 'computer': return 'bot';
    case 'bot': return 'bot';  // a bot account (#45)
    default: return '';
  }
}
