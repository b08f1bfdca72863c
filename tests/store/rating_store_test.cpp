// Ratings on SQLite: the change a rated game makes is written with the event
// that ends it (or neither is), seated accounts' ratings come back with the
// event that seats them, histories and leaderboards read what was written.
#include <doctest/doctest.h>

#include "store_test_support.hpp"

using namespace store_test;

namespace {

constexpr std::int64_t kDay = 86'400'000;
const std::string kPerf = "yinsh:blitz";

struct Fixture {
  std::string path = temp_store("ratings.db");
  SqlStore store{path};
  asio::io_context io;
  Blocking s{store, io};

  std::int64_t account(const std::string& username) { return create_account(store, io, username).account.player; }
  Stored<EventWritten> open(const RoomRecord& room, const EventRecord& first) {
    Slot<Stored<EventWritten>> slot;
    store.open_room(room, first, io.get_executor(), slot.fill());
    return slot.get(io);
  }
  Stored<EventWritten> append(const std::string& room, const EventRecord& event, const RoomChange& change) {
    Slot<Stored<EventWritten>> slot;
    store.append(room, event, change, io.get_executor(), slot.fill());
    return slot.get(io);
  }
  Stored<std::optional<RatingHistoryRecord>> history(const std::string& username) {
    Slot<Stored<std::optional<RatingHistoryRecord>>> slot;
    store.rating_history(username, kPerf, io.get_executor(), slot.fill());
    return slot.get(io);
  }
  Stored<LeaderboardPage> leaders(std::int64_t now) {
    Slot<Stored<LeaderboardPage>> slot;
    store.leaderboard(kPerf, now, 1, 50, io.get_executor(), slot.fill());
    return slot.get(io);
  }
  // A rated blitz room of `white` and `black`, live.
  void live_room(const std::string& id, std::int64_t white, std::int64_t black, std::int64_t at) {
    RoomRecord room = make_room(id, white, at);
    room.options = {"yinsh", "blitz", 0, 0};
    room.clock = {protocol::TimeControl::Kind::Live, 180'000, 2'000, 0};
    room.rated = true;
    REQUIRE(open(room, created_event(white, at)).ok());
    RoomChange joined;
    joined.black = black;
    joined.status = protocol::RoomStatus::Live;
    REQUIRE(append(id, {2, protocol::EventKind::Joined, black, engine::Color::Black, "", at + 1, ""}, joined).ok());
  }
  RoomChange finish(std::int64_t white, std::int64_t black, double white_score, const std::string& result) {
    RoomChange end;
    end.status = protocol::RoomStatus::Finished;
    end.result = result;
    end.reason = "resignation";
    end.rate = RoomChange::Rate{kPerf, white, black, white_score};
    return end;
  }
};

}  // namespace

TEST_CASE("rating store: a seat taken by an account comes back with its rating; a guest's with none") {
  Fixture f;
  std::int64_t ann = f.account("ann");
  auto guest = f.s.create_player(std::string(64, 'g'), "");
  REQUIRE(guest.ok());
  RoomRecord room = make_room("r1", ann, 10);
  room.options = {"yinsh", "blitz", 0, 0};
  auto opened = f.open(room, created_event(ann, 10));
  REQUIRE(opened.ok());
  REQUIRE(opened.value.seated);
  CHECK(opened.value.seated->rating == doctest::Approx(1500));
  CHECK(opened.value.seated->rd == doctest::Approx(350));
  CHECK(opened.value.seated->games == 0);
  RoomChange joined;
  joined.black = guest.value.id;
  auto written = f.append("r1", {2, protocol::EventKind::Joined, guest.value.id, engine::Color::Black, "", 11, ""}, joined);
  REQUIRE(written.ok());
  CHECK_FALSE(written.value.seated);
  CHECK_FALSE(written.value.rated);
  auto read = f.s.find_room("r1");
  REQUIRE(read.ok());
  REQUIRE(read.value->white_rating);
  CHECK_FALSE(read.value->black_rating);
}

