#include "store.hpp"

#include <chrono>
#include <future>

namespace arena {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

void Store::append_event(const std::string& room, const EventRecord& event, const RoomChange& change) {
  std::promise<std::string> result;
  append_event_async(room, event, change, [&result](const std::string& error) { result.set_value(error); });
  std::string error = result.get_future().get();
  if (!error.empty()) throw StoreError(error);
}

std::string replay_event(HostedGame& game, const EventRecord& e) {
  if (e.kind == "action") return game.play(e.action);
  if (e.kind == "resigned") {
    if (e.color != "white" && e.color != "black") return "resignation without a colour";
    game.resign(e.color == "white" ? engine::Color::White : engine::Color::Black);
    return {};
  }
  if (e.kind == "draw_agreed") return game.agree_draw() ? std::string() : "no draw is possible here";
  if (e.kind == "created" || e.kind == "joined" || e.kind == "draw_offered" || e.kind == "draw_declined" ||
      e.kind == "cancelled")
    return {};
  return "unknown event kind '" + e.kind + "'";
}

}  // namespace arena
