#pragma once
// Quick pairing (#46; PROTOCOL.md, Quick pairing): a player seeks a game on
// given terms (a pool: game, variant, clock, rated or casual, and an optional
// rating range); two seekers of a pool who take each other are paired at
// once, the closest ratings first, and their game opens with both seated. The
// pool is the store's (seeks/seek_store.hpp), one for the whole site, so a
// seek placed on any node meets a seek placed on any other, once.
//
// A seek belongs to the connection that placed it: it leaves the pool when
// that connection closes, when the player seeks again or cancels, and, should
// its node die, kSeekLeaseMs after its node last renewed it (every
// kRenewEvery while its connection is open).
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "game/client.hpp"
#include "game/player_connections.hpp"
#include "game/room_directory.hpp"
#include "protocol/messages.hpp"
#include "seeks/seek_store.hpp"
#include "util/clock.hpp"

namespace arena {

class SeekService : public std::enable_shared_from_this<SeekService> {
 public:
  static constexpr std::chrono::seconds kRenewEvery{5};
  // The answer to a request: a message for the requesting connection, or why it was refused.
  using Answer = std::function<void(std::optional<Refusal>, nlohmann::json)>;

  SeekService(boost::asio::any_io_executor io, SeekStore& store, RoomDirectory& directory, PlayerConnections& connections,
              Clock clock);
  void start();
  void stop();

  // `player`, on `client`, seeks on `terms`: the answer is `seeking` (with
  // the request's `id`); if a seeker was waiting, both then hear
  // `seek_paired` on every connection. Refused `forbidden` (a bot; a guest's
  // rated seek), `too_many_seeks`, `internal`.
  void seek(const Client* client, const PlayerInfo& player, bool bot, const protocol::Seek& terms, const nlohmann::json& id,
            StoreExecutor ex, Answer answer);
  // The player's seek leaves the pool: `seek_ended` (reason `canceled`).
  void cancel(std::int64_t player, const nlohmann::json& id, StoreExecutor ex, Answer answer);
  // A connection closed: the seek it placed leaves the pool.
  void disconnected(const Client* client, std::int64_t player);
  // Renews the seeks now (tests move the clock).
  void wake();

 private:
  // A seek placed from this node, waiting; renewed while its connection is open.
  struct Waiting {
    std::string id;
    const Client* client = nullptr;  // compared, never followed
  };
  void paired(const SeekRecord& mine, const SeekRecord& theirs, StoreExecutor ex);
  void renew();
  void schedule();
  void forget(std::int64_t player, const std::string& id);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  SeekStore& store_;
  RoomDirectory& directory_;
  PlayerConnections& connections_;
  Clock clock_;
  boost::asio::steady_timer timer_;
  std::mutex mutex_;
  std::map<std::int64_t, Waiting> waiting_;  // by player
  bool stopped_ = false;
};

}  // namespace arena
