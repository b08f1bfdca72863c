#pragma once
// An event as FIDE's Dutch system and TRF files see it: for pairing its next
// Swiss round (sql_tournament_queries.cpp) and for GET /api/events/ID/trf.
#include <string>

#include "competition/dutch_pairing.hpp"
#include "competition/competition_store.hpp"

namespace arena {

// The event's first `rounds` rounds, one entry per player and round. A
// forfeit is not a played game (no colour, no rematch barred); a bye is the
// pairing-allocated bye; a round a player missed is an unpaired round; a game
// without a result yet counts no points. Withdrawn players are marked absent
// (not paired, still counted for their opponents' floats) unless
// `withdrawn_too`.
event::dutch::Tournament dutch_tournament(const TournamentDetail& d, int rounds, bool withdrawn_too);

// The event as TRF-2026 (every player, the rounds whose results are all in),
// for `gipf-arena pair --dutch` or any FIDE program.
std::string event_trf(const TournamentDetail& d);

}  // namespace arena
