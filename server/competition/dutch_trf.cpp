#include "competition/dutch_trf.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>
#include <unordered_set>
#include <vector>

namespace arena::event::dutch {
namespace {

constexpr std::size_t kFirstEntryColumn = 91;  // 0-based column 92
constexpr std::size_t kEntryWidth = 10;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<int> number(std::string_view s) {
  s = trim(s);
  int value = 0;
  if (s.empty()) return std::nullopt;
  auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (error != std::errc{} || end != s.data() + s.size() || value < 0) return std::nullopt;
  return value;
}

std::string_view column(std::string_view line, std::size_t from, std::size_t width) {
  if (from >= line.size()) return {};
  return line.substr(from, width);
}

[[noreturn]] void fail(int line_number, const std::string& what) {
  throw TrfError("line " + std::to_string(line_number) + ": " + what);
}

RoundEntry read_entry(std::string_view text, int line_number, int round) {
  auto where = [&] { return "round " + std::to_string(round + 1) + ": "; };
  RoundEntry entry;
  auto opponent = number(column(text, 0, 4));
  if (!opponent) fail(line_number, where() + "the opponent is not a start number");
  entry.opponent = *opponent;
  char colour = text.size() > 5 ? text[5] : ' ';
  char result = text.size() > 7 ? text[7] : ' ';
  if (colour == 'w' || colour == 'W') entry.colour = Colour::white;
  else if (colour == 'b' || colour == 'B') entry.colour = Colour::black;
  else if (colour != '-' && colour != ' ') fail(line_number, where() + "colour '" + std::string(1, colour) + "' is not w, b or -");
  switch (result) {
    case '1': case 'W': entry.half_points = 2; entry.played = true; break;
    case '=': case 'D': entry.half_points = 1; entry.played = true; break;
    case '0': case 'L': entry.half_points = 0; entry.played = true; break;
    case '+': entry.half_points = 2; break;
    case '-': entry.half_points = 0; break;
    case 'U': entry.half_points = 2; entry.pairing_bye = true; break;
    case 'F': entry.half_points = 2; break;
    case 'H': entry.half_points = 1; break;
    case 'Z': case ' ': entry.half_points = 0; break;
    default: fail(line_number, where() + "result '" + std::string(1, result) + "' is not a TRF result code");
  }
  if (entry.played && (entry.opponent == 0 || entry.colour == Colour::none))
    fail(line_number, where() + "a played game needs an opponent and a colour");
  if (!entry.played) {
    if (entry.pairing_bye || result == 'F' || result == 'H' || result == 'Z' || result == ' ') entry.opponent = 0;
    if (entry.opponent == 0) entry.colour = Colour::none;
  }
  return entry;
}

}  // namespace

Tournament read_trf(std::string_view text) {
  Tournament tournament;
  std::unordered_set<int> numbers;
  int line_number = 0;
  bool total_given = false;
  while (!text.empty()) {
    std::size_t end = text.find_first_of("\r\n");
    std::string_view line = text.substr(0, end);
    if (end == std::string_view::npos) {
      text = {};
    } else {
      bool crlf = text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n';
      text.remove_prefix(end + (crlf ? 2 : 1));
    }
    ++line_number;
    if (line.starts_with("001")) {
      Player player;
      auto start = number(column(line, 4, 4));
      if (!start || *start == 0) fail(line_number, "the start number (columns 5-8) is missing");
      if (!numbers.insert(*start).second) fail(line_number, "start number " + std::to_string(*start) + " appears twice");
      player.start_number = *start;
      for (std::size_t from = kFirstEntryColumn; from < line.size(); from += kEntryWidth) {
        std::string_view entry = column(line, from, kEntryWidth - 2);
        if (trim(entry).empty()) break;
        player.rounds.push_back(read_entry(entry, line_number, static_cast<int>(player.rounds.size())));
      }
      tournament.players.push_back(std::move(player));
    } else if (line.starts_with("XXR")) {
      auto rounds = number(line.substr(3));
      if (!rounds || *rounds == 0) fail(line_number, "XXR needs the number of rounds");
      tournament.total_rounds = *rounds;
      total_given = true;
    } else if (line.starts_with("XXC")) {
      std::string_view rest = line.substr(3);
      if (rest.find("black1") != std::string_view::npos) tournament.first_colour = Colour::black;
      else if (rest.find("white1") != std::string_view::npos) tournament.first_colour = Colour::white;
    }
  }
  if (tournament.players.empty()) throw TrfError("no player lines (001)");
  int played = 0;
  for (const auto& player : tournament.players) played = std::max(played, static_cast<int>(player.rounds.size()));
  if (!total_given) tournament.total_rounds = played + 1;
  if (tournament.total_rounds <= played)
    throw TrfError("XXR " + std::to_string(tournament.total_rounds) + ": " + std::to_string(played) +
                   " rounds are already played, none is left to pair");
  for (const auto& player : tournament.players)
    for (std::size_t r = 0; r < player.rounds.size(); ++r) {
      int opponent = player.rounds[r].opponent;
      if (opponent == 0) continue;
      if (!numbers.contains(opponent) || opponent == player.start_number)
        throw TrfError("player " + std::to_string(player.start_number) + ", round " + std::to_string(r + 1) +
                       ": opponent " + std::to_string(opponent) + " is not another player");
    }
  return tournament;
}

namespace {

char result_code(const RoundEntry& entry) {
  if (entry.pairing_bye) return 'U';
  if (entry.opponent == 0) return entry.half_points == 2 ? 'F' : entry.half_points == 1 ? 'H' : 'Z';
  if (!entry.played) return entry.half_points == 2 ? '+' : '-';
  return entry.half_points == 2 ? '1' : entry.half_points == 1 ? '=' : '0';
}

std::string entry_text(const RoundEntry& entry) {
  char buffer[16];
  const char colour = entry.colour == Colour::white ? 'w' : entry.colour == Colour::black ? 'b' : '-';
  // No opponent is "0000", as FIDE's programs write it.
  if (entry.opponent == 0) std::snprintf(buffer, sizeof buffer, "  0000 %c %c", colour, result_code(entry));
  else std::snprintf(buffer, sizeof buffer, "  %4d %c %c", entry.opponent, colour, result_code(entry));
  return buffer;
}

std::string clean_name(std::string_view name) {
  std::string out;
  for (char c : name.substr(0, 33)) out += (c == '\r' || c == '\n') ? ' ' : c;
  return out;
}

}  // namespace

std::string write_trf(const Tournament& tournament, std::string_view event_name,
                      const std::vector<TrfPlayerInfo>& info) {
  std::vector<int> points(tournament.players.size(), 0);
  std::vector<std::size_t> order(tournament.players.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    order[i] = i;
    for (const auto& entry : tournament.players[i].rounds) points[i] += entry.half_points;
  }
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return points[a] != points[b] ? points[a] > points[b]
                                  : tournament.players[a].start_number < tournament.players[b].start_number;
  });
  std::vector<int> rank(order.size());
  for (std::size_t r = 0; r < order.size(); ++r) rank[order[r]] = static_cast<int>(r + 1);
  std::string out = "012 " + clean_name(event_name) + "\r\n";
  for (std::size_t i = 0; i < tournament.players.size(); ++i) {
    const Player& player = tournament.players[i];
    const std::size_t at = static_cast<std::size_t>(player.start_number - 1);
    const TrfPlayerInfo about = at < info.size() ? info[at] : TrfPlayerInfo{};
    char head[128];
    // Columns: 1-3 "001", 5-8 start number, 15-47 name, 49-52 rating,
    // 81-84 points, 86-89 rank; the round entries start at column 92.
    std::snprintf(head, sizeof head, "001 %4d      %-33s %4d%28s%4.1f %4d", player.start_number,
                  clean_name(about.name).c_str(), std::clamp(about.rating, 0, 9999), "", points[i] / 2.0, rank[i]);
    std::string line = head;
    line.resize(kFirstEntryColumn - 2, ' ');
    for (const auto& entry : player.rounds) line += entry_text(entry);
    out += line + "\r\n";
  }
  out += "XXR " + std::to_string(tournament.total_rounds) + "\r\n";
  out += tournament.first_colour == Colour::black ? "XXC black1\r\n" : "XXC white1\r\n";
  return out;
}

std::vector<Board> boards_of_round(const Tournament& tournament, int round) {
  std::vector<Board> boards;
  for (const auto& player : tournament.players) {
    if (round >= static_cast<int>(player.rounds.size())) continue;
    const auto& entry = player.rounds[round];
    if (entry.pairing_bye) boards.push_back({player.start_number, 0});
    else if (entry.opponent > 0 && entry.colour == Colour::white) boards.push_back({player.start_number, entry.opponent});
  }
  std::sort(boards.begin(), boards.end(), [](const Board& a, const Board& b) { return a.white < b.white; });
  return boards;
}

Tournament cut_after(const Tournament& tournament, int rounds) {
  Tournament cut = tournament;
  for (auto& player : cut.players)
    if (static_cast<int>(player.rounds.size()) > rounds) player.rounds.resize(rounds);
  return cut;
}

}  // namespace arena::event::dutch
