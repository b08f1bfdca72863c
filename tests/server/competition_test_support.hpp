// Helpers for tests of ladders and events through the public API (the
// competition tests and their cluster variants): pages, a player's resignation
// of a paired game, the pairing notice of a room, waiting for an event's state.
#pragma once

#include "account_test_support.hpp"

namespace test_support {

inline const json kBlitz{{"kind", "live"}, {"initial_ms", 180000}, {"increment_ms", 2000}};

inline json body_of(const HttpReply& r) { return json::parse(r.body); }

inline json ladder_page(int port, std::int64_t id, const std::string& cookie = "") {
  auto r = get(port, "/api/ladders/" + std::to_string(id), cookie);
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return body_of(r);
}

inline json event_page(int port, std::int64_t id) {
  auto r = get(port, "/api/events/" + std::to_string(id));
  REQUIRE_MESSAGE(r.status == 200, r.body);
  return body_of(r);
}

// The player (seated already by the server) resigns the game in `room`.
inline void resign(Participant& p, const std::string& room) {
  p.ws.send({{"type", "join_room"}, {"room", room}});
  REQUIRE(p.ws.receive_type("room", 5s));
  p.ws.send({{"type", "resign"}, {"room", room}});
  next_event(p, "resigned");
}

// The `pairing` message that names `room`, skipping older ones (a player told
// of an earlier round's game and not read then): only that one says the room is open.
inline json pairing_for(Participant& p, const std::string& room) {
  while (true) {
    auto told = p.ws.receive_type("pairing", 5s);
    REQUIRE(told);
    if ((*told)["room"] == room) return *told;
  }
}

// Waits (polling, within a loaded machine's minute) until `done(page)`.
template <class Done>
json wait_for_event(int port, std::int64_t id, Done done) {
  json page;
  if (!eventually([&] { return done(page = event_page(port, id)); })) FAIL("the event never got there");
  return page;
}

}  // namespace test_support
