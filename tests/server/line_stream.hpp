#pragma once
// A client of the bot and board API's streams (#45) for the tests: it opens
// GET TARGET with headers and reads newline-delimited JSON as it comes.
// Every wait has a deadline: a stream that says nothing is a failed wait,
// not a hung test.
#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace test_support {

class LineStream {
 public:
  LineStream();
  ~LineStream();
  // The head: true for 200 (the stream is open); else status() and body() say why.
  bool open(int port, const std::string& target, const std::map<std::string, std::string>& headers);
  int status() const { return status_; }
  const std::string& body() const { return body_; }
  // The next line that is not empty (keep-alive), or nullopt when the stream
  // ended or nothing came within `limit`.
  std::optional<nlohmann::json> next(std::chrono::milliseconds limit = std::chrono::seconds(60));
  // The next line of `type`, skipping others.
  std::optional<nlohmann::json> next_of(const std::string& type, std::chrono::milliseconds limit = std::chrono::seconds(60));
  // Whether the server ended the stream (its last chunk, or the connection closed).
  bool ended() const { return ended_; }
  // Empty lines seen so far.
  int keep_alives() const { return keep_alives_; }
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int status_ = 0;
  std::string body_;
  std::size_t taken_ = 0;  // of the body read so far, the lines given
  bool ended_ = false;
  int keep_alives_ = 0;
};

}  // namespace test_support
