// The analysis board's move tree (#44): every line tried from a start, as a
// tree of chosen actions (the forced ones the server takes are kept with the
// action they follow, never as nodes of their own). A node's first child is
// its main line, the others are variations, in the order they were made.
// Moving, adding, promoting and deleting; the path of a node (the actions from
// the start), for the server (`POST /api/analysis` takes it as `line`) and for
// links; a compact form for localStorage and the flat list of `POST
// /api/analysis/sgf`; the tree laid out for the move list, numbered by the
// game module's moveNumber. Pure: no DOM, no fetch. The addresses and the
// trees kept in localStorage are analysis_store.js's.

/**
 * @typedef {Object} TreeNode
 * @property {number} id
 * @property {number|null} parent    null for the start
 * @property {string|null} action    the chosen action that led here (null for the start)
 * @property {number[]} children     the first is the main line
 * @property {number|null} turn      the turn index since the start of the action (a step's `turn`), once known
 * @property {'white'|'black'|null} player  who chose it, once known
 * @property {string[]} forced       the forced actions the server took after it
 */

/** The root's id. */
export const ROOT = 0;

/** The most nodes a tree keeps (the SGF endpoint takes 2000). */
export const MAX_NODES = 2000;

/** The most moves a line from the start has (`POST /api/analysis` takes 1,000 actions). */
export const MAX_LINE = 1000;

/** The longest action the server takes, in UTF-8 bytes. */
export const MAX_ACTION_BYTES = 64;

const encoder = new TextEncoder();

/** Whether the server takes `action` as a line's action: a text of 1 to 64 bytes. */
export function fitsAction(action) {
  return typeof action === 'string' && action.length > 0 && encoder.encode(action).length <= MAX_ACTION_BYTES;
}

/**
 * The index of the first action of `line` the server refuses as a field (too
 * long, or past MAX_LINE); the last index when it refuses none (-1 when empty).
 */
export function badActionIndex(line) {
  const bad = line.findIndex((action, i) => i >= MAX_LINE || !fitsAction(action));
  return bad >= 0 ? bad : line.length - 1;
}

export class AnalysisTree {
  constructor() {
    /** @type {Map<number, TreeNode>} */
    this.nodes = new Map([[ROOT, blank(ROOT, null, null)]]);
    this.nextId = 1;
    this.current = ROOT;
  }

  /** The node with this id (undefined when there is none). */
  node(id) { return this.nodes.get(id); }

  /** How many moves the tree holds (the start left out). */
  get size() { return this.nodes.size - 1; }

  /**
   * Plays `action` at `from` (the current node unless given): goes to the
   * child that has it, or makes one (the first child of a node is its main
   * line; a new one goes after its siblings). Returns the child's id, or null
   * when there is no room for it (refusal() says why).
   */
  add(action, from = this.current) {
    const id = this.child(from, action) ?? this.append(from, action);
    if (id === null) return null;
    this.current = id;
    return id;
  }

  /** The child of `id` reached by `action` (null when there is none). */
  child(id, action) {
    const node = this.nodes.get(id);
    if (!node) return null;
    return node.children.find((c) => this.nodes.get(c).action === action) ?? null;
  }

  /**
   * Why no move can be added after `parent`: 'full' (MAX_NODES moves),
   * 'long' (its line has MAX_LINE moves), or null when one can.
   */
  refusal(parent = this.current) {
    if (this.size >= MAX_NODES) return 'full';
    if (this.depth(parent) >= MAX_LINE) return 'long';
    return null;
  }

  /** How many moves lead from the start to `id`. */
  depth(id = this.current) {
    let n = 0;
    for (let at = id; at !== ROOT && at !== null && at !== undefined; at = this.nodes.get(at).parent) n++;
    return n;
  }

  /** A new last child of `parent`, without moving; null when there is no room (refusal()). */
  append(parent, action) {
    const node = this.nodes.get(parent);
    if (!node || typeof action !== 'string' || !action) throw new Error(`no node ${parent} or no action`);
    if (this.refusal(parent) !== null) return null;
    const id = this.nextId++;
    this.nodes.set(id, blank(id, parent, action));
    node.children.push(id);
    return id;
  }

  /**
   * The actions of `line` from `from` (the start unless given), each made if
   * missing, without moving. Returns the id where it ends (as far as the tree
   * could take it: depth() tells how much of it fitted).
   */
  addLine(line, from = ROOT) {
    let at = from;
    for (const action of line) {
      const next = this.child(at, action) ?? this.append(at, action);
      if (next === null) break;
      at = next;
    }
    return at;
  }

  /** Goes to a node; whether it exists. */
  go(id) {
    if (!this.nodes.has(id)) return false;
    this.current = id;
    return true;
  }

  /** One move back (to the parent); whether it moved. */
  back() {
    const { parent } = this.nodes.get(this.current);
    return parent !== null && this.go(parent);
  }

