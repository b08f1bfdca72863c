#pragma once
// The bot and board API over HTTP (#45; PROTOCOL.md, Bot and board API), in
// the spirit of lichess's:
//   POST/GET /api/account/tokens, DELETE /api/account/tokens/ID   (cookie)
//   POST /api/bot/account/upgrade                                  (bot:play or cookie)
//   GET  /api/stream/event                                         (a stream)
//   GET  /api/bot/game/stream/ID, /api/board/game/stream/ID        (a stream)
//   POST /api/{bot|board}/game/ID/{action/ACTIONS|resign|abort|draw/yes|draw/no|claim-victory|claim-draw|chat}
//   GET  /api/challenge; POST /api/challenge/USERNAME, /api/challenge/ID/{accept|decline|cancel}
//   POST /api/challenge/ai                                         (the site's computer, at once)
// A request speaks for an account by `Authorization: Bearer TOKEN` (a
// personal token with scopes) or, where a person in the browser uses it
// (tokens, challenges, the upgrade), by the session cookie.
#include <chrono>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "account/account_service.hpp"
#include "bots/bot_store.hpp"
#include "bots/challenge_service.hpp"
#include "bots/open_streams.hpp"
#include "computer/computer_players.hpp"
#include "game/player_connections.hpp"
#include "game/room_directory.hpp"
#include "lobby/lobby_feed.hpp"
#include "net/http_module.hpp"
#include "net/rate_limiter.hpp"
#include "util/clock.hpp"

namespace arena {

struct BotApiLimits {
  double requests_per_second = 8;  // per token
  double request_burst = 40;
  int streams_per_account = 32;    // game and event streams together
  int event_streams_per_account = 4;
  int streams_per_node = 4096;     // every stream on this node; more: 503 busy
  std::chrono::milliseconds room_timeout{15000};  // a room that does not answer a request
};

class BotApi : public HttpModule {
 public:
  BotApi(AccountService& accounts, BotStore& store, ChallengeService& challenges,
         RoomDirectory& directory, PlayerConnections& connections, LobbyFeed& feed, const ComputerPlayers& computer, Clock clock,
         BotApiLimits limits = {});
  bool owns(const std::string& path) const override;
  bool deletable(const std::string& path) const override;
  bool bearer_path(const std::string& path) const override;
  bool streams(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;
  void stream(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& address,
              StoreExecutor ex, StreamReply reply) override;

  // Who a request speaks for: the account, and the token (none: the cookie).
  struct Caller {
    AccountRecord account;
    std::optional<ApiToken> token;
    bool may(unsigned scope) const { return !token || (token->scopes & scope); }
  };

 private:
  using Called = std::function<void(Caller)>;
  // The caller, or `reply` has answered 401/403/429. `cookie_ok`: a session
  // cookie may stand for the account (without a token).
  void caller(const std::shared_ptr<const HttpRequest>& request, bool cookie_ok, StoreExecutor ex,
              std::function<void(HttpResponse)> reply, Called called);
  void tokens(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& address, StoreExecutor ex,
              Reply reply);
  void upgrade(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void game_call(std::shared_ptr<const HttpRequest> request, const std::string& path, StoreExecutor ex, Reply reply);
  void challenge(std::shared_ptr<const HttpRequest> request, const std::string& path, StoreExecutor ex, Reply reply);
  void challenge_list(std::shared_ptr<const HttpRequest> request, const Caller& who, StoreExecutor ex, Reply reply);
  void challenge_show(std::shared_ptr<const HttpRequest> request, const Caller& who, const std::string& id, StoreExecutor ex,
                      Reply reply);
  void challenge_answer(std::shared_ptr<const HttpRequest> request, const Caller& who, const std::string& id,
                        const std::string& verb, StoreExecutor ex, Reply reply);
  void challenge_make(std::shared_ptr<const HttpRequest> request, const Caller& who, const std::string& to, StoreExecutor ex,
                      Reply reply);
  using ChallengeReply = std::function<void(Outcome<PlayerChallenge>)>;
  static ChallengeReply answered(std::shared_ptr<const HttpRequest> request, Reply reply, int ok_status);
  // POST /api/challenge/ai: a game against the site's computer, at once.
  void challenge_computer(std::shared_ptr<const HttpRequest> request, const Caller& who, const ChallengeTerms& terms,
                          StoreExecutor ex, Reply reply);
  void game_stream(std::shared_ptr<const HttpRequest> request, const std::string& path, StoreExecutor ex, StreamReply reply);
  void event_stream(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, StreamReply reply);
  // Why `who` may not play on a /api/bot (`bot_path`) or /api/board path, or nothing.
  std::optional<HttpResponse> refuse_player(const HttpRequest& request, const Caller& who, bool bot_path) const;

  AccountService& accounts_;
  BotStore& store_;
  ChallengeService& challenges_;
  RoomDirectory& directory_;
  PlayerConnections& connections_;
  LobbyFeed& feed_;
  const ComputerPlayers& computer_;
  Clock clock_;
  BotApiLimits limits_;
  std::mutex mutex_;
  RateLimits<std::string> rates_;                           // per token
  OpenStreams streams_;                                     // this node's, for their bounds
  RateLimits<std::int64_t> challenge_rates_{20.0 / 60.0, 20.0};  // challenges made, per account
};

}  // namespace arena
