#pragma once
// The ladder API over HTTP (PROTOCOL.md, Ladder API): the ladders and their
// pages for everyone; joining and challenging for accounts; creating,
// editing, seeding and the roster for admins (audited). A challenge waits
// for the defender's answer (accept, a time, decline) when its ladder has an
// answer time (#43); a challenge's game is created by the CompetitionService
// once it is playing (at once, on acceptance, or at its time).
#include <memory>
#include <string>

#include "api/competition_http.hpp"

namespace arena {

class BlockBook;

class CompetitionService;
class Moderation;

class LadderApi : public HttpModule {
 public:
  // `blocks`: a player who blocked the viewer is not offered to challenge (#43).
  LadderApi(CompetitionHttp http, CompetitionStore& store, CompetitionService& service, Moderation& moderation,
            const BlockBook* blocks = nullptr);

  bool owns(const std::string& path) const override;
  bool patchable(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  void list(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply);
  void page(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply);
  void join(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply);
  void challenge(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply);
  // POST /api/ladders/ID/challenges/CID/{accept,decline,schedule,withdraw} (#43).
  void answer(std::shared_ptr<const HttpRequest> request, std::int64_t ladder, std::int64_t challenge, ChallengeAnswer::Kind kind,
              StoreExecutor ex, Reply reply);
  void open_then_reply(std::shared_ptr<const HttpRequest> request, const ChallengeMade& made, boost::beast::http::status status,
                       StoreExecutor ex, Reply reply);
  void admin(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& address,
             StoreExecutor ex, Reply reply);
  void create(std::shared_ptr<const HttpRequest> request, const CompetitionHttp::Admin& admin, StoreExecutor ex, Reply reply);
  void edit(std::shared_ptr<const HttpRequest> request, std::int64_t id, const CompetitionHttp::Admin& admin,
            StoreExecutor ex, Reply reply);
  void roster(std::shared_ptr<const HttpRequest> request, std::int64_t id, const std::string& command,
              const CompetitionHttp::Admin& admin, StoreExecutor ex, Reply reply);
  void result(std::shared_ptr<const HttpRequest> request, std::int64_t id, const CompetitionHttp::Admin& admin,
              StoreExecutor ex, Reply reply);

  CompetitionHttp http_;
  CompetitionStore& store_;
  CompetitionService& service_;
  Moderation& moderation_;
  const BlockBook* blocks_;
};

}  // namespace arena
