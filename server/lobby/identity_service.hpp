#pragma once
// Who a connection is: a hello names a player by its token (or makes a new
// one), set_name renames. Grows into accounts. Answers come on the caller's
// executor, once the store has answered: nothing here blocks an I/O thread.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "account/account_service.hpp"
#include "game/authority.hpp"
#include "net/address_book.hpp"
#include "protocol/server_messages.hpp"
#include "store/store.hpp"

namespace arena {

class IdentityService {
 public:
  using Answer = std::variant<protocol::Welcome, protocol::ErrorReply>;

  IdentityService(IdentityStore& store, AccountService& accounts, std::shared_ptr<AddressBook> addresses)
      : store_(store), accounts_(accounts), addresses_(std::move(addresses)) {}

  // The player a hello names: the account of `session` (the connection's
  // session cookie) if it is live, else the guest of the hello's token, known
  // or new. `address` is the connection's AddressBook key (new players per
  // address are bounded).
  void hello(const protocol::Hello& hello, const std::string& session, const std::string& address, StoreExecutor ex,
             std::function<void(Answer)> done);
  // The new name, once stored; empty on success, else the store's error.
  void rename(std::int64_t player, const std::string& name, StoreExecutor ex, StoreDone done);

 private:
  void guest(const protocol::Hello& hello, const std::string& address, StoreExecutor ex, std::function<void(Answer)> done);
  void create(const protocol::Hello& hello, const std::string& address, StoreExecutor ex, std::function<void(Answer)> done);

  IdentityStore& store_;
  AccountService& accounts_;
  std::shared_ptr<AddressBook> addresses_;
};

}  // namespace arena
