// The pieces that keep the server safe from its clients, without a network:
// secrets and ids, per-address bounds, the rate limiter with an injected clock,
// safe JSON text, origin and limit configuration.
#include <doctest/doctest.h>

#include <set>

#include "util/address_book.hpp"
#include "net/forwarded_for.hpp"
#include "app/config.hpp"
#include "util/log_text.hpp"
#include "protocol/json_text.hpp"
#include "protocol/room_id.hpp"
#include "net/rate_limiter.hpp"
#include "util/secure_random.hpp"

using namespace arena;
using namespace std::chrono_literals;

namespace {
std::optional<std::string> no_env(const char*) { return std::nullopt; }
std::optional<std::string> origin_env(const char* name) {
  if (std::string(name) == "GIPF_ARENA_PUBLIC_ORIGIN") return "https://a.example, http://10.0.0.5:8080";
  if (std::string(name) == "GIPF_ARENA_TRUSTED_PROXY") return "10.0.0.1, ::1";
  return std::nullopt;
}
}  // namespace

TEST_CASE("room ids and tokens: 130 and 256 bits from the OS, all distinct") {
  std::set<std::string> ids, tokens;
  for (int i = 0; i < 2000; ++i) {
    std::string id = random_room_id();
    REQUIRE(id.size() == 26);  // 26 letters of a 32-letter alphabet: 130 bits
    CHECK(protocol::valid_room_id(id));
    for (char c : id) CHECK(std::string("abcdefghijkmnpqrstuvwxyz23456789").find(c) != std::string::npos);
    ids.insert(id);
    std::string token = random_token();
    REQUIRE(token.size() == 64);
    tokens.insert(token);
  }
  CHECK(ids.size() == 2000);
  CHECK(tokens.size() == 2000);
  // Every letter is about equally likely (a biased or truncated generator
  // would show): 52,000 letters, 1,625 expected per letter.
  std::map<char, int> counts;
  for (const auto& id : ids)
    for (char c : id) ++counts[c];
  CHECK(counts.size() == 32);
  for (const auto& count : counts)
    CHECK_MESSAGE((count.second > 1400 && count.second < 1850), count.first << ": " << count.second);
  int heads = 0;
  for (int i = 0; i < 4000; ++i) heads += random_bool();
  CHECK(heads > 1700);
  CHECK(heads < 2300);
}

TEST_CASE("room ids that can name a room") {
  CHECK(protocol::valid_room_id("k3mzq8rvta"));
  CHECK(!protocol::valid_room_id(""));
  CHECK(!protocol::valid_room_id("\xff"));
  CHECK(!protocol::valid_room_id("ABC"));
  CHECK(!protocol::valid_room_id("a/b"));
  CHECK(!protocol::valid_room_id(std::string(33, 'a')));
}

TEST_CASE("JSON text never throws on bytes that are not UTF-8; log text is one safe line") {
  nlohmann::json j{{"message", std::string("no game '\xff\xfe'")}};
  CHECK_THROWS(j.dump());  // what crashed the server (issue: GET /api/games/%FF)
  std::string text;
  CHECK_NOTHROW(text = protocol::to_text(j));
  CHECK(text == "{\"message\":\"no game '\xEF\xBF\xBD\xEF\xBF\xBD'\"}");
  CHECK(log_text("a\nb\"c\xff") == "a\\x0ab\\x22c\\xff");
  CHECK(log_text(std::string(500, 'x')).size() == 203);
}

TEST_CASE("the rate limiter: a burst, then the sustained rate, by the clock it is given") {
  auto t0 = RateLimiter::Clock::now();
  RateLimiter limiter(20, 60, t0);
  int allowed = 0;
  for (int i = 0; i < 100; ++i) allowed += limiter.allow(t0);
  CHECK(allowed == 60);
  CHECK(!limiter.allow(t0 + 10ms));  // 0.2 of a token
  CHECK(limiter.allow(t0 + 60ms));   // 1.2 tokens: one message
  CHECK(!limiter.allow(t0 + 60ms));
  allowed = 0;
  for (int i = 0; i < 100; ++i) allowed += limiter.allow(t0 + 1110ms);
  CHECK(allowed == 21);  // 0.2 left + 1.05 s at 20 per second
  RateLimiter frozen(0, 5, t0);  // no refill: exactly the burst, however slow the sender
  allowed = 0;
  for (int i = 0; i < 50; ++i) allowed += frozen.allow(t0 + std::chrono::seconds(i));
  CHECK(allowed == 5);
}

