#include "api/bot_api.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "api/account_api.hpp"  // session_of
#include "net/http_target.hpp"  // percent_decoded
#include "bots/bot_call.hpp"
#include "bots/stream_clients.hpp"
#include "protocol/bot_messages.hpp"
#include "protocol/messages.hpp"  // parse_time_control, check_chat_text
#include "protocol/room_id.hpp"
#include "util/log_text.hpp"
#include "util/secure_random.hpp"
#include "util/sha256.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

const std::string kTokens = "/api/account/tokens";
const std::string kUpgrade = "/api/bot/account/upgrade";
const std::string kEvents = "/api/stream/event";
const std::string kChallenge = "/api/challenge";

// "/api/bot/game/" or "/api/board/game/": which, and the rest of the path.
std::optional<std::pair<bool, std::string>> game_path(const std::string& path) {
  for (bool bot : {true, false}) {
    std::string prefix = bot ? "/api/bot/game/" : "/api/board/game/";
    if (path.starts_with(prefix)) return std::make_pair(bot, path.substr(prefix.size()));
  }
  return std::nullopt;
}

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    auto end = text.find(by, start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

HttpResponse error(const HttpRequest& request, int status, const std::string& code, const std::string& message) {
  return json_error(request, static_cast<http::status>(status), code, message);
}

// An Outcome's refusal as HTTP: as a room's (bots/bot_call.hpp).
int status_of(const std::string& code) { return http_status_of(code); }

// A stream refused: the account's bounds (429 too_many_streams), or this
// node's (503 busy: another node, or this one a little later, may serve it).
HttpResponse stream_refusal(const HttpRequest& request, const OpenStreams::Opening& refused, const std::string& message) {
  if (!refused.node_full) return error(request, 429, "too_many_streams", message);
  auto res = error(request, 503, "busy", "this server has too many streams open: try again shortly");
  res.set(http::field::retry_after, "5");
  return res;
}

// 429 rate_limited, with when to try again.
HttpResponse rate_limited(const HttpRequest& request, const std::string& message, int retry_after_seconds) {
  auto res = error(request, 429, "rate_limited", message);
  res.set(http::field::retry_after, std::to_string(retry_after_seconds));
  return res;
}

json token_json(const ApiToken& t) {
  return {{"id", t.id}, {"name", t.name}, {"scopes", scope_names(t.scopes)}, {"created_at", t.created_at}};
}

// Reads a JSON object body whose fields are all among `known`; "" (no body) is {}.
std::variant<json, HttpResponse> object_body(const HttpRequest& request, std::initializer_list<std::string_view> known) {
  if (request.body().empty()) return json::object();
  json body = json::parse(request.body(), nullptr, false);
  if (body.is_discarded()) return error(request, 400, "bad_json", "the body is not JSON");
  if (!body.is_object()) return error(request, 400, "bad_field", "the body must be a JSON object");
  for (auto it = body.begin(); it != body.end(); ++it)
    if (std::find(known.begin(), known.end(), it.key()) == known.end())
      return error(request, 400, "bad_field", "unknown field '" + it.key() + "'");
  return body;
}


// A challenge's terms from its body; `computer`: the site's computer is
// challenged (its `level` is read by the caller).
std::variant<ChallengeTerms, HttpResponse> challenge_terms(const HttpRequest& request, bool computer) {
auto body = object_body(request, {"game", "variant", "white_extra", "black_extra", "clock", "color", "rated", "level"});
  if (!computer && std::get_if<json>(&body) && std::get<json>(body).contains("level"))
    return error(request, 400, "bad_field", "unknown field 'level'");
  if (auto* refusal = std::get_if<HttpResponse>(&body)) return std::move(*refusal);
  const json& b = std::get<json>(body);
  ChallengeTerms terms;
  if (!b.contains("game") || !b["game"].is_string()) return error(request, 400, "bad_field", "game: gipf or yinsh");
  terms.options.game = b["game"];
  const engine::GameInfo* info = engine::find_game(terms.options.game);
  if (!info) return error(request, 400, "bad_field", "game: gipf or yinsh");
  if (b.contains("variant") && !b["variant"].is_string()) return error(request, 400, "bad_field", "variant: a name");
  terms.options.variant = b.contains("variant") ? b["variant"].get<std::string>() : info->default_variant;
  for (const char* side : {"white_extra", "black_extra"}) {
    if (!b.contains(side)) continue;
    if (!b[side].is_number_integer() || b[side].get<std::int64_t>() < 0 || b[side].get<std::int64_t>() > 3)
      return error(request, 400, "bad_field", std::string(side) + " is 0 to 3");
    (std::string(side) == "white_extra" ? terms.options.white_extra : terms.options.black_extra) = b[side].get<int>();
  }
  if (std::string problem = engine::validate(terms.options); !problem.empty()) return error(request, 400, "bad_field", problem);
  if (b.contains("clock") && !b["clock"].is_null()) {
    auto clock = protocol::parse_time_control(b["clock"]);
    if (auto* problem = std::get_if<std::string>(&clock)) return error(request, 400, "bad_field", *problem);
    terms.clock = std::get<protocol::TimeControl>(clock);
  }
  if (b.contains("color")) {
    if (!b["color"].is_string() || (b["color"] != "white" && b["color"] != "black" && b["color"] != "random"))
      return error(request, 400, "bad_field", "color: white, black or random");
    terms.color = b["color"];
  }
  if (b.contains("rated")) {
    if (!b["rated"].is_boolean()) return error(request, 400, "bad_field", "rated: true or false");
    terms.rated = b["rated"];
    if (terms.rated && !terms.clock.timed())
      return error(request, 400, "bad_field", "a rated game needs a clock (live or correspondence)");
    if (terms.rated && (terms.options.white_extra || terms.options.black_extra))
      return error(request, 400, "bad_field", "a handicap game is not rated");
  }
  return terms;
}

}  // namespace

