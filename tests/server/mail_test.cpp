// Mail end to end (#35; PROTOCOL.md, Mail) against the real server and a local
// SMTP sink (smtp_sink.hpp): off without --smtp; an address verified by the
// link mailed to it; a password reset by the link, which ends every session;
// the outbox surviving the sink being down and a SIGKILL, sent once.
#include <sodium.h>
#include <sqlite3.h>

#include "account_test_support.hpp"
#include "mail/mail_message.hpp"
#include "smtp_sink.hpp"

using namespace test_support;

namespace {

std::vector<std::string> mail_flags(const SmtpSink& sink, std::vector<std::string> more = {}) {
  std::vector<std::string> flags{"--smtp", sink.url(), "--mail-from", "arena@arena.test", "--public-origin",
                                 "http://arena.test"};
  flags.insert(flags.end(), more.begin(), more.end());
  return flags;
}

}  // namespace

TEST_CASE("mail: off without --smtp, and --smtp needs --mail-from and --public-origin") {
  ServerProcess server(temp_store("mail-off.db"));
  REQUIRE(server.start());
  int port = server.port();
  CHECK(json::parse(get(port, "/api/health").body)["mail"] == false);
  CHECK(error_code(post(port, "/api/account/reset", {{"login", "nobody"}})) == "mail_off");
  CHECK(error_code(post(port, "/api/account/signup", {{"username", "ann"}, {"password", "long enough"}, {"email", "a@b.example"}})) ==
        "mail_off");
  std::string cookie = signup(port, "ann", "long enough");
  auto settings = get(port, "/api/account/email", cookie);
  CHECK(settings.status == 200);
  CHECK(json::parse(settings.body)["mail"] == false);
  CHECK(error_code(post(port, "/api/account/email", {{"email", "a@b.example"}, {"password", "long enough"}}, cookie)) == "mail_off");

  std::string bin = std::getenv("GIPF_ARENA_BIN");
  CHECK(std::system((bin + " --smtp smtp://127.0.0.1:25 --public-origin http://a.test >/dev/null 2>&1").c_str()) != 0);
  CHECK(std::system((bin + " --smtp smtp://127.0.0.1:25 --mail-from a@a.test >/dev/null 2>&1").c_str()) != 0);
  CHECK(std::system((bin + " --smtp ftp://x --mail-from a@a.test --public-origin http://a.test >/dev/null 2>&1").c_str()) != 0);
}

