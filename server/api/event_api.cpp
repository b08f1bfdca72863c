#include "api/event_api.hpp"

#include "api/account_api.hpp"  // method_not_allowed, failure_response
#include "account/moderation.hpp"
#include "competition/competition_service.hpp"
#include "competition/competition_views.hpp"
#include "protocol/competition_messages.hpp"
#include "competition/event_as_dutch.hpp"
#include "util/secure_random.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

constexpr std::string_view kEvents = "/api/events";
constexpr std::string_view kAdminEvents = "/api/admin/events";

HttpResponse not_found(const HttpRequest& request) {
  return json_error(request, http::status::not_found, "not_found", "no such resource");
}

HttpResponse event_answer(const HttpRequest& request, const TournamentRecord& t, http::status status = http::status::ok) {
  return json_response(request, status, {{"event", protocol::to_json(event_view(t))}});
}

}  // namespace

EventApi::EventApi(CompetitionHttp http, CompetitionStore& store, CompetitionService& service, Moderation& moderation)
    : http_(std::move(http)), store_(store), service_(service), moderation_(moderation) {}

bool EventApi::owns(const std::string& path) const {
  return under(path, kEvents) || under(path, kAdminEvents);
}

void EventApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&,
                      const std::string& address, StoreExecutor ex, Reply reply) {
  if (path.rfind(kAdminEvents, 0) == 0) return admin(std::move(request), path, address, std::move(ex), std::move(reply));
  const bool get = request->method() == http::verb::get || request->method() == http::verb::head;
  if (path == kEvents) {
    if (!get) return reply(method_not_allowed(*request, "GET, HEAD"));
    return list(std::move(request), std::move(ex), std::move(reply));
  }
  auto at = id_path(path, "/api/events/");
  if (!at) return reply(not_found(*request));
  if (at->rest.empty()) {
    if (!get) return reply(method_not_allowed(*request, "GET, HEAD"));
    return page(std::move(request), at->id, std::move(ex), std::move(reply));
  }
  if (at->rest == "trf") {
    if (!get) return reply(method_not_allowed(*request, "GET, HEAD"));
    return trf(std::move(request), at->id, std::move(ex), std::move(reply));
  }
  if (at->rest != "join" && at->rest != "leave") return reply(not_found(*request));
  if (request->method() != http::verb::post) return reply(method_not_allowed(*request, "POST"));
  registration(std::move(request), at->id, at->rest == "join", std::move(ex), std::move(reply));
}

void EventApi::list(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply) {
  store_.tournaments(ex, [request, reply](Stored<std::vector<TournamentRecord>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    json events = json::array();
    for (const auto& t : found.value) events.push_back(protocol::to_json(event_view(t)));
    reply(json_response(*request, http::status::ok, {{"events", std::move(events)}}));
  });
}

void EventApi::page(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply) {
  http_.viewer(request, ex, [this, request, id, ex, reply](std::optional<AccountRecord> viewer) {
    store_.tournament(id, ex, [request, reply, viewer](Stored<std::optional<TournamentDetail>> found) {
      if (!found.ok()) return reply(store_failed(*request, found.error));
      if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such event"));
      std::optional<std::int64_t> me;
      if (viewer) me = viewer->player;
      reply(json_response(*request, http::status::ok, protocol::to_json(event_page(*found.value, me))));
    });
  });
}

void EventApi::trf(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply) {
  store_.tournament(id, ex, [request, reply](Stored<std::optional<TournamentDetail>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such event"));
    auto response = respond(*request, http::status::ok, event_trf(*found.value), "text/plain; charset=utf-8");
    // Saved under a name that says what it is (#43): event-12.trf
    response.set(http::field::content_disposition, "attachment; filename=\"event-" + std::to_string(found.value->tournament.id) + ".trf\"");
    reply(std::move(response));
  });
}

void EventApi::registration(std::shared_ptr<const HttpRequest> request, std::int64_t id, bool join, StoreExecutor ex,
                            Reply reply) {
  if (!parsed_body(protocol::parse_empty(request->body()), *request, reply)) return;
  http_.player(request, ex, reply, [this, request, id, join, ex, reply](AccountRecord account) {
    store_.register_player(id, account.player, join, http_.now(), ex, [request, reply](Stored<Outcome<std::int64_t>> done) {
      if (!done.ok()) return reply(store_failed(*request, done.error));
      if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
      reply(json_response(*request, http::status::ok, {{"players", done.value.value}}));
    });
  });
}

void EventApi::admin(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& address,
                     StoreExecutor ex, Reply reply) {
  http_.admin(request, address, ex, reply, [this, request, path, ex, reply](CompetitionHttp::Admin admin) {
    if (request->method() != http::verb::post) return reply(method_not_allowed(*request, "POST"));
    if (path == kAdminEvents) return create(request, admin, ex, reply);
    auto at = id_path(path, "/api/admin/events/");
    if (!at) return reply(not_found(*request));
    if (at->rest == "result") return result(request, at->id, admin, ex, reply);
    if (at->rest == "start" || at->rest == "next-round" || at->rest == "withdraw" || at->rest == "close")
      return command(request, at->id, at->rest, admin, ex, reply);
    reply(not_found(*request));
  });
}

