#pragma once
// The room-side rules of trust and safety (#34), kept out of the room so that
// it only asks: may this player chat here (the guest chat policy), may this
// player take the seat of a private invitation (the creator's blocks).
#include <optional>
#include <string>
#include <string_view>

#include "game/client.hpp"
#include "domain/store_basics.hpp"

namespace arena {

class BlockBook;
struct RoomRecord;
struct Refusal;

// --guest-chat: where guests may write. `casual` keeps them out of rated,
// ladder and event rooms, where the stakes invite impersonation and abuse.
enum class GuestChat { all, casual, none };
std::optional<GuestChat> parse_guest_chat(std::string_view text);
std::string_view guest_chat_name(GuestChat policy);

struct TrustRules {
  GuestChat guest_chat = GuestChat::casual;
  const BlockBook* blocks = nullptr;  // none: nobody blocks anybody

  // Why `player` may not chat in `room`, or nothing.
  std::optional<Refusal> chat_refusal(const PlayerInfo& player, const RoomRecord& room) const;
  // Why `player` may not take the free seat of `room`, or nothing: the
  // seated creator of a private invitation blocked them.
  std::optional<Refusal> join_refusal(const PlayerInfo& player, const RoomRecord& room) const;
};

}  // namespace arena
