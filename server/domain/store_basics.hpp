#pragma once
// What every store interface uses: the executor completions run on, the
// answers of reads and writes (and the audit log's entry, which many of them write).
#include <boost/asio/any_io_executor.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "domain/audit_entry.hpp"

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

}  // namespace arena
