#include "api/ladder_api.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "api/account_api.hpp"  // method_not_allowed
#include "account/moderation.hpp"
#include "competition/competition_service.hpp"
#include "competition/competition_views.hpp"
#include "protocol/competition_messages.hpp"
#include "util/secure_random.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

constexpr std::string_view kLadders = "/api/ladders";
constexpr std::string_view kAdminLadders = "/api/admin/ladders";

HttpResponse not_found(const HttpRequest& request) {
  return json_error(request, http::status::not_found, "not_found", "no such resource");
}

// "challenges/12/accept" → {12, accept}; accept, decline, schedule, withdraw (#43).
std::optional<std::pair<std::int64_t, ChallengeAnswer::Kind>> answer_path(const std::string& rest) {
  using Kind = ChallengeAnswer::Kind;
  const std::string prefix = "challenges/";
  if (rest.rfind(prefix, 0) != 0) return std::nullopt;
  auto slash = rest.find('/', prefix.size());
  if (slash == std::string::npos) return std::nullopt;
  const std::string digits = rest.substr(prefix.size(), slash - prefix.size());
  if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  const std::string verb = rest.substr(slash + 1);
  static const std::pair<const char*, Kind> kVerbs[] = {
      {"accept", Kind::accept}, {"decline", Kind::decline}, {"schedule", Kind::schedule}, {"withdraw", Kind::withdraw}};
  for (const auto& [name, kind] : kVerbs)
    if (verb == name) return std::make_pair(std::stoll(digits), kind);
  return std::nullopt;
}

json standings_json(const LadderDetail& detail, std::int64_t now) {
  json standings = protocol::to_json(ladder_page(detail, std::nullopt, now))["standings"];
  return {{"standings", std::move(standings)}};
}

}  // namespace

LadderApi::LadderApi(CompetitionHttp http, CompetitionStore& store, CompetitionService& service, Moderation& moderation,
                     const BlockBook* blocks)
    : http_(std::move(http)), store_(store), service_(service), moderation_(moderation), blocks_(blocks) {}

bool LadderApi::owns(const std::string& path) const {
  return under(path, kLadders) || under(path, kAdminLadders);
}

bool LadderApi::patchable(const std::string& path) const {
  auto at = id_path(path, "/api/admin/ladders/");
  return at && at->rest.empty();
}

void LadderApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&,
                       const std::string& address, StoreExecutor ex, Reply reply) {
  if (path.rfind(kAdminLadders, 0) == 0) return admin(std::move(request), path, address, std::move(ex), std::move(reply));
  const bool get = request->method() == http::verb::get || request->method() == http::verb::head;
  if (path == kLadders) {
    if (!get) return reply(method_not_allowed(*request, "GET, HEAD"));
    return list(std::move(request), std::move(ex), std::move(reply));
  }
  auto at = id_path(path, "/api/ladders/");
  if (!at) return reply(not_found(*request));
  if (at->rest.empty()) {
    if (!get) return reply(method_not_allowed(*request, "GET, HEAD"));
    return page(std::move(request), at->id, std::move(ex), std::move(reply));
  }
  auto answer = answer_path(at->rest);
  if (at->rest != "join" && at->rest != "challenge" && !answer) return reply(not_found(*request));
  if (request->method() != http::verb::post) return reply(method_not_allowed(*request, "POST"));
  if (at->rest == "join") return join(std::move(request), at->id, std::move(ex), std::move(reply));
  if (answer) return this->answer(std::move(request), at->id, answer->first, answer->second, std::move(ex), std::move(reply));
  challenge(std::move(request), at->id, std::move(ex), std::move(reply));
}

void LadderApi::list(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply) {
  store_.ladders(ex, [request, reply](Stored<std::vector<LadderRecord>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    json ladders = json::array();
    for (const auto& l : found.value) ladders.push_back(protocol::to_json(ladder_view(l)));
    reply(json_response(*request, http::status::ok, {{"ladders", std::move(ladders)}}));
  });
}

void LadderApi::page(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply) {
  http_.viewer(request, ex, [this, request, id, ex, reply](std::optional<AccountRecord> viewer) {
    store_.ladder(id, ex, [this, request, reply, viewer](Stored<std::optional<LadderDetail>> found) {
      if (!found.ok()) return reply(store_failed(*request, found.error));
      if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such ladder"));
      std::optional<std::int64_t> me;
      if (viewer) me = viewer->player;
      reply(json_response(*request, http::status::ok, protocol::to_json(ladder_page(*found.value, me, http_.now(), blocks_))));
    });
  });
}

