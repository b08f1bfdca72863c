#pragma once
// Games brought in from elsewhere (#44): what the store keeps of each (the
// port; SqlStore implements it, migrations 018 / postgres 011). The record is
// the arena's own, replayed by the engine before it is stored: the store
// keeps text it need not understand. The players are names, never accounts:
// an imported game is never rated and never in anyone's statistics.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/outcome.hpp"
#include "domain/store_basics.hpp"

namespace arena {

inline constexpr int kMaxImportsPerPlayer = 2000;        // stored games per account
inline constexpr std::size_t kMaxImportedRecordBytes = 512 * 1024;  // the arena record kept

struct ImportedGame {
  std::string id;  // a room-like id (protocol::valid_room_id)
  std::string game, variant;
  int white_extra = 0, black_extra = 0;
  std::string white, black;  // names as the record gave them ("?" when it gave none)
  std::string result;        // 1-0, 0-1, 1/2-1/2, *
  std::string reason;        // the termination, "" while unfinished
  int plies = 0;
  std::string format;        // what was brought in: arena, official, sgf
  std::string record;        // the arena record of the game
  std::int64_t imported_by = 0;  // the account's player id
  std::int64_t created_at = 0;
};

class ImportStore {
 public:
  virtual ~ImportStore() = default;
  // Stores a game; refused `too_many_imports` once the account has kMaxImportsPerPlayer.
  virtual void store_import(ImportedGame game, StoreExecutor ex, StoreReply<Outcome<ImportedGame>> reply) = 0;
  virtual void find_import(std::string id, StoreExecutor ex, StoreReply<std::optional<ImportedGame>> reply) = 0;
  // An account's imports, newest first (at most `limit`).
  virtual void imports_of(std::int64_t player, int limit, StoreExecutor ex, StoreReply<std::vector<ImportedGame>> reply) = 0;
};

}  // namespace arena
