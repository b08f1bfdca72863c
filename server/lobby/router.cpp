#include "lobby/router.hpp"

#include <spdlog/spdlog.h>

#include "protocol/overloaded.hpp"

#include "util/secure_random.hpp"

namespace arena {
namespace {

using protocol::ErrorCode;
using nlohmann::json;

}  // namespace

void Router::Request::error(ErrorCode code, const std::string& message) const {
  send(protocol::to_json(protocol::ErrorReply{code, message, id, std::nullopt}));
}

void Router::handle(const std::shared_ptr<Client>& client, ClientState& connection, StoreExecutor ex,
                    const protocol::Incoming& incoming, std::function<void()> resume) {
  Request r{client, connection, std::move(ex), incoming.id, std::move(resume)};
  if (!connection.identified && !std::holds_alternative<protocol::Hello>(incoming.message)) {
    r.error(ErrorCode::NotIdentified, "send hello first");
    return r.resume();
  }
  std::visit([&](const auto& m) { on(r, m); }, incoming.message);
}

void Router::disconnected(Client* client, ClientState& connection) {
  feed_.unsubscribe(client);
  if (connection.identified) {
    connections_.remove(connection.player.id, client);
    seeks_.disconnected(client, connection.player.id);  // its seek leaves the pool (#46)
  }
  for (auto& weak : connection.rooms)
    if (auto room = weak.lock()) room->disconnected(client);
  connection.rooms.clear();
}

void Router::remember(ClientState& connection, const std::shared_ptr<RoomEndpoint>& room) {
  for (auto& r : connection.rooms)
    if (r.lock() == room) return;
  std::erase_if(connection.rooms, [](auto& r) { return r.expired(); });
  connection.rooms.push_back(room);
}

void Router::on(const Request& r, const protocol::Hello& m) {
  if (m.protocol != protocol::kVersion) {
    r.error(ErrorCode::UnsupportedVersion, "this server speaks protocol " + std::to_string(protocol::kVersion));
    return r.resume();
  }
  if (r.connection.identified) {
    r.error(ErrorCode::BadMessage, "already identified");
    return r.resume();
  }
  identities_.hello(m, r.connection.session, r.connection.address, r.ex, [this, r](IdentityService::Answer answer) {
    if (auto* welcome = std::get_if<protocol::Welcome>(&answer)) {
      // A ban decided while this hello was read: the player may not come in.
      if (!connections_.add(welcome->player.id, r.client, welcome->account ? r.connection.session : "", clock_())) {
        r.error(ErrorCode::Forbidden, "this account is banned");
        r.client->disconnect("banned");
        return r.resume();
      }
      r.connection.identified = true;
      r.connection.player = {welcome->player.id, welcome->player.name, welcome->account.has_value(), welcome->player.kind};
      r.connection.account = welcome->account;
      welcome->id = r.id;
      r.send(protocol::to_json(*welcome));
    } else {
      auto& error = std::get<protocol::ErrorReply>(answer);
      error.id = r.id;
      r.send(protocol::to_json(error));
    }
    r.resume();
  });
}

void Router::on(const Request& r, const protocol::SetName& m) {
  if (r.connection.account) {
    r.error(ErrorCode::Forbidden, "an account plays under its username");
    return r.resume();
  }
  identities_.rename(r.connection.player.id, m.name, r.ex, [r, name = m.name](std::optional<protocol::ErrorReply> error) {
    if (error) {
      r.error(error->code, error->message);
    } else {
      r.connection.player.name = name;
      r.send(protocol::to_json(protocol::NameSet{name, r.id}));
    }
    r.resume();
  });
}

void Router::on(const Request& r, const protocol::LobbySubscribe&) {
  feed_.subscribe(r.client, r.connection.player.id, r.id);
  r.resume();
}

void Router::on(const Request& r, const protocol::Ping&) {
  r.send(protocol::to_json(protocol::Pong{r.id}));
  r.resume();
}

void Router::on(const Request& r, const protocol::CreateRoom& m) {
  if (r.connection.account && r.connection.account->bot) {
    r.error(ErrorCode::Forbidden, "a bot plays challenges only (PROTOCOL.md, Bot and board API)");
    return r.resume();
  }
  engine::GameOptions options{m.game, m.variant, m.white_extra, m.black_extra};
  engine::Color seat = m.color == "white"   ? engine::Color::White
                       : m.color == "black" ? engine::Color::Black
                       : random_bool()      ? engine::Color::White
                                            : engine::Color::Black;
  auto created = [r](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
    if (!room) {
      r.error(refusal->code, refusal->message);
      return r.resume();
    }
    spdlog::debug("event=room_created room={}", room->id());
    r.send(protocol::to_json(protocol::RoomCreated{room->id(), r.id}));
    remember(r.connection, room);
    room->join(r.client, r.connection.player, nullptr);  // the creator's own seat: a snapshot
    r.resume();
  };
  if (!m.bot)
    return directory_.create(r.connection.player, options, m.clock, m.is_private, m.rated, seat, r.ex, created, std::nullopt,
                             RatingRange{m.rating_min, m.rating_max});
  auto bot = computer_.player(m.bot);
  std::optional<Refusal> refusal = bot ? computer_.refusal(r.connection.player.id)
                                       : Refusal{ErrorCode::Internal, "the computer has no player of this level here"};
  if (refusal) {
    r.error(refusal->code, refusal->message);
    return r.resume();
  }
  directory_.open_bot_game(r.connection.player, *bot, options, m.clock, m.is_private, seat, r.ex, created);
}

// Quick pairing's answer to the request: its message, or its refusal; then the next message is read.
SeekService::Answer Router::answer_to(const Request& r) {
  return [r](std::optional<Refusal> refusal, nlohmann::json answer) {
    if (refusal)
      r.error(refusal->code, refusal->message);
    else
      r.send(answer);
    r.resume();
  };
}

void Router::on(const Request& r, const protocol::Seek& m) {
  const bool bot = r.connection.account && r.connection.account->bot;
  seeks_.seek(r.client.get(), r.connection.player, bot, m, r.id, r.ex, answer_to(r));
}

void Router::on(const Request& r, const protocol::SeekCancel&) {
  seeks_.cancel(r.connection.player.id, r.id, r.ex, answer_to(r));
}

template <class RoomMessage>
void Router::on(const Request& r, const RoomMessage& m) {
  if (auto refusal = refuse(r.connection, m)) {
    r.send(protocol::to_json(protocol::ErrorReply{refusal->code, refusal->message, r.id, m.room}));
    return r.resume();
  }
  // The rooms this connection is in answer without asking the directory.
  for (auto& weak : r.connection.rooms) {
    auto room = weak.lock();
    if (room && room->id() == m.room) {
      to_room(r, *room, m);
      return r.resume();
    }
  }
  // The room wherever it is served: here, or through the node that serves it.
  directory_.find_endpoint(m.room, r.ex, [r, m](std::shared_ptr<RoomEndpoint> room, Lookup lookup) {
    if (!room) {
      protocol::ErrorReply error{ErrorCode::NotFound, "no room '" + m.room + "'", r.id, m.room};
      if (lookup == Lookup::Damaged) error = {ErrorCode::Internal, "the stored game is damaged and cannot be shown", r.id, m.room};
      if (lookup == Lookup::Failed) error = {ErrorCode::Internal, "the server could not store or read this; nothing changed", r.id, m.room};
      r.send(protocol::to_json(error));
      return r.resume();
    }
    to_room(r, *room, m);
    if constexpr (std::is_same_v<RoomMessage, protocol::JoinRoom> || std::is_same_v<RoomMessage, protocol::Watch> ||
                  std::is_same_v<RoomMessage, protocol::Resync>)
      remember(r.connection, room);
    r.resume();
  });
}

template <class RoomMessage>
std::optional<Refusal> Router::refuse(const ClientState& connection, const RoomMessage&) {
  if constexpr (std::is_same_v<RoomMessage, protocol::Chat>) {
    std::int64_t now = clock_();
    if (std::int64_t until = connections_.muted_until(connection.player.id, now))
      return Refusal{ErrorCode::Muted, "you are muted for " + std::to_string((until - now + 59999) / 60000) +
                                           " more minutes (until " + std::to_string(until) + " ms since the epoch)"};
  }
  if constexpr (std::is_same_v<RoomMessage, protocol::JoinRoom>) {
    // A bot takes no seat in the lobby: it plays the games it accepted (#45).
    if (connection.account && connection.account->bot) return Refusal{ErrorCode::Forbidden, "a bot plays challenges only"};
  }
  if constexpr (std::is_same_v<RoomMessage, protocol::DeleteChat>) {
    if (!connection.account || connection.account->role < protocol::Role::Moderator)
      return Refusal{ErrorCode::Forbidden, "only moderators delete chat messages"};
  }
  return std::nullopt;
}

void Router::to_room(const Request& r, RoomEndpoint& room, const protocol::ClientMessage& message) {
  const PlayerInfo& player = r.connection.player;
  std::visit(protocol::Overloaded{
                 [&](const protocol::JoinRoom&) { room.join(r.client, player, r.id); },
                 [&](const protocol::Watch&) { room.watch(r.client, player, r.id); },
                 [&](const protocol::Resync& m) { room.resync(r.client, player, m.since, m.chat_since, r.id); },
                 [&](const protocol::Leave&) { room.leave(r.client, r.id); },
                 [&](const protocol::Play& m) { room.play(r.client, player, m, r.id); },
                 [&](const protocol::Resign&) { room.resign(r.client, player, r.id); },
                 [&](const protocol::DrawOffer&) { room.offer_draw(r.client, player, r.id); },
                 [&](const protocol::DrawAnswer& m) { room.answer_draw(r.client, player, m.accept, r.id); },
                 [&](const protocol::CancelRoom&) { room.cancel(r.client, player, r.id); },
                 [&](const protocol::Abort&) { room.abort(r.client, player, r.id); },
                 [&](const protocol::Claim& m) { room.claim(r.client, player, m.draw, r.id); },
                 [&](const protocol::GiveTime&) { room.give_time(r.client, player, r.id); },
                 [&](const protocol::TakebackOffer&) { room.offer_takeback(r.client, player, r.id); },
                 [&](const protocol::TakebackAnswer& m) { room.answer_takeback(r.client, player, m.accept, r.id); },
                 [&](const protocol::Premove& m) { room.premove(r.client, player, m.action, r.id); },
                 [&](const protocol::Conditional& m) { room.conditional(r.client, player, m.line, r.id); },
                 [&](const protocol::Rematch&) { room.rematch(r.client, player, r.id); },
                 [&](const protocol::Chat& m) { room.chat(r.client, player, m.text, r.id); },
                 [&](const protocol::DeleteChat& m) {
                   // A moderator's command: audited with who and from where (refuse() checked the role).
                   AuditEntry audit{r.connection.account->id, "delete_chat", m.room, "{}", r.connection.address, 0};
                   room.delete_chat(r.client, m.seq, std::move(audit), r.id);
                 },
                 [](const auto&) {},  // lobby messages never name a room
             },
             message);
}

}  // namespace arena