  /** One move forward along the main line of the current node; whether it moved. */
  forward() {
    const [first] = this.nodes.get(this.current).children;
    return first !== undefined && this.go(first);
  }

  /** To the start. */
  toStart() { return this.go(ROOT); }

  /** To the end of the current node's main line (first children to the last). */
  toEnd() { return this.go(this.lineEnd(this.current)); }

  /** The last node of `id`'s main line. */
  lineEnd(id) {
    let at = id;
    while (this.nodes.get(at).children.length) [at] = this.nodes.get(at).children;
    return at;
  }

  /** The ids from the start (left out) to `id`, in order. */
  ancestry(id = this.current) {
    const ids = [];
    for (let at = id; at !== ROOT && at !== null && at !== undefined; at = this.nodes.get(at).parent) ids.push(at);
    return ids.reverse();
  }

  /** The actions from the start to `id`: the `line` the server takes. */
  path(id = this.current) {
    return this.ancestry(id).map((at) => this.nodes.get(at).action);
  }

  /** The node at the end of `line` from the start, or null when the tree has no such line. */
  find(line) {
    let at = ROOT;
    for (const action of line) {
      at = this.child(at, action);
      if (at === null) return null;
    }
    return at;
  }

  /** The ids of the main line from the start (left out): first children to the end. */
  mainLine() {
    const ids = [];
    for (let at = ROOT; this.nodes.get(at).children.length;) {
      [at] = this.nodes.get(at).children;
      ids.push(at);
    }
    return ids;
  }

  /** Whether `id` is on the main line (the start is). */
  onMainLine(id = this.current) {
    return this.ancestry(id).every((at) => this.isFirstChild(at));
  }

  isFirstChild(id) {
    const { parent } = this.nodes.get(id);
    return parent === null || this.nodes.get(parent).children[0] === id;
  }

  /**
   * The node where `id`'s variation branches off: the nearest of it and its
   * ancestors that is not its parent's first child (null on the main line).
   */
  variationRoot(id = this.current) {
    for (let at = id; at !== ROOT; at = this.nodes.get(at).parent) if (!this.isFirstChild(at)) return at;
    return null;
  }

  /**
   * Promotes the variation `id` is in (lichess's "promote variation"): its
   * first move becomes its parent's first child, the line it branched from a
   * variation of it. Whether anything changed (not on the main line).
   */
  promote(id = this.current) {
    const root = this.variationRoot(id);
    if (root === null) return false;
    const siblings = this.nodes.get(this.nodes.get(root).parent).children;
    siblings.splice(siblings.indexOf(root), 1);
    siblings.unshift(root);
    return true;
  }

  /**
   * Deletes `id` and everything after it (never the start). The current node,
   * when it was among them, becomes `id`'s parent. Whether anything was deleted.
   */
  remove(id = this.current) {
    const node = this.nodes.get(id);
    if (!node || node.parent === null) return false;
    const gone = this.subtree(id);
    const siblings = this.nodes.get(node.parent).children;
    siblings.splice(siblings.indexOf(id), 1);
    if (gone.includes(this.current)) this.current = node.parent;
    for (const at of gone) this.nodes.delete(at);
    return true;
  }

  /** `id` and all the nodes after it, `id` first, in preorder (children in order). */
  subtree(id) {
    const out = [];
    const walk = (at) => { out.push(at); for (const c of this.nodes.get(at).children) walk(c); };
    walk(id);
    return out;
  }

  /**
   * What the server said of the steps of a line (`steps` of `POST
   * /api/analysis`, from the start), kept on the line's nodes: each chosen
   * step's turn and player, the forced steps after it. `line` is the path the
   * answer is for; a line that does not match the steps changes nothing.
   */
  learn(line, steps) {
    const ids = [];
    let at = ROOT;
    for (const action of line) {
      at = this.child(at, action);
      if (at === null) return false;
      ids.push(at);
    }
    const chosen = steps.filter((step) => !step.automatic);
    if (chosen.length !== ids.length || chosen.some((step, i) => step.action !== line[i])) return false;
    let index = -1;
    const forced = ids.map(() => []);
    for (const step of steps) {
      if (step.automatic) {
        if (index >= 0) forced[index].push(step.action);
        continue;
      }
      index++;
      Object.assign(this.nodes.get(ids[index]), { turn: step.turn, player: step.player });
    }
    ids.forEach((id, i) => { this.nodes.get(id).forced = forced[i]; });
    return true;
  }

  /**
   * The steps of the path to `id` as far as they are known (a replay's
   * `steps`: {ply, player, action, automatic, turn}), forced ones included;
   * null when a node on it has not been learned yet.
   */
  steps(id = this.current) {
    const out = [];
    for (const at of this.ancestry(id)) {
      const node = this.nodes.get(at);
      if (node.turn === null) return null;
      out.push({ ply: out.length, player: node.player, action: node.action, automatic: false, turn: node.turn });
      for (const action of node.forced) out.push({ ply: out.length, player: node.player, action, automatic: true, turn: node.turn });
    }
    return out;
  }

