#include "bots/bot_call.hpp"

#include <boost/asio/post.hpp>

#include "protocol/bot_messages.hpp"  // text_field

namespace arena {

using nlohmann::json;

int http_status_of(const std::string& code) {
  if (code == "not_found") return 404;
  if (code == "rate_limited" || code == "too_many_rooms" || code == "too_many_challenges" || code == "too_many_tokens" ||
      code == "too_many_games")
    return 429;
  if (code == "not_a_player" || code == "forbidden" || code == "muted" || code == "blocked" || code == "not_your_game")
    return 403;
  if (code == "not_open" || code == "already_challenged" || code == "already_bot" || code == "has_played") return 409;
  if (code == "internal") return 500;
  if (code == "unavailable") return 503;
  if (code == "node_timeout" || code == "timeout") return 504;
  return 400;
}

BotCall::BotCall(std::shared_ptr<RoomEndpoint> room, PlayerInfo player, CallRequest request, boost::asio::any_io_executor ex,
                   std::chrono::milliseconds timeout, Done done)
    : room_(std::move(room)),
      player_(std::move(player)),
      request_(std::move(request)),
      ex_(ex),
      timer_(ex),
      timeout_(timeout),
      done_(std::move(done)) {}

void BotCall::start() {
  // The timer is touched on ex_ only (start() runs there, finish() posts there).
  timer_.expires_after(timeout_);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    std::lock_guard lock(self->mutex_);
    self->finish({504, "timeout", "the room did not answer in time: look at the game's stream before trying again"});
  });
  room_->watch(shared_from_this(), player_, "watch");
}

void BotCall::send(Frame frame) {
  json j = json::parse(*frame, nullptr, false);
  if (!j.is_object()) return;
  std::lock_guard lock(mutex_);
  if (!finished_) on_frame(j);
}

void BotCall::disconnect(const char*) {
  std::lock_guard lock(mutex_);
  finish({503, "unavailable", "the room moved or the server is stopping: try again"});
}

void BotCall::on_frame(const json& frame) {
  const std::string type = protocol::text_field(frame, "type");
  if (type == "error") {
    std::string code = protocol::text_field(frame, "code");
    return finish({http_status_of(code), code, protocol::text_field(frame, "message")});
  }
  if (type == "room") {
    you_ = protocol::text_field(frame, "you");
    if (you_ != "white" && you_ != "black")
      return finish({403, "not_your_game", "the token's account plays no seat in this game"});
    seated_ = true;
    ply_ = frame.value("ply", std::int64_t{0});
    seen_seq_ = frame.value("seq", std::int64_t{0});
    draw_offer_ = protocol::text_field(frame, "draw_offer");
    return next();
  }
  if (type == "event") {
    seen_seq_ = std::max(seen_seq_, frame.value("seq", std::int64_t{0}));
    ply_ = frame.value("ply", ply_);
    if (waiting_seq_ >= 0 && seen_seq_ >= waiting_seq_) next();
    return;
  }
  if (type == "ack" && seated_ && protocol::text_field(frame, "id") == "call" + std::to_string(sent_)) {
    waiting_seq_ = frame.value("seq", std::int64_t{0});
    if (frame.value("duplicate", false) || seen_seq_ >= waiting_seq_ || request_.kind == CallRequest::Kind::Chat) next();
  }
}

void BotCall::next() {
  waiting_seq_ = -1;
  const bool actions = request_.kind == CallRequest::Kind::Actions;
  if (sent_ > 0 && (!actions || sent_ >= request_.actions.size()))
    return finish({200, {}, {}, {{"ok", true}, {"ply", ply_}, {"seq", seen_seq_}}});
  ++sent_;
  // Sent from the request's executor, never under the lock: a room on this
  // strand may answer at once, into send().
  boost::asio::post(ex_, [self = shared_from_this(), n = sent_, offer = draw_offer_] {
    json id = "call" + std::to_string(n);
    RoomEndpoint& room = *self->room_;
    const PlayerInfo& player = self->player_;
    std::int64_t ply;
    {
      std::lock_guard lock(self->mutex_);
      if (self->finished_) return;
      ply = self->ply_;
    }
    switch (self->request_.kind) {
      case CallRequest::Kind::Actions:
        return room.play(self, player, protocol::Play{room.id(), ply, self->request_.actions[n - 1], std::nullopt}, id);
      case CallRequest::Kind::Resign: return room.resign(self, player, id);
      case CallRequest::Kind::Abort: return room.abort(self, player, id);
      case CallRequest::Kind::DrawYes:
        // An offer of the opponent's is accepted; otherwise this is an offer.
        if (!offer.empty() && offer != self->you_) return room.answer_draw(self, player, true, id);
        return room.offer_draw(self, player, id);
      case CallRequest::Kind::DrawNo: return room.answer_draw(self, player, false, id);
      case CallRequest::Kind::ClaimVictory: return room.claim(self, player, false, id);
      case CallRequest::Kind::ClaimDraw: return room.claim(self, player, true, id);
      case CallRequest::Kind::Chat: return room.chat(self, player, self->request_.text, id);
    }
  });
}

void BotCall::finish(CallAnswer answer) {
  if (finished_) return;
  finished_ = true;
  // Answered outside the lock and off the room's strand; the room forgets this client.
  boost::asio::post(ex_, [self = shared_from_this(), answer = std::move(answer)]() mutable {
    self->timer_.cancel();
    self->room_->disconnected(self.get());
    self->done_(std::move(answer));
  });
}

}  // namespace arena
