#pragma once
// The moderators' and admins' commands (PROTOCOL.md, Admin API): roles, bans,
// mutes, aborting and adjudicating games. Each is checked against the actor's
// role and stored with its audit-log entry in one transaction; a ban then
// takes effect at once (connections closed, rooms cancelled, games resigned).
#include <cstdint>
#include <functional>
#include <string>
#include <variant>

#include "account/account_service.hpp"  // AccountFailure
#include "game/room_directory.hpp"
#include "game/player_connections.hpp"
#include "account/account_store.hpp"

namespace arena {

class Moderation {
 public:
  using Clock = std::function<std::int64_t()>;
  struct Actor {
    AccountRecord account;
    std::string address;
  };
  using AccountDone = std::function<void(std::variant<AccountRecord, AccountFailure>)>;
  using RoomDone = std::function<void(std::variant<RoomRecord, AccountFailure>)>;

  Moderation(AccountStore& store, RoomDirectory& directory, PlayerConnections& connections, Clock clock);

  void set_role(const Actor& actor, const std::string& username, protocol::Role role, StoreExecutor ex, AccountDone done);
  void ban(const Actor& actor, const std::string& username, std::int64_t minutes, const std::string& reason, StoreExecutor ex,
           AccountDone done);
  void unban(const Actor& actor, const std::string& username, StoreExecutor ex, AccountDone done);
  void mute(const Actor& actor, const std::string& username, std::int64_t minutes, const std::string& reason, StoreExecutor ex,
            AccountDone done);
  void unmute(const Actor& actor, const std::string& username, StoreExecutor ex, AccountDone done);
  void abort(const Actor& actor, const std::string& room, const std::string& reason, StoreExecutor ex, RoomDone done);
  void adjudicate(const Actor& actor, const std::string& room, const std::string& result, const std::string& reason,
                  StoreExecutor ex, RoomDone done);

  // A banned player forfeits every unfinished game this node serves (another
  // node's ban reaches here too, among a site's nodes).
  void forfeit_games_of(std::int64_t player, StoreExecutor ex);

  // Whether `role` may use the moderation commands at all.
  static bool may_moderate(protocol::Role role) { return role >= protocol::Role::Moderator; }

 private:
  // Finds `username`, checks that `actor` may act on it (with `needed` role at
  // least), then stores what `make` asks for with its audit entry.
  void change(const Actor& actor, const std::string& username, protocol::Role needed,
              std::function<AccountChange(const AccountRecord& target)> make, StoreExecutor ex, AccountDone done);
  void sanction(const Actor& actor, const std::string& username, bool is_ban, std::int64_t minutes, const std::string& reason,
                StoreExecutor ex, AccountDone done);
  void room_command(const Actor& actor, const std::string& room, Room::Command command, AuditEntry audit, StoreExecutor ex,
                    RoomDone done);
  // A ban takes effect: the account's connections close, its rooms end.
  void enforce_ban(const AccountRecord& banned, StoreExecutor ex);
  AuditEntry audit(const Actor& actor, std::string action, std::string target, std::string details) const;

  AccountStore& store_;
  RoomDirectory& directory_;
  PlayerConnections& connections_;
  Clock clock_;
};

}  // namespace arena
