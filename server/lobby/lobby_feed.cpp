#include "lobby/lobby_feed.hpp"

#include "rating/perf.hpp"

#include <boost/asio/post.hpp>
#include <chrono>
#include <utility>

namespace arena {
namespace {

using protocol::LobbyEntry;
using protocol::RoomStatus;

constexpr auto kPublishDelay = std::chrono::milliseconds(200);  // updates are coalesced

protocol::LobbyListDelta delta(const std::map<std::string, LobbyEntry>& before, const std::map<std::string, LobbyEntry>& after) {
  protocol::LobbyListDelta d;
  for (const auto& [id, entry] : after) {
    auto it = before.find(id);
    if (it == before.end() || !(it->second == entry)) d.set.push_back(entry);
  }
  for (const auto& [id, entry] : before)
    if (!after.count(id)) d.removed.push_back(id);
  return d;
}

}  // namespace

LobbyFeed::LobbyFeed(boost::asio::any_io_executor io, std::size_t list_size)
    : strand_(boost::asio::make_strand(io)), publish_timer_(strand_), list_size_(list_size) {}

void LobbyFeed::update(const RoomSummary& s) {
  LobbyEntry e;
  e.id = s.id;
  e.options = s.options;
  e.clock = s.clock;
  e.created_at = s.created_at;
  e.status = s.status;
  e.rated = s.rated;
  e.perf = perf_of(s.options);
  if (s.status == RoomStatus::Open) {
    e.creator = s.white_seated ? s.white_name : s.black_name;
    e.seat = s.white_seated ? engine::Color::Black : engine::Color::White;
    e.creator_rating = s.white_seated ? s.white_rating : s.black_rating;
    e.rating_min = s.rating_min;
    e.rating_max = s.rating_max;
  } else {
    e.white = s.white_name;
    e.black = s.black_name;
    e.white_rating = s.white_rating;
    e.black_rating = s.black_rating;
    e.moves = s.moves;
    e.ply = s.ply;
    e.spectators = s.spectators;
  }
  bool going = s.status == RoomStatus::Open || s.status == RoomStatus::Live;
  bool listed = !s.is_private && going && (s.status == RoomStatus::Open || s.active);
  bool schedule = false;
  {
    std::lock_guard lock(changes_mutex_);
    std::string id = e.id;
    changes_.insert_or_assign(std::move(id), Change{std::move(e), listed, going, s.white, s.black});
    schedule = !std::exchange(changes_scheduled_, true);
  }
  if (schedule) boost::asio::post(strand_, [self = shared_from_this()] { self->schedule_publish(); });
}

void LobbyFeed::take_changes() {
  std::unordered_map<std::string, Change> changes;
  {
    std::lock_guard lock(changes_mutex_);
    changes.swap(changes_);
    changes_scheduled_ = false;
  }
  for (const auto& [id, change] : changes) apply(change);
}

void LobbyFeed::apply(const Change& change) {
  const LobbyEntry& entry = change.entry;
  const bool listed = change.listed;
  // The players' own rooms.
  if (auto it = seats_.find(entry.id); it != seats_.end()) {
    for (std::int64_t player : {it->second.first, it->second.second}) {
      auto rooms = mine_.find(player);
      if (rooms == mine_.end()) continue;
      mine_changed_.insert(player);
      rooms->second.erase({entry.created_at, entry.id});
      if (rooms->second.empty()) mine_.erase(rooms);
    }
    seats_.erase(it);
  }
  if (change.going) {
    seats_[entry.id] = {change.white, change.black};
    for (std::int64_t player : {change.white, change.black})
      if (player != 0) {
        mine_[player].insert_or_assign({entry.created_at, entry.id}, entry);
        mine_changed_.insert(player);
      }
  }
  // The lists.
  if (auto it = entries_.find(entry.id); it != entries_.end()) {
    (it->second.status == RoomStatus::Open ? open_order_ : live_order_).erase({it->second.created_at, entry.id});
    entries_.erase(it);
  }
  if (!listed) return;
  (entry.status == RoomStatus::Open ? open_order_ : live_order_).insert({entry.created_at, entry.id});
  entries_.emplace(entry.id, entry);
}

LobbyFeed::View LobbyFeed::current() const {
  View v;
  auto window = [this](const Order& order, std::map<std::string, LobbyEntry>& out) {
    for (const auto& [at, id] : order) {
      if (out.size() == list_size_) break;
      out.emplace(id, entries_.at(id));
    }
  };
  window(open_order_, v.open);
  window(live_order_, v.live);
  v.open_total = static_cast<std::int64_t>(open_order_.size());
  v.live_total = static_cast<std::int64_t>(live_order_.size());
  return v;
}

std::vector<LobbyEntry> LobbyFeed::newest_first(const Order& order, const std::map<std::string, LobbyEntry>& view) {
  std::vector<LobbyEntry> out;
  for (const auto& [at, id] : order) {
    if (out.size() == view.size()) break;
    if (auto it = view.find(id); it != view.end()) out.push_back(it->second);
  }
  return out;
}

void LobbyFeed::schedule_publish() {
  if (publish_pending_) return;
  publish_pending_ = true;
  publish_timer_.expires_after(kPublishDelay);
  publish_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    self->publish_pending_ = false;
    if (!ec) self->publish();
  });
}

