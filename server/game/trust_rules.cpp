#include "game/trust_rules.hpp"

#include "domain/block_book.hpp"
#include "game/authority.hpp"

namespace arena {

std::optional<GuestChat> parse_guest_chat(std::string_view text) {
  if (text == "all") return GuestChat::all;
  if (text == "casual") return GuestChat::casual;
  if (text == "none") return GuestChat::none;
  return std::nullopt;
}

std::string_view guest_chat_name(GuestChat policy) {
  switch (policy) {
    case GuestChat::all: return "all";
    case GuestChat::none: return "none";
    default: return "casual";
  }
}

std::optional<Refusal> TrustRules::chat_refusal(const PlayerInfo& player, const RoomRecord& room) const {
  if (player.account) return std::nullopt;
  if (guest_chat == GuestChat::none)
    return Refusal{protocol::ErrorCode::GuestChatOff, "guests may not chat on this server: sign in to chat"};
  if (guest_chat == GuestChat::casual && (room.rated || room.competition))
    return Refusal{protocol::ErrorCode::GuestChatOff, "guests may not chat in rated, ladder and event games: sign in to chat"};
  return std::nullopt;
}

std::optional<Refusal> TrustRules::join_refusal(const PlayerInfo& player, const RoomRecord& room) const {
  if (!blocks || !room.is_private) return std::nullopt;
  for (const auto& seat : {room.white, room.black})
    if (seat && *seat != player.id && blocks->blocks(*seat, player.id))
      return Refusal{protocol::ErrorCode::Blocked, "this player does not take invitations from you"};
  return std::nullopt;
}

bool Client::hides(std::int64_t writer) const {
  const BlockBook* book = book_.load();
  std::int64_t viewer = viewer_.load();
  return book && viewer != 0 && book->blocks(viewer, writer);
}

}  // namespace arena