TEST_CASE("mail: an address verified by its link; a reset link sets a new password and ends every session") {
  SmtpSink sink;
  REQUIRE(sink.start());
  ServerProcess server(temp_store("mail-reset.db"), mail_flags(sink));
  REQUIRE(server.start());
  int port = server.port();
  CHECK(json::parse(get(port, "/api/health").body)["mail"] == true);

  CHECK(error_code(post(port, "/api/account/signup", {{"username", "ann"}, {"password", "long enough"}, {"email", "not an address"}})) ==
        "bad_email");
  auto created = post(port, "/api/account/signup", {{"username", "ann"}, {"password", "long enough"}, {"email", "Ann@Mail.example"}});
  REQUIRE(created.status == 201);
  CHECK(json::parse(created.body)["email_pending"] == "Ann@Mail.example");
  std::string cookie = cookie_of(created);

  auto mails = sink.mails(1);
  REQUIRE(mails.size() == 1);
  CHECK(mails[0]["to"] == json::array({"Ann@Mail.example"}));
  CHECK(mails[0]["subject"] == "Confirm your address for GIPF Arena");
  CHECK(mails[0]["html"].get<std::string>().find("http://arena.test/account/verify#") != std::string::npos);
  std::string token = link_token(mails[0], "http://arena.test/account/verify#");
  REQUIRE(token.size() == 64);

  auto before = json::parse(get(port, "/api/account/email", cookie).body);
  CHECK(before["address"] == nullptr);
  CHECK(before["pending"] == "Ann@Mail.example");
  CHECK(before["notify"]["turn"] == true);
  // Until the link is opened the address receives nothing else: no reset by it.
  CHECK(post(port, "/api/account/reset", {{"login", "ann@mail.example"}}).status == 202);

  CHECK(error_code(post(port, "/api/account/email/verify", {{"token", std::string(64, 'a')}})) == "bad_token");
  CHECK(error_code(post(port, "/api/account/email/verify", {{"token", "short"}})) == "bad_token");
  auto verified = post(port, "/api/account/email/verify", {{"token", token}});
  REQUIRE(verified.status == 200);
  CHECK(json::parse(verified.body)["address"] == "Ann@Mail.example");
  CHECK(json::parse(verified.body)["already_verified"] == false);
  // Single use: opened again it changes nothing and says so (#43)
  auto again = post(port, "/api/account/email/verify", {{"token", token}});
  REQUIRE(again.status == 200);
  CHECK(json::parse(again.body)["already_verified"] == true);
  CHECK(json::parse(again.body)["address"] == "Ann@Mail.example");
  auto after = json::parse(get(port, "/api/account/email", cookie).body);
  CHECK(after["address"] == "Ann@Mail.example");
  CHECK(after["pending"] == nullptr);
  // Never shown to others: a profile has no address.
  CHECK(get(port, "/api/players/ann").body.find("Mail.example") == std::string::npos);

  // The same answer whether or not the login names an account with an address.
  auto unknown = post(port, "/api/account/reset", {{"login", "nobody"}});
  auto known = post(port, "/api/account/reset", {{"login", "ANN"}});
  CHECK(unknown.status == 202);
  CHECK(known.status == 202);
  CHECK(unknown.body == known.body);
  CHECK(error_code(post(port, "/api/account/reset", {{"login", "ann"}, {"x", 1}})) == "bad_field");

  std::string second = login(port, "ann", "long enough");
  Participant socket;
  REQUIRE(identify_with(socket, port, second));

  mails = sink.mails(2);
  REQUIRE(mails.size() == 2);
  CHECK(mails[1]["to"] == json::array({"Ann@Mail.example"}));
  CHECK(mails[1]["subject"] == "Reset your GIPF Arena password");
  std::string reset = link_token(mails[1], "http://arena.test/account/reset#");
  REQUIRE(reset.size() == 64);

  CHECK(error_code(post(port, "/api/account/reset/confirm", {{"token", reset}, {"password", "short"}})) == "bad_password");
  CHECK(error_code(post(port, "/api/account/reset/confirm", {{"token", std::string(64, 'b')}, {"password", "a new password"}})) ==
        "bad_token");
  auto confirmed = post(port, "/api/account/reset/confirm", {{"token", reset}, {"password", "a new password"}});
  REQUIRE_MESSAGE(confirmed.status == 200, confirmed.body);
  CHECK(json::parse(confirmed.body)["username"] == "ann");
  // Every session ended, the connections opened with them closed.
  CHECK(get(port, "/api/account", cookie).status == 401);
  CHECK(get(port, "/api/account", second).status == 401);
  while (!socket.ws.closed()) socket.ws.receive(1s);
  CHECK(post(port, "/api/account/login", {{"username", "ann"}, {"password", "long enough"}}).status == 401);
  std::string fresh = login(port, "ann", "a new password");
  // Single use.
  CHECK(error_code(post(port, "/api/account/reset/confirm", {{"token", reset}, {"password", "a third one!"}})) == "bad_token");

  // A change verifies the new address and tells the old one.
  CHECK(error_code(post(port, "/api/account/email", {{"email", "ann@new.example"}, {"password", "wrong password"}}, fresh)) ==
        "bad_credentials");
  CHECK(error_code(post(port, "/api/account/email", {{"email", "no"}, {"password", "a new password"}}, fresh)) == "bad_email");
  auto change = post(port, "/api/account/email", {{"email", "ann@new.example"}, {"password", "a new password"}}, fresh);
  CHECK(change.status == 202);
  mails = sink.mails(4);
  REQUIRE(mails.size() == 4);
  json to_new = mails[2]["to"][0] == "ann@new.example" ? mails[2] : mails[3];
  json to_old = mails[2]["to"][0] == "ann@new.example" ? mails[3] : mails[2];
  CHECK(to_old["to"] == json::array({"Ann@Mail.example"}));
  CHECK(to_old["subject"] == "Your GIPF Arena address is changing");
  CHECK(json::parse(get(port, "/api/account/email", fresh).body)["address"] == "Ann@Mail.example");  // until verified
  REQUIRE(post(port, "/api/account/email/verify", {{"token", link_token(to_new, "/account/verify#")}}).status == 200);
  CHECK(json::parse(get(port, "/api/account/email", fresh).body)["address"] == "ann@new.example");

  // Switches: all on by default, each its own.
  auto off = post(port, "/api/account/notify", {{"turn", false}}, fresh);
  CHECK(off.status == 200);
  CHECK(json::parse(off.body)["notify"]["turn"] == false);
  CHECK(json::parse(off.body)["notify"]["clock"] == true);
  CHECK(error_code(post(port, "/api/account/notify", {{"turn", 1}}, fresh)) == "bad_field");
  CHECK(error_code(post(port, "/api/account/notify", {{"turn", true}})) == "not_authenticated");

  // Reset requests are limited per login text (and per client address), whoever they name.
  CHECK(post(port, "/api/account/reset", {{"login", "nobody"}}).status == 202);
  CHECK(post(port, "/api/account/reset", {{"login", "nobody"}}).status == 202);
  auto limited = post(port, "/api/account/reset", {{"login", "nobody"}});
  CHECK(limited.status == 429);
  CHECK(error_code(limited) == "rate_limited");
  CHECK(!limited.headers["retry-after"].empty());
}

TEST_CASE("mail: the sink down, retried; a SIGKILL before sending, sent once after the restart") {
  SmtpSink sink;  // not started yet: nothing listens on its port
  std::string db = temp_store("mail-outbox.db");
  std::string log = temp_path("mail-outbox.log");
  {
    ServerProcess server(db, mail_flags(sink, {"--mail-retry-ms", "3600000"}));
    server.log_to(log);
    REQUIRE(server.start());
    int port = server.port();
    auto created = post(port, "/api/account/signup", {{"username", "bob"}, {"password", "long enough"}, {"email", "bob@mail.example"}});
    REQUIRE(created.status == 201);  // the sink being down changes nothing for the site
    REQUIRE(log_shows(server, "event=mail_failed"));
    CHECK(json::parse(get(port, "/api/health").body)["status"] == "ok");
    CHECK(get(port, "/api/account", cookie_of(created)).status == 200);
    server.kill_hard();  // the mail waits in the outbox for its retry, an hour away
  }
  REQUIRE(sink.start());
  ServerProcess server(db, mail_flags(sink, {"--mail-retry-ms", "3600000"}));
  server.log_to(log);
  REQUIRE(server.start());  // a start tries what waits at once
  auto mails = sink.mails(1);
  REQUIRE(mails.size() == 1);
  CHECK(mails[0]["to"] == json::array({"bob@mail.example"}));
  // Another mail after it: had the first been sent twice, it would be there too.
  std::string cookie = login(server.port(), "bob", "long enough");
  REQUIRE(post(server.port(), "/api/account/email", {{"email", "bob@other.example"}, {"password", "long enough"}}, cookie).status == 202);
  mails = sink.mails(2);
  REQUIRE(mails.size() == 2);
  CHECK(mails[1]["to"] == json::array({"bob@other.example"}));
  CHECK(sink.received().size() == 2);
}