void LadderApi::join(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply) {
  if (!parsed_body(protocol::parse_empty(request->body()), *request, reply)) return;
  http_.player(request, ex, reply, [this, request, id, ex, reply](AccountRecord account) {
    RosterChange change;
    change.kind = RosterChange::Kind::join;
    change.player = account.player;
    store_.change_roster(id, change, http_.now(), ex, [request, reply, account](Stored<Outcome<LadderDetail>> done) {
      if (!done.ok()) return reply(store_failed(*request, done.error));
      if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
      // The order just written, activity applied as of now.
      const auto& standings = done.value.value.standings;
      auto at = std::find_if(standings.begin(), standings.end(),
                             [&](const LadderStanding& s) { return s.player.account == account.player; });
      reply(json_response(*request, http::status::ok, {{"position", at - standings.begin() + 1}}));
    });
  });
}

void LadderApi::challenge(std::shared_ptr<const HttpRequest> request, std::int64_t id, StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_challenge(request->body());
  auto* body = parsed_body(parsed, *request, reply);
  if (!body) return;
  http_.player(request, ex, reply, [this, request, id, ex, reply, defender = body->defender](AccountRecord account) {
    NewChallenge c{id, account.player, defender, random_room_id(), random_bool(), http_.now()};
    store_.challenge(c, ex, [this, request, ex, reply](Stored<Outcome<ChallengeMade>> done) {
      if (!done.ok()) return reply(store_failed(*request, done.error));
      if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
      const ChallengeMade& made = done.value.value;
      service_.tell_challenged(made);
      if (!made.game)  // the defender answers first (#43)
        return reply(json_response(*request, http::status::created, {{"challenge", protocol::to_json(challenge_view(made.challenge))}}));
      open_then_reply(request, made, http::status::created, ex, reply);
    });
  });
}

void LadderApi::answer(std::shared_ptr<const HttpRequest> request, std::int64_t ladder, std::int64_t challenge,
                       ChallengeAnswer::Kind kind, StoreExecutor ex, Reply reply) {
  std::int64_t start_at = 0;
  if (kind == ChallengeAnswer::Kind::schedule) {
    auto parsed = protocol::parse_schedule(request->body());
    auto* body = parsed_body(parsed, *request, reply);
    if (!body) return;
    start_at = body->start_at;
  } else if (!parsed_body(protocol::parse_empty(request->body()), *request, reply)) {
    return;
  }
  http_.player(request, ex, reply, [this, request, ladder, challenge, kind, start_at, ex, reply](AccountRecord account) {
    ChallengeAnswer a{ladder, challenge, account.player, kind, start_at, http_.now()};
    store_.answer_challenge(a, ex, [this, request, kind, ex, reply](Stored<Outcome<ChallengeMade>> done) {
      if (!done.ok()) return reply(store_failed(*request, done.error));
      if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
      const ChallengeMade& made = done.value.value;
      service_.tell_answered(made.challenge, kind);
      if (!made.game) return reply(json_response(*request, http::status::ok, {{"challenge", protocol::to_json(challenge_view(made.challenge))}}));
      open_then_reply(request, made, http::status::ok, ex, reply);
    });
  });
}

// Creates the game of a challenge that is playing now, then answers with the challenge.
void LadderApi::open_then_reply(std::shared_ptr<const HttpRequest> request, const ChallengeMade& made, http::status status,
                                StoreExecutor ex, Reply reply) {
  service_.open_games({*made.game}, ex, [request, reply, status, view = challenge_view(made.challenge)](
                                            std::vector<CompetitionGame> opened, std::vector<CompetitionGame>) {
    if (opened.empty())
      return reply(json_error(*request, http::status::internal_server_error, "internal",
                              "the challenge is stored but its game could not be created yet: "
                              "it will be within a minute"));
    reply(json_response(*request, status, {{"challenge", protocol::to_json(view)}}));
  });
}

void LadderApi::admin(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& address,
                      StoreExecutor ex, Reply reply) {
  http_.admin(request, address, ex, reply, [this, request, path, ex, reply](CompetitionHttp::Admin admin) {
    const auto method = request->method();
    if (path == kAdminLadders) {
      if (method != http::verb::post) return reply(method_not_allowed(*request, "POST"));
      return create(request, admin, ex, reply);
    }
    auto at = id_path(path, "/api/admin/ladders/");
    if (!at) return reply(not_found(*request));
    if (at->rest.empty()) {
      if (method != http::verb::patch) return reply(method_not_allowed(*request, "PATCH"));
      return edit(request, at->id, admin, ex, reply);
    }
    if (method != http::verb::post) return reply(method_not_allowed(*request, "POST"));
    if (at->rest == "result") return result(request, at->id, admin, ex, reply);
    if (at->rest == "seed" || at->rest == "add" || at->rest == "remove" || at->rest == "reinstate")
      return roster(request, at->id, at->rest, admin, ex, reply);
    reply(not_found(*request));
  });
}

