// The analysis board's move list (#44): the tree laid out as lichess does
// (AnalysisTree.layout), a button per move. It is rebuilt only when the tree's
// moves changed (added, deleted, promoted, their turns learned); a step only
// moves the mark of the current move, whose button alone carries its path
// (data-path). The focus stays in the list through a rebuild.
import { h, scrollIntoList } from './ui.js';
import { lineParam } from './analysis_store.js';

export class MoveList {
  /**
   * @param {(turn: number) => number} moveNumber the game module's
   * @param {(id: number) => void} onPick a move's button clicked: its node
   */
  constructor(moveNumber, onPick) {
    this.moveNumber = moveNumber;
    this.onPick = onPick;
    this.element = h('div', { id: 'analysis-tree', class: 'analysis-tree', role: 'region', 'aria-label': 'Moves', tabindex: '-1' });
    /** @type {Map<number, HTMLElement>} the buttons by node */
    this.buttons = new Map();
    this.shown = null;   // the tree's version shown
    this.marked = null;  // the node whose button is marked current
  }

  /**
   * The list for `tree` at `version` (a number that changes with its moves),
   * its current move marked and scrolled to.
   * @param {import('./analysis_tree.js').AnalysisTree} tree
   */
  render(tree, version) {
    const current = tree.current;
    if (this.shown !== version) this.rebuild(tree, version);
    if (this.marked !== current) {
      const old = this.buttons.get(this.marked);
      if (old) {
        old.classList.remove('current');
        old.removeAttribute('aria-current');
        delete old.dataset.path;
      }
      const now = this.buttons.get(current);
      if (now) {
        now.classList.add('current');
        now.setAttribute('aria-current', 'step');
        now.dataset.path = lineParam(tree.path(current));
      }
      this.marked = current;
    }
    const button = this.buttons.get(current);
    if (button) scrollIntoList(button, this.element);
    else this.element.scrollTop = 0;
  }

  rebuild(tree, version) {
    this.shown = version;
    const focused = document.activeElement;
    const hadFocus = !!focused && focused !== this.element && this.element.contains(focused);
    this.buttons = new Map();
    this.marked = null;
    const paren = (text) => h('span', { class: 'paren', 'aria-hidden': 'true' }, text);
    const render = (list) => list.flatMap((item) => {
      if (item.type === 'variation') return h('div', { class: 'variation' }, paren('('), render(item.items), paren(')'));
      const button = h('button', { type: 'button', class: `tree-move${item.main ? ' main' : ''}`, 'data-action': item.action,
        'data-node': item.id, onclick: () => this.onPick(item.id) }, item.text);
      this.buttons.set(item.id, button);
      // a number stays on the line of its move
      return item.number ? [h('span', { class: 'tree-item' }, h('span', { class: 'move-number' }, item.number), button)] : [button];
    });
    const items = tree.layout(this.moveNumber);
    this.element.replaceChildren(...(items.length ? render(items) : [h('p', { class: 'hint' }, 'No moves yet: play one on the board.')]));
    // the focus stays: on the same move, else on the current one
    if (hadFocus) {
      const again = this.buttons.get(Number(focused.dataset.node)) || this.buttons.get(tree.current);
      (again || this.element).focus({ preventScroll: true });
    }
  }
}
