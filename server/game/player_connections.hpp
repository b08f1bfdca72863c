#pragma once
// The open connections of each player (guest or account), so that a ban, a
// logout or a guest handed over to an account can close them at once. Bounded
// by the connections themselves (one entry per open, identified connection),
// and by the bans still running (one entry each, dropped when they end).
// Among a site's nodes (#30), what reaches a player (a notice, a ban, a mute,
// a logout, a closed session) is told to every other node too (set_site), and
// each applies it to the connections it has (apply_from_site): typed messages,
// one struct each (game/player_bus.hpp).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <functional>
#include <string_view>

#include "game/client.hpp"
#include "game/player_bus.hpp"

namespace arena {

class PlayerConnections {
 public:
  // Registers an identified connection; false (nothing registered) when the
  // player is banned at `now`: a hello that raced a ban.
  bool add(std::int64_t player, const std::shared_ptr<Client>& client, const std::string& session, std::int64_t now) {
    std::lock_guard lock(mutex_);
    if (auto ban = banned_.find(player); ban != banned_.end() && ban->second > now) return false;
    client->set_viewer(player, blocks_);  // chat of the players it blocked is not sent to it
    auto& list = clients_[player];
    std::erase_if(list, [](const Entry& e) { return e.client.expired(); });
    if (list.empty() && presence_) presence_(player, true);  // under the lock: told in the order it happened
    list.push_back({client, session});
    return true;
  }

  // Told when a player's first connection on this node opens (true) and
  // when its last one closes (false): following's presence (#46). Set once,
  // before the server serves; called under this class's lock, so it must
  // only queue work (a store write), never call back here.
  void set_presence(std::function<void(std::int64_t player, bool here)> told) { presence_ = std::move(told); }

  void remove(std::int64_t player, const Client* client) {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(player);
    if (it == clients_.end()) return;
    std::erase_if(it->second, [client](const Entry& e) {
      auto c = e.client.lock();
      return !c || c.get() == client;
    });
    if (it->second.empty()) {
      clients_.erase(it);
      if (presence_) presence_(player, false);
    }
  }

  // Every node of the site is told of what follows through `tell` (set once,
  // before the server serves; none: this node is the whole site), as typed
  // messages (game/player_bus.hpp, whose codec makes them text for the bus).
  void set_site(std::function<void(const PlayerMessage&)> tell) { tell_ = std::move(tell); }

  // Sends `frame` to every open connection of `player` (on every node); how many there were here.
  int send(std::int64_t player, const Frame& frame) {
    if (tell_) tell_(SendToPlayer{player, *frame});
    return send_here(player, frame);
  }

  // Closes every open connection of `player` (on every node); how many there were here.
  int disconnect_player(std::int64_t player, const char* reason) {
    if (tell_) tell_(DisconnectPlayer{player, reason});
    return disconnect_player_here(player, reason);
  }

  // Closes the connections opened with the session cookie `session` (a logout), on every node.
  int disconnect_session(const std::string& session, const char* reason) {
    if (session.empty()) return 0;
    if (tell_) tell_(DisconnectSession{session, reason});
    return disconnect_session_here(session, reason);
  }

  // A ban until `until`: its connections close, and none may register until then (on every node).
  int ban(std::int64_t player, std::int64_t until, std::int64_t now) {
    if (tell_) tell_(BanPlayer{player, until, now});
    return ban_here(player, until, now);
  }

  void unban(std::int64_t player) {
    if (tell_) tell_(UnbanPlayer{player});
    unban_here(player);
  }

  // A mute until `until` (0 or past: none): chat is refused until then (on every node).
  void mute(std::int64_t player, std::int64_t until, std::int64_t now) {
    if (tell_) tell_(MutePlayer{player, until, now});
    mute_here(player, until, now);
  }

  // Whether `player` has an open, identified connection on this node.
  bool connected(std::int64_t player) {
    std::lock_guard lock(mutex_);
    auto it = clients_.find(player);
    if (it == clients_.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(), [](const Entry& e) { return !e.client.expired(); });
  }

  // What another node told (what `tell` was given there, decoded): applied
  // to this node's own connections, and told no further.
  void apply_from_site(const PlayerMessage& message) {
    struct Here {
      PlayerConnections& self;
      void operator()(const SendToPlayer& m) const { self.send_here(m.player, make_frame(m.frame)); }
      void operator()(const DisconnectPlayer& m) const { self.disconnect_player_here(m.player, known_reason(m.reason)); }
      void operator()(const DisconnectSession& m) const { self.disconnect_session_here(m.session, known_reason(m.reason)); }
      void operator()(const BanPlayer& m) const { self.ban_here(m.player, m.until, m.now); }
      void operator()(const UnbanPlayer& m) const { self.unban_here(m.player); }
      void operator()(const MutePlayer& m) const { self.mute_here(m.player, m.until, m.now); }
    };
    std::visit(Here{*this}, message);
  }