void LadderApi::create(std::shared_ptr<const HttpRequest> request, const CompetitionHttp::Admin& admin, StoreExecutor ex,
                       Reply reply) {
  auto parsed = protocol::parse_ladder_create(request->body());
  auto* body = parsed_body(parsed, *request, reply);
  if (!body) return;
  if (!valid_pool(body->game, body->variant))
    return reply(json_error(*request, http::status::bad_request, "bad_field",
                            "game and variant: gipf basic|standard|tournament, yinsh normal|blitz"));
  LadderRecord l;
  l.name = body->name;
  l.options = {body->game, body->variant, 0, 0};
  l.clock = body->clock;
  l.answer_hours = body->answer_hours;
  l.bots = body->bots;
  l.created_at = admin.at;
  auto audit = admin_audit(admin, "ladder_create", "", request_details(*request));
  store_.create_ladder(l, audit, ex, [request, reply](Stored<Outcome<LadderRecord>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
    reply(json_response(*request, http::status::created, {{"ladder", protocol::to_json(ladder_view(done.value.value))}}));
  });
}

void LadderApi::edit(std::shared_ptr<const HttpRequest> request, std::int64_t id, const CompetitionHttp::Admin& admin,
                     StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_ladder_patch(request->body());
  auto* body = parsed_body(parsed, *request, reply);
  if (!body) return;
  LadderEdit edit;
  edit.name = body->name;
  edit.clock = body->clock;
  edit.answer_hours = body->answer_hours;
  edit.bots = body->bots;
  if (body->status) edit.status = ladder::parse_status(*body->status);
  edit.audit = admin_audit(admin, "ladder_edit", "", request_details(*request));
  store_.edit_ladder(id, edit, ex, [request, reply](Stored<Outcome<LadderRecord>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
    reply(json_response(*request, http::status::ok, {{"ladder", protocol::to_json(ladder_view(done.value.value))}}));
  });
}

void LadderApi::roster(std::shared_ptr<const HttpRequest> request, std::int64_t id, const std::string& command,
                       const CompetitionHttp::Admin& admin, StoreExecutor ex, Reply reply) {
  RosterChange change;
  if (command == "seed") {
    auto parsed = protocol::parse_seed(request->body());
    auto* body = parsed_body(parsed, *request, reply);
    if (!body) return;
    change.kind = RosterChange::Kind::seed;
    change.order = body->order;
  } else {
    auto parsed = protocol::parse_username_request(request->body());
    auto* body = parsed_body(parsed, *request, reply);
    if (!body) return;
    change.kind = command == "add" ? RosterChange::Kind::add
                  : command == "remove" ? RosterChange::Kind::remove
                                        : RosterChange::Kind::reinstate;
    change.username = body->username;
  }
  change.audit = admin_audit(admin, "ladder_" + command, "", request_details(*request));
  store_.change_roster(id, change, admin.at, ex, [request, reply, now = admin.at](Stored<Outcome<LadderDetail>> done) {
    if (!done.ok()) return reply(store_failed(*request, done.error));
    if (!done.value.ok()) return reply(refusal_response(*request, done.value.code, done.value.message));
    reply(json_response(*request, http::status::ok, standings_json(done.value.value, now)));
  });
}

void LadderApi::result(std::shared_ptr<const HttpRequest> request, std::int64_t id, const CompetitionHttp::Admin& admin,
                       StoreExecutor ex, Reply reply) {
  auto parsed = protocol::parse_result(request->body());
  auto* body = parsed_body(parsed, *request, reply);
  if (!body) return;
  store_.ladder(id, ex, [this, request, id, admin, ex, reply, r = *body](Stored<std::optional<LadderDetail>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no such ladder"));
    auto has_room = [&](const ChallengeRecord& c) { return c.room == r.room; };
    const auto& open = found.value->open;
    if (std::none_of(open.begin(), open.end(), has_room)) {
      const auto& recent = found.value->recent;
      if (std::any_of(recent.begin(), recent.end(), has_room))
        return reply(json_error(*request, http::status::conflict, "game_over", "the game has ended"));
      return reply(json_error(*request, http::status::not_found, "not_found", "no open game '" + r.room + "' on this ladder"));
    }
    // The room's adjudication (audited as such) moves the ladder in its transaction.
    moderation_.adjudicate(Moderation::Actor{admin.account, admin.address}, r.room, r.result, r.reason, ex,
                           [this, request, id, ex, reply, room = r.room](std::variant<RoomRecord, AccountFailure> outcome) {
                             if (auto* f = std::get_if<AccountFailure>(&outcome)) return reply(failure_response(*request, *f));
                             store_.ladder(id, ex, [request, reply, room](Stored<std::optional<LadderDetail>> after) {
                               if (!after.ok() || !after.value) return reply(store_failed(*request, after.error));
                               for (const auto& c : after.value->recent)
                                 if (c.room == room)
                                   return reply(json_response(*request, http::status::ok,
                                                              {{"challenge", protocol::to_json(challenge_view(c))}}));
                               reply(json_error(*request, http::status::internal_server_error, "internal", "the result was not recorded"));
                             });
                           });
  });
}

}  // namespace arena
