#pragma once
// What the tests with accounts share: the account API's calls over HTTP and a
// WebSocket client identified by its session cookie.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sys/wait.h>
#include <string>

#include "arena_test_support.hpp"

namespace test_support {

inline const std::map<std::string, std::string> kJson{{"Content-Type", "application/json"}};

inline HttpReply post(int port, const std::string& target, const json& body, const std::string& cookie = "") {
  auto headers = kJson;
  if (!cookie.empty()) headers["Cookie"] = cookie;
  return http_request(port, "POST", target, body.dump(), headers);
}

inline HttpReply get(int port, const std::string& target, const std::string& cookie = "") {
  std::map<std::string, std::string> headers;
  if (!cookie.empty()) headers["Cookie"] = cookie;
  return http_request(port, "GET", target, "", headers);
}

inline std::string error_code(const HttpReply& r) {
  auto j = json::parse(r.body, nullptr, false);
  return j.is_object() && j.contains("error") ? j["error"]["code"].get<std::string>() : "";
}

// "arena_session=HEX" from an answer's Set-Cookie.
inline std::string cookie_of(const HttpReply& r) {
  auto it = r.headers.find("set-cookie");
  if (it == r.headers.end()) return "";
  return it->second.substr(0, it->second.find(';'));
}

inline std::string signup(int port, const std::string& username, const std::string& password, const std::string& guest = "") {
  json body{{"username", username}, {"password", password}};
  if (!guest.empty()) body["guest_token"] = guest;
  auto r = post(port, "/api/account/signup", body);
  REQUIRE_MESSAGE(r.status == 201, r.body);
  return cookie_of(r);
}

inline std::string login(int port, const std::string& username, const std::string& password) {
  auto r = post(port, "/api/account/login", {{"username", username}, {"password", password}});
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return cookie_of(r);
}

// `gipf-arena admin ARGS` with `input` on standard input; its exit status.
inline int admin_command(const std::string& args, const std::string& input) {
  std::string command = std::string(std::getenv("GIPF_ARENA_BIN")) + " admin " + args + " >/dev/null 2>&1";
  FILE* pipe = popen(command.c_str(), "w");
  if (!pipe) return -1;
  fputs(input.c_str(), pipe);
  int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A WebSocket client identified by its session cookie.
inline bool identify_with(Participant& p, int port, const std::string& cookie, json* welcome_out = nullptr) {
  if (!p.ws.connect(port, "", cookie)) return false;
  p.ws.send({{"type", "hello"}, {"protocol", 1}});
  auto welcome = p.ws.receive_type("welcome", 5s);
  if (!welcome) return false;
  p.player_id = (*welcome)["player"]["id"];
  if (welcome_out) *welcome_out = *welcome;
  return true;
}

// Waits for the room's next event of `kind`, skipping others.
inline json next_event(Participant& p, const std::string& kind) {
  for (int i = 0; i < 200; ++i) {
    auto e = p.ws.receive_type("event", 5s);
    REQUIRE(e);
    if ((*e)["kind"] == kind) return *e;
  }
  FAIL("no " << kind << " event");
  return {};
}

// The server with an admin account made by the command line (user boss), and
// the admin's session cookie; `extra` are more server arguments.
struct Arena {
  std::string db;
  ServerProcess server;
  int port = 0;
  std::string admin;
  explicit Arena(const std::string& name, std::vector<std::string> extra = {}) : db(temp_path(name)), server(db, std::move(extra)) {
    REQUIRE(admin_command("add-account boss --role admin --db " + db, "boss password\n") == 0);
    REQUIRE(server.start());
    port = server.port();
    admin = login(port, "boss", "boss password");
  }
};

// The usernames of a standings list, in order.
inline std::vector<std::string> usernames(const json& standings) {
  std::vector<std::string> out;
  for (const auto& s : standings) out.push_back(s["username"]);
  return out;
}

}  // namespace test_support
