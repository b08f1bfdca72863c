#pragma once
// The notices bell in the store (#35, "in the site too"): what the site told a
// player, listed newest first with the unread count. Notices are written with
// their mail, in one transaction, by MailStore::notify_player; here they are
// read and marked read. Bounded: a player keeps the newest kNoticesKept.
#include <cstdint>
#include <string>
#include <vector>

#include "domain/store_basics.hpp"

namespace arena {

inline constexpr int kNoticesKept = 100;

struct NoticeRecord {
  std::int64_t id = 0;
  std::string kind;  // turn, clock, challenge, round, event, report
  std::string text;  // says what to do ("Your move against ann — GIPF correspondence game")
  std::string path;  // the site's page it is about
  std::string room;  // the game, if any
  std::int64_t at = 0;
  bool read = false;
};

struct NoticeList {
  int unread = 0;
  std::vector<NoticeRecord> notices;  // newest first, at most kNoticesKept
};

class NoticeStore {
 public:
  virtual ~NoticeStore() = default;
  virtual void notices(std::int64_t player, StoreExecutor ex, StoreReply<NoticeList> reply) = 0;
  // Marks the player's notices up to id `up_to` read (0: all of them); the unread count after.
  virtual void read_notices(std::int64_t player, std::int64_t up_to, std::int64_t now, StoreExecutor ex,
                            StoreReply<int> reply) = 0;
};

}  // namespace arena
