// The games the client knows, each one module behind the interface below. A view
// asks the module of its room's game (gameModule(options.game)) for variants,
// words, move numbers and the board, and never branches on a game's name.
import { colorName, other } from '../ui.js';
import { gipf } from './gipf.js';
import { yinsh } from './yinsh.js';

/**
 * @typedef {import('../room_state.js').Step} Step
 * @typedef {import('../room_state.js').Options} Options
 * @typedef {import('../room_state.js').Result} Result
 *
 * @typedef {Object} Variant
 * @property {string} name      the protocol's name (`create_room.variant`, `options.variant`)
 * @property {string} label     what the new-game form shows
 * @property {number} handicap  the most extra pieces a colour may get (`white_extra`, `black_extra`); 0: none
 *
 * @typedef {Object} Decision  words for a pending decision (the engine's `pending.kind`)
 * @property {string} yours    the instruction to the player who decides
 * @property {string} theirs   what the other player is doing, after their name: "to move"
 *
 * @typedef {Object} MoveLine  one line of the move list
 * @property {number} number   the move number
 * @property {string} text     the actions, a turn's joined with ";"
 * @property {{turn: number, text: string}[]} turns  the line's turns apart (a step's `turn`), each a link to its position
 *
 * @typedef {Object} Material  what a player has in hand, drawn beside their name
 * @property {'reserve'|'rings'} kind  GIPF: pieces left to bring in; YINSH: rings removed
 * @property {number} count
 * @property {number|null} of  how many win (YINSH), null when there is no such bound
 * @property {string} color
 *
 * @typedef {Object} Board     a board drawn in SVG, offering the legal moves as choices
 * @property {SVGSVGElement} svg
 * @property {HTMLElement} bar  buttons for the choices that are not points on the board
 * @property {(view: {state: object, moves: object[]|null, flip: boolean}) => void} update
 *
 * @typedef {Object} GameModule
 * @property {string} name           the protocol's name (`options.game`)
 * @property {string} title          how the game is written
 * @property {(options: Options) => boolean} boardspaceFiles whether a game goes out as a boardspace.net SGF file too (#44)
 * @property {Variant[]} variants    in the order the form lists them
 * @property {string} defaultVariant the one the form starts with
 * @property {{variant: string, speeds: string[]}[]} quickPairing quick pairing's rows (#46): speeds "M+S" (live) or "Nd" (days per move)
 * @property {boolean} draws         whether players may offer and agree a draw
 * @property {(options: Options) => string} label  a room's game in words: "GIPF basic (handicap 1/0)"
 * @property {(turn: number) => number} moveNumber  the move number of a step's `turn`
 * @property {(history: Step[]) => MoveLine[]} moveList  the history as numbered lines
 * @property {Object<string, Decision>} decisions  by pending kind
 * @property {Object<string, (winner: string|null, loser: string|null) => string>} results
 *   sentences for the end reasons of this game (the common ones are in resultText)
 * @property {(position: object, color: string) => string} playerInfo  the material line under a player
 * @property {(position: object, color: string) => Material} material  the same, to draw as pieces
 * @property {(position: object) => string|null} positionInfo  anything else about the position
 * @property {(handlers: {onAction: (action: string) => void}) => Board} createBoard
 */

/** @type {GameModule[]} every game, in the order the form lists them */
export const games = [gipf, yinsh];

const BY_NAME = new Map(games.map((game) => [game.name, game]));

/**
 * The module of a game.
 * @param {string} name `options.game`
 * @returns {GameModule}
 */
export function gameModule(name) {
  const game = BY_NAME.get(name);
  if (!game) throw new Error(`unknown game "${name}"`);
  return game;
}

/**
 * A room's game and variant in words.
 * @param {Options} options
 * @returns {string}
 */
export function variantLabel(options) {
  return gameModule(options.game).label(options);
}

/**
 * The sentence for a finished game.
 * @param {Result} result
 * @param {GameModule} game
 * @returns {string}
 */
export function resultText(result, game) {
  const winner = result.winner ? colorName(result.winner) : null;
  const loser = result.winner ? colorName(other(result.winner)) : null;
  const own = game.results[result.reason];
  if (own) return own(winner, loser);
  if (result.reason === 'resignation') return `${winner} wins: ${loser} resigned.`;
  if (result.reason === 'adjudication') return winner ? `${winner} wins by a moderator's decision.` : 'Drawn by a moderator\'s decision.';
  if (result.reason === 'timeout') return winner ? `${winner} wins on time: ${loser}'s clock ran out.` : 'Draw: a clock ran out.';
  if (result.reason === 'abandonment') return winner ? `${winner} wins: ${loser} left the game.` : 'Drawn: a player left the game.';
  return winner ? `${winner} wins (${result.reason}).` : `Draw (${result.reason}).`;
}