BotApi::BotApi(AccountService& accounts, BotStore& store, ChallengeService& challenges,
               RoomDirectory& directory, PlayerConnections& connections, LobbyFeed& feed, const ComputerPlayers& computer,
               Clock clock, BotApiLimits limits)
    : accounts_(accounts),
      store_(store),
      challenges_(challenges),
      directory_(directory),
      connections_(connections),
      feed_(feed),
      computer_(computer),
      clock_(std::move(clock)),
      limits_(limits),
      rates_(limits.requests_per_second, limits.request_burst),
      streams_({limits.streams_per_account, limits.event_streams_per_account, limits.streams_per_node}) {}

bool BotApi::owns(const std::string& path) const {
  return path == kTokens || path.starts_with(kTokens + "/") || path == kUpgrade || game_path(path).has_value() ||
         path == kChallenge || path.starts_with(kChallenge + "/");
}

bool BotApi::deletable(const std::string& path) const { return path.starts_with(kTokens + "/"); }

bool BotApi::bearer_path(const std::string& path) const {
  return path == kUpgrade || game_path(path).has_value() || path == kChallenge || path.starts_with(kChallenge + "/");
}

bool BotApi::streams(const std::string& path) const {
  if (path == kEvents) return true;
  auto game = game_path(path);
  return game && game->second.starts_with("stream/");
}

void BotApi::caller(const std::shared_ptr<const HttpRequest>& request, bool cookie_ok, StoreExecutor ex,
                    std::function<void(HttpResponse)> reply, Called called) {
  std::string_view authorization = std_view((*request)[http::field::authorization]);
  if (authorization.empty()) {
    if (!cookie_ok)
      return reply(error(*request, 401, "not_authenticated", "send Authorization: Bearer with a personal API token"));
    return accounts_.authenticate(session_of(*request), ex, [request, reply, called](std::optional<AccountRecord> account) {
      if (!account) return reply(error(*request, 401, "not_authenticated", "sign in, or send a personal API token"));
      called({*account, std::nullopt});
    });
  }
  if (authorization.rfind("Bearer ", 0) != 0 || authorization.size() > 200)
    return reply(error(*request, 401, "bad_token", "Authorization must be 'Bearer ' and a personal API token"));
  std::string secret(authorization.substr(7));
  store_.token_holder(sha256_hex(secret), ex, [this, request, reply, called](Stored<std::optional<TokenHolder>> holder) {
    if (!holder.ok()) return reply(store_failed(*request, holder.error));
    if (!holder.value) return reply(error(*request, 401, "bad_token", "this token is unknown or was revoked"));
    const AccountRecord& account = holder.value->account;
    if (account.closed_at > 0) return reply(error(*request, 401, "bad_token", "this token's account was closed"));
    if (account.banned_until > clock_()) return reply(error(*request, 403, "banned", "this account is banned: " + account.ban_reason));
    {
      std::lock_guard lock(mutex_);
      if (!rates_.allow(holder.value->token.id)) return reply(rate_limited(*request, "too many requests with this token: slow down", 1));
    }
    called({account, holder.value->token});
  });
}

void BotApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&,
                    const std::string& address, StoreExecutor ex, Reply reply) {
  if (path == kTokens || path.starts_with(kTokens + "/")) return tokens(std::move(request), path, address, std::move(ex), std::move(reply));
  const bool challenge_path = path == kChallenge || path.starts_with(kChallenge + "/");
  if (request->method() != http::verb::post && !(challenge_path && request->method() == http::verb::get))
    return reply(method_not_allowed(*request, challenge_path ? "GET, POST" : "POST"));
  if (path == kUpgrade) return upgrade(std::move(request), address, std::move(ex), std::move(reply));
  if (game_path(path)) return game_call(std::move(request), path, std::move(ex), std::move(reply));
  challenge(std::move(request), path, std::move(ex), std::move(reply));
}

// ---- tokens --------------------------------------------------------------------

void BotApi::tokens(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&,
                    StoreExecutor ex, Reply reply) {
  const auto method = request->method();
  // Managed from the account's own page: a cookie, never a token.
  if (request->count(http::field::authorization))
    return reply(error(*request, 403, "cookie_required", "tokens are managed from the account's page, signed in"));
  if (path == kTokens && method != http::verb::get && method != http::verb::post) return reply(method_not_allowed(*request, "GET, POST"));
  if (path != kTokens && method != http::verb::delete_) return reply(method_not_allowed(*request, "DELETE"));
  caller(request, true, ex, reply, [this, request, path, ex, reply, method](Caller who) {
    if (method == http::verb::get)
      return store_.tokens_of(who.account.id, ex, [request, reply](Stored<std::vector<ApiToken>> tokens) {
        if (!tokens.ok()) return reply(store_failed(*request, tokens.error));
        json list = json::array();
        for (const auto& t : tokens.value) list.push_back(token_json(t));
        reply(json_response(*request, http::status::ok, {{"tokens", list}}));
      });
    if (method == http::verb::delete_)
      return store_.revoke_token(who.account.id, path.substr(kTokens.size() + 1), ex, [this, request, reply, id = path.substr(kTokens.size() + 1)](Stored<bool> gone) {
        if (!gone.ok()) return reply(store_failed(*request, gone.error));
        if (!gone.value) return reply(error(*request, 404, "not_found", "no such token"));
        streams_.end_token(id);  // the programs using it stop at once (on this node; elsewhere at their next request)
        reply(respond(*request, http::status::no_content, "", "application/json"));
      });
    auto body = object_body(*request, {"name", "scopes"});
    if (auto* refusal = std::get_if<HttpResponse>(&body)) return reply(std::move(*refusal));
    const json& b = std::get<json>(body);
    if (!b.contains("name") || !b["name"].is_string() || b["name"].get<std::string>().empty() ||
        b["name"].get<std::string>().size() > kMaxTokenNameBytes)
      return reply(error(*request, 400, "bad_field", "name: 1 to 64 bytes, to tell the token from others"));
    auto check = protocol::check_chat_text(b["name"].get<std::string>());
    if (!check.error.empty()) return reply(error(*request, 400, "bad_field", "name: " + check.error));
    if (!b.contains("scopes") || !b["scopes"].is_array() || b["scopes"].empty())
      return reply(error(*request, 400, "bad_field", "scopes: a list of bot:play, board:play, challenge:read, challenge:write"));
    std::vector<std::string> names;
    for (const json& s : b["scopes"]) {
      if (!s.is_string()) return reply(error(*request, 400, "bad_field", "scopes are names"));
      names.push_back(s.get<std::string>());
    }
    auto scopes = parse_scopes(names);
    if (!scopes) return reply(error(*request, 400, "bad_field", "scopes: only bot:play, board:play, challenge:read, challenge:write"));
    ApiToken token{random_room_id().substr(0, 16), who.account.id, check.name, *scopes, clock_()};
    std::string secret = "gat_" + random_token().substr(0, 40);
    store_.create_token(token, sha256_hex(secret), ex, [request, reply, secret](Stored<Outcome<ApiToken>> made) {
      if (!made.ok()) return reply(store_failed(*request, made.error));
      if (!made.value.ok()) return reply(error(*request, status_of(made.value.code), made.value.code, made.value.message));
      json answer = token_json(made.value.value);
      answer["secret"] = secret;  // shown this once: only its hash is kept
      reply(json_response(*request, http::status::created, {{"token", answer}}));
    });
  });
}

