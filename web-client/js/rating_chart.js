// A player's rating history as an SVG chart (the profile page): the rating
// after each rated game over time, a band of ± RD around it, the ratings on the
// left axis and the first and last dates below. Pure: points in, a tree of
// {tag, attrs, children} out (ui.js's svgTree() makes the elements), so that
// Node can test the drawing without a page.

/**
 * @typedef {{game: string, at: number, rating: number, rd: number}} Point  one rated game (`at` ms since the epoch)
 * @typedef {{tag: string, attrs: Object<string, string|number>, children: (Node|string)[]}} Node
 */

// small units: the labels stay readable when a phone shrinks the chart
export const WIDTH = 360;
export const HEIGHT = 180;
const MARGIN = { left: 38, right: 10, top: 10, bottom: 24 };
const STEP = 50;  // the rating axis runs between multiples of this

const node = (tag, attrs = {}, ...children) => ({ tag, attrs, children: children.filter((c) => c !== null) });
const round1 = (n) => Math.round(n * 10) / 10;

/** A date of the API (ms since the epoch; seconds below 1e11, as api.js reads them) as YYYY-MM-DD, UTC. */
export function dateLabel(at) {
  const ms = at < 1e11 ? at * 1000 : at;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The ratings axis for the points: from below the lowest rating − RD to above
 * the highest rating + RD, on multiples of 50.
 * @param {Point[]} points at least one
 * @returns {{low: number, high: number}}
 */
export function ratingRange(points) {
  const low = Math.floor(Math.min(...points.map((p) => p.rating - p.rd)) / STEP) * STEP;
  let high = Math.ceil(Math.max(...points.map((p) => p.rating + p.rd)) / STEP) * STEP;
  if (high <= low) high = low + STEP;
  return { low, high };
}

/**
 * The chart of `points` (oldest first, as the API sends them).
 * @param {Point[]} points
 * @param {{width?: number, height?: number, perf?: string}} [size]
 * @returns {Node} the <svg>
 */
export function ratingChart(points, { width = WIDTH, height = HEIGHT, perf = '' } = {}) {
  const svg = (cls, ...children) => node('svg', {
    class: `rating-chart${cls}`, id: 'rating-chart', viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-label': points.length ? `Rating history: ${points.length} rated game${points.length === 1 ? '' : 's'}` : 'No rated games yet',
    'data-points': points.length, 'data-perf': perf || null,
  }, ...children);
  if (!points.length) {
    return svg(' empty', node('text', { class: 'empty-label', x: width / 2, y: height / 2, 'text-anchor': 'middle' }, 'No rated games yet.'));
  }
  const left = MARGIN.left, right = width - MARGIN.right, top = MARGIN.top, bottom = height - MARGIN.bottom;
  const { low, high } = ratingRange(points);
  const y = (rating) => round1(bottom - ((rating - low) / (high - low)) * (bottom - top));
  const first = points[0].at, last = points[points.length - 1].at;
  // one moment (one game, or all at once): in the middle
  const x = (at) => round1(last === first ? (left + right) / 2 : left + ((at - first) / (last - first)) * (right - left));

  const band = points.length === 1
    ? node('rect', { class: 'rd-band', x: x(first) - 3, y: y(points[0].rating + points[0].rd), width: 6,
      height: round1(y(points[0].rating - points[0].rd) - y(points[0].rating + points[0].rd)) })
    : node('polygon', { class: 'rd-band', points: [
      ...points.map((p) => `${x(p.at)},${y(p.rating + p.rd)}`),
      ...points.slice().reverse().map((p) => `${x(p.at)},${y(p.rating - p.rd)}`)].join(' ') });
  const line = points.length > 1
    ? node('polyline', { class: 'rating-line', fill: 'none', points: points.map((p) => `${x(p.at)},${y(p.rating)}`).join(' ') })
    : null;
  const dots = points.map((p) => node('circle', {
    class: 'rating-point', cx: x(p.at), cy: y(p.rating), r: 3,
    'data-game': p.game, 'data-rating': p.rating, 'data-rd': p.rd,
  }, node('title', {}, `${Math.round(p.rating)} ± ${Math.round(p.rd)} on ${dateLabel(p.at)}`)));

  // the ratings axis: its ends and the middle; the dates: first and last
  const ticks = [low, (low + high) / 2, high].map((rating) => node('g', { class: 'tick' },
    node('line', { class: 'grid', x1: left, x2: right, y1: y(rating), y2: y(rating) }),
    node('text', { class: 'axis-label', x: left - 5, y: y(rating), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, String(Math.round(rating)))));
  const dates = [node('text', { class: 'axis-label date', x: last === first ? x(first) : left, y: height - 6, 'text-anchor': last === first ? 'middle' : 'start' }, dateLabel(first))];
  if (dateLabel(last) !== dateLabel(first)) dates.push(node('text', { class: 'axis-label date', x: right, y: height - 6, 'text-anchor': 'end' }, dateLabel(last)));

  return svg('',
    ...ticks,
    node('line', { class: 'axis', x1: left, x2: left, y1: top, y2: bottom }),
    node('line', { class: 'axis', x1: left, x2: right, y1: bottom, y2: bottom }),
    band, line, ...dots, ...dates);
}
