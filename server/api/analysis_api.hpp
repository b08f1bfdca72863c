#pragma once
// The analysis board (#44; PROTOCOL.md, Analysis), stateless: the browser keeps
// the tree, the server replays and judges every step of it.
//   POST /api/analysis        {"position"} or {"game", "variant"?, "white_extra"?, "black_extra"?},
//                             and "line"? (chosen actions): the position after the
//                             line, its legal actions and the steps to it
//   POST /api/analysis/eval   {"position"}: the computer's score and best line,
//                             thought on the computer's threads (bounded per
//                             request in nodes and time, one at a time and 30 a
//                             minute per address, kMaxEvaluations server-wide);
//                             403 playing while the signed-in account plays a game
//   POST /api/analysis/sgf    {"position", "moves": [{"parent", "action"}], "name"?}:
//                             the tree as boardspace's SGF with variations
// The board's and the SGF's work runs on the I/O thread, bounded per request
// and per address (10 positions a second, a burst of 60; 10 files a minute).
// Anyone may analyse: the board needs no account.
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "account/account_service.hpp"
#include "account/account_store.hpp"
#include "analysis/evaluator.hpp"
#include "net/http_module.hpp"
#include "net/rate_limiter.hpp"

namespace arena {

inline constexpr std::size_t kMaxAnalysisLine = 1000;   // actions in a line
inline constexpr std::size_t kMaxAnalysisTree = 2000;   // moves in an exported tree
inline constexpr std::size_t kMaxAnalysisReplay = 25'000;  // the actions of all its leaves' lines
inline constexpr std::uint64_t kEvaluationNodes = 2'000'000;
inline constexpr std::int64_t kEvaluationMs = 3000;

class AnalysisApi : public HttpModule, public std::enable_shared_from_this<AnalysisApi> {
 public:
  AnalysisApi(AccountService& accounts, AccountStore& store, Evaluator& evaluator)
      : accounts_(accounts), store_(store), evaluator_(evaluator) {}
  bool owns(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  void position(const HttpRequest& request, Reply reply);
  void evaluate(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply);
  void think(std::shared_ptr<const HttpRequest> request, engine::AnyGame game, const std::string& address, StoreExecutor ex,
             Reply reply);
  void tree(const HttpRequest& request, Reply reply);
  // Whether `address` may start an evaluation now: none of its own under way, and
  // 30 a minute (a burst of 10); bounded to 10,000 addresses at once.
  bool start_evaluation(const std::string& address);
  // A token of `address`'s bucket in `limits`.
  bool allowed(RateLimits<std::string>& limits, const std::string& address);
  void end_evaluation(const std::string& address);

  AccountService& accounts_;
  AccountStore& store_;
  Evaluator& evaluator_;
  std::mutex mutex_;
  RateLimits<std::string> evaluation_limits_{30.0 / 60.0, 10.0};
  RateLimits<std::string> board_limits_{10.0, 60.0};   // positions and lines
  RateLimits<std::string> sgf_limits_{10.0 / 60.0, 10.0};  // trees written
  std::set<std::string> thinking_;  // addresses with an evaluation under way
};

}  // namespace arena
