#include "lobby/identity_service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {
namespace {

using protocol::ErrorCode;
using protocol::ErrorReply;

protocol::Welcome welcome(const PlayerRecord& p, bool is_new) {
  return {{p.id, p.name, std::nullopt}, p.token, is_new, std::nullopt, nullptr};
}

ErrorReply store_failed(const std::string& error) {
  spdlog::error("event=store_failed error=\"{}\"", log_text(error));
  return ErrorReply{ErrorCode::Internal, "the server could not identify you", nullptr, std::nullopt};
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
    w.player = {account->player, account->username, std::nullopt};
    w.account = protocol::AccountView{account->id, account->username, account->role};
    done(Answer(std::move(w)));
  });
}

void IdentityService::guest(const protocol::Hello& hello, const std::string& address, StoreExecutor ex,
                            std::function<void(Answer)> done) {
  if (!hello.token) return create(hello, address, std::move(ex), std::move(done));
  store_.find_player(*hello.token, ex,
                     [this, hello, address, ex, done](Stored<std::optional<PlayerRecord>> found) {
                       if (!found.ok()) return done(store_failed(found.error));
                       if (!found.value) return create(hello, address, ex, done);
                       PlayerRecord player = *found.value;
                       if (!hello.name || *hello.name == player.name) return done(welcome(player, false));
                       player.name = *hello.name;
                       store_.rename_player(player.id, player.name, ex, [player, done](const std::string& error) {
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
  store_.create_player(random_token(), hello.name.value_or(""), ex, [done](Stored<PlayerRecord> player) {
    if (!player.ok()) return done(store_failed(player.error));
    done(welcome(player.value, true));
  });
}

void IdentityService::rename(std::int64_t player, const std::string& name, StoreExecutor ex, StoreDone done) {
  store_.rename_player(player, name, std::move(ex), std::move(done));
}

}  // namespace arena