  // ---- the compact form and the SGF endpoint's list ----

  /**
   * The tree in preorder (a node after its parent, siblings in order) as
   * [{parent, node}]: `parent` the index of an earlier entry, -1 for the start.
   */
  flat() {
    const out = [];
    const index = new Map([[ROOT, -1]]);
    const walk = (id) => {
      for (const c of this.nodes.get(id).children) {
        index.set(c, out.length);
        out.push({ parent: index.get(id), node: this.nodes.get(c) });
        walk(c);
      }
    };
    walk(ROOT);
    return { entries: out, index };
  }

  /** The `moves` of `POST /api/analysis/sgf`: [{parent: -1|index, action}], parents first. */
  sgfMoves() {
    return this.flat().entries.map(({ parent, node }) => ({ parent, action: node.action }));
  }

  /**
   * The tree as plain JSON (for localStorage): `m` the moves as in sgfMoves,
   * each `[parent, action]` plus `[turn, player, forced]` when learned, `at`
   * the index of the current node (-1: the start).
   */
  serialize() {
    const { entries, index } = this.flat();
    const m = entries.map(({ parent, node }) => (node.turn === null ? [parent, node.action]
      : [parent, node.action, node.turn, node.player === 'black' ? 'b' : 'w', ...node.forced]));
    return { v: 1, m, at: index.get(this.current) };
  }

  /**
   * A tree from serialize()'s JSON; null when it is not one (another version,
   * a parent after its child, a repeated action among siblings).
   */
  static deserialize(data) {
    if (!data || data.v !== 1 || !Array.isArray(data.m) || data.m.length > MAX_NODES) return null;
    const tree = new AnalysisTree();
    const ids = [];
    for (const [i, entry] of data.m.entries()) {
      if (!Array.isArray(entry)) return null;
      const [parent, action, turn, player, ...forced] = entry;
      if (!Number.isInteger(parent) || parent < -1 || parent >= i || typeof action !== 'string' || !action) return null;
      const from = parent < 0 ? ROOT : ids[parent];
      if (from === null) { ids.push(null); continue; }  // after a move that did not fit
      if (tree.child(from, action) !== null) return null;
      const id = tree.append(from, action);
      if (id === null) { ids.push(null); continue; }  // past MAX_LINE: left out
      if (Number.isInteger(turn) && turn >= 0 && (player === 'w' || player === 'b') && forced.every((f) => typeof f === 'string')) {
        Object.assign(tree.nodes.get(id), { turn, player: player === 'b' ? 'black' : 'white', forced });
      }
      ids.push(id);
    }
    const at = data.at;
    tree.current = (Number.isInteger(at) && at >= 0 && at < ids.length ? ids[at] : null) ?? ROOT;
    return tree;
  }

  // ---- the move list ----

  /**
   * The tree laid out for the move list, lichess's way: the main line of the
   * start, and after each move the variations its siblings begin, each a
   * block of its own (nested the same way). A move is {type: 'move', id,
   * action, text (forced steps after it joined with ";"), number (the label
   * before it: "12." or "12…" at a block's start when the number began
   * earlier; '' when none), current, main (on the main line)}; a variation is
   * {type: 'variation', items}.
   * @param {(turn: number) => number} moveNumber the game module's
   * @returns {Array<object>} the items of the main line
   */
  layout(moveNumber) {
    const line = (first, main) => {
      const items = [];
      let at = first;
      let blockStart = true;
      while (at !== undefined) {
        const node = this.nodes.get(at);
        items.push(this.moveItem(node, blockStart, main, moveNumber));
        blockStart = false;
        const siblings = this.nodes.get(node.parent).children;
        if (siblings[0] === at && siblings.length > 1) {
          for (const other of siblings.slice(1)) items.push({ type: 'variation', items: line(other, false) });
          blockStart = true;
        }
        [at] = node.children;
      }
      return items;
    };
    const [first] = this.nodes.get(ROOT).children;
    return first === undefined ? [] : line(first, true);
  }

  moveItem(node, blockStart, main, moveNumber) {
    const parent = this.nodes.get(node.parent);
    const startsTurn = node.turn !== null && (parent.turn === null || parent.id === ROOT || parent.turn !== node.turn);
    let number = '';
    if (node.turn !== null && startsTurn) {
      const n = moveNumber(node.turn);
      const continued = node.turn > 0 && moveNumber(node.turn - 1) === n;
      if (!continued) number = `${n}.`;
      else if (blockStart) number = `${n}…`;
    } else if (node.turn !== null && blockStart) {
      number = `${moveNumber(node.turn)}…`;  // a removal within a turn, at a block's start
    }
    const text = [node.action, ...node.forced].join(';');
    return { type: 'move', id: node.id, action: node.action, text, number, current: node.id === this.current, main };
  }
}

function blank(id, parent, action) {
  return { id, parent, action, children: [], turn: null, player: null, forced: [] };
}
