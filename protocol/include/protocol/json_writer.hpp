#pragma once
// JSON text written straight into a string, for the frames sent on every action
// (event, legal): building an nlohmann::json tree first cost more than all the
// rest of an action. Commas are placed by the writer; the caller only says what
// comes next. Strings are escaped as protocol::to_text does (invalid UTF-8
// becomes U+FFFD), so text from outside cannot break a frame.
#include <cstdint>
#include <string>
#include <string_view>

namespace protocol {

// JSON text that is already written (a state, a list of moves), to put inside
// a message as it is.
struct RawJson {
  std::string text = "null";
};

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  // An object's next key; its value follows.
  JsonWriter& key(std::string_view name);
  JsonWriter& string(std::string_view value);
  JsonWriter& number(std::int64_t value);
  JsonWriter& boolean(bool value);
  JsonWriter& null();
  JsonWriter& raw(std::string_view json);  // a complete JSON value
  JsonWriter& raw(const RawJson& json) { return raw(json.text); }

  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }
  void reserve(std::size_t bytes) { out_.reserve(bytes); }

 private:
  JsonWriter& open(char bracket);
  JsonWriter& close(char bracket);
  void separate();  // a comma before a value that is not the first

  std::string out_;
  std::uint64_t first_ = 1;  // bit d: nothing written yet at depth d (64 levels is plenty)
  int depth_ = 0;
  bool after_key_ = false;
};

}  // namespace protocol