TEST_CASE("rating store: the game's end and its rating change are written together, and read back") {
  Fixture f;
  std::int64_t ann = f.account("ann");
  std::int64_t bob = f.account("Bob");
  f.live_room("r1", ann, bob, 1000);
  auto written = f.append("r1", {3, protocol::EventKind::Resigned, bob, engine::Color::Black, "", 5000, ""},
                          f.finish(ann, bob, glicko2::kWin, "1-0"));
  REQUIRE(written.ok());
  REQUIRE(written.value.rated);
  const RatingChange& c = *written.value.rated;
  // The same numbers as the math alone, from both players' values before the game.
  GameRatings expected = rate_game(Rating{}, Rating{}, glicko2::kWin, 5000);
  CHECK(c.perf == kPerf);
  CHECK(c.players == std::array<std::int64_t, 2>{ann, bob});
  CHECK(c.before[0].rating == doctest::Approx(1500));
  CHECK(c.after[0].rating == doctest::Approx(expected.first.rating));
  CHECK(c.after[1].rating == doctest::Approx(expected.second.rating));
  CHECK(c.after[0].rating > 1500);
  CHECK(c.after[1].rating < 1500);

  // The room shows it; the seats' ratings are the new ones.
  auto room = f.s.find_room("r1");
  REQUIRE(room.ok());
  REQUIRE(room.value->rating_change);
  CHECK(room.value->rating_change->after[1].rd == doctest::Approx(expected.second.rd));
  REQUIRE(room.value->white_rating);
  CHECK(room.value->white_rating->rating == doctest::Approx(expected.first.rating));
  CHECK(room.value->white_rating->games == 1);
  CHECK(room.value->white_rating->last_game_ms == 5000);

  auto history = f.history("BOB");  // usernames ignore case
  REQUIRE(history.ok());
  REQUIRE(history.value);
  CHECK(history.value->username == "Bob");
  REQUIRE(history.value->points.size() == 1);
  CHECK(history.value->points[0].game == "r1");
  CHECK(history.value->points[0].at == 5000);
  CHECK(history.value->points[0].rating == doctest::Approx(expected.second.rating));
  auto nobody = f.history("carol");
  REQUIRE(nobody.ok());
  CHECK_FALSE(nobody.value);

  // A second game starts from the values the first one left.
  f.live_room("r2", bob, ann, 6000);
  auto second = f.append("r2", {3, protocol::EventKind::DrawAgreed, ann, engine::Color::Black, "", 7000, ""},
                         f.finish(bob, ann, glicko2::kDraw, "1/2-1/2"));
  REQUIRE(second.ok());
  REQUIRE(second.value.rated);
  CHECK(second.value.rated->before[0].rating == doctest::Approx(expected.second.rating));
  CHECK(second.value.rated->before[1].rating == doctest::Approx(expected.first.rating));
  CHECK(second.value.rated->after[0].games == 2);
}

TEST_CASE("rating store: a rating that cannot be written takes the game's end with it") {
  Fixture f;
  std::int64_t ann = f.account("ann");
  auto guest = f.s.create_player(std::string(64, 'g'), "");
  REQUIRE(guest.ok());
  f.live_room("r1", ann, guest.value.id, 1000);
  // A guest has no rating: the whole write fails, the game stays live and unrated.
  auto written = f.append("r1", {3, protocol::EventKind::Resigned, ann, engine::Color::White, "", 2000, ""},
                          f.finish(ann, guest.value.id, glicko2::kLoss, "0-1"));
  CHECK_FALSE(written.ok());
  auto room = f.s.find_room("r1");
  REQUIRE(room.ok());
  CHECK(room.value->status == protocol::RoomStatus::Live);
  CHECK_FALSE(room.value->rating_change);
  CHECK(f.s.events("r1").value.size() == 2);
  RawConnection raw(f.path);
  CHECK(raw.column("SELECT count(*) FROM ratings") == std::vector<std::string>{"0"});
  CHECK(raw.column("SELECT count(*) FROM rating_history") == std::vector<std::string>{"0"});
}

