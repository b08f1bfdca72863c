#pragma once
// Time, injected. Every part of the server that needs the time of day (rooms,
// the HTTP APIs, the limiters, the store) is given a Clock when the server is
// composed; only the composition root (app/) hands out the system's. Tests
// pass a fake one, so nothing they check depends on how fast they run.
#include <cstdint>
#include <functional>
#include <string>

namespace arena {

// Milliseconds since the epoch: the timestamps of rooms, events and rows.
using Clock = std::function<std::int64_t()>;

// The system's wall clock, as a Clock.
std::int64_t system_now_ms();

// `ms` (since the epoch) in UTC, as strftime's `format` writes it (at most 63 characters).
std::string utc_text(std::int64_t ms, const char* format);

}  // namespace arena
