#pragma once
// The site's message bus (#30): a connection to NATS (the C client, Debian's
// libnats-dev) with what the nodes need of it, publish and subscribe. Nothing
// here knows of rooms. Handlers run on the client library's delivery threads,
// one subscription's messages one at a time and in the order published by a
// publisher: they must be quick (post the work elsewhere). After the first
// connection the client reconnects by itself for as long as the node lives;
// what is published meanwhile waits in its bounded reconnect buffer.
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

struct __natsConnection;
struct __natsSubscription;
struct __natsMsg;

namespace arena {

class NatsBus {
 public:
  using Handler = std::function<void(std::string_view data)>;

  // Connects to `url` (nats://HOST:PORT) as `name`; nullptr with `error` if it cannot.
  static std::unique_ptr<NatsBus> connect(const std::string& url, const std::string& name, std::string& error);
  ~NatsBus();
  NatsBus(const NatsBus&) = delete;
  NatsBus& operator=(const NatsBus&) = delete;

  // False (and logged) if the client refused it: the connection is closed, or
  // its buffer for a reconnection is full.
  bool publish(const std::string& subject, std::string_view data);
  // Every message on `subject` to `handler`, until the bus closes.
  bool subscribe(const std::string& subject, Handler handler);
  // Sends what is buffered, then stops every subscription; handlers are not
  // called after it returns. Bounded (#42): within kCloseBudget whatever the
  // NATS server does (a server that hangs, one that is gone), plus the time
  // a handler already running needs to return.
  void close();
  static constexpr int kCloseBudgetMs = 3000;

 private:
  explicit NatsBus(__natsConnection* connection);
  struct Subscription;
  static void deliver(__natsConnection*, __natsSubscription*, __natsMsg* message, void* closure);

  __natsConnection* connection_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Subscription>> subscriptions_;
  // After close(): kept until the connection is destroyed, so that no
  // delivery thread can reach a freed subscription.
  std::vector<std::unique_ptr<Subscription>> closed_subscriptions_;
  bool closed_ = false;
};

}  // namespace arena
