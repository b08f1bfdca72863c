// What the computer's levels mean (#47): the server's GET /api/computer, its words
// ("beginner" … "expert") and its provisional rating in each game, from the match
// table of bot/README.md. The lobby's Opponent menu shows them.

/**
 * The menu text of a level: "Computer level 3 · casual player · ≈1000" in the
 * chosen game, or plain "Computer level 3" while the levels are not known.
 * @param {number} level
 * @param {Array<{level: number, words: string, ratings: {gipf: number, yinsh: number}}>|null} levels
 * @param {string} game a game's name (games/index.js), a key of `ratings`
 */
export function levelLabel(level, levels, game) {
  const row = levels?.find((l) => l.level === level);
  if (!row) return `Computer level ${level}`;
  const rating = row.ratings?.[game];
  return `Computer level ${level} · ${row.words}${Number.isFinite(rating) ? ` · ≈${Math.round(rating)}` : ''}`;
}

/**
 * The levels from the server, or null when they cannot be had (the menu then
 * keeps its plain labels).
 * @param {typeof fetch} [fetchFn]
 */
export async function fetchLevels(fetchFn = fetch) {
  try {
    const reply = await fetchFn('/api/computer');
    if (!reply.ok) return null;
    const body = await reply.json();
    return Array.isArray(body?.levels) ? body.levels : null;
  } catch {
    return null;
  }
}