// ---- bot accounts ----------------------------------------------------------------

void BotApi::upgrade(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply) {
  caller(request, true, ex, reply, [this, request, address, ex, reply](Caller who) {
    if (!who.may(kBotPlay)) return reply(error(*request, 403, "missing_scope", "this needs a token with bot:play"));
    AuditEntry audit{who.account.id, "bot_upgrade", who.account.username, "{}", address, clock_()};
    store_.make_bot(who.account.id, audit, ex, [this, request, reply](Stored<Outcome<AccountRecord>> made) {
      if (!made.ok()) return reply(store_failed(*request, made.error));
      if (!made.value.ok()) return reply(error(*request, status_of(made.value.code), made.value.code, made.value.message));
      // Its open connections knew a person: they come back as a bot (which seeks no games in the lobby).
      connections_.disconnect_player(made.value.value.player, "the account is a bot now");
      reply(json_response(*request, http::status::ok, {{"account", {{"username", made.value.value.username}, {"bot", true}}}}));
    });
  });
}

// ---- playing ---------------------------------------------------------------------

std::optional<HttpResponse> BotApi::refuse_player(const HttpRequest& request, const Caller& who, bool bot_path) const {
  if (bot_path != who.account.bot)
    return error(request, 403, bot_path ? "not_a_bot" : "bot_account",
                 bot_path ? "only a bot account plays through /api/bot: a person's account uses /api/board"
                          : "a bot account plays through /api/bot");
  if (!who.may(bot_path ? kBotPlay : kBoardPlay))
    return error(request, 403, "missing_scope", bot_path ? "this needs a token with bot:play" : "this needs a token with board:play");
  return std::nullopt;
}

void BotApi::game_call(std::shared_ptr<const HttpRequest> request, const std::string& path, StoreExecutor ex, Reply reply) {
  const auto which = *game_path(path);
  const bool bot_path = which.first;  // named, not bound: a lambda captures it
  const std::string rest = which.second;
  auto parts = split(rest, '/');
  const std::string room = parts[0];
  if (parts.size() < 2) return reply(error(*request, 404, "not_found", "no such resource"));
  CallRequest call;
  const std::string& what = parts[1];
  if (what == "action" && parts.size() == 3) {
    call.kind = CallRequest::Kind::Actions;
    call.actions = split(percent_decoded(parts[2]), ';');
    if (call.actions.size() > 16) return reply(error(*request, 400, "bad_field", "at most 16 actions in one request"));
    for (const auto& a : call.actions)
      if (a.empty() || a.size() > 64) return reply(error(*request, 400, "bad_field", "an action is 1 to 64 bytes of notation"));
  } else if (what == "resign" && parts.size() == 2) {
    call.kind = CallRequest::Kind::Resign;
  } else if (what == "abort" && parts.size() == 2) {
    call.kind = CallRequest::Kind::Abort;
  } else if (what == "draw" && parts.size() == 3 && (parts[2] == "yes" || parts[2] == "no")) {
    call.kind = parts[2] == "yes" ? CallRequest::Kind::DrawYes : CallRequest::Kind::DrawNo;
  } else if (what == "claim-victory" && parts.size() == 2) {
    call.kind = CallRequest::Kind::ClaimVictory;
  } else if (what == "claim-draw" && parts.size() == 2) {
    call.kind = CallRequest::Kind::ClaimDraw;
  } else if (what == "chat" && parts.size() == 2) {
    call.kind = CallRequest::Kind::Chat;
    auto body = object_body(*request, {"text"});
    if (auto* refusal = std::get_if<HttpResponse>(&body)) return reply(std::move(*refusal));
    const json& b = std::get<json>(body);
    if (!b.contains("text") || !b["text"].is_string()) return reply(error(*request, 400, "bad_field", "text: the line to say"));
    auto check = protocol::check_chat_text(b["text"].get<std::string>());
    if (!check.error.empty()) return reply(error(*request, 400, "bad_field", "text: " + check.error));
    call.text = check.name;
  } else {
    return reply(error(*request, 404, "not_found", "no such resource"));
  }
  caller(request, false, ex, reply, [this, request, bot_path, room, call, ex, reply](Caller who) {
    if (auto refusal = refuse_player(*request, who, bot_path)) return reply(std::move(*refusal));
    if (!protocol::valid_room_id(room)) return reply(error(*request, 404, "not_found", "no such game"));
    if (call.kind == CallRequest::Kind::Chat &&
        (who.account.muted_until > clock_() || connections_.muted_until(who.account.player, clock_()) > 0))
      return reply(error(*request, 403, "muted", "this account is muted"));
    directory_.find_endpoint(room, ex, [this, request, who, call, ex, reply](std::shared_ptr<RoomEndpoint> endpoint, Lookup lookup) {
      if (!endpoint && (lookup == Lookup::Failed || lookup == Lookup::Damaged))
        return reply(error(*request, 503, "unavailable", "the game cannot be read now: try again"));
      if (!endpoint) return reply(error(*request, 404, "not_found", "no such game"));
      auto done = [request, reply](CallAnswer answer) {
        if (answer.status == 200) return reply(json_response(*request, http::status::ok, answer.body));
        if (answer.status == 429) return reply(rate_limited(*request, answer.message, 1));
        reply(error(*request, answer.status, answer.code, answer.message));
      };
      std::make_shared<BotCall>(endpoint, player_of(who.account), call, ex, limits_.room_timeout, done)->start();
    });
  });
}

