#pragma once
// The event API over HTTP (PROTOCOL.md, Events): round robins and Swiss
// events for everyone to follow; registration for accounts; creating,
// starting, pairing, withdrawing, results and closing for admins (audited).
// A round's games are created by the CompetitionService once the store paired it.
#include <memory>
#include <string>

#include "api/competition_http.hpp"

namespace arena {

class CompetitionService;
class Moderation;

class EventApi : public HttpModule {
 public:
  EventApi(CompetitionHttp http, CompetitionStore& store, CompetitionService& service, Moderation& moderation);

  bool owns(const std::string& path) const override;
  void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
              const std::string& address, StoreExecutor ex, Reply reply) override;

 private:
  void list(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply);
  void page(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply);
  // GET /api/events/ID/trf: the event as TRF-2026 (competition/event_as_dutch.hpp).
  void trf(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply);
  void registration(std::shared_ptr<const HttpRequest> request, std::int64_t id, bool join, StoreExecutor ex, Reply reply);
  void admin(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& address,
             StoreExecutor ex, Reply reply);
  void create(std::shared_ptr<const HttpRequest> request, const CompetitionHttp::Admin& admin, StoreExecutor ex, Reply reply);
  void command(std::shared_ptr<const HttpRequest> request, std::int64_t id, const std::string& name,
               const CompetitionHttp::Admin& admin, StoreExecutor ex, Reply reply);
  // Runs a stored command, opens the games it paired, answers {"event"}.
  void run(std::shared_ptr<const HttpRequest> request, std::int64_t id, TournamentCommand command, StoreExecutor ex,
           Reply reply);
  // Opens the games a command paired, then answers {"event"}.
  void answer_after_games(std::shared_ptr<const HttpRequest> request, TournamentProgress progress, StoreExecutor ex,
                          Reply reply);
  void result(std::shared_ptr<const HttpRequest> request, std::int64_t id, const CompetitionHttp::Admin& admin,
              StoreExecutor ex, Reply reply);

  CompetitionHttp http_;
  CompetitionStore& store_;
  CompetitionService& service_;
  Moderation& moderation_;
};

}  // namespace arena
