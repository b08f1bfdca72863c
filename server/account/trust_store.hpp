#pragma once
// Trust and safety in the store (#34): reports of players and their
// resolution, blocks between accounts, and the check that a guest's name is
// not an account's. Refusals are answers (Outcome::code), never errors.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "domain/outcome.hpp"
#include "domain/store_basics.hpp"

namespace arena {

inline constexpr int kMaxReports = 10000;             // rows kept; beyond, the oldest resolved go
inline constexpr int kReportsPerHour = 10;            // per reporter
inline constexpr int kMaxBlocks = 500;                // blocks one account may hold

// A line the reported player wrote in the report's game, as stored (a
// moderator's deletion marks it, never removes it): what the moderators read
// beside the reason (#43).
struct ReportedLine {
  std::int64_t seq = 0;
  std::string channel;  // players, spectators
  std::string text;
  std::int64_t at = 0;
  bool deleted = false;
};

struct ReportRecord {
  std::int64_t id = 0;
  std::string reporter;         // username
  std::int64_t reporter_player = 0;
  std::int64_t player = 0;      // who is reported
  std::string player_name;      // their current name
  std::string player_kind;      // PlayerInfo::kind
  std::string room;             // "" : none named
  std::string reason;
  std::int64_t created_at = 0;
  std::string status = "open";  // open, resolved
  std::string outcome;
  std::string resolved_by;      // username; "" while open
  std::int64_t resolved_at = 0;
  // Only in the moderators' queue (reports()): the reported player's last
  // kReportedLines lines in `room`, oldest first.
  std::vector<ReportedLine> chat;
};

inline constexpr int kReportedLines = 20;

struct NewReport {
  std::int64_t reporter = 0;         // account id
  std::int64_t reporter_player = 0;  // its player id (one may not report oneself)
  std::optional<std::int64_t> player;
  std::string username;              // the reported account, when `player` is not given
  std::string room;
  std::string reason;
  std::int64_t now = 0;
};

struct ReportPage {
  std::vector<ReportRecord> reports;
  std::int64_t total = 0;
};

struct BlockRecord {
  std::int64_t player = 0;  // the blocked player
  std::string username;
  std::int64_t created_at = 0;
};

class TrustStore {
 public:
  virtual ~TrustStore() = default;
  // Whether some account's username has the skeleton `skeleton` (protocol/name_skeleton.hpp).
  virtual void skeleton_taken(std::string skeleton, StoreExecutor ex, StoreReply<bool> reply) = 0;
  // Stores a report (refused: not_found, bad_field, already_reported, rate_limited).
  virtual void create_report(NewReport report, StoreExecutor ex, StoreReply<Outcome<ReportRecord>> reply) = 0;
  // The reports of `status` ("open", "resolved"), newest first for resolved,
  // oldest first for open; each with the reported player's lines in its game.
  virtual void reports(std::string status, int page, int per_page, StoreExecutor ex, StoreReply<ReportPage> reply) = 0;
  // An account's own reports, newest first (the last 100): how it learns the outcomes.
  virtual void reports_of(std::int64_t reporter, StoreExecutor ex, StoreReply<std::vector<ReportRecord>> reply) = 0;
  // Resolves an open report with its audit entry (refused: not_found, report_resolved).
  virtual void resolve_report(std::int64_t id, std::string outcome, std::int64_t by, std::int64_t now, AuditEntry audit,
                              StoreExecutor ex, StoreReply<Outcome<ReportRecord>> reply) = 0;
  // `blocker` (a player id) blocks or unblocks the account `username`
  // (refused: not_found, bad_field (oneself), too_many_blocks); the block.
  virtual void set_block(std::int64_t blocker, std::string username, bool block, std::int64_t now, StoreExecutor ex,
                         StoreReply<Outcome<BlockRecord>> reply) = 0;
  virtual void blocks_of(std::int64_t blocker, StoreExecutor ex, StoreReply<std::vector<BlockRecord>> reply) = 0;
  // Every (blocker, blocked) pair: the BlockBook at start.
  virtual void all_blocks(StoreExecutor ex, StoreReply<std::vector<std::pair<std::int64_t, std::int64_t>>> reply) = 0;
};

}  // namespace arena
