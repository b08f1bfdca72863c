#pragma once
// What the authority's tests share: committing a decision that must be a
// proposal, and reading the code of one that must be a refusal.
#include <doctest/doctest.h>

#include <vector>

#include "game/authority.hpp"

namespace authority_test {

// The decision's proposal, committed to `room` and kept in `log`; fails the test on anything else.
inline arena::EventRecord commit(arena::GameAuthority& room, std::vector<arena::EventRecord>& log, arena::Decision d) {
  auto* p = std::get_if<arena::Proposal>(&d);
  REQUIRE_MESSAGE(p, "expected a proposal");
  arena::EventRecord e = p->event;
  room.commit(std::move(*p));
  log.push_back(e);
  return e;
}

inline protocol::ErrorCode refused(const arena::Decision& d) {
  auto* r = std::get_if<arena::Refusal>(&d);
  REQUIRE_MESSAGE(r, "expected a refusal");
  return r->code;
}

}  // namespace authority_test