 private:
  // A reason another node gave, as one of this program's own texts (a close
  // reason must outlive the call): the known ones, else a general one.
  static const char* known_reason(const std::string& reason) {
    for (const char* known : {"banned", "role changed", "signed up", "logged out"})
      if (reason == known) return known;
    return "closed by the site";
  }

  int send_here(std::int64_t player, const Frame& frame) {
    auto open = open_clients(player, false);
    for (auto& c : open) c->send(frame);
    return static_cast<int>(open.size());
  }

  int disconnect_player_here(std::int64_t player, const char* reason) {
    auto open = open_clients(player, true);
    for (auto& c : open) c->disconnect(reason);
    return static_cast<int>(open.size());
  }

  int disconnect_session_here(const std::string& session, const char* reason) {
    std::vector<std::shared_ptr<Client>> open;
    {
      std::lock_guard lock(mutex_);
      for (auto& [player, list] : clients_)
        for (auto& e : list)
          if (e.session == session)
            if (auto c = e.client.lock()) open.push_back(std::move(c));
    }
    for (auto& c : open) c->disconnect(reason);
    return static_cast<int>(open.size());
  }

  int ban_here(std::int64_t player, std::int64_t until, std::int64_t now) {
    {
      std::lock_guard lock(mutex_);
      std::erase_if(banned_, [now](const auto& b) { return b.second <= now; });
      banned_[player] = until;
    }
    return disconnect_player_here(player, "banned");
  }

  void unban_here(std::int64_t player) {
    std::lock_guard lock(mutex_);
    banned_.erase(player);
  }

  void mute_here(std::int64_t player, std::int64_t until, std::int64_t now) {
    std::lock_guard lock(mutex_);
    std::erase_if(muted_, [now](const auto& m) { return m.second <= now; });
    if (until > now) muted_[player] = until;
    else muted_.erase(player);
  }

 public:
  // When the player's mute ends; 0 when not muted at `now`. A guest linked
  // to an account (link_guest) is muted with it.
  std::int64_t muted_until(std::int64_t player, std::int64_t now) {
    std::lock_guard lock(mutex_);
    auto until = [&](std::int64_t p) {
      auto it = muted_.find(p);
      return it != muted_.end() && it->second > now ? it->second : std::int64_t{0};
    };
    if (std::int64_t own = until(player)) return own;
    auto link = guest_links_.find(player);
    return link == guest_links_.end() ? 0 : until(link->second);
  }

  // The guest `guest` was seen with the account of player `account` (its token
  // came in the hello of a connection with the account's session cookie: the
  // same browser). A muted account then cannot write as that guest (#34).
  // Bounded: beyond kMaxGuestLinks the table starts again (the links of the
  // accounts muted now are kept).
  static constexpr std::size_t kMaxGuestLinks = 100000;
  void link_guest(std::int64_t guest, std::int64_t account, std::int64_t now) {
    std::lock_guard lock(mutex_);
    if (guest_links_.size() >= kMaxGuestLinks)
      std::erase_if(guest_links_, [&](const auto& l) {
        auto m = muted_.find(l.second);
        return m == muted_.end() || m->second <= now;
      });
    if (guest_links_.size() < kMaxGuestLinks) guest_links_[guest] = account;
  }

  // The blocks that connections consult for chat (set once, at start).
  void set_blocks(const BlockBook* blocks) {
    std::lock_guard lock(mutex_);
    blocks_ = blocks;
  }

 private:
  // The player's live connections (`forget`: and the player's entry is dropped).
  std::vector<std::shared_ptr<Client>> open_clients(std::int64_t player, bool forget) {
    std::vector<std::shared_ptr<Client>> open;
    std::lock_guard lock(mutex_);
    auto it = clients_.find(player);
    if (it == clients_.end()) return open;
    for (auto& e : it->second)
      if (auto c = e.client.lock()) open.push_back(std::move(c));
    if (forget) {
      clients_.erase(it);
      if (presence_) presence_(player, false);  // its connections are closing: not here any more
    }
    return open;
  }

  struct Entry {
    std::weak_ptr<Client> client;
    std::string session;  // the cookie it was opened with, "" for a guest
  };
  std::mutex mutex_;
  std::unordered_map<std::int64_t, std::vector<Entry>> clients_;
  std::unordered_map<std::int64_t, std::int64_t> banned_;  // player → ban end (ms)
  std::unordered_map<std::int64_t, std::int64_t> muted_;   // player → mute end (ms)
  std::unordered_map<std::int64_t, std::int64_t> guest_links_;  // guest player → account's player
  const BlockBook* blocks_ = nullptr;
  std::function<void(const PlayerMessage&)> tell_;  // the other nodes (#30); set before serving, then only read
  std::function<void(std::int64_t, bool)> presence_;  // following's presence (#46); the same
};

}  // namespace arena
