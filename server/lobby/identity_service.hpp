#pragma once
// Who a connection is: a hello names a player by its token (or makes a new
// one), set_name renames. Grows into accounts. A guest's name may not look
// like an account's username or a staff word (#34, protocol/name_skeleton). Answers come on the caller's
// executor, once the store has answered: nothing here blocks an I/O thread.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "account/account_service.hpp"
#include "game/authority.hpp"
#include "game/player_connections.hpp"
#include "util/address_book.hpp"
#include "protocol/server_messages.hpp"
#include "account/account_store.hpp"
#include "account/trust_store.hpp"

namespace arena {

class IdentityService {
 public:
  using Answer = std::variant<protocol::Welcome, protocol::ErrorReply>;

  IdentityService(IdentityStore& players, TrustStore& names, AccountService& accounts, std::shared_ptr<AddressBook> addresses,
                  PlayerConnections& connections)
        : players_(players), names_(names), accounts_(accounts), addresses_(std::move(addresses)), connections_(connections) {}

  // The player a hello names: the account of `session` (the connection's
  // session cookie) if it is live, else the guest of the hello's token, known
  // or new. `address` is the connection's AddressBook key (new players per
  // address are bounded).
  void hello(const protocol::Hello& hello, const std::string& session, const std::string& address, StoreExecutor ex,
             std::function<void(Answer)> done);
  // A guest's new name, once stored; none on success, else why not
  // (name_reserved: it looks like an account's username or a staff word).
  void rename(std::int64_t player, const std::string& name, StoreExecutor ex,
              std::function<void(std::optional<protocol::ErrorReply>)> done);

 private:
  // Why a guest may not take `name` (name_reserved, or the store failed), or none.
  void check_guest_name(const std::string& name, StoreExecutor ex,
                        std::function<void(std::optional<protocol::ErrorReply>)> next);
  void guest(const protocol::Hello& hello, const std::string& address, StoreExecutor ex, std::function<void(Answer)> done);
  void keep_name(PlayerRecord player, StoreExecutor ex, std::function<void(Answer)> done);
  void create(const protocol::Hello& hello, const std::string& address, StoreExecutor ex, std::function<void(Answer)> done);

  IdentityStore& players_;
  TrustStore& names_;  // skeleton_taken: a guest may not take an account's name
  AccountService& accounts_;
  std::shared_ptr<AddressBook> addresses_;
  PlayerConnections& connections_;
};

}  // namespace arena
