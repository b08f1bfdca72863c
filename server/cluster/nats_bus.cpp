#include "cluster/nats_bus.hpp"

#include <nats/nats.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "util/metrics.hpp"

namespace arena {

struct NatsBus::Subscription {
  Handler handler;
  natsSubscription* sub = nullptr;
  std::int64_t dropped = 0;  // the client's drops counted so far (on its delivery thread)
  // Set by close() once the drain is over or out of time: messages that still
  // come are dropped, the handler (and what it captured) is not called again.
  std::atomic<bool> closed{false};
  std::atomic<int> running{0};  // handlers running now
};

namespace {

std::string text_of(natsStatus status) { return natsStatus_GetText(status); }

// On the client library's thread: counted in /metrics and logged, nothing else
// (the library reconnects and sends what it buffered by itself).
void on_disconnected(natsConnection*, void*) { spdlog::warn("event=bus_disconnected"); }
void on_reconnected(natsConnection*, void*) {
  Metrics::process().nats_reconnect();
  spdlog::info("event=bus_reconnected");
}

}  // namespace

std::unique_ptr<NatsBus> NatsBus::connect(const std::string& url, const std::string& name, std::string& error) {
  natsOptions* options = nullptr;
  natsConnection* connection = nullptr;
  natsStatus s = natsOptions_Create(&options);
  if (s == NATS_OK) s = natsOptions_SetURL(options, url.c_str());
  if (s == NATS_OK) s = natsOptions_SetName(options, name.c_str());
  // Once connected, a node never gives up on the bus: a restarted nats-server
  // is found again, and what was published meanwhile (up to 8 MiB) is sent then.
  if (s == NATS_OK) s = natsOptions_SetMaxReconnect(options, -1);
  if (s == NATS_OK) s = natsOptions_SetReconnectWait(options, 250);
  if (s == NATS_OK) s = natsOptions_SetReconnectBufSize(options, 8 * 1024 * 1024);
  if (s == NATS_OK) s = natsOptions_SetDisconnectedCB(options, on_disconnected, nullptr);
  if (s == NATS_OK) s = natsOptions_SetReconnectedCB(options, on_reconnected, nullptr);
  if (s == NATS_OK) s = natsConnection_Connect(&connection, options);
  natsOptions_Destroy(options);
  if (s != NATS_OK) {
    error = "cannot connect to the bus " + url + ": " + text_of(s);
    return nullptr;
  }
  return std::unique_ptr<NatsBus>(new NatsBus(connection));
}

NatsBus::NatsBus(natsConnection* connection) : connection_(connection) {}

NatsBus::~NatsBus() {
  close();
  natsConnection_Destroy(connection_);
  closed_subscriptions_.clear();  // no delivery thread is left to reach them
}

void NatsBus::deliver(natsConnection*, natsSubscription* sub, natsMsg* message, void* closure) {
  auto* subscription = static_cast<Subscription*>(closure);
  // What the client dropped before this one (the subscription's pending
  // queue was full: this node did not keep up), counted as it is seen.
  std::int64_t dropped = 0;
  if (natsSubscription_GetDropped(sub, &dropped) == NATS_OK && dropped > subscription->dropped) {
    std::int64_t lost = dropped - subscription->dropped;
    subscription->dropped = dropped;
    Metrics::process().bus_dropped(BusDrop::QueueFull, static_cast<std::uint64_t>(lost));
    spdlog::warn("event=bus_message_dropped subject={} reason=queue_full count={}", natsMsg_GetSubject(message), lost);
  }
  std::string_view data(natsMsg_GetData(message), static_cast<std::size_t>(natsMsg_GetDataLength(message)));
  // Counted as running before `closed` is read: close() sets `closed`, then
  // waits for `running` to reach 0, so a handler never starts after that.
  subscription->running.fetch_add(1);
  struct Done {
    std::atomic<int>& running;
    ~Done() { running.fetch_sub(1); }
  } done{subscription->running};
  if (subscription->closed.load()) {
    natsMsg_Destroy(message);
    return;
  }
  try {
    subscription->handler(data);
  } catch (const std::exception& e) {
    Metrics::process().bus_dropped(BusDrop::HandlerFailed);
    spdlog::error("event=bus_handler_failed subject={} error=\"{}\"", natsMsg_GetSubject(message), e.what());
  } catch (...) {
    Metrics::process().bus_dropped(BusDrop::HandlerFailed);
    spdlog::error("event=bus_handler_failed subject={}", natsMsg_GetSubject(message));
  }
  natsMsg_Destroy(message);
}

bool NatsBus::publish(const std::string& subject, std::string_view data) {
  natsStatus s = natsConnection_Publish(connection_, subject.c_str(), data.data(), static_cast<int>(data.size()));
  if (s == NATS_OK) return true;
  spdlog::warn("event=bus_publish_failed subject={} bytes={} error=\"{}\"", subject, data.size(), text_of(s));
  return false;
}

bool NatsBus::subscribe(const std::string& subject, Handler handler) {
  std::lock_guard lock(mutex_);
  if (closed_) return false;
  auto subscription = std::make_unique<Subscription>();
  subscription->handler = std::move(handler);
  natsStatus s = natsConnection_Subscribe(&subscription->sub, connection_, subject.c_str(), &NatsBus::deliver, subscription.get());
  if (s == NATS_OK) {
    // Bounded: a node that cannot keep up loses messages (counted by the
    // client as slow-consumer drops) rather than its memory; a gap in a
    // room's events is then answered by a resync, as for a slow client.
    s = natsSubscription_SetPendingLimits(subscription->sub, 100000, 64 * 1024 * 1024);
  }
  if (s != NATS_OK) {
    spdlog::error("event=bus_subscribe_failed subject={} error=\"{}\"", subject, text_of(s));
    natsSubscription_Destroy(subscription->sub);
    return false;
  }
  subscriptions_.push_back(std::move(subscription));
  return true;
}

void NatsBus::close() {
  std::vector<std::unique_ptr<Subscription>> subscriptions;
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    closed_ = true;
    subscriptions.swap(subscriptions_);
  }
  // One budget for the whole close (#42): each wait below gets what is left
  // of it, never its own full timeout (seven subscriptions waiting 2 s each,
  // after a 2 s flush, once kept a node 18 s on a hung bus).
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(kCloseBudgetMs);
  auto left_ms = [&deadline] {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<std::int64_t>(std::max<std::int64_t>(left, 0));
  };
  natsConnection_FlushTimeout(connection_, std::min<std::int64_t>(left_ms(), kCloseBudgetMs / 3));
  // Drained: the messages already received are handled, within the budget.
  for (auto& s : subscriptions) natsSubscription_Drain(s->sub);
  for (auto& s : subscriptions) {
    std::int64_t left = left_ms();
    if (left == 0) break;
    natsSubscription_WaitForDrainCompletion(s->sub, left);
  }
  // From here no handler starts; one that runs now is waited for, so that
  // nothing it captured (the node's directory, its player book) is freed
  // under it (#42, defect 7).
  // Handlers only post their work elsewhere: a second is more than any needs;
  // one that still runs then is logged (and its subscription kept, not freed).
  for (auto& s : subscriptions) s->closed.store(true);
  const auto handlers_deadline = Clock::now() + std::chrono::seconds(1);
  for (auto& s : subscriptions) {
    while (s->running.load() > 0 && Clock::now() < handlers_deadline) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (s->running.load() > 0) spdlog::error("event=bus_handler_still_running");
  }
  natsConnection_Close(connection_);
  for (auto& s : subscriptions) natsSubscription_Destroy(s->sub);
  std::lock_guard lock(mutex_);
  for (auto& s : subscriptions) closed_subscriptions_.push_back(std::move(s));
}

}  // namespace arena