// ---- challenges --------------------------------------------------------------------

void BotApi::challenge(std::shared_ptr<const HttpRequest> request, const std::string& path, StoreExecutor ex, Reply reply) {
  caller(request, true, ex, reply, [this, request, path, ex, reply](Caller who) {
    if (path == kChallenge) return challenge_list(request, who, ex, reply);
    auto parts = split(path.substr(kChallenge.size() + 1), '/');
    if (request->method() == http::verb::get) {
      if (parts.size() != 1 || !protocol::valid_room_id(parts[0])) return reply(error(*request, 404, "not_found", "no such challenge"));
      return challenge_show(request, who, parts[0], ex, reply);
    }
    if (parts.size() == 2) return challenge_answer(request, who, parts[0], parts[1], ex, reply);
    if (parts.size() != 1 || parts[0].empty() || parts[0].size() > 64) return reply(error(*request, 404, "not_found", "no such resource"));
    challenge_make(request, who, parts[0], ex, reply);
  });
}

// A challenge as the answer (`ok_status`), or the refusal.
BotApi::ChallengeReply BotApi::answered(std::shared_ptr<const HttpRequest> request, Reply reply, int ok_status) {
  return [request, reply, ok_status](Outcome<PlayerChallenge> made) {
    if (!made.ok()) return reply(error(*request, status_of(made.code), made.code, made.message));
    reply(json_response(*request, static_cast<http::status>(ok_status),
                        {{"challenge", protocol::challenge_json(player_challenge_view(made.value))}}));
  };
}

void BotApi::challenge_list(std::shared_ptr<const HttpRequest> request, const Caller& who, StoreExecutor ex, Reply reply) {
  if (!who.may(kChallengeRead)) return reply(error(*request, 403, "missing_scope", "this needs a token with challenge:read"));
  store_.player_challenges_of(who.account.id, ex, [request, reply, account = who.account.id](Stored<std::vector<PlayerChallenge>> open) {
    if (!open.ok()) return reply(store_failed(*request, open.error));
    json in = json::array(), out = json::array();
    for (const auto& c : open.value) (c.destination == account ? in : out).push_back(protocol::challenge_json(player_challenge_view(c)));
    reply(json_response(*request, http::status::ok, {{"in", in}, {"out", out}}));
  });
}

void BotApi::challenge_show(std::shared_ptr<const HttpRequest> request, const Caller& who, const std::string& id, StoreExecutor ex,
                            Reply reply) {
  if (!who.may(kChallengeRead)) return reply(error(*request, 403, "missing_scope", "this needs a token with challenge:read"));
  store_.find_player_challenge(id, ex, [this, request, reply, account = who.account.id, ex](Stored<std::optional<PlayerChallenge>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    if (!found.value || (found.value->challenger != account && found.value->destination != account))
      return reply(error(*request, 404, "not_found", "no such challenge"));
    // The challenger still asking keeps a real-time challenge open, on any node.
    if (found.value->challenger == account) challenges_.keep(*found.value, ex);
    reply(json_response(*request, http::status::ok, {{"challenge", protocol::challenge_json(player_challenge_view(*found.value))}}));
  });
}