namespace {

// Signs `name` up with `address` and opens the link mailed to it (mail number `nth` of the sink).
std::string verified_account(int port, const SmtpSink& sink, std::size_t nth, const std::string& name, const std::string& address) {
  auto created = post(port, "/api/account/signup", {{"username", name}, {"password", "long enough"}, {"email", address}});
  REQUIRE(created.status == 201);
  auto mails = sink.mails(nth);
  REQUIRE(mails.size() == nth);
  REQUIRE(post(port, "/api/account/email/verify", {{"token", link_token(mails[nth - 1], "/account/verify#")}}).status == 200);
  return cookie_of(created);
}

// Plays the first legal action offered to `p`'s seat; waits for its event.
void play_first(Participant& p, const std::string& room) {
  for (int i = 0; i < 200; ++i) {
    auto m = p.ws.receive(5s);
    REQUIRE(m);
    if ((*m)["type"] == "event") p.saw_event(*m);
    if ((*m)["type"] != "legal" || (*m)["player"] != p.seat || (*m)["ply"] != p.ply) continue;
    std::int64_t seq = p.last_seq + 1;
    p.ws.send({{"type", "action"}, {"room", room}, {"ply", (*m)["ply"]}, {"action", (*m)["actions"][0]}, {"id", 1}});
    see_up_to(p, seq);
    return;
  }
  FAIL("no legal actions for " << p.seat);
}

}  // namespace

TEST_CASE("mail: your move in a correspondence game, to the absent player only, once; unsubscribe by the header's POST") {
  SmtpSink sink;
  REQUIRE(sink.start());
  ServerProcess server(temp_store("mail-turn.db"), mail_flags(sink, {"--mail-gather-seconds", "0"}));
  REQUIRE(server.start());
  int port = server.port();
  std::string ann_cookie = verified_account(port, sink, 1, "ann", "ann@mail.example");
  std::string bob_cookie = verified_account(port, sink, 2, "bob", "bob@mail.example");

  Participant ann, bob;
  REQUIRE(identify_with(ann, port, ann_cookie));
  REQUIRE(identify_with(bob, port, bob_cookie));
  std::string room =
      open_game(ann, bob, {{"game", "gipf"}, {"variant", "basic"}, {"clock", {{"kind", "correspondence"}, {"days_per_move", 3}}}});
  play_first(ann, room);  // bob's move now, and bob is here: no mail
  see_up_to(bob, ann.last_seq);
  ann.ws.close();
  REQUIRE(eventually([&] { return json::parse(get(port, "/api/health").body)["connections"] == 1; }, 20s));
  play_first(bob, room);  // ann's move, and ann is away: one mail

  auto mails = sink.mails(3);
  REQUIRE(mails.size() == 3);
  const json& turn = mails[2];
  CHECK(turn["to"] == json::array({"ann@mail.example"}));
  CHECK(turn["subject"] == "Your move against bob \u2014 GIPF correspondence game");
  CHECK(turn["text"].get<std::string>().find("http://arena.test/?room=" + room) != std::string::npos);
  CHECK(turn["html"].get<std::string>().find("?room=" + room) != std::string::npos);
  std::string unsubscribe = turn["headers"]["list-unsubscribe"];
  CHECK(turn["headers"]["list-unsubscribe-post"] == "List-Unsubscribe=One-Click");
  REQUIRE(unsubscribe.rfind("<http://arena.test/api/mail/unsubscribe?token=", 0) == 0);
  std::string target = unsubscribe.substr(std::string("<http://arena.test").size());
  target.pop_back();  // '>'

  // A mail client's one-click POST: a form, no Origin, no cookie.
  CHECK(http_request(port, "GET", target, "", {}).status == 200);  // a page with a button; nothing changes
  CHECK(json::parse(get(port, "/api/account/email", ann_cookie).body)["notify"]["turn"] == true);
  auto posted = http_request(port, "POST", target, "List-Unsubscribe=One-Click",
                             {{"Content-Type", "application/x-www-form-urlencoded"}});
  CHECK(posted.status == 200);
  CHECK(json::parse(get(port, "/api/account/email", ann_cookie).body)["notify"]["turn"] == false);
  CHECK(json::parse(get(port, "/api/account/email", ann_cookie).body)["notify"]["clock"] == true);
  CHECK(http_request(port, "POST", "/api/mail/unsubscribe?token=" + std::string(64, 'c'), "", {}).status == 404);

  // Exactly one: a mail for bob would have been queued (and sent) before ann's.
  std::size_t to_bob = 0;
  for (const auto& m : sink.received()) to_bob += m["to"][0] == "bob@mail.example" && m["subject"] != "Confirm your address for GIPF Arena";
  CHECK(to_bob == 0);
  CHECK(sink.received().size() == 3);
}

