#include "protocol/json_writer.hpp"

#include <charconv>

#include "protocol/json_text.hpp"

namespace protocol {

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  std::uint64_t bit = std::uint64_t{1} << depth_;
  if (first_ & bit) first_ &= ~bit;
  else out_ += ',';
}

JsonWriter& JsonWriter::open(char bracket) {
  separate();
  out_ += bracket;
  ++depth_;
  first_ |= std::uint64_t{1} << depth_;
  return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
  --depth_;
  out_ += bracket;
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  string(name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view value) {
  separate();
  bool plain = true;  // printable ASCII without quote or backslash: as it is
  for (unsigned char ch : value) plain &= ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\';
  if (plain) {
    out_ += '"';
    out_ += value;
    out_ += '"';
  } else {
    out_ += to_text(nlohmann::json(std::string(value)));
  }
  return *this;
}

JsonWriter& JsonWriter::number(std::int64_t value) {
  separate();
  char buffer[24];
  auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out_.append(buffer, end);
  return *this;
}

JsonWriter& JsonWriter::boolean(bool value) {
  separate();
  out_ += value ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  separate();
  out_ += json;
  return *this;
}

}  // namespace protocol
