// The rulebooks' worked examples and the notation pages' examples, replayed
// through the engine (#44): what the text says happens is what the engine does.
//
// Sources (the rulebooks are kept outside this repository, so every example is
// copied here, with a short quote and where it comes from):
//   GIPF-hu-s  the Hungarian simplified GIPF rules (docs/RULES.md §5.1), the
//              only rulebook whose examples give board coordinates. Its
//              figures are not in the text: where a figure gives more than
//              the text says, the rest of the position is ours, built so that
//              the text's coordinates and counts hold; each test says which.
//              The simplified rules are the tournament game (an empty board,
//              GIPF pieces brought in first), so its positions are set up as
//              tournament positions in which both players have brought in a
//              single piece.
//   The other rulebooks (GIPF-hu, GIPF-cs, GIPF-ru, YINSH-hu) describe their
//   figures in words only, without coordinates; those figures are replayed in
//   gipf_rules_test.cpp and yinsh_rules_test.cpp.
//   gipf.com's notation pages:
//     YINSH  http://gipf.com/yinsh/notations/notation.html
//     GIPF   http://gipf.com/gipf/notations/notations.html
//   and the GIPF complete-notation example quoted from gipf.com's page by
//   https://julio974.medium.com/a-new-notation-for-gipf-d0cfead33257
//
// Coordinates: the rulebooks and gipf.com's pages use the same letters and
// numbers as RULES.md §1 (GIPF: columns a..i seen from White, dots counted
// like points, e5 the centre; YINSH: columns a..k, numbers not restarting).
// No conversion was needed. The Hungarian text calls some lines "vízszintes"
// (horizontal), e.g. "e1-től e4-ig ... vízszintesen" for the column e, which
// RULES.md draws upright; only the word differs, the coordinates name the same
// lines.
//
// Left out: GIPF-hu-s, "4 GIPF figurából álló sor" (no coordinates) lets a
// player who left an all-GIPF row on the board choose again "még a lépés
// elvégzése előtt, vagy ha még mindig egy sorban állnak, miután mozogtál, akkor a
// lépés után"; the arena offers it before the push, and after it only when the
// push changed the row: a documented departure (docs/RULES.md §5.2).
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "engine/records.hpp"
#include "gipf_helpers.hpp"
#include "yinsh_helpers.hpp"

namespace {
using Strings = std::vector<std::string>;
constexpr engine::Color W = engine::Color::White, B = engine::Color::Black;
}  // namespace