namespace {

json notices_of(int port, const std::string& cookie) {
  auto r = get(port, "/api/notices", cookie);
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return json::parse(r.body);
}

std::size_t count_kind(const json& list, const std::string& kind) {
  std::size_t n = 0;
  for (const auto& notice : list["notices"]) n += notice["kind"] == kind;
  return n;
}

void advance(int port, std::int64_t seconds) {
  REQUIRE(http_request(port, "POST", "/api/test/clock", json{{"advance_seconds", seconds}}.dump(), kJson).status == 200);
}

const json kCorrespondence{{"game", "gipf"}, {"variant", "basic"}, {"clock", {{"kind", "correspondence"}, {"days_per_move", 3}}}};

}  // namespace

TEST_CASE("notices: the bell without mail; live over the WebSocket, listed newest first, marked read; once per turn") {
  Arena arena("notices.db", {"--test-clock"});
  int port = arena.port;
  std::string ann_cookie = signup(port, "ann", "long enough");
  std::string bob_cookie = signup(port, "bob", "long enough");
  CHECK(get(port, "/api/notices").status == 401);
  CHECK(notices_of(port, ann_cookie) == json{{"unread", 0}, {"notices", json::array()}});

  // A report's outcome reaches the connected reporter at once, as a `notice` message.
  Participant ann, bob;
  REQUIRE(identify_with(ann, port, ann_cookie));
  REQUIRE(identify_with(bob, port, bob_cookie));
  auto filed = post(port, "/api/reports", {{"username", "bob"}, {"reason", "rude in chat"}}, ann_cookie);
  REQUIRE_MESSAGE(filed.status == 201, filed.body);
  std::string resolve = "/api/admin/reports/" + std::to_string(json::parse(filed.body)["report"]["id"].get<std::int64_t>()) + "/resolve";
  REQUIRE(post(port, resolve, {{"outcome", "bob was warned"}}, arena.admin).status == 200);
  auto live = ann.ws.receive_type("notice", 5s);
  REQUIRE(live);
  CHECK((*live)["unread"] == 1);
  CHECK((*live)["notice"]["kind"] == "report");
  CHECK((*live)["notice"]["text"] == "Read the outcome of your report of bob");
  CHECK((*live)["notice"]["read"] == false);

  // Your move in a correspondence game, while away: a notice (no address needed); none for the connected player.
  std::string room = open_game(ann, bob, kCorrespondence);
  play_first(ann, room);
  see_up_to(bob, ann.last_seq);
  ann.ws.close();
  REQUIRE(eventually([&] { return json::parse(get(port, "/api/health").body)["connections"] == 1; }, 20s));
  play_first(bob, room);
  REQUIRE(eventually([&] { return notices_of(port, ann_cookie)["unread"] == 2; }, 20s));
  json list = notices_of(port, ann_cookie);
  REQUIRE(list["notices"].size() == 2);
  CHECK(list["notices"][0]["kind"] == "turn");  // newest first
  CHECK(list["notices"][0]["text"] == "Your move against bob \u2014 GIPF correspondence game");
  CHECK(list["notices"][0]["path"] == "/?room=" + room);
  CHECK(list["notices"][0]["room"] == room);
  CHECK(list["notices"][1]["kind"] == "report");
  CHECK(notices_of(port, bob_cookie)["notices"].empty());

  // Under 24 h left (3 days a move, 2 days and a minute later): one `clock` notice, however often the clock moves.
  advance(port, 2 * 24 * 3600 + 60);
  REQUIRE(eventually([&] { return count_kind(notices_of(port, ann_cookie), "clock") == 1; }, 20s));
  advance(port, 3600);
  // A later notice shows whatever the moves of the clock queued before it: a report's outcome, once more.
  auto again = post(port, "/api/reports", {{"username", "bob"}, {"reason", "rude again"}}, ann_cookie);
  REQUIRE(again.status == 201);
  REQUIRE(post(port, "/api/admin/reports/" + std::to_string(json::parse(again.body)["report"]["id"].get<std::int64_t>()) + "/resolve",
               {{"outcome", "bob was muted"}}, arena.admin)
              .status == 200);
  REQUIRE(eventually([&] { return count_kind(notices_of(port, ann_cookie), "report") == 2; }, 20s));
  list = notices_of(port, ann_cookie);
  CHECK(count_kind(list, "clock") == 1);
  CHECK(count_kind(list, "turn") == 1);
  CHECK(list["unread"] == 4);
  CHECK(list["notices"][1]["text"] == "Under 24 hours left against bob \u2014 GIPF correspondence game");

  // Read: up to an id, then all; bad bodies refused with a stable code.
  std::int64_t second = list["notices"][2]["id"];
  auto read = post(port, "/api/notices/read", {{"up_to", second}}, ann_cookie);
  REQUIRE(read.status == 200);
  CHECK(json::parse(read.body)["unread"] == 2);
  CHECK(notices_of(port, ann_cookie)["notices"][2]["read"] == true);
  CHECK(error_code(post(port, "/api/notices/read", {{"up_to", "x"}}, ann_cookie)) == "bad_field");
  CHECK(error_code(post(port, "/api/notices/read", {{"all", true}}, ann_cookie)) == "bad_field");
  CHECK(post(port, "/api/notices/read", json::object(), "").status == 401);
  CHECK(http_request(port, "GET", "/api/notices/read", "", {}).status == 405);
  CHECK(json::parse(post(port, "/api/notices/read", json::object(), ann_cookie).body)["unread"] == 0);
  CHECK(notices_of(port, ann_cookie)["unread"] == 0);

  // An event starting within the hour: its registered players are told (the clock moved 2 days, 1 h and a minute so far).
  std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count() +
                     (2 * 24 * 3600 + 60 + 3600) * 1000LL;
  auto created = post(port, "/api/admin/events",
                      {{"name", "Winter RR"}, {"kind", "round-robin"}, {"game", "gipf"}, {"variant", "basic"}, {"start_at", now + 80 * 60000}},
                      arena.admin);
  REQUIRE_MESSAGE(created.status == 201, created.body);
  std::int64_t event = json::parse(created.body)["event"]["id"];
  REQUIRE(post(port, "/api/events/" + std::to_string(event) + "/join", json::object(), ann_cookie).status == 200);
  advance(port, 25 * 60);  // it starts in 55 minutes
  REQUIRE(eventually([&] { return count_kind(notices_of(port, ann_cookie), "event") == 1; }, 20s));
  list = notices_of(port, ann_cookie);
  CHECK(list["notices"][0]["text"] == "Winter RR starts within the hour");
  CHECK(list["notices"][0]["path"] == "/events/" + std::to_string(event));
  CHECK(count_kind(notices_of(port, bob_cookie), "event") == 0);  // not registered
}

