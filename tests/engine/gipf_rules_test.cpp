// Each rule of RULES.md §2 on positions built from the rulebooks' worked examples.
#include <bit>

#include "engine/replay.hpp"
#include "gipf_helpers.hpp"

using namespace gipf_test;
using V = Variant;
using Strings = std::vector<std::string>;
constexpr Color W = Color::White, B = Color::Black;

TEST_CASE("push: the chain moves one step and the notation names the farthest point") {
  State s(Options{V::Basic});
  CHECK(s.pending() == Pending{Pending::Kind::Push, W});
  CHECK(legal(s).size() == 42);
  // e2 holds a white piece: e1-e2 and e1-e3 are the same push, written e1-e3
  auto first = parse_action(s, "e1-e2"), end = parse_action(s, "e1-e3");
  REQUIRE(first.ok());
  REQUIRE(end.ok());
  CHECK(first.value == end.value);
  CHECK(to_notation(s, first.value) == "e1-e3");
  play(s, "e1-e3");
  CHECK(at(s, "e2") == Piece::White);
  CHECK(at(s, "e3") == Piece::White);
  CHECK(s.reserve(W) == 11);
  CHECK(s.pending() == Pending{Pending::Kind::Push, B});
}

TEST_CASE("push: a full line cannot be pushed into from either end") {
  State s = position(V::Basic, "w:e2,e4,e6,e8 b:e3,e5,e7", 11, 12);
  auto all = legal(s);
  CHECK(std::none_of(all.begin(), all.end(), [](const std::string& t) { return t.rfind("e1-", 0) == 0 || t.rfind("e9-", 0) == 0; }));
  CHECK(all.size() == 40);
  auto blocked = parse_action(s, "e1-e2");  // first-point form still names the push
  REQUIRE(blocked.ok());
  CHECK(s.check(blocked.value).find("full") != std::string::npos);
  CHECK(s.apply(blocked.value) != "");
  CHECK(parse_action(s, "e1-e5").error.find("full") != std::string::npos);
}

TEST_CASE("row a5-i1: extensions of both colours go, the black GIPF piece on c5 is White's choice") {
  State s = position(V::Standard, "b:b5,e2,e3 B:c5,b2 w:d5,f4,g3,h2,e4 W:e8", 10, 10);
  play(s, "e1-e5");  // e4's white piece is pushed onto e5
  CHECK(s.pending() == Pending{Pending::Kind::Remove, W});
  CHECK(removals(s) == Strings{"xb5,c5,d5,e5,f4,g3,h2", "xb5,d5,e5,f4,g3,h2"});
  int captured = s.captured(B);
  play(s, "xb5,c5,d5,e5,f4,g3,h2");
  CHECK(s.captured(B) - captured == 3);  // the single b5 and the GIPF piece c5
  CHECK(s.reserve(W) == 10 - 1 + 5);     // five white pieces recycled
  CHECK(at(s, "c5") == Piece::None);
  CHECK(s.pending() == Pending{Pending::Kind::Push, B});
}

TEST_CASE("row a5-i1: keeping the GIPF piece leaves it alone on the board") {
  State s = position(V::Standard, "b:b5,e2,e3 B:c5,b2 w:d5,f4,g3,h2,e4 W:e8", 10, 10);
  play(s, "e1-e5");  // e4's white piece is pushed onto e5
  int captured = s.captured(B);
  play(s, "xb5,d5,e5,f4,g3,h2");
  CHECK(at(s, "c5") == Piece::BlackGipf);
  CHECK(s.captured(B) - captured == 1);
}

TEST_CASE("b1-e4 forces Black to remove a black row made by White's push") {
  State s = position(V::Standard, "w:c2 b:d3,e5,e7 B:e6,h2 W:b5", 10, 10);
  int white_captured = s.captured(W);
  play(s, "b1-e4");
  CHECK(at(s, "e4") == Piece::Black);
  CHECK(s.turn() == W);
  CHECK(s.pending() == Pending{Pending::Kind::Remove, B});  // Black decides inside White's turn
  CHECK(removals(s) == Strings{"xe4,e5,e6,e7", "xe4,e5,e7"});
  play(s, "xe4,e5,e7");
  CHECK(at(s, "e6") == Piece::BlackGipf);
  CHECK(s.reserve(B) == 13);
  CHECK(s.captured(W) == white_captured);
  CHECK(s.pending() == Pending{Pending::Kind::Push, B});
}