void BotApi::challenge_answer(std::shared_ptr<const HttpRequest> request, const Caller& who, const std::string& id,
                              const std::string& verb, StoreExecutor ex, Reply reply) {
  if (!protocol::valid_room_id(id)) return reply(error(*request, 404, "not_found", "no such challenge"));
  const bool answering = verb == "accept" || verb == "decline";
  if (!answering && verb != "cancel") return reply(error(*request, 404, "not_found", "no such resource"));
  if (!(who.may(kChallengeWrite) || (answering && (who.may(kBotPlay) || who.may(kBoardPlay)))))
    return reply(error(*request, 403, "missing_scope", "this needs a token with challenge:write"));
  if (verb == "accept") return challenges_.accept(who.account, id, ex, answered(request, reply, 200));
  if (verb == "cancel") return challenges_.cancel(who.account, id, ex, answered(request, reply, 200));
  auto body = object_body(*request, {"reason"});
  if (auto* refusal = std::get_if<HttpResponse>(&body)) return reply(std::move(*refusal));
  const json& b = std::get<json>(body);
  const std::string reason = b.contains("reason") && b["reason"].is_string() ? b["reason"].get<std::string>()
                             : b.contains("reason")                         ? std::string()
                                                                            : std::string("generic");
  if (!protocol::valid_decline_reason(reason))
    return reply(error(*request, 400, "bad_field", "reason: generic, later, tooFast, tooSlow, timeControl, rated, casual, variant, noBot or onlyBot"));
  challenges_.decline(who.account, id, reason, ex, answered(request, reply, 200));
}

void BotApi::challenge_make(std::shared_ptr<const HttpRequest> request, const Caller& who, const std::string& to, StoreExecutor ex,
                            Reply reply) {
  if (!who.may(kChallengeWrite)) return reply(error(*request, 403, "missing_scope", "this needs a token with challenge:write"));
  {
    std::lock_guard lock(mutex_);
    if (!challenge_rates_.allow(who.account.id)) return reply(rate_limited(*request, "at most 20 challenges a minute: slow down", 3));
  }
  const bool computer = to == "ai";  // no username is this short
  auto terms = challenge_terms(*request, computer);
  if (auto* refusal = std::get_if<HttpResponse>(&terms)) return reply(std::move(*refusal));
  if (computer) return challenge_computer(request, who, std::get<ChallengeTerms>(terms), ex, reply);
  challenges_.create(who.account, to, std::get<ChallengeTerms>(terms), ex, answered(request, reply, 201));
}

void BotApi::challenge_computer(std::shared_ptr<const HttpRequest> request, const Caller& who, const ChallengeTerms& terms,
                                StoreExecutor ex, Reply reply) {
  json body = json::parse(request->body(), nullptr, false);
  if (!body.contains("level") || !body["level"].is_number_integer() || body["level"].get<std::int64_t>() < 1 ||
      body["level"].get<std::int64_t>() > 6)
    return reply(error(*request, 400, "bad_field", "level: the computer's, 1 to 6"));
  if (terms.rated) return reply(error(*request, 400, "bad_field", "games against the computer are not rated"));
  auto bot = computer_.player(body["level"].get<int>());
  std::optional<Refusal> refusal = bot ? computer_.refusal(who.account.player)
                                       : Refusal{protocol::ErrorCode::Internal, "the computer has no player of this level here"};
  if (refusal) return reply(error(*request, status_of(std::string(protocol::code_name(refusal->code))),
                                  std::string(protocol::code_name(refusal->code)), refusal->message));
  engine::Color seat = terms.color == "white"   ? engine::Color::White
                       : terms.color == "black" ? engine::Color::Black
                       : random_bool()          ? engine::Color::White
                                                : engine::Color::Black;
  directory_.open_bot_game(player_of(who.account), *bot, terms.options, terms.clock, false, seat, ex,
                           [request, reply, seat](std::shared_ptr<Room> room, std::optional<Refusal> refused) {
    if (!room) {
      std::string code(protocol::code_name(refused->code));
      return reply(error(*request, status_of(code), code, refused->message));
    }
    reply(json_response(*request, http::status::created, {{"game", {{"id", room->id()}, {"color", engine::color_name(seat)}}}}));
  });
}

