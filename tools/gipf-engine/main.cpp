// gipf-engine: the rules engine from the command line (see engine/README.md).
#include <iostream>

#include "commands.hpp"

int main(int argc, char** argv) {
  return tool::run({argv + 1, argv + argc}, std::cin, std::cout, std::cerr);
}
