#pragma once
// boardspace.net's YINSH game files (#44): its SGF dialect (GM[24],
// SU[Yinsh] or SU[Yinsh-Blitz], P0/P1 nodes of move words), read into a game
// of this engine and written from one. What the words mean, from boardspace's
// own source (yinsh/common/Yinshmovespec.java, YinshBoard.java,
// YinshGameViewer.java; PROTOCOL.md, Records):
//   place wr  E 5          a white ring placed on e5 (br: black)
//   place w  G 11          the mover's marker into its ring on g11 (the ring
//   drop board  G 9        is lifted), and the ring set down on g9: a move
//   pick board  G 9        (after a drop: the ring lifted again, the drop undone)
//   move E 1 E 2           a whole move at once, as boardspace's robots write it
//   remove w I 9 E 9       the row of five white markers from i9 to e9 (b: black)
//   remove wr E 10         the white ring on e10 (br: black)
//   Done                   the step is confirmed (files before 31 May 2006 have none)
//   Start, Pass, Resign, AcceptDraw, WinOnTime; `time` nodes at the end
// An optional leading number is the step's place in boardspace's history.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/sgf.hpp"
#include "engine/yinsh/rules.hpp"

namespace engine::yinsh {

using BoardspaceRead = BoardspaceFileRead<YinshGame>;

BoardspaceRead read_boardspace(std::string_view sgf);
// The game as boardspace writes it: P0 white, every step its own node and a
// Done after it, moves in the robots' one-word form, a resignation as Resign.
std::string write_boardspace(const YinshGame& game, std::string_view white, std::string_view black,
                             std::string_view name = "");

}  // namespace engine::yinsh
