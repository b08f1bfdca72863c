#include "engine/record.hpp"

#include <cctype>
#include <charconv>

namespace engine {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// [Name "value"] with \" and \\ escapes in the value.
bool parse_tag(std::string_view line, RecordTag& tag) {
  if (line.size() < 2 || line.front() != '[' || line.back() != ']') return false;
  line = trim(line.substr(1, line.size() - 2));
  std::size_t i = 0;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  if (i == 0) return false;
  tag.name = std::string(line.substr(0, i));
  while (i < line.size() && is_space(line[i])) ++i;
  if (i >= line.size() || line[i] != '"') return false;
  tag.value.clear();
  for (++i; i < line.size(); ++i) {
    char c = line[i];
    if (c == '\\') {
      if (++i >= line.size()) return false;
      tag.value += line[i];
    } else if (c == '"') {
      return i + 1 == line.size();
    } else {
      tag.value += c;
    }
  }
  return false;
}

std::string escape(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

int expected_number(std::size_t turn, Numbering numbering) {
  return numbering == Numbering::PerPair ? static_cast<int>(turn / 2 + 1) : static_cast<int>(turn + 1);
}

}  // namespace

const std::string* RecordText::tag(std::string_view name) const {
  for (const auto& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

ParsedRecordText parse_record_text(std::string_view text, Numbering numbering) {
  ParsedRecordText out;
  auto fail = [&out](int line, std::string message) {
    out.error = {line, std::move(message), 0, {}};
    return out;
  };
  int line_number = 0;
  bool in_moves = false;
  for (std::string_view raw : split(text, "\n")) {
    ++line_number;
    std::string_view line = trim(raw);
    if (line.empty()) continue;
    if (line.front() == '[') {
      if (in_moves) return fail(line_number, "tags must come before the moves");
      RecordTag tag;
      if (!parse_tag(line, tag)) return fail(line_number, "malformed tag " + excerpt(line) + R"(, expected [Name "value"])");
      if (out.record.tag(tag.name)) return fail(line_number, "tag " + tag.name + " appears twice");
      out.record.tags.push_back(std::move(tag));
      continue;
    }
    in_moves = true;
    for (std::string_view token : split(line, " \t\r/")) {
      if (token.empty()) continue;
      std::size_t digits = 0;
      while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
      if (digits > 0 && digits < token.size() && token[digits] == '.') {
        int number = 0;
        std::from_chars(token.data(), token.data() + digits, number);
        int expected = expected_number(out.record.turns.size(), numbering);
        if (number != expected)
          return fail(line_number, "move number " + std::string(token.substr(0, digits)) + " where " +
                                       std::to_string(expected) + " was expected");
        std::size_t rest = digits;
        while (rest < token.size() && token[rest] == '.') ++rest;
        token = token.substr(rest);
        if (token.empty()) continue;
      }
      out.record.turns.push_back({line_number, std::string(token)});
    }
  }
  return out;
}

std::string print_record_text(const RecordText& record, Numbering numbering) {
  std::string out;
  for (const auto& t : record.tags) out += "[" + t.name + " \"" + escape(t.value) + "\"]\n";
  out += '\n';
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    bool starts_line = numbering == Numbering::PerTurn || i % 2 == 0;
    if (starts_line) {
      if (i > 0) out += '\n';
      out += std::to_string(expected_number(i, numbering)) + ". ";
    } else {
      out += ' ';
    }
    out += record.turns[i].text;
  }
  if (!record.turns.empty()) out += '\n';
  return out;
}

}  // namespace engine
