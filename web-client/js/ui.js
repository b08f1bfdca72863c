// Small DOM helpers shared by the views.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An HTML element: h('button', {class: 'primary', onclick}, 'text', child...) */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  return fill(element, attributes, children);
}

/** An SVG element with the same calling convention as h(). */
export function s(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  return fill(element, attributes, children);
}

function fill(element, attributes, children) {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

let toastTimer = null;
/** Shows a message in words for a few seconds (server errors, hints). */
/**
 * A short message over the page, for five seconds: `kind` 'error' (something
 * was refused or failed: the danger colour, read out at once) or 'info' (news,
 * such as an opponent's offer: a neutral colour, read out politely). At the
 * top of the window, where no answer button is (#43).
 */
export function toast(message, kind = 'error') {
  const element = document.getElementById('toast');
  element.textContent = message;
  element.dataset.kind = kind;
  element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  element.setAttribute('aria-live', kind === 'error' ? 'assertive' : 'polite');
  element.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { element.hidden = true; }, 5000);
}

/** A line that says how the last request went, in words: line.show(text, 'ok' | 'error'). */
export function messageLine(id) {
  const line = h('p', { class: 'admin-message', id, role: 'status', 'aria-live': 'polite' });
  line.show = (text, kind = 'ok') => { line.textContent = text; line.dataset.kind = kind; };
  return line;
}

/**
 * A table that scrolls sideways on its own when a phone is too narrow for it:
 * `headings` are texts or {text, title}; each row is {attributes, cells}, a
 * cell a node, a text or a list of them.
 */
export function table(attributes, headings, rows) {
  return h('div', { class: 'scroll' }, h('table', attributes,
    h('thead', {}, h('tr', {}, headings.map((heading) => (typeof heading === 'string'
      ? h('th', { scope: 'col' }, heading) : h('th', { scope: 'col', title: heading.title }, heading.text))))),
    h('tbody', {}, rows.map((row) => h('tr', row.attributes || {},
      row.cells.map((cell) => h('td', {}, [cell].flat(Infinity))))))));
}

export const colorName = (color) => (color === 'white' ? 'White' : 'Black');
export const other = (color) => (color === 'white' ? 'black' : 'white');

/** The SVG elements of a tree of {tag, attrs, children} (rating_chart.js draws one). */
export function svgTree(node) {
  if (typeof node === 'string') return node;
  return s(node.tag, node.attrs, ...node.children.map(svgTree));
}

/**
 * Scrolls `container` (a scrolling box) just enough for `item` inside it to be
 * seen, and nothing else: the page itself stays where it is.
 */
export function scrollIntoList(item, container) {
  const box = container.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) container.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) container.scrollTop += Math.min(at.bottom - box.bottom, at.top - box.top);
}

/** Whether a key pressed in `element` is its own: text fields, selects and the slider keep their arrows. */
export function ownsKeys(element) {
  if (!element || !element.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable === true;
}

/** The step buttons' icons (16×16, in the text's colour): Chromium's fonts lack ⏮ and ⏭. */
const STEP_ICONS = {
  first: 'M2 2h2.5v12H2z M14 2v12L5 8z',
  previous: 'M12 2v12L3 8z',
  next: 'M4 2v12l9-6z',
  last: 'M11.5 2H14v12h-2.5z M2 2v12l9-6z',
};

/** The icon of a step button: 'first', 'previous', 'next' or 'last'. */
export function stepIcon(name) {
  return s('svg', { class: 'icon', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' },
    s('path', { d: STEP_ICONS[name], fill: 'currentColor' }));
}

/**
 * Copies `text` (a link) to the clipboard and says so in `target`; without a
 * clipboard (an insecure page, a refusal) `target` shows it to copy by hand.
 * @param {string} text
 * @param {HTMLElement} target where the words go
 * @param {{label?: string, id?: string}} [field] the hand copy's field: its label and id
 */
export async function copyWithFallback(text, target, { label = 'Link to this position', id } = {}) {
  try {
    await navigator.clipboard.writeText(text);
    target.textContent = 'Link copied.';
  } catch {
    target.replaceChildren('Copy this link: ', h('input', { readonly: true, value: text, id, 'aria-label': label, onfocus: (e) => e.target.select() }));
  }
}

/**
 * `fn` called at most once per `wait` ms: at once when it was not called in
 * the last `wait` ms, else once at the end of the wait with the last
 * arguments. `.flush()` makes a waiting call now. (The browsers refuse
 * history.replaceState called ~100 times in 10 s.)
 * @template {(...args: any[]) => void} F
 * @param {F} fn
 * @param {number} wait
 * @param {{now?: () => number, later?: typeof setTimeout, cancel?: typeof clearTimeout}} [clock] for the tests
 */
export function debounce(fn, wait, { now = () => Date.now(), later = setTimeout, cancel = clearTimeout } = {}) {
  let last = -Infinity;
  let timer = null;
  let pending = null;
  const run = () => {
    cancel(timer);
    timer = null;
    last = now();
    const args = pending;
    pending = null;
    fn(...args);
  };
  const call = (...args) => {
    pending = args;
    if (timer !== null) return;
    const since = now() - last;
    if (since >= wait) run();
    else timer = later(run, wait - since);
  };
  call.flush = () => { if (pending) run(); };
  return call;
}
