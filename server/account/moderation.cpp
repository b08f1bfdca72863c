#include "account/moderation.hpp"

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "protocol/messages.hpp"
#include "protocol/room_id.hpp"
#include "util/log_text.hpp"

namespace arena {
namespace {

using nlohmann::json;
using protocol::Role;

AccountFailure forbidden(std::string message) { return {403, "forbidden", std::move(message)}; }

// A room's refusal as an HTTP answer.
AccountFailure refused(const Refusal& r) {
  using protocol::ErrorCode;
  int status = 409;
  if (r.code == ErrorCode::Internal) status = 500;
  if (r.code == ErrorCode::RateLimited) status = 429;
  if (r.code == ErrorCode::NoDraws) status = 400;
  if (r.code == ErrorCode::Forbidden) status = 403;
  return {status, std::string(protocol::code_name(r.code)), r.message};
}

std::int64_t minutes_ms(std::int64_t minutes) { return minutes * 60 * 1000; }

}  // namespace

Moderation::Moderation(AccountStore& store, RoomDirectory& directory, PlayerConnections& connections, Clock clock)
    : store_(store), directory_(directory), connections_(connections), clock_(std::move(clock)) {}

AuditEntry Moderation::audit(const Actor& actor, std::string action, std::string target, std::string details) const {
  return AuditEntry{actor.account.id, std::move(action), std::move(target), std::move(details), actor.address, clock_()};
}

void Moderation::change(const Actor& actor, const std::string& username, Role needed,
                        std::function<AccountChange(const AccountRecord&)> make, StoreExecutor ex, AccountDone done) {
  if (actor.account.role < needed)
    return boost::asio::post(ex, [done] { done(forbidden("your role may not do this")); });
  store_.find_account(username, ex, [this, actor, make, ex, done, username](Stored<std::optional<AccountRecord>> found) {
    if (!found.ok()) return done(store_failure(found.error));
    if (!found.value) return done(AccountFailure{404, "not_found", "no account '" + username + "'"});
    const AccountRecord& target = *found.value;
    if (target.id == actor.account.id) return done(forbidden("not on yourself"));
    if (target.role >= actor.account.role)
      return done(forbidden("only on accounts of a lower role than yours (" + std::string(protocol::role_name(target.role)) + ")"));
    AccountChange c = make(target);
    c.account = target.id;
    bool ban = c.end_sessions;
    bool unban = c.banned_until && *c.banned_until == 0;
    bool mute = c.muted_until.has_value();
    bool role = c.role.has_value();
    store_.change_account(std::move(c), ex, [this, ban, unban, mute, role, ex, done](Stored<AccountRecord> after) {
      if (!after.ok()) return done(store_failure(after.error));
      // Connections know their role from their hello: they reconnect with the new one.
      if (role) connections_.disconnect_player(after.value.player, "role changed");
      if (ban) enforce_ban(after.value, ex);
      if (unban) connections_.unban(after.value.player);
      if (mute) connections_.mute(after.value.player, after.value.muted_until, clock_());  // chat refuses at once
      done(after.value);
    });
  });
}

void Moderation::set_role(const Actor& actor, const std::string& username, Role role, StoreExecutor ex, AccountDone done) {
  change(actor, username, Role::Admin, [this, actor, role](const AccountRecord& target) {
    AccountChange c;
    c.role = role;
    c.audit = audit(actor, "set_role", target.username,
                    json{{"from", protocol::role_name(target.role)}, {"to", protocol::role_name(role)}}.dump());
    return c;
  }, std::move(ex), std::move(done));
}

// A ban or a mute (`minutes` 0: lifting it), audited as `action`.
void Moderation::sanction(const Actor& actor, const std::string& username, bool is_ban, std::int64_t minutes,
                          const std::string& reason, StoreExecutor ex, AccountDone done) {
  change(actor, username, Role::Moderator, [this, actor, is_ban, minutes, reason](const AccountRecord& target) {
    AccountChange c;
    std::int64_t until = minutes > 0 ? clock_() + minutes_ms(minutes) : 0;
    json details{{"minutes", minutes}, {"reason", reason}};
    if (minutes == 0) details = {{"was_until", is_ban ? target.banned_until : target.muted_until}};
    if (is_ban) {
      c.banned_until = until;
      c.ban_reason = reason;
      c.end_sessions = minutes > 0;
    } else {
      c.muted_until = until;
      c.mute_reason = reason;
    }
    std::string action = std::string(minutes > 0 ? "" : "un") + (is_ban ? "ban" : "mute");
    c.audit = audit(actor, action, target.username, details.dump());
    return c;
  }, std::move(ex), std::move(done));
}

void Moderation::ban(const Actor& actor, const std::string& username, std::int64_t minutes, const std::string& reason,
                     StoreExecutor ex, AccountDone done) {
  sanction(actor, username, true, minutes, reason, std::move(ex), std::move(done));
}

void Moderation::unban(const Actor& actor, const std::string& username, StoreExecutor ex, AccountDone done) {
  sanction(actor, username, true, 0, "", std::move(ex), std::move(done));
}

void Moderation::mute(const Actor& actor, const std::string& username, std::int64_t minutes, const std::string& reason,
                      StoreExecutor ex, AccountDone done) {
  sanction(actor, username, false, minutes, reason, std::move(ex), std::move(done));
}

void Moderation::unmute(const Actor& actor, const std::string& username, StoreExecutor ex, AccountDone done) {
  sanction(actor, username, false, 0, "", std::move(ex), std::move(done));
}

void Moderation::enforce_ban(const AccountRecord& banned, StoreExecutor ex) {
  int closed = connections_.ban(banned.player, banned.banned_until, clock_());
  spdlog::info("event=account_banned account={} connections_closed={}", banned.id, closed);
  std::int64_t player = banned.player;
  store_.unfinished_rooms_of(player, ex, [this, player, ex](Stored<std::vector<RoomRecord>> rooms) {
    if (!rooms.ok()) return spdlog::error("event=ban_rooms_failed player={} error=\"{}\"", player, log_text(rooms.error));
    for (const RoomRecord& r : rooms.value) {
      directory_.find(r.id, ex, [player](std::shared_ptr<Room> room, Lookup) {
        if (!room) return;
        room->command([player](const GameAuthority& a) { return a.forfeit(player); }, std::nullopt,
                      [player, id = room->id()](std::optional<Refusal> refusal, const RoomRecord&) {
                        if (refusal) spdlog::warn("event=ban_forfeit_refused room={} player={} error=\"{}\"", id, player,
                                                  log_text(refusal->message));
                      });
      });
    }
  });
}

void Moderation::room_command(const Actor& actor, const std::string& room_id, Room::Command command, AuditEntry entry,
                              StoreExecutor ex, RoomDone done) {
  if (!may_moderate(actor.account.role))
    return boost::asio::post(ex, [done] { done(forbidden("your role may not do this")); });
  if (!protocol::valid_room_id(room_id))
    return boost::asio::post(ex, [done] { done(AccountFailure{404, "not_found", "no such game"}); });
  directory_.find(room_id, ex, [command, entry, ex, done, room_id](std::shared_ptr<Room> room, Lookup lookup) {
    if (!room) {
      if (lookup == Lookup::Missing) return done(AccountFailure{404, "not_found", "no game '" + room_id + "'"});
      if (lookup == Lookup::Elsewhere)
        return done(AccountFailure{409, "served_elsewhere", "another node serves game '" + room_id + "': send this to that node"});
      return done(AccountFailure{500, "internal", "the game could not be read"});
    }
    room->command(command, entry, [ex, done](std::optional<Refusal> refusal, RoomRecord row) {
      boost::asio::post(ex, [done, refusal, row = std::move(row)] {
        if (refusal) return done(refused(*refusal));
        done(row);
      });
    });
  });
}

void Moderation::abort(const Actor& actor, const std::string& room, const std::string& reason, StoreExecutor ex, RoomDone done) {
  std::int64_t by = actor.account.player;
  room_command(actor, room, [by, reason](const GameAuthority& a) { return a.abort(by, reason); },
               audit(actor, "abort", room, json{{"reason", reason}}.dump()), std::move(ex), std::move(done));
}

void Moderation::adjudicate(const Actor& actor, const std::string& room, const std::string& result, const std::string& reason,
                            StoreExecutor ex, RoomDone done) {
  std::int64_t by = actor.account.player;
  room_command(actor, room, [by, result, reason](const GameAuthority& a) { return a.adjudicate(by, result, reason); },
               audit(actor, "adjudicate", room, json{{"result", result}, {"reason", reason}}.dump()), std::move(ex),
               std::move(done));
}

}  // namespace arena