TEST_CASE("crossing rows sharing a single piece: removing one breaks the other") {
  State s = position(V::Basic, "w:b3,c4,d3,d4,d6,c5,e5,f4", 5, 15);
  play(s, "a2-d5");
  CHECK(removals(s) == Strings{"xc5,d5,e5,f4", "xd3,d4,d5,d6"});
  play(s, "xd3,d4,d5,d6");
  CHECK(s.pending() == Pending{Pending::Kind::Push, B});
  CHECK(at(s, "c5") == Piece::White);
  CHECK(s.reserve(W) == 5 - 1 + 4);
}

TEST_CASE("crossing rows sharing a GIPF piece that is kept: both rows are removed") {
  State s = position(V::Standard, "w:b3,d3,d4,d6,c5,e5,f4 W:c4 B:h2", 9, 16);
  play(s, "a2-d5");
  CHECK(at(s, "d5") == Piece::WhiteGipf);
  CHECK(removals(s) == Strings{"xc5,d5,e5,f4", "xc5,e5,f4", "xd3,d4,d5,d6", "xd3,d4,d6"});
  play(s, "xd3,d4,d6");
  CHECK(s.pending() == Pending{Pending::Kind::Remove, W});
  CHECK(removals(s) == Strings{"xc5,d5,e5,f4", "xc5,e5,f4"});
  play(s, "xc5,e5,f4");
  CHECK(at(s, "d5") == Piece::WhiteGipf);
  CHECK(s.pending() == Pending{Pending::Kind::Push, B});
}

TEST_CASE("one push makes rows for both players: the mover removes first") {
  GipfGame g(Options{V::Standard});
  State s = position(V::Standard, "b:b3,c3,c5,c6 w:c4,d3,d4,d6 B:d7,h2 W:h5", 10, 8);
  int black_captured = s.captured(B), white_captured = s.captured(W);
  play(s, "a2-d5");
  CHECK(s.pending() == Pending{Pending::Kind::Remove, W});
  CHECK(removals(s) == Strings{"xd3,d4,d5,d6", "xd3,d4,d5,d6,d7"});
  play(s, "xd3,d4,d5,d6,d7");  // White captures the black GIPF piece
  CHECK(s.captured(B) - black_captured == 2);
  CHECK(s.pending() == Pending{Pending::Kind::Remove, B});
  CHECK(removals(s) == Strings{"xc3,c4,c5,c6"});
  play(s, "xc3,c4,c5,c6");  // Black recycles its four and captures nothing
  CHECK(s.captured(W) == white_captured);
  CHECK(s.reserve(B) == 12);
  CHECK(s.turn() == B);
  CHECK(s.pending() == Pending{Pending::Kind::Push, B});
}

TEST_CASE("extent counts of the rulebook's figures 4a-4d: Black takes 4, 5, 6, 7; White loses 0, 1, 1, 2") {
  struct Case {
    const char* pieces;
    int removed;
    int white_lost;
  };
  for (Case c : {Case{"b:e5,e6,e7", 4, 0}, Case{"w:e4 b:e5,e6,e7", 5, 1}, Case{"b:e3,e5,e6,e7 w:e4", 6, 1},
                 Case{"w:e2,e4 b:e3,e5,e6,e7", 7, 2}, Case{"w:e2,e3 b:e5,e6,e7", 4, 0}}) {
    CAPTURE(c.pieces);
    State s = position(V::Basic, c.pieces, 10, 10, B);
    play(s, "e9-e8");
    REQUIRE(s.pending() == Pending{Pending::Kind::Remove, B});
    auto actions = s.legal_actions();
    REQUIRE(actions.size() == 1);  // no GIPF piece: no choice
    CHECK(std::popcount(actions[0].cells) == c.removed);
    int white_before = s.captured(W), black_reserve = s.reserve(B);
    s.apply_unchecked(actions[0]);
    CHECK(s.captured(W) - white_before == c.white_lost);
    CHECK(s.reserve(B) - black_reserve == c.removed - c.white_lost);
  }
}

