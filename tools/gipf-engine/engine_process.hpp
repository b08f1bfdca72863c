#pragma once
// An outside engine for `gipf-engine match`: a program started with /bin/sh -c,
// spoken to over its stdin and stdout in the line protocol of bot/README.md
// ("Outside engines"). POSIX only (fork, pipes, poll): the tool, not the server.
#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>

namespace tool {

class EngineProcess {
 public:
  // Starts `command`; throws std::runtime_error when it cannot be started.
  explicit EngineProcess(std::string command);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Sends `line` and waits up to `timeout` for the first answer line that is not a
  // comment ('#'); nullopt with `error` set when the engine is gone, silent or too long.
  std::optional<std::string> ask(const std::string& line, std::chrono::milliseconds timeout, std::string& error);
  // Sends `line` without waiting for an answer (quit).
  void tell(const std::string& line);

  const std::string& command() const { return command_; }

 private:
  // The next line; nullopt with `error` set (the engine is gone, or mute) or empty (the deadline passed).
  std::optional<std::string> read_line(std::chrono::steady_clock::time_point deadline, std::string& error);

  std::string command_;
  pid_t pid_ = -1;
  int to_engine_ = -1;    // the engine's stdin
  int from_engine_ = -1;  // the engine's stdout
  std::string buffer_;    // read but not yet returned
};

}  // namespace tool