TEST_CASE("mail: your move in several games, one digest; under 24 h left, one mail per game and turn") {
  SmtpSink sink;
  REQUIRE(sink.start());
  Arena arena("mail-digest.db", mail_flags(sink, {"--test-clock"}));  // turn mails wait 300 s for a digest
  int port = arena.port;
  std::string ann_cookie = verified_account(port, sink, 1, "ann", "ann@mail.example");
  std::string bob_cookie = verified_account(port, sink, 2, "bob", "bob@mail.example");
  Participant ann, bob;
  REQUIRE(identify_with(ann, port, ann_cookie));
  REQUIRE(identify_with(bob, port, bob_cookie));
  std::string first = open_game(ann, bob, kCorrespondence);
  play_first(ann, first);
  see_up_to(bob, ann.last_seq);
  Participant ann2, bob2;  // the second game's views
  REQUIRE(identify_with(ann2, port, ann_cookie));
  REQUIRE(identify_with(bob2, port, bob_cookie));
  std::string second = open_game(ann2, bob2, kCorrespondence);
  play_first(ann2, second);
  see_up_to(bob2, ann2.last_seq);
  ann.ws.close();
  ann2.ws.close();
  REQUIRE(eventually([&] { return json::parse(get(port, "/api/health").body)["connections"] == 2; }, 20s));
  play_first(bob, first);
  play_first(bob2, second);
  REQUIRE(eventually([&] { return count_kind(notices_of(port, ann_cookie), "turn") == 2; }, 20s));
  advance(port, 301);  // the gathering ends: one mail for both games
  auto mails = sink.mails(3);
  REQUIRE(mails.size() == 3);
  CHECK(mails[2]["to"] == json::array({"ann@mail.example"}));
  CHECK(mails[2]["subject"] == "Your move in 2 games");
  std::string text = mails[2]["text"];
  CHECK(text.find("http://arena.test/?room=" + first) != std::string::npos);
  CHECK(text.find("http://arena.test/?room=" + second) != std::string::npos);
  CHECK(text.find("bob \u2014 GIPF correspondence game") != std::string::npos);
  CHECK(mails[2]["headers"]["list-unsubscribe-post"] == "List-Unsubscribe=One-Click");
  CHECK(mails[2]["html"].get<std::string>().find("?room=" + second) != std::string::npos);

  // Two days later each game's clock is under 24 h: one mail each, not repeated as the clock moves on.
  advance(port, 2 * 24 * 3600);
  mails = sink.mails(5);
  REQUIRE(mails.size() == 5);
  for (int i : {3, 4}) {
    CHECK(mails[i]["subject"] == "Under 24 hours left against bob \u2014 GIPF correspondence game");
    CHECK(mails[i]["to"] == json::array({"ann@mail.example"}));
  }
  CHECK(mails[3]["text"] != mails[4]["text"]);  // each its game's link
  advance(port, 3600);
  auto filed = post(port, "/api/reports", {{"username", "bob"}, {"reason", "slow"}}, ann_cookie);
  REQUIRE(filed.status == 201);
  REQUIRE(post(port, "/api/admin/reports/" + std::to_string(json::parse(filed.body)["report"]["id"].get<std::int64_t>()) + "/resolve",
               {{"outcome", "no action"}}, arena.admin)
              .status == 200);
  mails = sink.mails(6);
  REQUIRE(mails.size() == 6);
  CHECK(mails[5]["subject"] == "Read the outcome of your report of bob");
  CHECK(sink.received().size() == 6);
}

