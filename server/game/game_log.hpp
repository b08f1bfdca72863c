#pragma once
// The rooms' events, chat and index in the store: what replays a game and
// what finds one (the ports the store implements). The rules every port
// keeps: domain/store_basics.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "domain/audit_entry.hpp"
#include "domain/store_basics.hpp"
#include "game/room_records.hpp"
#include "protocol/room_types.hpp"

namespace arena {

struct RoomQuery {
  std::optional<protocol::RoomStatus> status;  // none: any
  int page = 1;                                // from 1
  int per_page = 20;
};

struct RoomPage {
  std::vector<RoomRecord> rooms;  // public rooms only, newest first
  std::int64_t total = 0;         // public rooms matching the query
};

// The rooms' events: what replays a game. Group commit: writes waiting at the
// same time may share one transaction, each reported durable after it.
class GameLog {
 public:
  virtual ~GameLog() = default;
  // The room's row and its first event, in one transaction.
  virtual void open_room(RoomRecord room, EventRecord first, StoreExecutor ex, StoreReply<EventWritten> reply) = 0;
  // The event and the row's change (a rating change with it), in one transaction.
  virtual void append(std::string room, EventRecord event, RoomChange change, StoreExecutor ex,
                      StoreReply<EventWritten> reply) = 0;
  // The same, for callers that need only to know it is durable.
  void create_room(RoomRecord room, EventRecord first, StoreExecutor ex, StoreDone done) {
    open_room(std::move(room), std::move(first), std::move(ex), [done = std::move(done)](Stored<EventWritten> r) { done(r.error); });
  }
  void append_event(std::string room, EventRecord event, RoomChange change, StoreExecutor ex, StoreDone done) {
    append(std::move(room), std::move(event), std::move(change), std::move(ex),
           [done = std::move(done)](Stored<EventWritten> r) { done(r.error); });
  }
  // Every event of the room, in order.
  virtual void events(std::string room, StoreExecutor ex, StoreReply<std::vector<EventRecord>> reply) = 0;
  // A chat message (seq the room's next); in order with the room's other
  // writes. With a fence (a node of several), refused unless that lease still
  // holds, as an event is (#42): an old owner's line never takes a seq.
  virtual void append_chat(std::string room, ChatRecord message, std::optional<LeaseFence> fence, StoreExecutor ex,
                           StoreDone done) = 0;
  // Marks the message deleted and writes the audit entry, in one transaction;
  // a message that does not exist is an error ("no chat message N"). Fenced as append_chat.
  virtual void delete_chat(std::string room, std::int64_t seq, AuditEntry audit, std::optional<LeaseFence> fence,
                           StoreExecutor ex, StoreDone done) = 0;
  // Every chat message of the room, in order, the deleted ones marked.
  virtual void chat(std::string room, StoreExecutor ex, StoreReply<std::vector<ChatRecord>> reply) = 0;
  // A seat's conditional line (#46) replaces the one stored; an empty line
  // deletes it. In order with the room's other writes; fenced as append_chat.
  virtual void save_conditional(std::string room, ConditionalRecord line, std::optional<LeaseFence> fence, StoreExecutor ex,
                                StoreDone done) = 0;
  // The room's conditional lines (at most one per seat).
  virtual void conditionals(std::string room, StoreExecutor ex, StoreReply<std::vector<ConditionalRecord>> reply) = 0;
};

// Finding rooms.
class GameIndex {
 public:
  virtual ~GameIndex() = default;
  virtual void find_room(std::string id, StoreExecutor ex, StoreReply<std::optional<RoomRecord>> reply) = 0;
  virtual void list_rooms(RoomQuery query, StoreExecutor ex, StoreReply<RoomPage> reply) = 0;
  // Open and live rooms, oldest first: what a restarting server loads.
  virtual void unfinished_rooms(StoreExecutor ex, StoreReply<std::vector<RoomRecord>> reply) = 0;
};

}  // namespace arena