namespace rulebook_gipf {

using namespace gipf_test;
using Kind = Pending::Kind;

// A position of the simplified rules (GIPF-hu-s): the tournament game after
// both players have brought in a single piece.
State simplified(const std::string& pieces, int white_reserve, int black_reserve, Color turn = W) {
  Setup setup;
  setup.options.variant = Variant::Tournament;
  setup.board = board_from(pieces);
  setup.reserve = {white_reserve, black_reserve};
  setup.turn = turn;
  setup.moved = {true, true};
  setup.single_brought = {true, true};
  auto s = State::from_setup(setup);
  REQUIRE_MESSAGE(s.ok(), s.error);
  return s.value;
}

TEST_CASE("rulebook GIPF-hu-s, first move: a GIPF piece, two pieces stacked, pushed from a dot onto one point") {
  // "Az első lépésedet egy GIPF figurával kell megtenned. Vegyél két figurát ...
  //  tedd a dupla figurát bármelyik fekete pöttyre, majd told az egyik szomszédos pontra."
  State s(Options{Variant::Tournament});
  auto all = legal(s);
  CHECK(all.size() == 42);
  CHECK(std::all_of(all.begin(), all.end(), [](const std::string& a) { return a[0] == 'G'; }));
  play(s, "Ge1-e2");
  CHECK(at(s, "e2") == Piece::WhiteGipf);
  CHECK(s.reserve(W) == 16);  // two pieces of stock
}

TEST_CASE("rulebook GIPF-hu-s, single pieces: Black's single piece on d2 ends Black's GIPF pieces, White may go on") {
  // "Az ábrán Fekete épp az előbb hozott játékba egy önálló figurát (a d2-es ponton),
  //  így ezután nem hozhat játékba több GIPF figurát. Fehér letehet még, egészen addig,
  //  míg ő is játékba nem hoz egy önálló figurát."
  // The moves before the figure are ours; the sheet is read as gipf.com's score sheet.
  auto read = engine::read_record("1.Ge1-e2 Gi1-h2\n2.Ga1-b2 c1-d2\n", engine::GameOptions{"gipf", "tournament", 0, 0});
  REQUIRE_MESSAGE(read.ok(), read.error);
  auto& game = *read.game;
  const auto& state = std::get<engine::Game<Rules>>(game.typed()).state();
  CHECK(at(state, "d2") == Piece::Black);
  CHECK(state.pending() == Pending{Kind::Push, W});
  auto white = game.legal_notation();
  CHECK(std::any_of(white.begin(), white.end(), [](const std::string& a) { return a[0] == 'G'; }));  // White still may
  CHECK(std::any_of(white.begin(), white.end(), [](const std::string& a) { return a[0] != 'G'; }));
  REQUIRE(game.play("Ga5-b5").empty());  // a third white GIPF piece
  auto black = game.legal_notation();
  CHECK_FALSE(black.empty());
  CHECK(std::none_of(black.begin(), black.end(), [](const std::string& a) { return a[0] == 'G'; }));
  CHECK(game.check("Gi5-h5") != "");
  REQUIRE(game.play("i5-h5").empty());
  REQUIRE(game.play("e9-e8").empty());  // White's first single piece ...
  auto white_after = game.legal_notation();
  CHECK(std::none_of(white_after.begin(), white_after.end(), [](const std::string& a) { return a[0] == 'G'; }));  // ... ends White's
}

TEST_CASE("rulebook GIPF-hu-s, tip 1: playing e1-e4 moves the pieces on e3 and e2, the new piece lands on e2") {
  // "Ha a fehérrel játszol, és e1-től e4-ig szeretnél játszani ..., akkor ne rakj egyenesen
  //  egy figurát e4-re. Először tegyél az e1-es pontra, aztán mozgasd a figurákat e3-as és
  //  e2-es ponton (külön-külön, egymás után), majd ezután told az új figurát e2-re."
  State s = simplified("W:b5 B:h2 b:e2 w:e3", 10, 10);
  auto end = parse_action(s, "e1-e4"), first = parse_action(s, "e1-e2");
  REQUIRE(end.ok());
  REQUIRE(first.ok());
  CHECK(end.value == first.value);  // the same push, by its end or by its first point
  CHECK(to_notation(s, end.value) == "e1-e4");
  play(s, "e1-e4");
  CHECK(at(s, "e4") == Piece::White);  // the piece from e3
  CHECK(at(s, "e3") == Piece::Black);  // the piece from e2
  CHECK(at(s, "e2") == Piece::White);  // the new piece
  CHECK(s.reserve(W) == 9);
  CHECK(s.pending() == Pending{Kind::Push, B});
}

TEST_CASE("rulebook GIPF-hu-s, GIPF pieces in play: a1-f5 puts a white piece on the centre, a row on e; beyond a gap nothing goes") {
  // "Fehér játszott a1-től f5-ig (nyíl jelöli). Ehhez annyit tett, hogy egy fehér figurát
  //  tolt a középső pontra és alakított magának egy 4 figurás sort ... az e-n. Le kell
  //  szednie a 3 önálló figurát, és el kell döntenie, hogy mit tesz a GIPF figurával ...
  //  A ... sor másik oldalán lévő 2 figura ott marad a táblán, mivel ők nem a 4-es sor
  //  meghosszabbításai: van közöttük egy üres pont."
  // Ours: the row e2-e5 with White's GIPF piece on e3, the gap on e6, the two
  // pieces on e7 and e8, the colours of the pieces pushed along a1-f5.
  State s = simplified("w:d4,e2,e4,e8 W:e3 b:b2,c3,e5,e7 B:h2", 10, 10);
  play(s, "a1-f5");
  CHECK(at(s, "e5") == Piece::White);  // the centre
  CHECK(at(s, "f5") == Piece::Black);  // the farthest piece moved ends the notation
  CHECK(at(s, "b2") == Piece::White);
  CHECK(s.pending() == Pending{Kind::Remove, W});
  CHECK(removals(s) == Strings{"xe2,e3,e4,e5", "xe2,e4,e5"});  // three singles always, the GIPF piece at will
  State removed = s;
  play(removed, "xe2,e3,e4,e5");
  CHECK(removed.reserve(W) == 9 + 5);  // a GIPF piece returns as two single pieces
  play(s, "xe2,e4,e5");
  CHECK(s.reserve(W) == 9 + 3);
  CHECK(at(s, "e3") == Piece::WhiteGipf);
  CHECK(at(s, "e7") == Piece::Black);  // beyond the empty e6: not part of the row
  CHECK(at(s, "e8") == Piece::White);
  CHECK(s.pending() == Pending{Kind::Push, B});
}

TEST_CASE("rulebook GIPF-hu-s, GIPF pieces in play: the row a5-i1, its extensions of both colours, the black GIPF piece on c5") {
  // "... egy 4 figurás fehér sor látható a5-től i1-ig terjedő ... sorban. Fehérnek le kell
  //  szednie a 4 figurás sort, TOVÁBBÁ azt a fehér és fekete önálló figurát, mely
  //  meghosszabbítja a sort, VALAMINT a fekete GIPF-et, ha akarja ... Fehér természetesen
  //  leszedte a c5-ön lévő fekete GIPF-et. ... Végeredményben Fehér begyűjtött 3 fekete
  //  figurát és újrahasznosít 5 fehéret."
  // Ours: the push that completes the row (e1-e5 brings e4's white piece onto e5),
  // the white row d5-g3 with its white extension h2 and its black extension b5.
  State s = simplified("b:b5,e2,e3 B:c5,b2 w:d5,f4,g3,h2,e4 W:e8", 10, 10);
  int black_captured = s.captured(B);
  play(s, "e1-e5");
  CHECK(s.pending() == Pending{Kind::Remove, W});
  CHECK(removals(s) == Strings{"xb5,c5,d5,e5,f4,g3,h2", "xb5,d5,e5,f4,g3,h2"});
  play(s, "xb5,c5,d5,e5,f4,g3,h2");
  CHECK(s.captured(B) - black_captured == 3);  // b5, and the GIPF piece c5 as two
  CHECK(s.reserve(W) == 10 - 1 + 5);
  CHECK(at(s, "c5") == Piece::None);
  CHECK(s.pending() == Pending{Kind::Push, B});
}

TEST_CASE("rulebook GIPF-hu-s, forced removal: White's b1-e4 makes a black row that Black removes before moving") {
  // "Az ábrán Fehér b1-től e4-ig játszott és alakított egy sort 4 fekete figurából.
  //  Feketének le kell szednie a 3 önálló figurát a tábláról, és el kell döntenie, hogy mit
  //  csinál a GIPF figurával, majd lépni ezt követően. ... Megjegyzés: Ha egy, vagy két
  //  figura meghosszabbítaná a sort (mindegy, milyen színű), Feketének szintén le kéne
  //  venni őket."
  // Ours: the black row e4-e7 on the column e with Black's GIPF piece on e6;
  // then the note's case, the row extended by a white piece at each end.
  struct Case {
    const char* extra;
    Strings removals;
    int white_lost;
  };
  for (const Case& c : {Case{"", {"xe4,e5,e6,e7", "xe4,e5,e7"}, 0},
                        Case{"w:e3,e8", {"xe3,e4,e5,e6,e7,e8", "xe3,e4,e5,e7,e8"}, 2}}) {
    CAPTURE(c.extra);
    State s = simplified(std::string("w:c2 b:d3,e5,e7 B:e6,h2 W:b5 ") + c.extra, 8, 10);
    int white_captured = s.captured(W), black_reserve = s.reserve(B);
    play(s, "b1-e4");
    CHECK(at(s, "c2") == Piece::White);
    CHECK(at(s, "d3") == Piece::White);
    CHECK(at(s, "e4") == Piece::Black);
    CHECK(s.turn() == W);
    CHECK(s.pending() == Pending{Kind::Remove, B});  // Black removes within White's turn
    CHECK(removals(s) == c.removals);
    play(s, c.removals.back());  // Black keeps its GIPF piece
    CHECK(at(s, "e6") == Piece::BlackGipf);
    CHECK(s.reserve(B) == black_reserve + 3);
    CHECK(s.captured(W) - white_captured == c.white_lost);
    CHECK(s.pending() == Pending{Kind::Push, B});  // "majd lépni ezt követően"
  }
}

TEST_CASE("rulebook GIPF-hu-s, tip 8: White's push from g1 makes a black row on c1-i3 and ends Black's double threat") {
  // "Fekete kettős fenyegetést alkalmaz: megtámadja a GIPF figurát a d4-en és az önálló
  //  figurát e6-on. Ha Fehér lerak egy figurát g1-re, és játékba hozza úgy, ahogy azt a nyíl
  //  mutatja, akkor egy fekete sort hoz létre a c1-i3 vonalban. Feketének le kell vennie 3
  //  figurát, továbbá támadását is semlegesíti."
  // Ours: the arrow (g1 up the column g, g2's black piece onto g3), Black's
  // GIPF piece on e3 in the row (kept, so three pieces are removed), and the
  // threats: h1-c4 would take the GIPF piece from d4, i2-d6 the piece from e6.
  const std::string pieces = "W:d4 w:e6 B:e3 b:e4,f3,g2,h3,g4,f5";
  {
    State threat = simplified(pieces, 10, 8, B);
    for (auto [push, target] : {std::pair{"h1-c4", "c4"}, std::pair{"i2-d6", "d6"}}) {
      CAPTURE(push);
      State t = threat;
      play(t, push);
      auto all = removals(t);
      CHECK(std::any_of(all.begin(), all.end(), [&](const std::string& r) { return r.find(target) != std::string::npos; }));
    }
  }
  State s = simplified(pieces, 10, 8);
  play(s, "g1-g3");
  CHECK(at(s, "g2") == Piece::White);
  CHECK(at(s, "g3") == Piece::Black);
  CHECK(s.pending() == Pending{Kind::Remove, B});
  CHECK(removals(s) == Strings{"xe3,f3,g3,h3", "xf3,g3,h3"});  // on c1 d2 e3 f3 g3 h3 i3
  int black_reserve = s.reserve(B);
  play(s, "xf3,g3,h3");
  CHECK(s.reserve(B) - black_reserve == 3);
  REQUIRE(s.pending() == Pending{Kind::Push, B});
  // No push of Black takes a white piece now.
  for (const auto& push : legal(s)) {
    CAPTURE(push);
    State t = s;
    play(t, push);
    for (const auto& r : removals(t)) {
      auto a = parse_action(t, r);
      REQUIRE(a.ok());
      bool takes_white = false;
      for (int c = 0; c < kCells; ++c)
        if ((a.value.cells & bit(static_cast<Cell>(c))) && t.at(static_cast<Cell>(c)) != Piece::None &&
            color_of(t.at(static_cast<Cell>(c))) == W)
          takes_white = true;
      CHECK_FALSE(takes_white);
    }
  }
}

TEST_CASE("rulebook GIPF-hu-s, tip 9: White's row on d empties d5; Black comes from a2 and takes the white GIPF piece on f6") {
  // "Fehér alakított egy sort a d-re és begyűjtött egy fekete figurát. De miután levette a
  //  sort, a d5-ös pont üres maradt megint. Fekete játékba hoz egy figurát, ami a2-ről jön
  //  és begyűjti a fehér GIPF figurát f6-on."
  // Ours: White's row d2-d5 made by d1-d2 with the black piece d6 in it, and
  // Black's pieces b3, c4, e6 on the line a2 b3 c4 d5 e6 f6 g6 h6.
  State s = simplified("w:d3,d4,d5 b:d6,b3,c4,e6 W:f6,h2 B:h4", 10, 10);
  int black_captured = s.captured(B);
  play(s, "d1-d2");
  CHECK(removals(s) == Strings{"xd2,d3,d4,d5,d6"});
  play(s, "xd2,d3,d4,d5,d6");
  CHECK(s.captured(B) - black_captured == 1);
  CHECK(at(s, "d5") == Piece::None);
  int white_captured = s.captured(W);
  play(s, "a2-d5");
  CHECK(at(s, "d5") == Piece::Black);
  CHECK(s.pending() == Pending{Kind::Remove, B});
  CHECK(removals(s) == Strings{"xb3,c4,d5,e6", "xb3,c4,d5,e6,f6"});
  play(s, "xb3,c4,d5,e6,f6");
  CHECK(at(s, "f6") == Piece::None);
  CHECK(s.captured(W) - white_captured == 2);  // a GIPF piece is two pieces
  CHECK(s.pending() == Pending{Kind::Push, W});
}

TEST_CASE("rulebook GIPF-hu-s, tip 10: White's last piece makes a row on b6-i2; with the own GIPF piece 5 come back, else 3") {
  // "Fehérnek mindössze egyetlen figurája maradt. Újra tud hasznosítani figurákat a b6-i2
  //  sorból – és le kell szednie saját GIPF figuráját is. Ha megteszi, 5 figurát
  //  újrahasznosít, és annak ellenére, hogy 2 figura a hátránya, ... Ha nem teszi meg,
  //  akkor mindössze 3 figura kerül vissza"
  // Ours: the row c6-f5 with White's GIPF piece on d6, made by b6-c6, and a
  // second white GIPF piece (h5) so that removing d6 does not lose the game.
  State s = simplified("W:d6,h5 w:e6,f5 B:b2", 1, 7);
  CHECK(s.captured(W) - s.captured(B) == 2);  // "2 figura a hátránya"
  play(s, "b6-c6");
  CHECK(s.reserve(W) == 0);
  CHECK(removals(s) == Strings{"xc6,d6,e6,f5", "xc6,e6,f5"});
  State with_gipf = s;
  play(with_gipf, "xc6,d6,e6,f5");
  CHECK(with_gipf.reserve(W) == 5);
  CHECK_FALSE(with_gipf.result().over);
  play(s, "xc6,e6,f5");
  CHECK(s.reserve(W) == 3);
  CHECK(at(s, "d6") == Piece::WhiteGipf);
}

TEST_CASE("rulebook GIPF-hu-s, end of the game: White takes Black's last GIPF piece and wins") {
  // "Az ábrán az alábbi látható: Fehér begyűjti Fekete utolsó GIPF figuráját és nyer…"
  // (a figure without coordinates; the position is ours: White's row c6-f5 with
  // Black's only GIPF piece on g4 as its extension)
  State s = simplified("w:d6,e6,f5 B:g4 W:b5 b:h2", 6, 8);
  play(s, "b6-c6");
  CHECK(removals(s) == Strings{"xc6,d6,e6,f5", "xc6,d6,e6,f5,g4"});
  play(s, "xc6,d6,e6,f5,g4");
  CHECK(s.result().over);
  CHECK(s.result().winner == W);
}

TEST_CASE("rulebook GIPF-hu-s, end of the game: Black's one piece left, nothing to recycle, Black runs out and loses") {
  // "Ábra: Fekete jön. Mindössze egy figura van a birtokában, és nincs lehetősége egyetlen
  //  figura újrahasznosítására sem. Tehát el fognak fogyni a figurái, és elveszíti a
  //  játékot a következő körben. (Megjegyzendő, hogy Fehér több figurát veszített, mint
  //  Fekete, mégis megnyerte a játékot.)"
  // (a figure without coordinates; the position is ours)
  State s = simplified("W:e5 B:b2 b:h3,h4", 1, 1, B);
  CHECK(s.captured(W) > s.captured(B));
  for (const auto& push : legal(s)) {  // no push of Black makes a black row
    CAPTURE(push);
    State t = s;
    play(t, push);
    CHECK(t.pending() == Pending{Kind::Push, W});
  }
  play(s, "i5-h5");
  CHECK(s.reserve(B) == 0);
  CHECK_FALSE(s.result().over);
  play(s, "e1-e2");  // White's last piece: Black must now move with none
  CHECK(s.result().over);
  CHECK(s.result().winner == W);
  CHECK(s.captured(W) > s.captured(B));
}

}  // namespace rulebook_gipf

