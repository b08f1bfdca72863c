#include "api/game_row.hpp"

namespace arena {

protocol::GameRow game_row(const RoomRecord& r) {
  auto seat = [](const std::optional<std::int64_t>& id, const std::string& name,
                 const std::string& kind) -> std::optional<protocol::PlayerRef> {
    if (!id) return std::nullopt;
    return protocol::PlayerRef{*id, name, std::nullopt, kind};
  };
  return {r.id,    r.options,  r.is_private, r.status,       seat(r.white, r.white_name, r.white_kind), seat(r.black, r.black_name, r.black_kind),
          r.plies, r.result,   r.reason,     r.created_at,   r.finished_at, r.clock, r.rated};
}

}  // namespace arena
