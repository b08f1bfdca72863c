#pragma once
// One database behind every port: each domain declares what it needs of the
// store beside its own code (account/account_store.hpp, game/game_log.hpp,
// game/room_leases.hpp, rating/rating_book.hpp, competition/competition_store.hpp,
// account/trust_store.hpp, mail/mail_store.hpp, mail/notice_store.hpp,
// records/import_store.hpp, bots/bot_store.hpp, seeks/seek_store.hpp,
// social/follow_store.hpp), and
// the SQL store (sql_store.hpp, on SQLite or PostgreSQL) implements them all.
// The rules every implementation keeps are in domain/store_basics.hpp.
#include "account/account_store.hpp"
#include "account/trust_store.hpp"
#include "bots/bot_store.hpp"
#include "competition/competition_store.hpp"
#include "game/game_log.hpp"
#include "game/room_leases.hpp"
#include "mail/mail_store.hpp"
#include "mail/notice_store.hpp"
#include "rating/rating_book.hpp"
#include "records/import_store.hpp"
#include "seeks/seek_store.hpp"
#include "social/follow_store.hpp"

namespace arena {

// One database behind all fourteen ports.
class Store : public IdentityStore,
              public AccountStore,
              public GameLog,
              public GameIndex,
              public RatingBook,
              public CompetitionStore,
              public RoomLeases,
              public TrustStore,
              public MailStore,
              public NoticeStore,
              public ImportStore,
              public BotStore,
              public SeekStore,
              public FollowStore {
 public:
  // Completes every write accepted so far and refuses later ones ("the server
  // is stopping"); their completions are still posted. Idempotent.
  virtual void flush() = 0;
};

}  // namespace arena