TEST_CASE("rating store: the leaderboard lists settled ratings best first, RD grown by inactivity as of now") {
  Fixture f;
  std::int64_t ann = f.account("ann");
  std::int64_t bob = f.account("bob");
  std::int64_t carol = f.account("carol");
  std::int64_t dave = f.account("dave");
  RawConnection raw(f.path);
  const std::int64_t now = 1000 * kDay;
  auto put = [&](std::int64_t player, double rating, double rd, std::int64_t last) {
    REQUIRE(raw.exec("INSERT INTO ratings VALUES (" + std::to_string(player) + ", '" + kPerf + "', " + std::to_string(rating) +
                     ", " + std::to_string(rd) + ", 0.06, 30, " + std::to_string(last) + ")"));
  };
  put(ann, 1700, 50, now - 100 * kDay);   // RD ≈ 69 now: listed
  put(bob, 1800, 50, now - 200 * kDay);   // RD ≈ 88 now: off the board
  put(carol, 1600, 60, now);              // listed
  put(dave, 1900, 120, now);              // provisional: off the board
  auto page = f.leaders(now);
  REQUIRE(page.ok());
  REQUIRE(page.value.players.size() == 2);
  CHECK(page.value.total == 2);
  CHECK(page.value.players[0].username == "ann");
  CHECK(page.value.players[0].rating.rd == doctest::Approx(Rating{1700, 50, 0.06, 30, now - 100 * kDay}.at(now).rd));
  CHECK(page.value.players[0].rating.rd < kLeaderboardRd);
  CHECK(page.value.players[1].username == "carol");
  // A hundred days earlier bob was still settled.
  auto earlier = f.leaders(now - 100 * kDay);
  REQUIRE(earlier.ok());
  REQUIRE(earlier.value.players.size() == 3);
  CHECK(earlier.value.players[0].username == "bob");
}

TEST_CASE("account store: a player's games paged and filtered from their side; a closed account leaves the leaderboard (#43)") {
  Fixture f;
  auto ann_account = create_account(f.store, f.io, "ann").account;
  const std::int64_t ann = ann_account.player;
  const std::int64_t bob = f.account("Bob");
  const std::int64_t now = 1000 * kDay;
  // Ann White in r1 (won), r2 (lost), Black in r3 (a draw): each finished a day apart.
  f.live_room("r1", ann, bob, now);
  REQUIRE(f.append("r1", {3, protocol::EventKind::Resigned, bob, engine::Color::Black, "", now + 1, ""}, f.finish(ann, bob, glicko2::kWin, "1-0")).ok());
  f.live_room("r2", ann, bob, now + kDay);
  REQUIRE(f.append("r2", {3, protocol::EventKind::Resigned, ann, engine::Color::White, "", now + kDay + 1, ""}, f.finish(ann, bob, glicko2::kLoss, "0-1")).ok());
  f.live_room("r3", bob, ann, now + 2 * kDay);
  REQUIRE(f.append("r3", {3, protocol::EventKind::DrawAgreed, ann, engine::Color::Black, "", now + 2 * kDay + 1, ""}, f.finish(bob, ann, glicko2::kDraw, "1/2-1/2")).ok());
  auto history = [&](GameHistoryQuery q) {
    Slot<Stored<std::optional<GameHistory>>> slot;
    f.store.game_history(std::move(q), f.io.get_executor(), slot.fill());
    auto& found = slot.get(f.io);
    REQUIRE(found.ok());
    std::vector<std::string> ids;
    if (found.value)
      for (const auto& r : found.value->games) ids.push_back(r.id);
    return ids;
  };
  auto of_ann = [](std::string result, std::string opponent = "", int page = 1, int per_page = 20) {
    GameHistoryQuery q;
    q.username = "ANN";
    q.result = std::move(result);
    q.opponent = std::move(opponent);
    q.page = page;
    q.per_page = per_page;
    return q;
  };
  CHECK(history(of_ann("")) == std::vector<std::string>{"r3", "r2", "r1"});
  CHECK(history(of_ann("won")) == std::vector<std::string>{"r1"});
  CHECK(history(of_ann("lost")) == std::vector<std::string>{"r2"});
  CHECK(history(of_ann("drawn")) == std::vector<std::string>{"r3"});
  CHECK(history(of_ann("", "bob")) == std::vector<std::string>{"r3", "r2", "r1"});
  CHECK(history(of_ann("", "carol")).empty());
  CHECK(history(of_ann("", "", 2, 2)) == std::vector<std::string>{"r1"});
  GameHistoryQuery other = of_ann("won");
  other.game = "gipf";
  CHECK(history(other).empty());
  GameHistoryQuery nobody;
  nobody.username = "nobody";
  Slot<Stored<std::optional<GameHistory>>> missing;
  f.store.game_history(nobody, f.io.get_executor(), missing.fill());
  CHECK(!missing.get(f.io).value);

  // Settled ratings for both; then Ann closes her account: off the board, her games stay.
  RawConnection raw(f.path);
  REQUIRE(raw.exec("UPDATE ratings SET rd = 50 WHERE perf = '" + kPerf + "'"));
  REQUIRE(f.leaders(now + 3 * kDay).value.total == 2);
  Slot<std::string> closed;
  f.store.close_account(ann_account.id, now + 3 * kDay, AuditEntry{ann_account.id, "close_account", "ann", "{}", "t", now + 3 * kDay},
                        f.io.get_executor(), closed.fill());
  REQUIRE(closed.get(f.io) == "");
  auto board = f.leaders(now + 3 * kDay);
  REQUIRE(board.ok());
  REQUIRE(board.value.players.size() == 1);
  CHECK(board.value.players[0].username == "Bob");
  auto closed_at = [&] {
    Slot<Stored<std::optional<AccountRecord>>> found;
    f.store.find_account("ann", f.io.get_executor(), found.fill());
    auto& account = found.get(f.io);
    REQUIRE(account.ok());
    REQUIRE(account.value);
    return account.value->closed_at;
  };
  CHECK(closed_at() == now + 3 * kDay);
  CHECK(history(of_ann("")).size() == 3);
  // Closing twice is refused: nothing is written
  Slot<std::string> again;
  f.store.close_account(ann_account.id, now + 4 * kDay, AuditEntry{ann_account.id, "close_account", "ann", "{}", "t", now + 4 * kDay},
                        f.io.get_executor(), again.fill());
  CHECK(again.get(f.io) != "");
  CHECK(closed_at() == now + 3 * kDay);
}

