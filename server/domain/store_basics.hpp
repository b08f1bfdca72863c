#pragma once
// What every storage port uses: the executor completions run on, the answers
// of reads and writes. Each domain declares its ports beside its code; the
// store (store/) implements them all. The server talks only to these small
// asynchronous interfaces: another database (PostgreSQL beside SQLite) is a
// second implementation of them and nothing else. Rules every implementation keeps:
//  - Every call returns at once; its completion runs later, posted to the
//    executor the caller passed (never inline, never on the store's threads).
//  - A write's completion reports success only once the write is durable (on
//    disk, or acknowledged by the database after its commit). A failed write
//    changed nothing.
//  - Writes of one room are applied in the order they were called.
//  - Reads never wait behind writes in progress (SQLite: a separate reading
//    connection in WAL mode), and see every write whose completion has run.
//  - Errors are reported, never thrown, as a one-line text for the log.
// The audit log's entry comes with them: many writes store one.
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
