#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace tool {

// Runs one command line (without the program name). Returns the exit status:
// 0 success, 1 an illegal action or record, 2 a usage error.
int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace tool
