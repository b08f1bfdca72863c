// Axial hex coordinates to SVG pixels, shared by both boards (RULES.md §1):
// (0,1) points up, (1,0) down-right, (1,1) up-right. A flipped board is seen
// from Black's side.

export const SQRT3_2 = Math.sqrt(3) / 2;

export function pixel(q, r, size, flip) {
  const x = q * SQRT3_2 * size;
  const y = -(r - q / 2) * size;
  return flip ? { x: -x, y: -y } : { x, y };
}

export const AXES = [[0, 1], [1, 0], [1, 1]];

export const letter = (column) => String.fromCharCode(97 + column);
