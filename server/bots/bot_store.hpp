#pragma once
// The bot and board API's ports (#45; PROTOCOL.md, Bot and board API): the
// personal API tokens an account holds, its turning into a bot, and the
// challenges between accounts. SqlStore implements them (migrations 019 /
// postgres 012). The rules every port keeps: domain/store_basics.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "account/account_store.hpp"  // AccountRecord
#include "domain/audit_entry.hpp"
#include "domain/outcome.hpp"
#include "domain/store_basics.hpp"
#include "engine/registry.hpp"  // GameOptions
#include "protocol/time_control.hpp"

namespace arena {

// What a token may do: each scope one bit.
enum Scope : unsigned {
  kBotPlay = 1,          // bot:play: /api/bot/..., for a bot account
  kBoardPlay = 2,        // board:play: /api/board/..., for any other account
  kChallengeRead = 4,    // challenge:read: /api/stream/event
  kChallengeWrite = 8,   // challenge:write: /api/challenge/...
};
inline constexpr int kMaxTokensPerAccount = 20;
inline constexpr std::size_t kMaxTokenNameBytes = 64;

inline constexpr std::pair<unsigned, std::string_view> kScopeNames[] = {
    {kBotPlay, "bot:play"}, {kBoardPlay, "board:play"}, {kChallengeRead, "challenge:read"}, {kChallengeWrite, "challenge:write"}};

// The scopes' names <-> their bits; an unknown name: nullopt.
inline std::optional<unsigned> parse_scopes(const std::vector<std::string>& names) {
  unsigned scopes = 0;
  for (const auto& name : names) {
    unsigned bit = 0;
    for (const auto& [b, n] : kScopeNames)
      if (n == name) bit = b;
    if (!bit) return std::nullopt;
    scopes |= bit;
  }
  return scopes;
}
inline std::vector<std::string> scope_names(unsigned scopes) {
  std::vector<std::string> out;
  for (const auto& [bit, name] : kScopeNames)
    if (scopes & bit) out.emplace_back(name);
  return out;
}

struct ApiToken {
  std::string id;
  std::int64_t account = 0;
  std::string name;
  unsigned scopes = 0;
  std::int64_t created_at = 0;
};

// The account a token speaks for, and what it may do.
struct TokenHolder {
  AccountRecord account;
  ApiToken token;
};

struct PlayerChallenge {
  enum class Status { Created, Accepted, Declined, Canceled };
  std::string id;
  std::int64_t challenger = 0, destination = 0;  // account ids
  std::string challenger_name, destination_name;
  std::int64_t challenger_player = 0, destination_player = 0;
  bool challenger_bot = false, destination_bot = false;
  std::string challenger_kind = "account";  // as its seat shows it: account, moderator, admin, bot
  engine::GameOptions options;
  protocol::TimeControl clock;
  std::string color = "random";  // the challenger's: white, black, random
  bool rated = false;
  Status status = Status::Created;
  std::string reason;  // declined: the destination's reason; canceled: "canceled", "expired"
  std::string room;    // accepted: the game
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;  // a challenge still open then is canceled ("expired")
};

inline constexpr int kMaxOpenChallenges = 20;  // open per challenger
inline constexpr std::int64_t kKeptAnsweredMs = 24LL * 3600 * 1000;

constexpr std::string_view challenge_status_name(PlayerChallenge::Status status) {
  switch (status) {
    case PlayerChallenge::Status::Created: return "created";
    case PlayerChallenge::Status::Accepted: return "accepted";
    case PlayerChallenge::Status::Declined: return "declined";
    case PlayerChallenge::Status::Canceled: return "canceled";
  }
  return "created";
}

class BotStore {
 public:
  virtual ~BotStore() = default;
  // A new token (the secret's SHA-256 is `token_hash`); refused
  // `too_many_tokens` beyond kMaxTokensPerAccount.
  virtual void create_token(ApiToken token, std::string token_hash, StoreExecutor ex, StoreReply<Outcome<ApiToken>> reply) = 0;
  virtual void tokens_of(std::int64_t account, StoreExecutor ex, StoreReply<std::vector<ApiToken>> reply) = 0;
  // Whether the account had a token `id` (now gone).
  virtual void revoke_token(std::int64_t account, std::string id, StoreExecutor ex, StoreReply<bool> reply) = 0;
  // Who holds the token whose SHA-256 is `token_hash`; none if revoked or unknown.
  virtual void token_holder(std::string token_hash, StoreExecutor ex, StoreReply<std::optional<TokenHolder>> reply) = 0;
  // The account becomes a bot for good, `audit` written with it; refused
  // `has_played` once it sat in any room, `already_bot` the second time.
  virtual void make_bot(std::int64_t account, AuditEntry audit, StoreExecutor ex, StoreReply<Outcome<AccountRecord>> reply) = 0;
  // A new challenge; refused `too_many_challenges` (kMaxOpenChallenges open by
  // the challenger) or `already_challenged` (one open to the same account).
  virtual void create_player_challenge(PlayerChallenge challenge, StoreExecutor ex, StoreReply<Outcome<PlayerChallenge>> reply) = 0;
  virtual void find_player_challenge(std::string id, StoreExecutor ex, StoreReply<std::optional<PlayerChallenge>> reply) = 0;
  // The open challenges to or from the account, oldest first.
  virtual void player_challenges_of(std::int64_t account, StoreExecutor ex, StoreReply<std::vector<PlayerChallenge>> reply) = 0;
  // A challenge moves from `from` to `to`, in one of three steps: answered
  // while it stands (from Created, before its expires_at: declined or
  // canceled with `reason`, or accepted with no room yet, which claims it),
  // then (from Accepted, while its room is "") its game's `room` recorded, or
  // canceled (`reason` "failed") when no game could open. Its expires_at
  // becomes `now`: it is deleted kKeptAnsweredMs later. Refused `not_open`
  // when the challenge is not where `from` says: of two answers one wins.
  virtual void answer_player_challenge(std::string id, PlayerChallenge::Status from, PlayerChallenge::Status to,
                                       std::string reason, std::string room, std::int64_t now, StoreExecutor ex,
                                       StoreReply<Outcome<PlayerChallenge>> reply) = 0;
  // Open challenges whose expires_at is at or before `now` become canceled
  // ("expired"), answered ones older than kKeptAnsweredMs are deleted; the
  // challenges that expired.
  virtual void expire_player_challenges(std::int64_t now, StoreExecutor ex, StoreReply<std::vector<PlayerChallenge>> reply) = 0;
  // Open challenges from `challenger` live until `until` (a real-time
  // challenge whose challenger is still here).
  virtual void extend_player_challenges(std::vector<std::string> ids, std::int64_t until, StoreExecutor ex, StoreDone done) = 0;
};

}  // namespace arena