// ---- streams -----------------------------------------------------------------------

void BotApi::stream(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&, StoreExecutor ex,
                    StreamReply reply) {
  if (path == kEvents) return event_stream(std::move(request), std::move(ex), std::move(reply));
  game_stream(std::move(request), path, std::move(ex), std::move(reply));
}

void BotApi::game_stream(std::shared_ptr<const HttpRequest> request, const std::string& path, StoreExecutor ex, StreamReply reply) {
  const auto which = *game_path(path);
  const bool bot_path = which.first;  // named, not bound: a lambda captures it
  const std::string rest = which.second;
  const std::string room = rest.substr(std::string("stream/").size());
  if (!protocol::valid_room_id(room)) return reply(error(*request, 404, "not_found", "no such game"));
  caller(request, false, ex, [reply](HttpResponse r) { reply(std::move(r)); },
         [this, request, bot_path, room, ex, reply](Caller who) {
    if (auto refusal = refuse_player(*request, who, bot_path)) return reply(std::move(*refusal));
    // One stream of a game per token: a new one replaces the old (which ends).
    auto id = streams_.open(who.account.id, who.token->id, room);
    if (!id) return reply(stream_refusal(*request, id, "this account has too many streams open"));
    auto release = [this, id = id.id] { streams_.close(id); };
    directory_.find_endpoint(room, ex, [this, request, who, ex, reply, release, id = id.id](std::shared_ptr<RoomEndpoint> endpoint, Lookup lookup) {
      if (!endpoint) {
        release();
        if (lookup == Lookup::Failed || lookup == Lookup::Damaged)
          return reply(error(*request, 503, "unavailable", "the game cannot be read now: try again"));
        return reply(error(*request, 404, "not_found", "no such game"));
      }
      auto client = std::make_shared<std::shared_ptr<GameStreamClient>>();
      *client = std::make_shared<GameStreamClient>(endpoint, player_of(who.account), ex, limits_.room_timeout,
                                                   [this, request, reply, release, client, id, player = who.account.player](std::optional<CallAnswer> refusal) {
        auto stream_client = std::move(*client);  // the cycle through this callback ends here
        if (refusal) {
          release();
          return reply(error(*request, refusal->status, refusal->code, refusal->message));
        }
        reply(HttpModule::StreamStart([this, stream_client, release, id, player](std::shared_ptr<LineSink> sink) {
          streams_.attach(id, sink);
          stream_client->attach(sink, [this, release, player, raw = stream_client.get()] {
            connections_.remove(player, raw);
            release();
          });
          // One of the account's connections: a ban or its end reaches it (and its blocks apply to chat).
          if (!connections_.add(player, stream_client, "", clock_())) sink->end();
        }));
      });
      (*client)->start();
    });
  });
}

void BotApi::event_stream(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, StreamReply reply) {
  caller(request, false, ex, [reply](HttpResponse r) { reply(std::move(r)); }, [this, request, ex, reply](Caller who) {
    if (!who.may(kBotPlay) && !who.may(kBoardPlay) && !who.may(kChallengeRead))
      return reply(error(*request, 403, "missing_scope", "this needs a token with bot:play, board:play or challenge:read"));
    auto id = streams_.open(who.account.id, who.token->id, "");
    if (!id) return reply(stream_refusal(*request, id, "this account has too many event streams open"));
    store_.player_challenges_of(who.account.id, ex, [this, request, who, reply, id = id.id](Stored<std::vector<PlayerChallenge>> open) {
      if (!open.ok()) {
        streams_.close(id);
        return reply(store_failed(*request, open.error));
      }
      std::vector<protocol::PlayerChallengeView> views;
      for (const auto& c : open.value) views.push_back(player_challenge_view(c));
      const std::int64_t player = who.account.player;
      reply(HttpModule::StreamStart([this, views, player, id, name = who.account.username](std::shared_ptr<LineSink> sink) {
        auto client = std::make_shared<EventStreamClient>(player, name);
        sink->on_end([this, client, player, id] {
          feed_.unsubscribe(client.get());
          connections_.remove(player, client.get());
          streams_.close(id);
        });
        streams_.attach(id, sink);
        client->attach(sink, views);
        // One of the account's connections: challenges, a ban reach it.
        if (!connections_.add(player, client, "", clock_())) return sink->end();
        feed_.subscribe(client, player, nullptr);
      }));
    });
  });
}

}  // namespace arena
