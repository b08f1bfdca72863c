#include "lobby/identity_service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/name_skeleton.hpp"
#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {
namespace {

using protocol::ErrorCode;
using protocol::ErrorReply;

protocol::Welcome welcome(const PlayerRecord& p, bool is_new) {
  protocol::Welcome w;
  w.player = {p.id, p.name, std::nullopt, "guest"};
  w.token = p.token;
  w.is_new = is_new;
  return w;
}

ErrorReply store_failed(const std::string& error) {
  spdlog::error("event=store_failed error=\"{}\"", log_text(error));
  return ErrorReply{ErrorCode::Internal, "the server could not identify you", nullptr, std::nullopt};
}

ErrorReply name_reserved(const std::string& name) {
  return ErrorReply{ErrorCode::NameReserved,
                    "\"" + name + "\" looks like an account's username or a staff name: guests choose another", nullptr,
                    std::nullopt};
}

}  // namespace

void IdentityService::hello(const protocol::Hello& hello, const std::string& session, const std::string& address,
                            StoreExecutor ex, std::function<void(Answer)> done) {
  if (session.empty()) return guest(hello, address, std::move(ex), std::move(done));
  accounts_.authenticate(session, ex, [this, hello, address, ex, done](std::optional<AccountRecord> account) {
    if (!account) return guest(hello, address, ex, done);  // logged out or expired: a guest, as without a cookie
    // Filled member by member: GCC 12 warns, wrongly, that a Welcome built in
    // place inside the Answer variant may be uninitialized.
    protocol::Welcome w;
    w.player = {account->player, account->username, std::nullopt, std::string(protocol::account_kind(account->role, account->bot))};
    w.account = protocol::AccountView{account->id, account->username, account->role, account->bot};
    if (!hello.token) return done(Answer(std::move(w)));
    // The browser's guest token came with the account's cookie: that guest is
    // this account's, and keeps its mute (#34).
    players_.find_player(*hello.token, ex, [this, w = std::move(w), player = account->player, done](
                                            Stored<std::optional<PlayerRecord>> found) mutable {
      if (found.ok() && found.value && found.value->id != player) connections_.link_guest(found.value->id, player, accounts_.now());
      done(Answer(std::move(w)));
    });
  });
}

void IdentityService::check_guest_name(const std::string& name, StoreExecutor ex,
                                       std::function<void(std::optional<ErrorReply>)> next) {
  if (protocol::reserved_guest_name(name)) return boost::asio::post(ex, [next, name] { next(name_reserved(name)); });
  names_.skeleton_taken(protocol::name_skeleton(name), ex, [next, name](Stored<bool> taken) {
    if (!taken.ok()) return next(store_failed(taken.error));
    if (taken.value) return next(name_reserved(name));
    next(std::nullopt);
  });
}

void IdentityService::guest(const protocol::Hello& hello, const std::string& address, StoreExecutor ex,
                            std::function<void(Answer)> done) {
  if (!hello.token) return create(hello, address, std::move(ex), std::move(done));
  players_.find_player(*hello.token, ex,
                     [this, hello, address, ex, done](Stored<std::optional<PlayerRecord>> found) {
                       if (!found.ok()) return done(store_failed(found.error));
                       if (!found.value) return create(hello, address, ex, done);
                       PlayerRecord player = *found.value;
                       if (!hello.name || *hello.name == player.name) return keep_name(player, ex, done);
                       check_guest_name(*hello.name, ex, [this, player, hello, ex, done](std::optional<ErrorReply> refused) mutable {
                         // A reserved name is not taken; the guest comes in under its stored one.
                         if (refused) return done(welcome(player, false));
                         player.name = *hello.name;
                         players_.rename_player(player.id, player.name, ex, [player, done](const std::string& error) {
                           if (!error.empty()) return done(store_failed(error));
                           done(welcome(player, false));
                         });
                       });
                     });
}

// A known guest under its stored name, unless an account (or a staff word)
// took that look since: then it becomes "Guest N", as a new guest is named.
void IdentityService::keep_name(PlayerRecord player, StoreExecutor ex, std::function<void(Answer)> done) {
  check_guest_name(player.name, ex, [this, player, ex, done](std::optional<ErrorReply> refused) mutable {
    if (!refused) return done(welcome(player, false));
    player.name = "Guest " + std::to_string(player.id);
    players_.rename_player(player.id, player.name, ex, [player, done](const std::string& error) {
      if (!error.empty()) return done(store_failed(error));
      done(welcome(player, false));
    });
  });
}

void IdentityService::create(const protocol::Hello& hello, const std::string& address, StoreExecutor ex,
                             std::function<void(Answer)> done) {
  if (!addresses_->allow_new_player(address))
    return boost::asio::post(ex, [done] {
      done(ErrorReply{ErrorCode::TooManyPlayers, "too many new players from your address lately; use your saved token or try later",
                      nullptr, std::nullopt});
    });
  auto make = [this, ex, done](std::string name) {
    players_.create_player(random_token(), std::move(name), ex, [done](Stored<PlayerRecord> player) {
      if (!player.ok()) return done(store_failed(player.error));
      done(welcome(player.value, true));
    });
  };
  if (!hello.name) return make("");
  // A reserved name is not taken: the new guest gets the default "Guest N".
  check_guest_name(*hello.name, ex, [make, name = *hello.name](std::optional<ErrorReply> refused) {
    make(refused ? std::string() : name);
  });
}

void IdentityService::rename(std::int64_t player, const std::string& name, StoreExecutor ex,
                             std::function<void(std::optional<ErrorReply>)> done) {
  check_guest_name(name, ex, [this, player, name, ex, done](std::optional<ErrorReply> refused) {
    if (refused) return done(refused);
    players_.rename_player(player, name, ex, [done](const std::string& error) {
      if (!error.empty()) return done(store_failed(error));
      done(std::nullopt);
    });
  });
}

}  // namespace arena