TEST_CASE("an all-GIPF row may be declined, is not offered again, and can be removed next turn") {
  State s = position(V::Tournament, "W:e3,e4,e5,b5 B:b2", 8, 16);
  play(s, "Ge1-e2");
  CHECK(s.pending() == Pending{Pending::Kind::Remove, W});
  auto options = removals(s);
  CHECK(options.size() == 16);  // keep, or remove any of the 15 non-empty subsets
  CHECK(options.front() == "ke2,e3,e4,e5");
  play(s, "ke2,e3,e4,e5");
  CHECK(s.pending() == Pending{Pending::Kind::Push, B});  // not offered again
  play(s, "i5-h5");
  REQUIRE(s.pending() == Pending{Pending::Kind::Push, W});
  CHECK(removals(s).size() == 15);  // before pushing: remove any part, or push to decline

  State declined = s;
  play(declined, "a1-b2");  // pushing declines again: nothing to remove after the push
  CHECK(declined.pending() == Pending{Pending::Kind::Push, B});

  play(s, "xe2,e3,e4,e5");
  CHECK(s.reserve(W) == 6 + 8);
  CHECK(s.pending() == Pending{Pending::Kind::Push, W});  // still White's turn: now push
  CHECK(removals(s).empty());
}

TEST_CASE("tournament opening: GIPF pieces first, singles forever after the first single") {
  State s(Options{V::Tournament});
  auto first = legal(s);
  CHECK(first.size() == 42);
  CHECK(std::all_of(first.begin(), first.end(), [](const std::string& t) { return t[0] == 'G'; }));
  auto single = parse_action(s, "e1-e2");
  REQUIRE(single.ok());
  CHECK(s.check(single.value).find("first move") != std::string::npos);
  play(s, "Ge1-e2");
  auto second = legal(s);
  CHECK(std::all_of(second.begin(), second.end(), [](const std::string& t) { return t[0] == 'G'; }));
  play(s, "Ge9-e8");
  CHECK(legal(s).size() == 84);  // White may bring either kind now
  play(s, "a1-b2");
  CHECK(!s.may_bring_gipf(W));
  CHECK(s.may_bring_gipf(B));
  play(s, "Gi5-h5");
  auto later = legal(s);
  CHECK(std::none_of(later.begin(), later.end(), [](const std::string& t) { return t[0] == 'G'; }));
  auto refused = parse_action(s, "Ga5-b5");
  REQUIRE(refused.ok());
  CHECK(s.check(refused.value).find("no longer") != std::string::npos);
}

TEST_CASE("the no-GIPF loss does not apply to a player who has not moved yet") {
  Setup setup;
  setup.options.variant = V::Tournament;
  setup.board = board_from("w:e3,e4,e5 W:b5");
  setup.reserve = {13, 18};
  setup.moved = {true, false};
  auto s = State::from_setup(setup);
  REQUIRE(s.ok());
  play(s.value, "e1-e2");  // White makes and removes its own row; Black has no GIPF piece yet
  play(s.value, "xe2,e3,e4,e5");
  CHECK(!s.value.result().over);
  CHECK(s.value.pending() == Pending{Pending::Kind::Push, B});
  auto black = legal(s.value);
  CHECK(std::all_of(black.begin(), black.end(), [](const std::string& t) { return t[0] == 'G'; }));
}

TEST_CASE("losing with an empty reserve, checked when the player has to move") {
  State s = position(V::Basic, "w:e2 b:e8", 0, 5, B);
  CHECK(!s.result().over);
  play(s, "i5-h5");
  CHECK(s.result().over);
  CHECK(s.result().winner == B);
  CHECK(s.result().reason == "no-reserve");
  CHECK(s.pending().kind == Pending::Kind::None);
  CHECK(s.legal_actions().empty());
  CHECK(s.check(Action::make_push(0, false)) == "the game is over");
}

TEST_CASE("an empty reserve with an all-GIPF row on the board: remove it, then push") {
  State s = position(V::Tournament, "W:e2,e3,e4,e5 B:b2", 0, 10);
  CHECK(!s.result().over);
  auto all = legal(s);
  CHECK(all.size() == 15);  // only removals: there is nothing to push yet
  play(s, "xe2");
  CHECK(s.reserve(W) == 2);
  CHECK(s.pending() == Pending{Pending::Kind::Push, W});
}

