#pragma once
// Event scores and tie-breaks of issue #14, pure: win 1, draw ½, loss 0, a bye
// 1; Sonneborn–Berger and Buchholz from the list of results. Round robin ranks
// by score then Sonneborn–Berger; Swiss by score, Buchholz, then
// Sonneborn–Berger. Players are start numbers 1..n.
#include <span>
#include <string_view>
#include <vector>

namespace arena::event {

namespace tiebreak {
inline constexpr double kWin = 1.0;
inline constexpr double kDraw = 0.5;
inline constexpr double kLoss = 0.0;
// A bye scores as a win (issue #14); it adds nothing to Sonneborn–Berger or
// Buchholz: there is no opponent whose score could count.
inline constexpr double kByeScore = 1.0;
// Black's number in a bye result: no one (as round_robin::kBye).
inline constexpr int kBye = 0;
}  // namespace tiebreak

// White's score for a result token: "1-0" kWin, "0-1" kLoss, anything else (1/2-1/2) kDraw.
double white_score(std::string_view result);

// One finished game: white's score is kWin, kDraw or kLoss (black scores the
// rest). black == kBye: white had a bye (white_score is ignored).
struct GameResult {
  int white;
  int black;
  double white_score;
};

struct EventStanding {
  int player;               // start number
  double score = 0;         // points
  double sonneborn_berger = 0;  // Σ over games: the opponent's score × the points taken from them
  double buchholz = 0;          // Σ over games: the opponent's score
};

// The standing of every player 1..players (index player − 1) after `results`.
std::vector<EventStanding> event_standings(int players, std::span<const GameResult> results);

// Start numbers best first: by score, then Sonneborn–Berger, then start number.
std::vector<int> rank_round_robin(std::span<const EventStanding> standings);
// Start numbers best first: by score, then Buchholz, then Sonneborn–Berger, then start number.
std::vector<int> rank_swiss(std::span<const EventStanding> standings);

}  // namespace arena::event