void LobbyFeed::publish() {
  take_changes();
  View view = current();
  protocol::LobbyUpdate update{delta(published_.open, view.open), delta(published_.live, view.live), view.open_total,
                               view.live_total};
  bool changed = !update.open.empty() || !update.live.empty() || view.open_total != published_.open_total ||
                 view.live_total != published_.live_total;
  published_ = std::move(view);
  std::set<std::int64_t> mine_changed = std::exchange(mine_changed_, {});
  if ((!changed && mine_changed.empty()) || subscribers_.empty()) return;
  Frame frame = changed ? make_frame(protocol::to_json(update)) : Frame{};
  std::map<std::int64_t, Frame> mine;  // one frame per player, for all their connections
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    auto client = it->second.client.lock();
    if (!client) {
      it = subscribers_.erase(it);
      continue;
    }
    if (changed) client->send(frame);
    if (std::int64_t player = it->second.player; mine_changed.count(player)) {
      auto [own, fresh] = mine.try_emplace(player);
      if (fresh) own->second = make_frame(protocol::to_json(protocol::LobbyMine{mine_of(player)}));
      client->send(own->second);
    }
    ++it;
  }
}

std::vector<LobbyEntry> LobbyFeed::mine_of(std::int64_t player) const {
  std::vector<LobbyEntry> out;
  if (auto rooms = mine_.find(player); rooms != mine_.end())
    for (const auto& [key, entry] : rooms->second) out.push_back(entry);
  return out;
}

void LobbyFeed::subscribe(const std::shared_ptr<Client>& client, std::int64_t player, nlohmann::json request_id) {
  boost::asio::post(strand_, [self = shared_from_this(), client, player, request_id = std::move(request_id)] {
    // Everyone up to date first, so that the newcomer's full view and the
    // updates that follow it start from the same point.
    self->publish();
    self->subscribers_[client.get()] = Subscriber{client, player};
    const View& v = self->published_;
    protocol::Lobby lobby{newest_first(self->open_order_, v.open), newest_first(self->live_order_, v.live), v.open_total,
                          v.live_total, request_id, self->mine_of(player)};
    client->send(make_frame(protocol::to_json(lobby)));
  });
}

void LobbyFeed::unsubscribe(Client* client) {
  boost::asio::post(strand_, [self = shared_from_this(), client] { self->subscribers_.erase(client); });
}

void LobbyFeed::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->publish_timer_.cancel(); });
}

}  // namespace arena