namespace rulebook_notation_gipf {

using namespace gipf_test;
using Kind = Pending::Kind;

TEST_CASE("rulebook gipf.com GIPF notation: the board's coordinates") {
  // "the dot marked with "E1" points at the player with the white pieces ... No difference
  //  between spots ... and dots ... is made to determine the coordinates. ... the central
  //  e-line has 9 coordinates and the lines at the left- and right-hand side of the board
  //  have 5 coordinates. The central spot is e5."
  for (int n = 1; n <= 9; ++n) CHECK(parse_cell("e" + std::to_string(n)).has_value());
  CHECK_FALSE(parse_cell("e10").has_value());
  for (const char* column : {"a", "i"}) {
    for (int n = 1; n <= 5; ++n) CHECK(is_dot(*parse_cell(column + std::to_string(n))));
    CHECK_FALSE(parse_cell(column + std::string("6")).has_value());
  }
  CHECK(is_dot(*parse_cell("e1")));
  CHECK(is_dot(*parse_cell("e9")));
  CHECK(kBoard.hex[*parse_cell("e5")] == engine::Hex{0, 0});
  // E1 faces White: White's first push from it goes up the column e, toward Black.
  State s(Options{Variant::Basic});
  play(s, "e1-e3");  // the basic start has White's piece on e2
  CHECK(at(s, "e3") == Piece::White);
}

TEST_CASE("rulebook gipf.com GIPF notation: moves on a new line or separated by a slash") {
  // "When you don't use a printed note sheet, we advise you to write each move on a new
  //  line or to use a slash (/) to separate the moves."
  const engine::GameOptions basic{"gipf", "basic", 0, 0};
  auto lines = engine::read_record("1.e1-e3 i1-g3\n2.a1-c3\n", basic);
  REQUIRE_MESSAGE(lines.ok(), lines.error);
  auto slashes = engine::read_record("1.e1-e3/i1-g3/2.a1-c3", basic);
  REQUIRE_MESSAGE(slashes.ok(), slashes.error);
  CHECK(slashes.game->position() == lines.game->position());
  CHECK(lines.game->ply() == 3);
}

TEST_CASE("rulebook gipf.com GIPF complete notation: g1-c3;xc2,d3,e4,f4,g4") {
  // The complete notation's example as quoted (from gipf.com) by the medium.com
  // article named at the top: "'g1-c3;x' (and in long notation:
  // 'g1-c3;xc2,d3,e4,f4,g4*')". The article does not say what the trailing '*'
  // marks; it is left out here. Ours: the position, built so that the push from
  // g1 along g1 f2 e3 d3 c3 b3 a3 ends on c3 and completes White's row on
  // b1 c2 d3 e4 f4 g4 h4 i4.
  State s = position(Variant::Basic, "w:c2,e3,e4,f4,g4 b:d3,f2", 8, 10);
  play(s, "g1-c3");
  CHECK(at(s, "f2") == Piece::White);  // the new piece
  CHECK(at(s, "e3") == Piece::Black);  // from f2
  CHECK(at(s, "d3") == Piece::White);  // from e3: the row is complete
  CHECK(at(s, "c3") == Piece::Black);  // from d3, the end of the notation
  CHECK(removals(s) == Strings{"xc2,d3,e4,f4,g4"});
  play(s, "xc2,d3,e4,f4,g4");
  CHECK(s.reserve(W) == 7 + 5);
  CHECK(s.pending() == Pending{Kind::Push, B});
}

}  // namespace rulebook_notation_gipf

