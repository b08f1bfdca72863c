#pragma once
// What boardspace.net's game files of both games share (#44): a node's step
// and its words, numbers, the players' names and its way of writing a cell ("E 5"),
// for engine/src/gipf/boardspace.cpp and engine/src/yinsh/boardspace.cpp.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/sgf.hpp"
#include "engine/text.hpp"

namespace engine::boardspace {

inline std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

inline std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::string_view w : split(text, " \t\r\n"))
    if (!w.empty()) out.push_back(w);
  return out;
}

inline bool is_number(std::string_view w) {
  return !w.empty() && w.size() <= 9 && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "G" "11" at `at` -> "g11" (not yet checked against a board).
inline std::optional<std::string> cell_words(const std::vector<std::string_view>& w, std::size_t at) {
  if (at + 1 >= w.size() || w[at].size() != 1 || !is_number(w[at + 1])) return std::nullopt;
  return lower(w[at]) + std::string(w[at + 1]);
}

// "g11" -> "G 11", as boardspace writes a cell.
inline std::string cell_text(const std::string& name) {
  return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])))) + " " + name.substr(1);
}

// P0[id "ann"] -> ann
inline std::string player_name(std::string_view value) {
  auto w = trim(value);
  if (w.substr(0, 3) != "id ") return {};
  w = trim(w.substr(3));
  if (w.size() >= 2 && w.front() == '"' && w.back() == '"') w = w.substr(1, w.size() - 2);
  return std::string(w);
}

// A node's step: the player's property (P0 or P1), its words, and its number
// (a leading number is boardspace's place of the step in its history, else
// the node's `index`); none when the node has no player's property.
struct NodeStep {
  const SgfProperty* move = nullptr;
  std::vector<std::string_view> words;
  int number = 0;
};

inline std::optional<NodeStep> node_step(const SgfNode& node, int index) {
  for (const SgfProperty& p : node.properties) {
    if ((p.name != "P0" && p.name != "P1") || p.values.empty()) continue;
    NodeStep step{&p, words(p.values.front()), index};
    if (!step.words.empty() && is_number(step.words.front())) {
      step.number = std::stoi(std::string(step.words.front()));
      step.words.erase(step.words.begin());
    }
    return step;
  }
  return std::nullopt;
}

}  // namespace engine::boardspace
