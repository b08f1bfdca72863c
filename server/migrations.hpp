#pragma once
// The numbered SQL migrations of migrations/, compiled into the server.
#include <string_view>
#include <vector>

namespace arena {

struct Migration {
  int version;
  std::string_view name;
  std::string_view sql;
};

const std::vector<Migration>& migrations();  // in version order

}  // namespace arena