namespace rulebook_notation_yinsh {

using namespace yinsh_test;
using Kind = Pending::Kind;

TEST_CASE("rulebook gipf.com YINSH notation: diagram 2, the rings placed and the first move, as a score sheet") {
  // "Diagram 1: White places the first ring on the board. Note down: 1.e3"
  // "Diagram 2: All the rings are placed on the board and the first move is made.
  //  1.e3 2.a5 / 3.b5 4.c6 / 5.d6 6.e4 / 7.h7 8.g2 / 9.g3 10.g8 / 11.h7-g7"
  // (odd numbers for White, even for Black: "Order the moves with odd digits for the
  //  first player and with pair digits for the second player.")
  auto read = engine::read_record("1.e3 2.a5\n3.b5 4.c6\n5.d6 6.e4\n7.h7 8.g2\n9.g3 10.g8\n11.h7-g7\n",
                                  engine::GameOptions{"yinsh", "normal", 0, 0});
  REQUIRE_MESSAGE(read.ok(), read.error);
  CHECK(read.game->ply() == 11);
  const State& s = std::get<engine::Game<Rules>>(read.game->typed()).state();
  for (const char* p : {"e3", "b5", "d6", "g3", "g7"}) CHECK_MESSAGE(at(s, p) == Piece::WhiteRing, p);
  for (const char* p : {"a5", "c6", "e4", "g2", "g8"}) CHECK_MESSAGE(at(s, p) == Piece::BlackRing, p);
  CHECK(at(s, "h7") == Piece::WhiteMarker);  // the marker stays where the ring was
  CHECK(s.markers_on_board() == 1);
  CHECK(s.pool() == kMarkers - 1);
  CHECK(s.pending() == Pending{Kind::Move, B});  // 12. is Black's
  // Written back, the sheet numbers every turn the same way.
  auto written = engine::write_record(*read.game, engine::RecordFormat::Official, {});
  REQUIRE(written.ok());
  CHECK(written.text.find("11.h7-g7") != std::string::npos);
  CHECK(written.text.find("10.g8") != std::string::npos);
}

TEST_CASE("rulebook gipf.com YINSH notation: 24.a2-h9, a move by its start and end; jumping does not change it") {
  // "Put a hyphen ... between two coordinates of a move. For example: 24.a2-h9"
  // "Note down the starting and ending coordinates of the ring to being moved separated
  //  by a hyphen. Jumping over one or more markers does not affect the notation."
  // 24 is even: Black's move. Ours: the rest of the position, with two markers on
  // f7 and g8 that the ring jumps from a2 (a2 b3 c4 d5 e6 f7 g8 h9).
  State s = position(Variant::Normal, "W:b1,c1,d1,e1,k7 B:a2,k8,k9,k10,j10 w:f7 b:g8", B);
  auto move = parse_action(s, "a2-h9");
  REQUIRE(move.ok());
  CHECK(to_notation(s, move.value) == "a2-h9");
  play(s, "a2-h9");
  CHECK(at(s, "a2") == Piece::BlackMarker);
  CHECK(at(s, "h9") == Piece::BlackRing);
  CHECK(at(s, "f7") == Piece::BlackMarker);  // jumped: flipped
  CHECK(at(s, "g8") == Piece::WhiteMarker);
  CHECK(s.pending() == Pending{Kind::Move, W});
}

TEST_CASE("rulebook gipf.com YINSH notation: a row by its first and last marker, x, and ';' between the parts of a move") {
  // "Also use a hyphen between the coordinate of the first marker of a row and the last
  //  marker. For example: row a3-e3 also includes the spaces b3, c3 and d3."
  // "Use an "x" to indicate removing a row and a ring from the board."
  // "Use a semicolon ... to separate different parts of one and the same move."
  // Ours: the move e3-e5 that leaves the fifth marker on e3, and the ring removed, b4.
  State s = position(Variant::Normal, "W:e3,b4,k7,k8,k9 B:j5,j6,j7,j8,j9 w:a3,b3,c3,d3", W);
  int pool = s.pool();
  play(s, "e3-e5");
  CHECK(s.pending() == Pending{Kind::RemoveRow, W});
  CHECK(legal(s) == Strings{"xa3-e3"});
  auto reversed = parse_action(s, "xe3-a3");  // either order is read ...
  REQUIRE(reversed.ok());
  CHECK(to_notation(s, reversed.value) == "xa3-e3");  // ... and written in letter order
  play(s, "xa3-e3");
  for (const char* p : {"a3", "b3", "c3", "d3", "e3"}) CHECK_MESSAGE(at(s, p) == Piece::None, p);
  CHECK(s.pool() == pool - 1 + 5);
  CHECK(s.pending() == Pending{Kind::RemoveRing, W});
  play(s, "xb4");
  CHECK(at(s, "b4") == Piece::None);
  CHECK(s.rings_removed(W) == 1);
  CHECK(s.pending() == Pending{Kind::Move, B});
}

TEST_CASE("rulebook gipf.com YINSH notation: a row's ends in letter order, then number order: f3-f7, c2-g6") {
  // "To put coordinates in the right order (when indicating the first and the last marker
  //  of a row that must be removed) always first use the alphabetical order of the
  //  letters, next the climbing sequence of the digits. Examples: f3-f7 (not f7-f3) or
  //  c2-g6 (not g6-c2)"
  // Ours: both rows of white markers at once (they cross on f5), White to remove.
  Setup setup;
  setup.board = board_from("W:a2,a3,a4,a5,b7 B:k7,k8,k9,k10,j11 w:f3,f4,f5,f6,f7,c2,d3,e4,g6");
  setup.turn = W;
  setup.moved = true;
  auto made = State::from_setup(setup);
  REQUIRE_MESSAGE(made.ok(), made.error);
  State s = made.value;
  CHECK(s.pending() == Pending{Kind::RemoveRow, W});
  CHECK(legal(s) == Strings{"xc2-g6", "xf3-f7"});
  for (auto [backward, forward] : {std::pair{"xf7-f3", "xf3-f7"}, std::pair{"xg6-c2", "xc2-g6"}}) {
    auto b = parse_action(s, backward), f = parse_action(s, forward);
    REQUIRE(b.ok());
    REQUIRE(f.ok());
    CHECK(b.value == f.value);
    CHECK(to_notation(s, b.value) == forward);
  }
}

}  // namespace rulebook_notation_yinsh
