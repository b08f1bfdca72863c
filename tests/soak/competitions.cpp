#include "competitions.hpp"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "server/ws_client.hpp"

namespace soak {
namespace {

using nlohmann::json;

const json kClock{{"kind", "live"}, {"initial_ms", 300000}, {"increment_ms", 2000}};

struct Reply {
  int status = 0;
  json body;
  std::string cookie;
};

// A JSON request; status 0 when the node could not be reached.
Reply call(int port, const std::string& method, const std::string& target, const json& body = nullptr,
           const std::string& cookie = "") {
  std::map<std::string, std::string> headers{{"Content-Type", "application/json"}};
  if (!cookie.empty()) headers["Cookie"] = cookie;
  Reply r;
  try {
    auto reply = test_support::http_request(port, method, target, body.is_null() ? "" : body.dump(), headers);
    r.status = reply.status;
    r.body = json::parse(reply.body, nullptr, false);
    if (auto it = reply.headers.find("set-cookie"); it != reply.headers.end()) r.cookie = it->second.substr(0, it->second.find(';'));
  } catch (const std::exception&) {
  }
  return r;
}

}  // namespace

Competitions::Competitions(Bots& bots, Ledger& ledger, std::function<std::vector<int>()> live_ports, std::string store,
                           std::uint64_t seed)
    : bots_(bots), ledger_(ledger), live_ports_(std::move(live_ports)), store_(std::move(store)), rng_(seed) {}

int Competitions::port() {
  auto ports = live_ports_();
  return ports.empty() ? 0 : ports[rng_() % ports.size()];
}

bool Competitions::make_admin(std::string& why) {
  std::string command = std::string(std::getenv("GIPF_ARENA_BIN")) + " admin add-account boss --role admin --store '" + store_ + "' >/dev/null 2>&1";
  FILE* pipe = popen(command.c_str(), "w");
  if (!pipe) return why = "popen", false;
  fputs("boss password\n", pipe);
  int status = pclose(pipe);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  why = "gipf-arena admin add-account failed";
  return false;
}

bool Competitions::setup(std::string& why) {
  auto login = call(port(), "POST", "/api/account/login", {{"username", "boss"}, {"password", "boss password"}});
  if (login.status != 200) return why = "the admin's login: HTTP " + std::to_string(login.status), false;
  admin_ = login.cookie;
  for (int i = 0; i < 10; ++i) {
    std::string name = (i < 4 ? "ladder" : "swiss") + std::to_string(i);
    auto r = call(port(), "POST", "/api/account/signup", {{"username", name}, {"password", name + " password"}});
    if (r.status != 201) return why = "signup of " + name + ": HTTP " + std::to_string(r.status), false;
    cookies_[name] = r.cookie;
    (i < 4 ? ladder_players_ : event_players_).push_back(name);
    bots_.add_account(name, r.cookie);
  }
  if (!new_ladder()) return why = "the ladder could not be made", false;
  if (!new_event()) return why = "the Swiss event could not be made", false;
  return true;
}

bool Competitions::new_ladder() {
  auto r = call(port(), "POST", "/api/admin/ladders",
                {{"name", "Soak ladder " + std::to_string(++ladders_)}, {"game", "yinsh"}, {"variant", "blitz"}, {"clock", kClock},
                 {"answer_hours", 0}},  // its challenges' games start at once: the soak plays them
                admin_);
  if (r.status != 201) return false;
  ladder_ = r.body["ladder"]["id"];
  for (const auto& name : ladder_players_)
    if (call(port(), "POST", "/api/ladders/" + std::to_string(ladder_) + "/join", json::object(), cookies_[name]).status != 200) return false;
  return true;
}

bool Competitions::new_event() {
  // GIPF and YINSH in turn; three rounds of six players (three games a round).
  bool gipf = events_ % 2 == 0;
  auto r = call(port(), "POST", "/api/admin/events",
                {{"name", "Soak Swiss " + std::to_string(events_ + 1)}, {"kind", "swiss"}, {"game", gipf ? "gipf" : "yinsh"},
                 {"variant", gipf ? "basic" : "normal"}, {"rounds", 3}, {"auto_pair", true}, {"clock", kClock}},
                admin_);
  if (r.status != 201) return false;
  std::int64_t id = r.body["event"]["id"];
  for (const auto& name : event_players_)
    if (call(port(), "POST", "/api/events/" + std::to_string(id) + "/join", json::object(), cookies_[name]).status != 200) return false;
  if (call(port(), "POST", "/api/admin/events/" + std::to_string(id) + "/start", json::object(), admin_).status != 200) return false;
  event_ = id;
  ++events_;
  return true;
}

void Competitions::challenge() {
  if (!ladder_room_.empty()) {
    std::lock_guard lock(ledger_.mutex);
    auto it = ledger_.rooms.find(ladder_room_);
    if (it == ledger_.rooms.end() || !it->second.over) return;  // one challenge in play at a time
  }
  std::vector<std::string> order = ladder_players_;
  std::shuffle(order.begin(), order.end(), rng_);
  for (const auto& challenger : order) {
    auto page = call(port(), "GET", "/api/ladders/" + std::to_string(ladder_), nullptr, cookies_[challenger]);
    if (page.status != 200) return;  // a node or the database away: next tick
    const json& may = page.body["me"]["may_challenge"];
    if (!may.is_array() || may.empty()) continue;
    std::string defender = may[rng_() % may.size()];
    auto r = call(port(), "POST", "/api/ladders/" + std::to_string(ladder_) + "/challenge", {{"defender", defender}}, cookies_[challenger]);
    if (r.status != 201) continue;  // cooldown, too many challenges: another challenger
    ladder_room_ = r.body["challenge"]["room"];
    ++challenges_;
    bots_.seat_account(challenger, ladder_room_, "ladder");
    bots_.seat_account(defender, ladder_room_, "ladder");
    return;
  }
  new_ladder();  // every pair played within the cooldown: a fresh ladder
}

void Competitions::follow_event() {
  auto page = call(port(), "GET", "/api/events/" + std::to_string(event_));
  if (page.status != 200) return;
  for (const auto& round : page.body["rounds"])
    for (const auto& p : round["pairings"]) {
      if (!p["room"].is_string() || !p["black"].is_string() || !handed_.insert(p["room"].get<std::string>()).second) continue;
      bots_.seat_account(p["white"], p["room"], "event");
      bots_.seat_account(p["black"], p["room"], "event");
    }
  if (page.body["event"]["status"] == "finished" && !closed_) new_event();
}

void Competitions::tick() {
  if (port() == 0) return;
  follow_event();
  if (!closed_) challenge();
}

void Competitions::close() {
  closed_ = true;
  for (int attempt = 0; attempt < 20; ++attempt) {
    int status = call(port(), "POST", "/api/admin/events/" + std::to_string(event_) + "/close", json::object(), admin_).status;
    if (status == 200 || status == 409) return;  // closed, or finished already
  }
}

}  // namespace soak
