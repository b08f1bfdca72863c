// Where the analysis board (#44) keeps its place: the addresses (a line, a
// position, the replay's "Analyse from here") and the trees kept in
// localStorage, the 20 used last. Pure: no DOM, no fetch (the store's functions
// take the storage they use).
import { AnalysisTree, MAX_LINE, fitsAction } from './analysis_tree.js';

// ---- lines and positions in addresses ----

/**
 * The longest `line` an address carries, in characters: the server reads
 * request targets of at most 8 KiB. A longer one is left out (the kept tree's
 * current node says where the board was).
 */
export const MAX_ADDRESS_LINE = 6000;

/** A line in an address: its actions joined with `_` (no action has one). */
export function lineParam(line) {
  return line.join('_');
}

/** The `line` of an address for `line`, or null when it is too long for one. */
export function addressLine(line) {
  const text = lineParam(line);
  return text.length > MAX_ADDRESS_LINE ? null : text;
}

/**
 * The actions of an address's `line` (`_`, spaces, `+` or `;` between them):
 * those the server takes (at most 64 bytes each), at most MAX_LINE of them.
 */
export function parseLine(text) {
  if (typeof text !== 'string') return [];
  return text.split(/[\s_;+]+/).filter(fitsAction).slice(0, MAX_LINE);
}

/** A position's text as a link writes it: `_` for each space. */
export function positionParam(text) {
  return text.trim().split(/\s+/).join('_');
}

/** A position's text from a link or a paste: `_` read as spaces, one line. */
export function positionFromParam(text) {
  return String(text ?? '').replace(/_/g, ' ').trim().split(/\s+/).join(' ');
}

/** The address of the analysis board of a game's options: /analysis/GAME/VARIANT. */
export function analysisPath(options) {
  return `/analysis/${encodeURIComponent(options.game)}/${encodeURIComponent(options.variant)}`;
}

/**
 * The link "Analyse from here" of a finished game's replay.
 * @param {{game: string, variant: string}} options
 * @param {string} id the game's id
 * @param {number} ply the position shown
 * @param {boolean} imported a game brought in (/api/imports)
 */
export function analyseHere(options, id, ply, imported = false) {
  const query = new URLSearchParams({ [imported ? 'imported' : 'game']: id, ply: String(ply) });
  return `${analysisPath(options)}?${query}`;
}

// ---- the trees kept in localStorage ----

/** The list of kept trees (their keys, the last used first). */
export const INDEX_KEY = 'gipf-arena-analysis';
/** The prefix of a kept tree's own key. */
export const TREE_PREFIX = 'gipf-arena-analysis:';
/** How many trees are kept: older ones are dropped. */
export const KEEP_TREES = 20;

/**
 * The key a tree is kept under: the game's (`game:ID`, `imported:ID`) when it
 * began from one, else its start position's normalised text.
 */
export function treeKey({ game = null, imported = null, start }) {
  if (game) return `game:${game}`;
  if (imported) return `imported:${imported}`;
  return `start:${start}`;
}

function readIndex(storage) {
  try {
    const list = JSON.parse(storage.getItem(INDEX_KEY) || '[]');
    return Array.isArray(list) ? list.filter((k) => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The kept trees' keys (without the prefix) that `list` does not name: left
 * behind when the index was lost or overwritten. At most `bound` of them.
 */
function strays(storage, list, bound) {
  if (typeof storage.key !== 'function' || !Number.isInteger(storage.length)) return [];
  const listed = new Set(list);
  const out = [];
  for (let i = 0; i < storage.length && out.length < bound; i++) {
    const name = storage.key(i);
    if (typeof name === 'string' && name.startsWith(TREE_PREFIX) && !listed.has(name.slice(TREE_PREFIX.length))) {
      out.push(name.slice(TREE_PREFIX.length));
    }
  }
  return out;
}

/**
 * Keeps `tree` under `key` and makes it the last used; drops the trees beyond
 * `limit`, the least recently used first, and (up to `limit` at a time) the
 * kept trees the index does not name. Whether it was kept (a full storage
 * refuses).
 * @param {Storage} storage
 */
export function saveTree(storage, key, tree, limit = KEEP_TREES) {
  try {
    const list = [key, ...readIndex(storage).filter((k) => k !== key)];
    const dropped = list.splice(limit);
    for (const old of [...dropped, ...strays(storage, [...list, ...dropped], limit)]) storage.removeItem(TREE_PREFIX + old);
    storage.setItem(TREE_PREFIX + key, JSON.stringify(tree.serialize()));
    storage.setItem(INDEX_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;  // no storage, or full: the tree lives on in the page
  }
}

/** The tree kept under `key`, or null. */
export function loadTree(storage, key) {
  try {
    const text = storage.getItem(TREE_PREFIX + key);
    return text ? AnalysisTree.deserialize(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}