TEST_CASE("rating store: a player back after a year is rated from RD grown once; a back-dated end never moves the last game back") {
  Fixture f;
  std::int64_t ann = f.account("ann");
  std::int64_t bob = f.account("bob");
  const std::int64_t now = 2000 * kDay;
  const Rating ann_stored{1600, 60, 0.06, 40, now - 365 * kDay};
  const Rating bob_stored{1550, 80, 0.06, 20, now + 10};  // bob's last rated game ended after this one's moment
  RawConnection raw(f.path);
  REQUIRE(raw.exec("INSERT INTO ratings VALUES (" + std::to_string(ann) + ", '" + kPerf + "', 1600, 60, 0.06, 40, " +
                   std::to_string(ann_stored.last_game_ms) + ")"));
  REQUIRE(raw.exec("INSERT INTO ratings VALUES (" + std::to_string(bob) + ", '" + kPerf + "', 1550, 80, 0.06, 20, " +
                   std::to_string(bob_stored.last_game_ms) + ")"));
  f.live_room("r1", ann, bob, now - 1000);
  auto written = f.append("r1", {3, protocol::EventKind::Timeout, std::nullopt, engine::Color::Black, "", now, ""},
                          f.finish(ann, bob, glicko2::kWin, "1-0"));
  REQUIRE(written.ok());
  REQUIRE(written.value.rated);
  const RatingChange& c = *written.value.rated;
  // Rated as of bob's later game; ann's RD grown once: about 110 after a year.
  CHECK(c.before[0].rd == doctest::Approx(ann_stored.at(now + 10).rd));
  CHECK(c.before[0].rd == doctest::Approx(110).epsilon(0.01));
  GameRatings expected = rate_game(ann_stored, bob_stored, glicko2::kWin, now + 10);
  CHECK(c.after[0].rating == doctest::Approx(expected.first.rating));
  CHECK(c.after[0].rd == doctest::Approx(expected.first.rd));
  CHECK(c.after[1].rating == doctest::Approx(expected.second.rating));
  CHECK(c.after[0].last_game_ms == now + 10);
  CHECK(c.after[1].last_game_ms == now + 10);
}