TEST_CASE("mail: a challenge that waits days mails its destination only when away from the site (#46); the bell either way") {
  SmtpSink sink;
  REQUIRE(sink.start());
  ServerProcess server(temp_store("mail-challenge.db"), mail_flags(sink));
  REQUIRE(server.start());
  int port = server.port();
  std::string ann = verified_account(port, sink, 1, "ann", "ann@mail.example");
  std::string bob = verified_account(port, sink, 2, "bob", "bob@mail.example");
  REQUIRE(post(port, "/api/rel/follow/bob", json::object(), ann).status == 200);  // how the test sees bob's presence
  auto bob_online = [&] { return json::parse(get(port, "/api/rel/following", ann).body)["following"][0]["online"] == true; };
  auto days = [](int n) { return json{{"kind", "correspondence"}, {"days_per_move", n}}; };

  Participant here;
  REQUIRE(identify_with(here, port, bob));
  REQUIRE(eventually(bob_online, 30s));
  auto first = post(port, "/api/challenge/bob", {{"game", "yinsh"}, {"clock", days(3)}}, ann);
  REQUIRE(first.status == 201);
  auto told = here.ws.receive_type("notice", 10s);  // the bell, at once
  REQUIRE(told);
  CHECK((*told)["notice"]["kind"] == "challenge");
  std::string id = json::parse(first.body)["challenge"]["id"];
  REQUIRE(post(port, "/api/challenge/" + id + "/cancel", json::object(), ann).status == 200);  // one open challenge a pair
  here.ws.close();
  REQUIRE(eventually([&] { return !bob_online(); }, 30s));
  REQUIRE(post(port, "/api/challenge/bob", {{"game", "yinsh"}, {"clock", days(5)}}, ann).status == 201);
  auto mails = sink.mails(3);
  REQUIRE(mails.size() == 3);
  CHECK(mails[2]["to"] == json::array({"bob@mail.example"}));
  CHECK(mails[2]["subject"].get<std::string>().find("5 days per move") != std::string::npos);  // not the first one's
}

TEST_CASE("mail: the outcome of a report, to the reporter's verified address, with its unsubscribe headers") {
  SmtpSink sink;
  REQUIRE(sink.start());
  Arena arena("mail-report.db", mail_flags(sink));
  int port = arena.port;
  std::string ann = verified_account(port, sink, 1, "ann", "ann@mail.example");
  signup(port, "bob", "long enough");
  auto filed = post(port, "/api/reports", {{"username", "bob"}, {"reason", "rude in chat"}}, ann);
  REQUIRE_MESSAGE(filed.status == 201, filed.body);
  std::int64_t id = json::parse(filed.body)["report"]["id"];
  auto resolved = post(port, "/api/admin/reports/" + std::to_string(id) + "/resolve", {{"outcome", "bob was warned"}}, arena.admin);
  REQUIRE_MESSAGE(resolved.status == 200, resolved.body);
  auto mails = sink.mails(2);
  REQUIRE(mails.size() == 2);
  CHECK(mails[1]["to"] == json::array({"ann@mail.example"}));
  CHECK(mails[1]["subject"] == "Read the outcome of your report of bob");
  CHECK(mails[1]["text"].get<std::string>().find("bob was warned") != std::string::npos);
  CHECK(mails[1]["headers"]["list-unsubscribe-post"] == "List-Unsubscribe=One-Click");
}

