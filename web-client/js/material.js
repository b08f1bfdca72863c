// A player's material drawn as pieces beside their name: GIPF's reserve as a
// row of small discs, YINSH's removed rings as rings in the slots that win.
// GIPF's reserve also says its count in figures: on a phone the discs are
// small, and the words are for screen readers only there (#43).
// The words (playerInfo) stay next to it for screen readers and searching.
import { h, s } from './ui.js';

const PER_ROW = 12;

/**
 * @param {import('./games/index.js').Material} material
 * @returns {Element} the rings' SVG, or the reserve's SVG and its count
 */
export function materialIcons({ kind, count, of, color }) {
  const fill = color === 'white' ? 'piece-white' : 'piece-black';
  if (kind === 'rings') {
    const slots = Math.max(of || 0, count);
    const svg = s('svg', { class: 'material rings', 'data-count': count, viewBox: `0 0 ${slots * 22} 22`, width: slots * 18, height: 18, 'aria-hidden': 'true' });
    for (let i = 0; i < slots; i++) {
      svg.append(s('circle', { class: i < count ? `won ${color}` : 'slot', cx: 11 + i * 22, cy: 11, r: 7 }));
    }
    return svg;
  }
  const rows = Math.max(1, Math.ceil(count / PER_ROW));
  const svg = s('svg', { class: 'material reserve', 'data-count': count, viewBox: `0 0 ${PER_ROW * 11 + 2} ${rows * 11 + 2}`,
    width: PER_ROW * 9, height: rows * 9, 'aria-hidden': 'true' });
  for (let i = 0; i < count; i++) {
    svg.append(s('circle', { class: fill, cx: 6.5 + (i % PER_ROW) * 11, cy: 6.5 + Math.floor(i / PER_ROW) * 11, r: 4.5 }));
  }
  return h('span', { class: 'material-reserve' }, svg, h('span', { class: 'material-count', 'aria-hidden': 'true', title: 'Pieces in reserve' }, String(count)));
}
