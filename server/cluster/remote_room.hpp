#pragma once
// A room another node owns, as this node's connections see it (#30): every
// RoomEndpoint call becomes a RoomCall published to the owner's call subject,
// and the owner's room answers the connection itself, through the bus (its
// frames come back on this node's frame subject, see RoomRelay). The client
// cannot tell: the same acks, errors, duplicates and events, in order, as the
// publications of one node to another keep their order.
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "cluster/connection_routes.hpp"
#include "cluster/pending_calls.hpp"
#include "game/room_endpoint.hpp"

namespace arena {

struct RoomCall;
enum class RoomOp;  // (cluster/cluster_codec.hpp)

// Sends `data` on `subject`; false if the bus refused it.
using Publish = std::function<bool(const std::string& subject, std::string data)>;

// The subjects nodes talk on.
inline std::string calls_subject(const std::string& node) { return "arena.node." + node + ".calls"; }
inline std::string frames_subject(const std::string& node) { return "arena.node." + node + ".frames"; }
inline const std::string kLobbySubject = "arena.lobby";
inline const std::string kLobbyHelloSubject = "arena.lobby.hello";
inline const std::string kPlayersSubject = "arena.players";
inline const std::string kLoginsSubject = "arena.logins";
inline const std::string kRoomsMovedSubject = "arena.rooms.moved";
inline const std::string kNodesAliveSubject = "arena.nodes.alive";

class RemoteRoom final : public RoomEndpoint {
 public:
  // `pending`: where each call with a request id waits for its answer (#42).
  RemoteRoom(std::string id, std::string owner, std::string self, ConnectionRoutes& routes, PendingCalls& pending,
             Publish publish)
      : id_(std::move(id)),
        owner_(std::move(owner)),
        self_(std::move(self)),
        routes_(routes),
        pending_(pending),
        publish_(std::move(publish)) {}

  const std::string& id() const override { return id_; }
  const std::string& owner() const { return owner_; }
  // How many of this node's connections are in the room (joined, watching, resynced).
  std::size_t members();
  // Their connections' numbers (ConnectionRoutes).
  std::vector<std::uint64_t> member_numbers();

  void join(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void watch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void resync(std::shared_ptr<Client> client, PlayerInfo player, std::int64_t since, std::int64_t chat_since,
              nlohmann::json request_id) override;
  void leave(std::shared_ptr<Client> client, nlohmann::json request_id) override;
  void play(std::shared_ptr<Client> client, PlayerInfo player, protocol::Play play, nlohmann::json request_id) override;
  void resign(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void offer_draw(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void answer_draw(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) override;
  void cancel(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void abort(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void claim(std::shared_ptr<Client> client, PlayerInfo player, bool draw, nlohmann::json request_id) override;
  void give_time(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void offer_takeback(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void answer_takeback(std::shared_ptr<Client> client, PlayerInfo player, bool accept, nlohmann::json request_id) override;
  void premove(std::shared_ptr<Client> client, PlayerInfo player, std::optional<std::string> action,
               nlohmann::json request_id) override;
  void conditional(std::shared_ptr<Client> client, PlayerInfo player, std::vector<std::string> line,
                   nlohmann::json request_id) override;
  void rematch(std::shared_ptr<Client> client, PlayerInfo player, nlohmann::json request_id) override;
  void chat(std::shared_ptr<Client> client, PlayerInfo player, std::string text, nlohmann::json request_id) override;
  void delete_chat(std::shared_ptr<Client> client, std::int64_t seq, AuditEntry audit, nlohmann::json request_id) override;
  void disconnected(Client* client) override;

 private:
  // Fills in the room, this node and the connection's number, and sends it;
  // a call the bus refused is answered here, as a room would answer a failed write.
  void send(RoomCall& call, const std::shared_ptr<Client>& client, PlayerInfo player, nlohmann::json request_id);
  // A call with nothing but the player and the request's id.
  void forward(RoomOp op, const std::shared_ptr<Client>& client, PlayerInfo player, nlohmann::json request_id);
  // The same with a yes or no (an answer's accept, a claim's draw).
  void forward_yes(RoomOp op, bool yes, const std::shared_ptr<Client>& client, PlayerInfo player, nlohmann::json request_id);
  void member(std::uint64_t conn, bool in);

  std::string id_, owner_, self_;
  ConnectionRoutes& routes_;
  PendingCalls& pending_;
  Publish publish_;
  std::mutex mutex_;
  std::set<std::uint64_t> members_;
};

}  // namespace arena