TEST_CASE("mail: addresses checked, headers safe, the message's parts") {
  using arena::valid_mail_address;
  CHECK(valid_mail_address("ann@mail.example"));
  CHECK(valid_mail_address("a.b+c@sub.mail.example"));
  for (const char* bad : {"", "ann", "@mail.example", "ann@", "ann@mail", "ann@@mail.example", "ann @mail.example",
                          "ann@mail.example\r\nBcc: x@y.example", "<ann@mail.example>", "ann@mail.example.", "a,b@mail.example"})
    CHECK_MESSAGE(!valid_mail_address(bad), bad);
  CHECK(!valid_mail_address(std::string(250, 'a') + "@b.example"));

  arena::OutboxMail mail;
  mail.id = 7;
  mail.to = "ann@mail.example";
  mail.subject = "Your move against b\u00f6b \u2014 GIPF";
  mail.text = "a line\n.starting with a dot";
  mail.html = "<p>x</p>";
  mail.unsubscribe_url = "https://arena.example/api/mail/unsubscribe?token=abc";
  std::string message = arena::compose_mail(mail, "arena@arena.example", 0, "BOUNDARY");
  CHECK(message.find("Subject: =?UTF-8?B?") != std::string::npos);  // not ASCII: encoded
  CHECK(message.find("List-Unsubscribe: <https://arena.example/api/mail/unsubscribe?token=abc>\r\n") != std::string::npos);
  CHECK(message.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n") != std::string::npos);
  CHECK(message.find("Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n") != std::string::npos);
  CHECK(message.find("Content-Type: multipart/alternative; boundary=\"BOUNDARY\"") != std::string::npos);
  CHECK(message.find("\n.") == std::string::npos);  // base64 bodies: no line starts with a dot
  mail.unsubscribe_url.clear();
  CHECK(arena::compose_mail(mail, "arena@arena.example", 0, "B").find("List-Unsubscribe") == std::string::npos);
  CHECK(arena::html_escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
}

namespace {

// The lines of the message's Subject header (folded: the later ones begin with SP).
std::vector<std::string> subject_lines(const std::string& message) {
  std::vector<std::string> lines;
  std::size_t at = message.find("\r\nSubject: ");
  REQUIRE(at != std::string::npos);
  at += 2;
  do {
    std::size_t end = message.find("\r\n", at);
    lines.push_back(message.substr(at, end - at));
    at = end + 2;
  } while (message[at] == ' ');
  return lines;
}

std::string base64_decoded(const std::string& text) {
  std::string bytes(text.size(), '\0');
  std::size_t length = 0;
  REQUIRE(sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), text.data(), text.size(),
                            nullptr, &length, nullptr, sodium_base64_VARIANT_ORIGINAL) == 0);
  bytes.resize(length);
  return bytes;
}

// Whether `text` is whole UTF-8 characters: no character cut at either end.
bool whole_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    auto lead = static_cast<unsigned char>(text[i]);
    std::size_t n = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("mail: a long subject in RFC 2047 encoded words of at most 75 characters, folded, no character split") {
  arena::OutboxMail mail;
  mail.id = 8;
  mail.to = "ann@mail.example";
  mail.text = "t";
  mail.html = "<p>t</p>";
  mail.subject = "Read the outcome of your report of bob";
  CHECK(arena::compose_mail(mail, "arena@arena.example", 0, "B").find("\r\nSubject: Read the outcome of your report of bob\r\n") !=
        std::string::npos);  // short and ASCII: as it is

  // "—" (3 bytes) and a 4-byte emoji at every offset, so that some fall across where a word would end.
  for (std::size_t pad = 0; pad < 48; ++pad) {
    const std::string subject = "Round 3 " + std::string(pad, 'x') +
                                "\u2014 Spring Swiss 2026: your pairing \U0001F3B2\u2014\U0001F3B2 against Zo\u00EB, "
                                "\u2014\u2014\u2014 board 4 \U0001F3B2\U0001F3B2\U0001F3B2 \u2014 play by Friday";
    mail.subject = subject;
    std::vector<std::string> lines = subject_lines(arena::compose_mail(mail, "arena@arena.example", 0, "B"));
    CAPTURE(pad);
    CHECK(lines.size() > 1);
    std::string decoded;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      CHECK(lines[i].size() <= 78);
      std::string word = i == 0 ? lines[i].substr(std::string("Subject: ").size()) : lines[i].substr(1);
      CHECK(word.size() <= 75);
      REQUIRE(word.starts_with("=?UTF-8?B?"));
      REQUIRE(word.ends_with("?="));
      std::string bytes = base64_decoded(word.substr(10, word.size() - 12));
      CHECK_MESSAGE(whole_utf8(bytes), word);
      decoded += bytes;
    }
    CHECK(decoded == subject);
  }

  // Long ASCII does not fit one line either: encoded words too. Control characters never go raw.
  mail.subject = std::string(100, 'a');
  for (const std::string& line : subject_lines(arena::compose_mail(mail, "arena@arena.example", 0, "B")))
    CHECK(line.size() <= 78);
  mail.subject = "hi\r\nBcc: eve@evil.example";
  std::string message = arena::compose_mail(mail, "arena@arena.example", 0, "B");
  CHECK(message.find("Bcc:") == std::string::npos);
  CHECK(subject_lines(message) == std::vector<std::string>{"Subject: =?UTF-8?B?" + std::string("aGkNCkJjYzogZXZlQGV2aWwuZXhhbXBsZQ==") + "?="});

  // The bodies: base64 in lines of 76 characters.
  mail.subject = "s";
  mail.text = std::string(120, 'x');  // 160 characters of base64: 76 + 76 + 8
  const std::string four = "eHh4";   // "xxx"
  std::string line;
  for (int i = 0; i < 19; ++i) line += four;
  CHECK(arena::compose_mail(mail, "arena@arena.example", 0, "B")
            .find("base64\r\n\r\n" + line + "\r\n" + line + "\r\n" + four + four + "\r\n--B\r\n") != std::string::npos);
}

namespace {

// ann and bob (the sink's first and second verified accounts) in a
// correspondence game where ann made the first move and bob heard of it; the room.
std::string correspondence_opening(int port, const SmtpSink& sink, Participant& ann, Participant& bob, std::string& ann_cookie) {
  ann_cookie = verified_account(port, sink, 1, "ann", "ann@mail.example");
  std::string bob_cookie = verified_account(port, sink, 2, "bob", "bob@mail.example");
  REQUIRE(identify_with(ann, port, ann_cookie));
  REQUIRE(identify_with(bob, port, bob_cookie));
  std::string room = open_game(ann, bob, kCorrespondence);
  play_first(ann, room);
  see_up_to(bob, ann.last_seq);
  return room;
}

}  // namespace

TEST_CASE("mail: a SIGKILL right after a correspondence move is acknowledged; its turn mail is sent once after the restart") {
  // The move and the intent of its notice are one commit: killed before the
  // notice was written, the restarted server writes it (and mails it); killed
  // after, the intent is gone and the mail waits in the outbox. The mail
  // gathers for an hour, so that the kill never meets it being sent (a mail
  // killed while sending is never sent again: at most once).
  SmtpSink sink;
  REQUIRE(sink.start());
  std::string db = temp_store("mail-turn-kill.db");
  std::string log = temp_path("mail-turn-kill.log");
  auto flags = mail_flags(sink, {"--test-clock", "--mail-gather-seconds", "3600"});
  std::string ann_cookie, room;
  {
    ServerProcess server(db, flags);
    server.log_to(log);
    REQUIRE(server.start());
    int port = server.port();
    Participant ann, bob;
    room = correspondence_opening(port, sink, ann, bob, ann_cookie);
    ann.ws.close();
    REQUIRE(eventually([&] { return json::parse(get(port, "/api/health").body)["connections"] == 1; }, 20s));
    play_first(bob, room);  // acknowledged: the move is durable, and with it the intent of ann's notice
    server.kill_hard();
  }
  ServerProcess server(db, flags);
  server.log_to(log);
  REQUIRE(server.start());
  int port = server.port();
  REQUIRE(eventually([&] { return count_kind(notices_of(port, ann_cookie), "turn") == 1; }, 20s));
  advance(port, 3601);  // the gathering ends (a mail queued before the kill is due at the start already)
  auto mails = sink.mails(3);
  REQUIRE(mails.size() == 3);
  CHECK(mails[2]["to"] == json::array({"ann@mail.example"}));
  CHECK(mails[2]["subject"] == "Your move against bob \u2014 GIPF correspondence game");
  CHECK(mails[2]["text"].get<std::string>().find("http://arena.test/?room=" + room) != std::string::npos);
  // Other mails after it (the address change: the new address's link, the
  // old address's notice): had the turn been told twice, a second mail (or a
  // digest of the same game) would come before them.
  std::string cookie = login(port, "bob", "long enough");
  REQUIRE(post(port, "/api/account/email", {{"email", "bob@other.example"}, {"password", "long enough"}}, cookie).status == 202);
  mails = sink.mails(5);
  REQUIRE(mails.size() == 5);
  CHECK((mails[3]["to"] == json::array({"bob@other.example"}) || mails[4]["to"] == json::array({"bob@other.example"})));
  CHECK(sink.received().size() == 5);
  CHECK(count_kind(notices_of(port, ann_cookie), "turn") == 1);
}