void EventApi::create(std::shared_ptr<const HttpRequest> request, const CompetitionHttp::Admin& admin, StoreExecutor ex,
                      Reply reply) {
  auto parsed = protocol::parse_event_create(request->body());
  auto* body = parsed_body(parsed, *request, reply);
  if (!body) return;
  if (!valid_pool(body->game, body->variant))
    return reply(json_error(*request, http::status::bad_request, "bad_field",
                            "game and variant: gipf basic|standard|tournament, yinsh normal|blitz"));
  TournamentRecord t;
  t.name = body->name;
  t.kind = body->kind;
  t.options = {body->game, body->variant, 0, 0};
  t.clock = body->clock;
  t.rounds = body->rounds;
  t.cycles = body->cycles;
  t.start_at = body->start_at;
  t.auto_pair = body->auto_pair;
  t.start_minutes = body->start_minutes;
  t.bots = body->bots;
  t.created_at = admin.at;
  auto audit = admin_audit(admin, "event_create", "", request_details(*request));
  store_.create_tournament(t, audit, ex, [request, reply](Stored<Outcome<TournamentRecord>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
    reply(event_answer(*request, done.value.value, http::status::created));
  });
}

void EventApi::command(std::shared_ptr<const HttpRequest> request, std::int64_t id, const std::string& name,
                       const CompetitionHttp::Admin& admin, StoreExecutor ex, Reply reply) {
  using Kind = TournamentCommand::Kind;
  TournamentCommand c;
  if (name == "withdraw") {
    auto parsed = protocol::parse_username_request(request->body());
    auto* body = parsed_body(parsed, *request, reply);
    if (!body) return;
    c.kind = Kind::withdraw;
    c.username = body->username;
  } else {
    if (!parsed_body(protocol::parse_empty(request->body()), *request, reply)) return;
    c.kind = name == "start" ? Kind::start : name == "next-round" ? Kind::next_round : Kind::close;
  }
  std::string action = "event_" + name;
  std::replace(action.begin(), action.end(), '-', '_');
  c.audit = admin_audit(admin, action, "", request_details(*request));
  c.now = admin.at;
  run(std::move(request), id, std::move(c), std::move(ex), std::move(reply));
}

void EventApi::run(std::shared_ptr<const HttpRequest> request, std::int64_t id, TournamentCommand command, StoreExecutor ex,
                   Reply reply) {
  store_.tournament_command(id, std::move(command), random_room_id, ex, [this, request, ex, reply](Stored<Outcome<TournamentProgress>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
    answer_after_games(request, std::move(done.value.value), ex, reply);
  });
}

void EventApi::answer_after_games(std::shared_ptr<const HttpRequest> request, TournamentProgress progress, StoreExecutor ex,
                                  Reply reply) {
  // The round is stored: its games are created now (or, failing that, at the next start).
  service_.open_games(std::move(progress.games), ex,
                      [request, reply, t = progress.tournament](std::vector<CompetitionGame>, std::vector<CompetitionGame>) {
                        reply(event_answer(*request, t));
                      });
}

void EventApi::result(std::shared_ptr<const HttpRequest> request, std::int64_t id, const CompetitionHttp::Admin& admin,
                      StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_result(request->body());
  auto* body = parsed_body(parsed, *request, reply);
  if (!body) return;
  TournamentCommand c;
  c.kind = TournamentCommand::Kind::result;
  c.room = body->room;
  c.result = body->result;
  c.reason = body->reason;
  c.audit = admin_audit(admin, "event_result", body->room, request_details(*request));
  c.now = admin.at;
  store_.tournament_command(id, c, random_room_id, ex, [this, request, id, admin, ex, reply, r = *body](Stored<Outcome<TournamentProgress>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (done.value.ok()) return answer_after_games(request, std::move(done.value.value), ex, reply);
    if (done.value.code != "game_live") return reply(refusal_response(*request, done.value.code, done.value.message));
    // A game still going is adjudicated (audited as such); its result reaches the event in that transaction.
    moderation_.adjudicate(Moderation::Actor{admin.account, admin.address}, r.room, r.result, r.reason, ex,
                           [this, request, id, ex, reply](std::variant<RoomRecord, AccountFailure> outcome) {
                             if (auto* f = std::get_if<AccountFailure>(&outcome)) return reply(failure_response(*request, *f));
                             store_.tournament(id, ex, [request, reply](Stored<std::optional<TournamentDetail>> after) {
                               if (!after.ok() || !after.value) return reply(store_failed(*request, after.error));
                               reply(event_answer(*request, after.value->tournament));
                             });
                           });
  });
}

}  // namespace arena
