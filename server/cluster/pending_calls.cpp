#include "cluster/pending_calls.hpp"

namespace arena {

void PendingCalls::forget_at(std::size_t i) {
  auto w = waiting_.find(calls_[i].conn);
  if (w != waiting_.end() && --w->second <= 0) waiting_.erase(w);
  calls_.erase(calls_.begin() + static_cast<std::ptrdiff_t>(i));
}

void PendingCalls::sent(Call call) {
  if (call.request_id.is_null() || max_calls_ == 0) return;  // nothing to answer
  std::lock_guard lock(mutex_);
  if (calls_.size() >= max_calls_) forget_at(0);
  ++waiting_[call.conn];
  calls_.push_back(std::move(call));
}

void PendingCalls::answered(std::uint64_t conn, std::string_view frame) {
  {
    std::lock_guard lock(mutex_);
    if (!waiting_.count(conn)) return;  // the usual case: no JSON read
  }
  // Only a reply names a request: an ack or an error with an "id".
  if (frame.find("\"id\"") == std::string_view::npos) return;
  auto reply = nlohmann::json::parse(frame, nullptr, false);
  if (!reply.is_object() || !reply.contains("id")) return;
  const auto type = reply.value("type", std::string());
  if (type != "ack" && type != "error") return;
  const nlohmann::json& id = reply["id"];
  std::lock_guard lock(mutex_);
  for (std::size_t i = 0; i < calls_.size(); ++i) {
    if (calls_[i].conn == conn && calls_[i].request_id == id) return forget_at(i);
  }
}

std::vector<PendingCalls::Call> PendingCalls::expired(Clock::time_point now, Clock::duration timeout) {
  std::vector<Call> out;
  std::lock_guard lock(mutex_);
  while (!calls_.empty() && now - calls_.front().sent >= timeout) {
    out.push_back(std::move(calls_.front()));
    forget_at(0);
  }
  return out;
}

std::size_t PendingCalls::size() const {
  std::lock_guard lock(mutex_);
  return calls_.size();
}

}  // namespace arena
