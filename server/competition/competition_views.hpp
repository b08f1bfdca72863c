#pragma once
// What the ladder and event pages show, from the store's records, as of
// `now`: the ladder's order with its activity applied, the ratings with
// their inactivity, whom the viewer may challenge; an event's standings with
// tie-breaks and its rounds. Pure: no store, no I/O.
#include <cstdint>
#include <optional>

#include "protocol/competition_messages.hpp"
#include "competition/competition_store.hpp"

namespace arena {

class BlockBook;

protocol::LadderView ladder_view(const LadderRecord& ladder);
protocol::ChallengeView challenge_view(const ChallengeRecord& challenge);
// `viewer`: the player id of the signed-in viewer, if any.
// `blocks`: the players who blocked the viewer are not in its may_challenge
// (the challenge would be refused: #43).
protocol::LadderPage ladder_page(const LadderDetail& detail, std::optional<std::int64_t> viewer, std::int64_t now,
                                 const BlockBook* blocks = nullptr);

protocol::EventView event_view(const TournamentRecord& tournament);
protocol::EventPage event_page(const TournamentDetail& detail, std::optional<std::int64_t> viewer);

}  // namespace arena
