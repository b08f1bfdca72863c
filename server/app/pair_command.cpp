#include "app/pair_command.hpp"

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "competition/dutch_pairing.hpp"
#include "competition/dutch_trf.hpp"

namespace arena {
namespace {

constexpr const char* kUsage = "usage: gipf-arena pair --dutch FILE.trf [-p OUT]\n";

void print_round(const std::vector<event::dutch::Board>& boards, std::ostream& out) {
  out << boards.size() << '\n';
  for (const auto& board : boards) out << board.white << ' ' << board.black << '\n';
}

}  // namespace

int run_pair_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::optional<std::string> input, output;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--dutch" && i + 1 < args.size()) {
      input = args[++i];
    } else if (args[i] == "-p" && i + 1 < args.size()) {
      output = args[++i];
    } else {
      err << "gipf-arena pair: unexpected argument '" << args[i] << "'\n" << kUsage;
      return kPairExitBadInput;
    }
  }
  if (!input) {
    err << kUsage;
    return kPairExitBadInput;
  }
  std::ifstream file(*input, std::ios::binary);
  if (!file) {
    err << "gipf-arena pair: cannot read " << *input << '\n';
    return kPairExitBadInput;
  }
  std::stringstream text;
  text << file.rdbuf();
  event::dutch::Tournament tournament;
  try {
    tournament = event::dutch::read_trf(text.str());
  } catch (const event::dutch::TrfError& e) {
    err << "gipf-arena pair: " << *input << ": " << e.what() << '\n';
    return kPairExitBadInput;
  }
  std::optional<std::vector<event::dutch::Board>> boards;
  try {
    boards = event::dutch::pair_next_round(tournament);
  } catch (const std::length_error& e) {
    err << "gipf-arena pair: " << *input << ": " << e.what() << '\n';
    return kPairExitBadInput;
  }
  if (!boards) {
    err << "gipf-arena pair: no pairing satisfies the absolute criteria (FIDE C.04.3 C.1-C.3)\n";
    return kPairExitNoPairing;
  }
  if (!output) {
    print_round(*boards, out);
    return kPairExitPaired;
  }
  std::ofstream sink(*output, std::ios::binary | std::ios::trunc);
  print_round(*boards, sink);
  sink.flush();
  if (!sink) {
    err << "gipf-arena pair: cannot write " << *output << '\n';
    return kPairExitBadInput;
  }
  return kPairExitPaired;
}

}  // namespace arena
