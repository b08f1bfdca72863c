#pragma once
// What every store interface uses: the executor completions run on, the
// answers of reads and writes, and the audit log's entry.
#include <boost/asio/any_io_executor.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace arena {

using StoreExecutor = boost::asio::any_io_executor;

// A read's answer: the value, or why the store could not give it.
template <class T>
struct Stored {
  T value{};
  std::string error;  // empty: `value` holds the answer
  bool ok() const { return error.empty(); }
};

template <class T>
using StoreReply = std::function<void(Stored<T>)>;
// A write's answer: empty when durable, else why nothing was written.
using StoreDone = std::function<void(const std::string& error)>;

// One row of the audit log: who did what to whom, from where.
struct AuditEntry {
  std::optional<std::int64_t> actor;  // the account; none: the command line
  std::string action;                 // ban, unban, mute, unmute, set_role, abort, adjudicate, add_account
  std::string target;                 // a username or a room id
  std::string details = "{}";         // a JSON object's text
  std::string address;                // the actor's client address, or "cli"
  std::int64_t at = 0;                // ms since the epoch
};

}  // namespace arena
