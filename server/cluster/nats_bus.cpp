#include "cluster/nats_bus.hpp"

#include <nats/nats.h>
#include <spdlog/spdlog.h>

#include "util/metrics.hpp"

namespace arena {

struct NatsBus::Subscription {
  Handler handler;
  natsSubscription* sub = nullptr;
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
}

void NatsBus::deliver(natsConnection*, natsSubscription*, natsMsg* message, void* closure) {
  auto* subscription = static_cast<Subscription*>(closure);
  std::string_view data(natsMsg_GetData(message), static_cast<std::size_t>(natsMsg_GetDataLength(message)));
  try {
    subscription->handler(data);
  } catch (const std::exception& e) {
    spdlog::error("event=bus_handler_failed subject={} error=\"{}\"", natsMsg_GetSubject(message), e.what());
  } catch (...) {
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
  natsConnection_FlushTimeout(connection_, 2000);
  // Drained: the messages already received are handled, and no handler runs
  // once this returns (their closures are freed below).
  for (auto& s : subscriptions) natsSubscription_Drain(s->sub);
  for (auto& s : subscriptions) natsSubscription_WaitForDrainCompletion(s->sub, 2000);
  natsConnection_Close(connection_);
  for (auto& s : subscriptions) natsSubscription_Destroy(s->sub);
}

}  // namespace arena