TEST_CASE("the address book: connections per address while open, new players per window, IPv6 per /64") {
  auto book = std::make_shared<AddressBook>(2, 3, std::chrono::seconds(3600), 4);
  auto a = book->connect("192.0.2.1");
  auto b = book->connect("192.0.2.1");
  REQUIRE(a);
  REQUIRE(b);
  CHECK(!book->connect("192.0.2.1"));  // a third from the same address
  CHECK(book->connect("192.0.2.2"));   // another address is not affected
  a.reset();
  CHECK(book->connect("192.0.2.1"));  // one closed: room for one more

  auto t0 = AddressBook::Clock::now();
  CHECK(book->allow_new_player("198.51.100.9", t0));
  CHECK(book->allow_new_player("198.51.100.9", t0 + 1s));
  CHECK(book->allow_new_player("198.51.100.9", t0 + 2s));
  CHECK(!book->allow_new_player("198.51.100.9", t0 + 3s));
  CHECK(book->allow_new_player("198.51.100.9", t0 + 3601s));  // the first left the window

  auto v6 = boost::asio::ip::make_address("2001:db8:1:2:aaaa::1");
  auto same64 = boost::asio::ip::make_address("2001:db8:1:2:bbbb::7");
  auto other64 = boost::asio::ip::make_address("2001:db8:1:3::1");
  CHECK(AddressBook::key_of(v6) == "2001:db8:1:2::/64");
  CHECK(AddressBook::key_of(v6) == AddressBook::key_of(same64));
  CHECK(AddressBook::key_of(v6) != AddressBook::key_of(other64));
  CHECK(AddressBook::key_of(boost::asio::ip::make_address("::ffff:192.0.2.1")) == "192.0.2.1");
  CHECK(AddressBook::key_of(boost::asio::ip::make_address("192.0.2.1")) == "192.0.2.1");
}

TEST_CASE("the address book: at its limit an address gets a new connection in place of the one idle longest") {
  auto book = std::make_shared<AddressBook>(2, 3, std::chrono::seconds(3600), 4);
  auto a = book->connect("192.0.2.1");
  auto b = book->connect("192.0.2.1");
  REQUIRE((a && b));
  CHECK(!book->connect("192.0.2.1"));  // both busy (a request in hand, a WebSocket)
  int a_given_up = 0, b_given_up = 0;
  b->idle([&] { ++b_given_up; });
  a->idle([&] { ++a_given_up; });
  auto c = book->connect("192.0.2.1");
  REQUIRE(c);
  CHECK(b_given_up == 1);  // idle longer than `a`
  CHECK(a_given_up == 0);
  CHECK(!b->busy());  // its next request, if one came meanwhile, is not answered
  CHECK(a->busy());   // a request came: `a` is no longer idle
  CHECK(!book->connect("192.0.2.1"));
  b.reset();  // `b` counts no more: its end frees nothing
  CHECK(!book->connect("192.0.2.1"));
  a->idle([&] { ++a_given_up; });
  a->idle([&] { ++a_given_up; });  // idle again, once
  auto d = book->connect("192.0.2.1");
  REQUIRE(d);
  CHECK(a_given_up == 1);
  a.reset();
  CHECK(!book->connect("192.0.2.1"));  // `c` and `d` busy
  CHECK(book->connect("192.0.2.2"));   // another address is not affected
  d->idle([] {});
  d.reset();  // an idle connection that closes: one free slot, nothing left to give up
  auto e = book->connect("192.0.2.1");
  REQUIRE(e);
  CHECK(!book->connect("192.0.2.1"));
  c.reset();
  e.reset();
  CHECK(book->tracked() == 0);  // nothing left behind
}

TEST_CASE("the address book is bounded and forgets idle addresses") {
  auto book = std::make_shared<AddressBook>(10, 10, std::chrono::seconds(60), 3);
  auto t0 = AddressBook::Clock::now();
  {
    auto a = book->connect("a"), b = book->connect("b"), c = book->connect("c");
    CHECK(book->tracked() == 3);
    CHECK(!book->connect("d"));  // full, and nobody idle
  }
  CHECK(book->tracked() == 0);  // closed connections leave nothing behind
  CHECK(book->allow_new_player("a", t0));
  CHECK(book->allow_new_player("b", t0));
  CHECK(book->allow_new_player("c", t0));
  CHECK(book->tracked() == 3);
  CHECK(!book->allow_new_player("d", t0 + 1s));  // full of addresses inside their window
  CHECK(book->allow_new_player("d", t0 + 61s));  // their windows passed: pruned to make room
  CHECK(book->tracked() == 1);
}