TEST_CASE("an empty reserve: a removal before the push that refills nothing loses (no-reserve)") {
  // RULES.md §2.5: a player who has to move with an empty reserve loses. White may
  // remove only Black's GIPF piece e6 from the extent of its all-GIPF row e2-e5;
  // the row is then declined for the turn, nothing came back, and White must push.
  State s = position(V::Tournament, "W:e2,e3,e4,e5 B:e6,b2,c2", 0, 10);
  CHECK(legal(s).size() == 31);  // only removals: every non-empty subset of e2-e6
  State refilled = s;
  play(refilled, "xe2,e6");
  CHECK(!refilled.result().over);
  CHECK(refilled.reserve(W) == 2);
  CHECK(refilled.pending() == Pending{Pending::Kind::Push, W});

  play(s, "xe6");
  CHECK(s.result().over);
  CHECK(s.result().winner == B);
  CHECK(s.result().reason == "no-reserve");
  CHECK(s.reserve(W) == 0);
  CHECK(s.captured(B) == 4);  // the 2 of the set-up and e6, a GIPF piece
  CHECK(s.pending().kind == Pending::Kind::None);
  CHECK(s.legal_actions().empty());
  CHECK(s.hash() == s.compute_hash());
}

TEST_CASE("an empty reserve: after a removal that refills nothing, another all-GIPF row may still refill it") {
  State s = position(V::Tournament, "W:e2,e3,e4,e5,c2,c3,c4,c5 B:e6,h2", 0, 10);
  play(s, "xe6");  // the e-row is declined for the turn; the c-row is still open
  CHECK(!s.result().over);
  CHECK(s.pending() == Pending{Pending::Kind::Push, W});
  auto rest = legal(s);
  CHECK(rest.size() == 15);  // the c-row's removals, nothing to push
  CHECK(std::all_of(rest.begin(), rest.end(), [](const std::string& t) { return t[0] == 'x' && t[1] == 'c'; }));
  play(s, "xc5");
  CHECK(s.reserve(W) == 2);
  CHECK(s.pending() == Pending{Pending::Kind::Push, W});
}

TEST_CASE("a set-up tournament player who has not moved and cannot bring in a GIPF piece loses (no-reserve)") {
  // Unreachable from the start (a tournament player's reserve is full until their
  // first move), but a set-up allows it: one piece left cannot make a GIPF piece.
  Setup setup;
  setup.options.variant = V::Tournament;
  setup.board = board_from("W:e5");
  setup.reserve = {16, 1};
  setup.turn = B;
  setup.moved = {true, false};
  auto s = State::from_setup(setup);
  REQUIRE(s.ok());
  CHECK(s.value.result().over);
  CHECK(s.value.result().winner == W);
  CHECK(s.value.result().reason == "no-reserve");
}

