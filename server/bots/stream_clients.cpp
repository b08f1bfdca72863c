#include "bots/stream_clients.hpp"

#include <boost/asio/post.hpp>

#include "protocol/json_text.hpp"

namespace arena {

using nlohmann::json;

bool PendingLines::write(const json& line) {
  if (ended_) return true;
  std::string text = protocol::to_text(line);
  if (sink_) {
    sink_->line(std::move(text));
    return true;
  }
  if (pending_.size() >= kMaxPending) return false;
  pending_.push_back(std::move(text));
  return true;
}

void PendingLines::attach(std::shared_ptr<LineSink> sink) {
  sink_ = std::move(sink);
  for (auto& line : pending_) sink_->line(std::move(line));
  pending_.clear();
  if (ended_) sink_->end();
}

// The lines given so far are still written (a finished game's stream is its
// gameFull, then its end).
void PendingLines::end() {
  if (ended_) return;
  ended_ = true;
  if (sink_) sink_->end();
}

// ---- one game ----------------------------------------------------------------

GameStreamClient::GameStreamClient(std::shared_ptr<RoomEndpoint> room, PlayerInfo player, boost::asio::any_io_executor ex,
                                   std::chrono::milliseconds timeout, Opened opened)
    : room_(std::move(room)), player_(std::move(player)), ex_(ex), timer_(ex), timeout_(timeout), opened_(std::move(opened)) {}

void GameStreamClient::start() {
  timer_.expires_after(timeout_);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    std::lock_guard lock(self->mutex_);
    self->opened(CallAnswer{504, "timeout", "the room did not answer in time"});
  });
  room_->watch(shared_from_this(), player_, "stream");
}

void GameStreamClient::opened(std::optional<CallAnswer> refusal) {
  if (decided_) return;
  decided_ = true;
  if (refusal) ended_ = true;
  boost::asio::post(ex_, [self = shared_from_this(), refusal = std::move(refusal)] {
    self->timer_.cancel();
    if (refusal) self->room_->disconnected(self.get());
    auto opened = std::move(self->opened_);  // run once; what it holds (the request) goes with it
    self->opened_ = nullptr;
    opened(refusal);
  });
}

void GameStreamClient::attach(std::shared_ptr<LineSink> sink, std::function<void()> ended) {
  // The room holds its clients weakly: the stream keeps this one (the hook
  // is dropped once it ran, which ends the cycle).
  sink->on_end([self = shared_from_this(), ended = std::move(ended)] {
    if (ended) ended();
    {
      std::lock_guard lock(self->mutex_);
      self->ended_ = true;
    }
    self->room_->disconnected(self.get());
  });
  std::lock_guard lock(mutex_);
  out_.attach(std::move(sink));
}

void GameStreamClient::send(Frame frame) {
  json j = json::parse(*frame, nullptr, false);
  if (!j.is_object()) return;
  std::lock_guard lock(mutex_);
  if (ended_) return;
  if (!decided_) {
    const std::string type = protocol::text_field(j, "type");
    if (type == "error") {
      std::string code = protocol::text_field(j, "code");
      if (code.empty()) code = "internal";
      return opened(CallAnswer{http_status_of(code), code, protocol::text_field(j, "message")});
    }
    if (type != "room") return;
    const std::string you = protocol::text_field(j, "you");
    if (you != "white" && you != "black") return opened(CallAnswer{403, "not_your_game", "the token's account plays no seat in this game"});
    opened(std::nullopt);
  }
  for (const json& line : lines_.on_frame(j))
    if (!out_.write(line)) return end();
  if (lines_.over()) end();
}

void GameStreamClient::end() {
  if (ended_) return;
  ended_ = true;
  out_.end();
}

// The room went to another node, the player was banned, the server stops:
// the stream ends; a client opens it again (and gets gameFull where the room is now).
void GameStreamClient::disconnect(const char*) {
  std::lock_guard lock(mutex_);
  if (!decided_) return opened(CallAnswer{503, "unavailable", "the room moved or the server is stopping: try again"});
  end();
}

// ---- the account's events ----------------------------------------------------

void EventStreamClient::attach(std::shared_ptr<LineSink> sink, const std::vector<protocol::PlayerChallengeView>& open) {
  std::lock_guard lock(mutex_);
  out_.attach(std::move(sink));
  for (const json& line : lines_.opening(open)) out_.write(line);
}

void EventStreamClient::send(Frame frame) {
  json j = json::parse(*frame, nullptr, false);
  if (!j.is_object()) return;
  std::lock_guard lock(mutex_);
  for (const json& line : lines_.on_frame(j))
    if (!out_.write(line)) return out_.end();
}

void EventStreamClient::disconnect(const char*) {
  std::lock_guard lock(mutex_);
  out_.end();
}

}  // namespace arena
