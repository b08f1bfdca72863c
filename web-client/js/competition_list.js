// The list pages of ladders and events: a heading and a hint, then a table of
// every one (or a line saying there is none yet), loaded from the API.
import { h, table } from './ui.js';
import { getJson } from './api.js';

/**
 * Fills `root` with the list described by `spec`:
 * {plural ('ladders'), title, intro, headings, url, rowOf (an API item → row),
 *  attributes (row → data attributes), cells (row → cells), empty (text)}.
 * Element ids follow `plural`: #ladders, #ladders-table, #ladders-empty, #ladders-error.
 */
export function showCompetitionList(root, spec) {
  const id = spec.plural;
  document.title = `${spec.title} · GIPF Arena`;
  const body = h('div', { id: `${id}-body` }, h('p', { class: 'hint' }, `Loading the ${id}…`));
  root.replaceChildren(h('section', { class: 'panel competition', id },
    h('h1', {}, spec.title),
    h('p', { class: 'hint' }, spec.intro),
    body));
  return load(body, spec);
}

async function load(body, spec) {
  const id = spec.plural;
  let items;
  try {
    items = (await getJson(spec.url))[id];
  } catch (error) {
    body.replaceChildren(h('p', { id: `${id}-error` }, `The ${id} could not be loaded: ${error.message}`));
    return;
  }
  const rows = (items || []).map(spec.rowOf);
  body.replaceChildren(rows.length
    ? table({ class: 'standings', id: `${id}-table` }, spec.headings,
      rows.map((r) => ({ attributes: spec.attributes(r), cells: spec.cells(r) })))
    : h('p', { class: 'hint', id: `${id}-empty` }, spec.empty));
}
