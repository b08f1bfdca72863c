#pragma once
// A write that the rules may refuse: its value, or the refusal with the API's
// stable code. Refusals are answers, never errors: a refused write changed nothing.
#include <string>
#include <utility>

namespace arena {

template <class T>
struct Outcome {
  T value{};
  std::string code;  // empty: done
  std::string message;
  bool ok() const { return code.empty(); }
  static Outcome refused(std::string code, std::string message) {
    Outcome o;
    o.code = std::move(code);
    o.message = std::move(message);
    return o;
  }
};

}  // namespace arena