TEST_CASE("a tournament game that ends when White's removal before the push refills nothing") {
  // Found by biased random play: White brought in nine GIPF pieces (reserve empty),
  // kept the all-GIPF row g3-g6 inside Black's turn 9 and at the start of turn 10
  // removes only Black's GIPF piece g2 from its extent. White must then push with
  // an empty reserve and loses; the record round-trips.
  const std::string record =
      "[Game \"gipf\"]\n"
      "[Variant \"tournament\"]\n"
      "[Result \"0-1\"]\n"
      "[Termination \"no-reserve\"]\n"
      "\n"
      "1. Gi2-h3 Gh6-h5\n"
      "2. Ga2-b3 Gb6-b5\n"
      "3. Gh6-g6 Ga3-c3\n"
      "4. Gi2-g4 Gf8-e8\n"
      "5. Ga4-b4 Ge9-e7\n"
      "6. Gi1-h2 Gg1-g2\n"
      "7. Gg7-g5 c1-d2\n"
      "8. Gi3-h4 e9-e6\n"
      "9. Gh6-f6 i1-g3;kg2,g3,g4,g5,g6\n"
      "10. xg2\n";
  auto replay = engine::replay_record<Rules>(record);
  REQUIRE_MESSAGE(replay.ok(), replay.error.message);
  const State& end = replay.game->state();
  CHECK(end.result().over);
  CHECK(end.result().winner == B);
  CHECK(end.result().reason == "no-reserve");
  CHECK(end.reserve(W) == 0);
  CHECK(end.legal_actions().empty());
  CHECK(engine::print_record(*replay.game) == record);

  // The position before: only removals; xg2 is the one that refills nothing.
  GipfGame before(Options{V::Tournament, {0, 0}});
  const auto& steps = replay.game->steps();
  REQUIRE(steps.back().text == "xg2");
  for (std::size_t i = 0; i + 1 < steps.size(); ++i)
    if (!steps[i].automatic) REQUIRE(before.play(steps[i].action).empty());
  REQUIRE(before.steps().size() + 1 == steps.size());
  CHECK(before.state().pending() == Pending{Pending::Kind::Push, W});
  CHECK(before.state().reserve(W) == 0);
  auto options = legal(before.state());
  CHECK(options == removals(before.state()));
  CHECK(options.size() == 31);
  for (const auto& text : options) {
    State next = before.state();
    play(next, text);
    CHECK(next.result().over == (text == "xg2"));
  }
}

TEST_CASE("capturing the opponent's last GIPF piece wins at once, before the opponent removes") {
  State s = position(V::Standard, "b:b3,c3,c5,c6 w:c4,d3,d4,d6 B:d7 W:h5", 10, 10);
  play(s, "a2-d5");
  play(s, "xd3,d4,d5,d6,d7");
  CHECK(s.result().over);
  CHECK(s.result().winner == W);
  CHECK(s.result().reason == "no-gipf");
  CHECK(at(s, "c3") == Piece::Black);  // Black's row was never removed
}

TEST_CASE("removing one's own last GIPF piece loses, unless the same removal takes the opponent's last") {
  State own = position(V::Standard, "w:b3,c4,d3,d4,d6 W:d2,h5 B:h2", 8, 10);
  // d2 and h5 are White's; removing d2 leaves h5: the game goes on
  play(own, "a2-d5");
  play(own, "xd2,d3,d4,d5,d6");
  CHECK(!own.result().over);

  State both = position(V::Standard, "w:b3,c4,d3,d4,d6 W:d2 B:d7", 10, 10);
  play(both, "a2-d5");
  CHECK(removals(both) == Strings{"xd2,d3,d4,d5,d6", "xd2,d3,d4,d5,d6,d7", "xd3,d4,d5,d6", "xd3,d4,d5,d6,d7"});
  State copy = both;
  play(both, "xd2,d3,d4,d5,d6,d7");
  CHECK(both.result().winner == W);  // both lost their last GIPF piece: the remover wins
  play(copy, "xd2,d3,d4,d5,d6");
  CHECK(copy.result().winner == B);  // White removed its own last GIPF piece
}

TEST_CASE("a forced decision is taken automatically and recorded as part of the turn") {
  GipfGame g(Options{V::Basic});
  // a game in which Black's forced removal happens inside White's turn is covered by
  // the record tests; here: the start has 42 options, nothing is forced
  CHECK(g.steps().empty());
  CHECK(g.play(std::string_view("e1-e3")).empty());
  CHECK(g.steps().size() == 1);
  CHECK(!g.steps()[0].automatic);
  CHECK(g.turn_texts() == Strings{"e1-e3"});
}

TEST_CASE("set-up positions are validated") {
  Setup setup;
  setup.options.variant = V::Basic;
  setup.board = board_from("w:e2");
  setup.board[*parse_cell("a1")] = Piece::White;
  CHECK(State::from_setup(setup).error.find("dot") != std::string::npos);
  setup.board = board_from("w:e2,e3,e4,e5");
  CHECK(State::from_setup(setup).error.find("row") != std::string::npos);
  setup.board = board_from("w:e2");
  setup.reserve = {15, 0};
  CHECK(State::from_setup(setup).error.find("more pieces") != std::string::npos);
  setup.options.extra = {4, 0};
  setup.reserve = {0, 0};
  CHECK(!State::from_setup(setup).ok());
}