TEST_CASE("configuration of origins and limits") {
  auto flags = parse_config({"--public-origin", "HTTPS://Gipf.Example.org", "--public-origin=http://[::1]:9000"}, no_env);
  REQUIRE(flags.error.empty());
  CHECK(flags.config.public_origins == std::vector<std::string>{"https://gipf.example.org", "http://[::1]:9000"});
  auto env = parse_config({}, origin_env);
  REQUIRE(env.error.empty());
  CHECK(env.config.public_origins == std::vector<std::string>{"https://a.example", "http://10.0.0.5:8080"});
  auto both = parse_config({"--public-origin", "https://b.example"}, origin_env);
  CHECK(both.config.public_origins == std::vector<std::string>{"https://b.example"});  // flags win
  for (auto bad : {"gipf.example.org", "https://x.example/path", "ftp://x.example", "https://", "https://a b"})
    CHECK_MESSAGE(!parse_config({"--public-origin", bad}, no_env).error.empty(), bad);
  CHECK(env.config.trusted_proxies == std::vector<std::string>{"10.0.0.1", "::1"});
  auto proxy = parse_config({"--trusted-proxy", "0:0:0:0:0:0:0:1", "--trusted-proxy=127.0.0.1"}, origin_env);
  REQUIRE(proxy.error.empty());
  CHECK(proxy.config.trusted_proxies == std::vector<std::string>{"::1", "127.0.0.1"});  // canonical; flags win
  for (auto bad : {"localhost", "10.0.0.1/8", "", "1.2.3.4:80"})
    CHECK_MESSAGE(!parse_config({"--trusted-proxy", bad}, no_env).error.empty(), bad);
  auto limits = parse_config({"--max-connections-per-address", "7", "--max-new-players-per-address", "9", "--max-open-rooms",
                              "2", "--open-room-ttl", "60", "--message-rate", "0", "--message-burst", "30", "--keep-closed", "5"},
                             no_env);
  REQUIRE(limits.error.empty());
  CHECK(limits.config.limits.max_connections_per_address == 7);
  CHECK(limits.config.limits.max_new_players_per_address == 9);
  CHECK(limits.config.limits.max_open_rooms_per_player == 2);
  CHECK(limits.config.limits.open_room_ttl == std::chrono::seconds(60));
  CHECK(limits.config.limits.messages_per_second == 0);
  CHECK(limits.config.limits.message_burst == 30);
  CHECK(limits.config.limits.keep_closed == std::chrono::seconds(5));
  CHECK(!parse_config({"--keep-closed", "0"}, no_env).error.empty());
  CHECK(!parse_config({"--message-burst", "0"}, no_env).error.empty());
  CHECK(!parse_config({"--open-room-ttl", "0"}, no_env).error.empty());
  Limits defaults;
  CHECK(defaults.max_queued_bytes == 1024 * 1024);
  CHECK(defaults.max_open_rooms_per_player == 5);
  CHECK(defaults.open_room_ttl == std::chrono::minutes(30));
  CHECK(defaults.keep_closed == std::chrono::minutes(10));
  CHECK(defaults.draw_offer_gap == 10);
  CHECK(defaults.lobby_list_size == 50);
}

TEST_CASE("configuration: --abandon-days (GIPF_ARENA_ABANDON_DAYS) and --test-clock, both in --help") {
  CHECK(Limits{}.abandon_days == 7);
  auto days = parse_config({"--abandon-days", "3"}, no_env);
  REQUIRE(days.error.empty());
  CHECK(days.config.limits.abandon_days == 3);
  CHECK(!days.config.test_clock);
  auto from_env = parse_config({}, [](const char* name) -> std::optional<std::string> {
    if (std::string(name) == "GIPF_ARENA_ABANDON_DAYS") return "30";
    if (std::string(name) == "GIPF_ARENA_TEST_CLOCK") return "1";
    return std::nullopt;
  });
  REQUIRE(from_env.error.empty());
  CHECK(from_env.config.limits.abandon_days == 30);
  CHECK(from_env.config.test_clock);
  CHECK(parse_config({"--test-clock"}, no_env).config.test_clock);
  for (auto bad : {"0", "-1", "3651", "seven", ""})
    CHECK_MESSAGE(parse_config({"--abandon-days", bad}, no_env).error == "--abandon-days must be a number from 1 to 3650", bad);
  CHECK(!parse_config({"--test-clock=maybe"}, no_env).error.empty());
  std::string help = help_text("/srv");
  CHECK(help.find("--abandon-days") != std::string::npos);
  CHECK(help.find("GIPF_ARENA_ABANDON_DAYS") != std::string::npos);
  CHECK(help.find("--test-clock") != std::string::npos);
}

TEST_CASE("the client a trusted proxy names: the last address of X-Forwarded-For") {
  auto client = [](std::string_view header) {
    auto a = forwarded_client(header);
    return a ? a->to_string() : std::string("none");
  };
  CHECK(client("192.0.2.7") == "192.0.2.7");
  CHECK(client("10.1.1.1, 192.0.2.7") == "192.0.2.7");
  CHECK(client("spoofed,2001:db8::5 ") == "2001:db8::5");
  for (auto bad : {"", "192.0.2.7, ", "[::1]:80", "192.0.2.7:5000", "unknown", "a, b"}) CHECK_MESSAGE(client(bad) == "none", bad);
  auto v4 = boost::asio::ip::make_address("127.0.0.1");
  CHECK(trusted_proxy(boost::asio::ip::make_address("::ffff:127.0.0.1"), {v4}));
  CHECK(trusted_proxy(v4, {v4}));
  CHECK(!trusted_proxy(boost::asio::ip::make_address("127.0.0.2"), {v4}));
}
