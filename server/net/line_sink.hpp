#pragma once
// A response that goes on: newline-delimited JSON written as it comes (the
// bot and board API's streams, #45). Transport only: what the lines say is
// the caller's. app/ndjson_session implements it over one HTTP connection.
#include <functional>
#include <string>

namespace arena {

class LineSink {
 public:
  virtual ~LineSink() = default;
  // Queues one line (its text without the newline); safe from any thread.
  // Lines queued beyond the sink's bound (bytes or count) end the stream.
  virtual void line(std::string text) = 0;
  // Ends the stream once what is queued is written; safe from any thread.
  virtual void end() = 0;
  // `hook` runs once when the stream has ended, for whatever reason (the
  // client left, end(), the server stopping, too slow). Set it before the
  // first line; it runs on the sink's strand.
  virtual void on_end(std::function<void()> hook) = 0;
};

}  // namespace arena
