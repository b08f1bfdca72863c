#pragma once
// boardspace.net's GIPF game files (#44): its SGF dialect (GM[gipf],
// SU[gipf], SU[gipf-standard] or SU[gipf-tournament], each perhaps followed
// by a key and a revision, "gipf-standard 0 102"; P0/P1 nodes of move words),
// read into a game of this engine and written from one. What the words mean,
// from boardspace's own source (gipf/Gipfmovespec.java, GipfBoard.java,
// GipfCell.java, GipfViewer.java, GipfConstants.java; PROTOCOL.md, Records):
//   Pick wr [0]          a piece taken from White's reserve (br: Black's)
//   Dropb A 1            the piece put on the dot a1 (taken from the reserve
//                        by itself when none is in hand)
//   Dropb B 2            after it: pushed from the dot onto b2, the line's
//                        first point (Slide A 1 B 2, SlideFrom A 1 B 2: the
//                        same push in one word, as the robots write it)
//   Pickb A 1, Drop wr   the piece on the dot lifted again, or put back
//   Standard             tournament: a single piece instead of a GIPF piece
//   Preserve E 5         the GIPF piece on e5 stays on the board (toggles)
//   Remove E 5           a GIPF piece: it is removed after all; any other
//                        cell: the row of four through it (on a dot: the row
//                        whose line ends there) is removed now
//   Done                 the turn is over: the mover's rows still standing
//                        are removed, all but the GIPF pieces kept
//   Start, Resign, WinOnTime; `time` nodes at the end
// The cells are the arena's (RULES.md §1.1): boardspace numbers each column
// from 1 as the arena does, b2 b5 e2 e8 h2 h5 are its corners too, P0 (the
// first to move) is White. An optional leading number is the step's place
// in boardspace's history.
#include <optional>
#include <string>
#include <string_view>

#include "engine/sgf.hpp"
#include "engine/gipf/rules.hpp"

namespace engine::gipf {

using BoardspaceRead = BoardspaceFileRead<GipfGame>;

BoardspaceRead read_boardspace(std::string_view sgf);

struct BoardspaceWritten {
  std::string text;   // the file; empty on an error
  std::string error;  // why the game cannot be written in boardspace's words
  bool ok() const { return error.empty(); }
};
// The game as boardspace's players write it: P0 white, a push as Dropb on its
// dot and Dropb on its first point, each removal as the Preserve/Remove of its
// GIPF pieces and a Remove of the row, Done at the end of each turn, a
// resignation as Resign and Done. boardspace has no handicap: a basic game
// with extra pieces is refused.
BoardspaceWritten write_boardspace(const GipfGame& game, std::string_view white, std::string_view black,
                                   std::string_view name = "");

}  // namespace engine::gipf