namespace {

// One integer a query on the stopped server's SQLite file answers (-1: none);
// `sql` with no statement of its own to report (an INSERT) answers -1 too.
std::int64_t sqlite_value(const std::string& db, const std::string& sql) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE_MESSAGE(sqlite3_prepare_v2(handle, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK, sqlite3_errmsg(handle));
  int rc = sqlite3_step(stmt);
  std::int64_t value = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
  bool ok = rc == SQLITE_ROW || rc == SQLITE_DONE;
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
  REQUIRE_MESSAGE(ok, sql);
  return value;
}

}  // namespace

TEST_CASE("mail: a turn intent a killed server left unresolved is told and mailed once at the next start, not again at the one after" *
          doctest::test_suite("sqlite")) {
  // The kill between a move's commit and its intent's resolution, made
  // deterministic: ann is connected when bob moves, so the live resolution
  // (whenever it runs) tells nothing; after the SIGKILL the database is set to
  // what a kill before that resolution leaves: the row bob's move wrote for
  // ann (kept if still there, written back if resolved), and no turn notice.
  // Checked in the database before the restart: the restart's sweep alone can tell her.
  SmtpSink sink;
  REQUIRE(sink.start());
  std::string db = temp_store("mail-intent-restart.db");
  auto flags = mail_flags(sink, {"--test-clock", "--mail-gather-seconds", "3600"});
  std::string ann_cookie, room;
  {
    ServerProcess server(db, flags);
    REQUIRE(server.start());
    int port = server.port();
    Participant ann, bob;
    room = correspondence_opening(port, sink, ann, bob, ann_cookie);
    play_first(bob, room);  // acknowledged: the move and its intent for ann are durable; ann is here
    server.kill_hard();
  }
  const std::string ann_player = "(SELECT player FROM accounts WHERE username = 'ann')";
  sqlite_value(db, "INSERT OR IGNORE INTO notice_intents (player, kind, room, seq, created_at) SELECT " + ann_player +
                       ", 'turn', room, max(seq), max(at) FROM events WHERE room = '" + room + "' GROUP BY room");
  CHECK(sqlite_value(db, "SELECT count(*) FROM notice_intents WHERE kind = 'turn' AND room = '" + room + "' AND player = " +
                             ann_player + " AND seq = (SELECT max(seq) FROM events WHERE room = '" + room + "')") == 1);
  CHECK(sqlite_value(db, "SELECT count(*) FROM notice_intents") == 1);
  CHECK(sqlite_value(db, "SELECT count(*) FROM notices WHERE kind = 'turn'") == 0);
  CHECK(sqlite_value(db, "SELECT count(*) FROM outbox WHERE kind = 'turn'") == 0);
  {
    ServerProcess server(db, flags);
    REQUIRE(server.start());
    int port = server.port();
    REQUIRE(eventually([&] { return count_kind(notices_of(port, ann_cookie), "turn") == 1; }, 20s));
    advance(port, 3601);  // the gathering ends
    auto mails = sink.mails(3);
    REQUIRE(mails.size() == 3);
    CHECK(mails[2]["to"] == json::array({"ann@mail.example"}));
    CHECK(mails[2]["subject"] == "Your move against bob \u2014 GIPF correspondence game");
    CHECK(mails[2]["text"].get<std::string>().find("http://arena.test/?room=" + room) != std::string::npos);
    CHECK(server.stop(SIGTERM) == 0);
  }
  CHECK(sqlite_value(db, "SELECT count(*) FROM notice_intents") == 0);  // resolved: deleted with the notice's write
  ServerProcess server(db, flags);
  REQUIRE(server.start());
  int port = server.port();
  // Other mails after a restart that finds nothing to resolve (the address
  // change: the new address's link, the old address's notice): had the turn
  // been told again, its mail (due at the start) would come before them.
  std::string cookie = login(port, "bob", "long enough");
  REQUIRE(post(port, "/api/account/email", {{"email", "bob@other.example"}, {"password", "long enough"}}, cookie).status == 202);
  auto mails = sink.mails(5);
  REQUIRE(mails.size() == 5);
  CHECK((mails[3]["to"] == json::array({"bob@other.example"}) || mails[4]["to"] == json::array({"bob@other.example"})));
  CHECK(sink.received().size() == 5);
  std::size_t turn_mails = 0;
  for (const auto& m : sink.received()) turn_mails += m["subject"] == "Your move against bob \u2014 GIPF correspondence game";
  CHECK(turn_mails == 1);
  CHECK(count_kind(notices_of(port, ann_cookie), "turn") == 1);
}
