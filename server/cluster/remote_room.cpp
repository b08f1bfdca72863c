#include "cluster/remote_room.hpp"

#include <chrono>

#include "cluster/cluster_codec.hpp"
#include "protocol/server_messages.hpp"
#include "util/metrics.hpp"

namespace arena {

namespace {

RoomCall named(RoomOp op) {
  RoomCall call;
  call.op = op;
  return call;
}

}  // namespace

std::size_t RemoteRoom::members() {
  std::lock_guard lock(mutex_);
  return members_.size();
}

std::vector<std::uint64_t> RemoteRoom::member_numbers() {
  std::lock_guard lock(mutex_);
  return {members_.begin(), members_.end()};
}

void RemoteRoom::member(std::uint64_t conn, bool in) {
  std::lock_guard lock(mutex_);
  if (in) members_.insert(conn);
  else members_.erase(conn);
}

void RemoteRoom::send(RoomCall& call, const std::shared_ptr<Client>& client, PlayerInfo player, nlohmann::json request_id) {
  call.room = id_;
  call.from = self_;
  call.conn = routes_.number(client);
  call.player = std::move(player);
  call.request_id = std::move(request_id);
  if (call.op == RoomOp::Join || call.op == RoomOp::Watch || call.op == RoomOp::Resync) member(call.conn, true);
  if (call.op == RoomOp::Leave) member(call.conn, false);
  auto start = std::chrono::steady_clock::now();
  bool sent = publish_(calls_subject(owner_), encode(call));
  Metrics::process().forwarded(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  if (sent) return pending_.sent({call.conn, call.request_id, id_, owner_, start});
  if (call.request_id.is_null()) return;
  client->send(make_frame(protocol::to_json(protocol::ErrorReply{
      protocol::ErrorCode::Internal, "the node serving this room cannot be reached; nothing changed", call.request_id, id_})));
}

void RemoteRoom::forward(RoomOp op, const std::shared_ptr<Client>& client, PlayerInfo player, nlohmann::json request_id) {
  RoomCall call = named(op);
  send(call, client, std::move(player), std::move(request_id));
}

void RemoteRoom::forward_yes(RoomOp op, bool yes, const std::shared_ptr<Client>& client, PlayerInfo player,
                             nlohmann::json request_id) {
  RoomCall call = named(op);
  call.yes = yes;
  send(call, client, std::move(player), std::move(request_id));
}

void RemoteRoom::join(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::Join, client, std::move(player), std::move(request_id));
}
void RemoteRoom::watch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::Watch, client, std::move(player), std::move(request_id));
}
void RemoteRoom::resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, std::int64_t chat_since,
                        nlohmann::json request_id) {
  RoomCall call = named(RoomOp::Resync);
  call.since = since;
  call.chat_since = chat_since;
  send(call, client, std::move(player), std::move(request_id));
}
void RemoteRoom::leave(std::shared_ptr<Client> client, nlohmann::json request_id) {
  forward(RoomOp::Leave, client, {}, std::move(request_id));
}
void RemoteRoom::play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, nlohmann::json request_id) {
  RoomCall call = named(RoomOp::Play);
  call.play = std::move(play);
  send(call, client, std::move(player), std::move(request_id));
}
void RemoteRoom::resign(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::Resign, client, std::move(player), std::move(request_id));
}
void RemoteRoom::offer_draw(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::OfferDraw, client, std::move(player), std::move(request_id));
}
void RemoteRoom::answer_draw(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) {
  forward_yes(RoomOp::AnswerDraw, accept, client, std::move(player), std::move(request_id));
}
void RemoteRoom::cancel(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::Cancel, client, std::move(player), std::move(request_id));
}
void RemoteRoom::abort(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::Abort, client, std::move(player), std::move(request_id));
}
void RemoteRoom::claim(std::shared_ptr<Client> client, PlayerInfo player, bool draw, nlohmann::json request_id) {
  forward_yes(RoomOp::Claim, draw, client, std::move(player), std::move(request_id));
}
void RemoteRoom::give_time(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::GiveTime, client, std::move(player), std::move(request_id));
}
void RemoteRoom::offer_takeback(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::OfferTakeback, client, std::move(player), std::move(request_id));
}
void RemoteRoom::answer_takeback(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) {
  forward_yes(RoomOp::AnswerTakeback, accept, client, std::move(player), std::move(request_id));
}
void RemoteRoom::premove(std::shared_ptr<Client> client, PlayerInfo player, std::optional<std::string> action,
                         nlohmann::json request_id) {
  RoomCall call = named(RoomOp::Premove);
  call.premove = std::move(action);
  send(call, client, std::move(player), std::move(request_id));
}
void RemoteRoom::conditional(std::shared_ptr<Client> client, PlayerInfo player, std::vector<std::string> line,
                             nlohmann::json request_id) {
  RoomCall call = named(RoomOp::Conditional);
  call.line = std::move(line);
  send(call, client, std::move(player), std::move(request_id));
}
void RemoteRoom::rematch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) {
  forward(RoomOp::Rematch, client, std::move(player), std::move(request_id));
}
void RemoteRoom::chat(std::shared_ptr<Client> client, PlayerInfo player, std::string text, nlohmann::json request_id) {
  RoomCall call = named(RoomOp::Chat);
  call.text = std::move(text);
  send(call, client, std::move(player), std::move(request_id));
}
void RemoteRoom::delete_chat(std::shared_ptr<Client> client, std::int64_t seq, AuditEntry audit, nlohmann::json request_id) {
  RoomCall call = named(RoomOp::DeleteChat);
  call.seq = seq;
  call.audit = std::move(audit);
  send(call, client, {}, std::move(request_id));
}

void RemoteRoom::disconnected(Client* client) {
  auto conn = routes_.find(client);
  if (!conn) return;  // it never reached the owner
  member(*conn, false);
  RoomCall call = named(RoomOp::Disconnected);
  call.room = id_;
  call.from = self_;
  call.conn = *conn;
  publish_(calls_subject(owner_), encode(call));
}

}  // namespace arena
