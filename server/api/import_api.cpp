#include "api/import_api.hpp"

#include <nlohmann/json.hpp>

#include "api/account_api.hpp"  // session_of
#include "net/http_target.hpp"  // query_value
#include "engine/records.hpp"
#include "engine/replay.hpp"  // result_token
#include "protocol/game_view.hpp"
#include "protocol/http_messages.hpp"
#include "protocol/json_text.hpp"
#include "protocol/room_id.hpp"
#include "util/secure_random.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

const std::string kImports = "/api/imports";
constexpr int kListed = 100;

HttpResponse bad(const HttpRequest& request, const std::string& code, const std::string& message) {
  return json_error(request, http::status::bad_request, code, message);
}

json import_json(const ImportedGame& g) {
  return {{"id", g.id},
          {"game", g.game},
          {"variant", g.variant},
          {"white_extra", g.white_extra},
          {"black_extra", g.black_extra},
          {"white", g.white},
          {"black", g.black},
          {"result", g.result},
          {"reason", g.reason},
          {"plies", g.plies},
          {"format", g.format},
          {"imported_at", g.created_at},
          {"path", "/?imported=" + g.id}};
}

// The stored record replayed again: the game, as the engine has it.
std::optional<engine::AnyGame> replay(const ImportedGame& g) {
  auto read = engine::read_record(g.record, std::nullopt);
  if (!read.ok()) return std::nullopt;
  return std::move(read.game);
}

}  // namespace

bool ImportApi::owns(const std::string& path) const { return path == kImports || path.rfind(kImports + "/", 0) == 0; }

bool ImportApi::allowed(std::int64_t player) {
  std::lock_guard lock(mutex_);
  return limits_.allow(player);
}

void ImportApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                       const std::string&, StoreExecutor ex, Reply reply) {
  const bool post = request->method() == http::verb::post;
  if (path == kImports) return post ? bring_in(std::move(request), std::move(ex), std::move(reply)) : list(std::move(request), std::move(ex), std::move(reply));
  if (post) return reply(method_not_allowed(*request, "GET"));
  std::string rest = path.substr(kImports.size() + 1);
  bool as_record = false;
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    if (rest.substr(slash) != "/record") return reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
    rest = rest.substr(0, slash);
    as_record = true;
  }
  if (!protocol::valid_room_id(rest)) return reply(json_error(*request, http::status::not_found, "not_found", "no such import"));
  show(std::move(request), rest, query, as_record, std::move(ex), std::move(reply));
}

void ImportApi::bring_in(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply) {
  auto body = json::parse(request->body(), nullptr, false);
  if (body.is_discarded()) return reply(bad(*request, "bad_json", "the body is not JSON"));
  if (!body.is_object()) return reply(bad(*request, "bad_field", "the body must be a JSON object"));
  for (auto it = body.begin(); it != body.end(); ++it)
    if (it.key() != "record" && it.key() != "game" && it.key() != "variant" && it.key() != "white_extra" && it.key() != "black_extra")
      return reply(bad(*request, "bad_field", "unknown field '" + it.key() + "'"));
  if (!body.contains("record") || !body["record"].is_string())
    return reply(bad(*request, "bad_field", "record: the game's record as text (arena, official or boardspace SGF)"));
  std::optional<engine::GameOptions> options;
  if (body.contains("game")) {
    if (!body["game"].is_string() || (body.contains("variant") && !body["variant"].is_string()))
      return reply(bad(*request, "bad_field", "game and variant are names"));
    options = engine::GameOptions{body["game"], body.value("variant", std::string()), 0, 0};
    if (const engine::GameInfo* info = engine::find_game(options->game); info && options->variant.empty())
      options->variant = info->default_variant;
    for (const char* side : {"white_extra", "black_extra"}) {
      if (!body.contains(side)) continue;
      if (!body[side].is_number_integer()) return reply(bad(*request, "bad_field", std::string(side) + " is a number"));
      (std::string(side) == "white_extra" ? options->white_extra : options->black_extra) = body[side].get<int>();
    }
  } else if (body.contains("variant") || body.contains("white_extra") || body.contains("black_extra")) {
    return reply(bad(*request, "bad_field", "variant and the extra pieces come with a game"));
  }
  std::string text = body["record"];
  accounts_.authenticate(session_of(*request), ex, [this, request, text = std::move(text), options, ex, reply](std::optional<AccountRecord> account) {
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "sign in to bring games in"));
    if (!allowed(account->player))
      return reply(json_error(*request, http::status::too_many_requests, "rate_limited", "at most 20 imports an hour: try again later"));
    auto read = engine::read_record(text, options);
    if (!read.ok()) {
      json error{{"code", "bad_record"}, {"message", read.error}, {"format", engine::record_format_name(read.format)}, {"move", read.move}};
      if (!read.step.empty()) error["step"] = read.step;
      return reply(json_response(*request, http::status::bad_request, {{"error", error}}));
    }
    const engine::AnyGame& game = *read.game;
    if (game.ply() == 0)
      return reply(json_response(*request, http::status::bad_request,
                                 {{"error", {{"code", "bad_record"}, {"message", "the record holds no move"},
                                             {"format", engine::record_format_name(read.format)}, {"move", 0}}}}));
    ImportedGame g;
    g.id = random_room_id();
    g.game = game.options().game;
    g.variant = game.options().variant;
    g.white_extra = game.options().white_extra;
    g.black_extra = game.options().black_extra;
    g.white = read.white.empty() ? "?" : engine::name_line(read.white, 100);
    g.black = read.black.empty() ? "?" : engine::name_line(read.black, 100);
    const engine::GameResult result = game.result();
    g.result = engine::result_token(result);
    g.reason = std::string(result.reason);
    g.plies = game.ply();
    g.format = engine::record_format_name(read.format);
    std::vector<engine::RecordTag> tags = read.tags;
    tags.push_back({"Imported", g.format});
    g.record = engine::write_record(game, engine::RecordFormat::Arena, {g.white, g.black, tags}).text;
    if (g.record.size() > kMaxImportedRecordBytes)
      return reply(bad(*request, "bad_record", "the game is longer than the arena keeps (512 KiB as its record)"));
    g.imported_by = account->player;
    g.created_at = clock_();
    store_.store_import(std::move(g), ex, [request, reply](Stored<Outcome<ImportedGame>> stored) {
      if (!stored.ok()) return reply(store_failed(*request, stored.error));
      if (!stored.value.ok()) return reply(json_error(*request, http::status::conflict, stored.value.code, stored.value.message));
      reply(json_response(*request, http::status::created, {{"import", import_json(stored.value.value)}}));
    });
  });
}

void ImportApi::list(std::shared_ptr<const HttpRequest> request, StoreExecutor ex, Reply reply) {
  accounts_.authenticate(session_of(*request), ex, [this, request, ex, reply](std::optional<AccountRecord> account) {
    if (!account) return reply(json_error(*request, http::status::unauthorized, "not_authenticated", "sign in first"));
    store_.imports_of(account->player, kListed, ex, [request, reply](Stored<std::vector<ImportedGame>> games) {
      if (!games.ok()) return reply(store_failed(*request, games.error));
      json list = json::array();
      for (const ImportedGame& g : games.value) list.push_back(import_json(g));
      reply(json_response(*request, http::status::ok, {{"imports", list}}));
    });
  });
}

void ImportApi::show(std::shared_ptr<const HttpRequest> request, const std::string& id, const std::string& query, bool as_record,
                     StoreExecutor ex, Reply reply) {
  std::optional<engine::RecordFormat> format = engine::RecordFormat::Arena;
  bool short_form = false;
  if (as_record) {
    const std::string f = query_value(query, "format"), form = query_value(query, "form");
    if (!f.empty()) format = engine::parse_record_format(f);
    if (!format) return reply(bad(*request, "bad_field", "format must be arena, official or sgf"));
    if (!form.empty() && form != "short" && form != "complete") return reply(bad(*request, "bad_field", "form must be short or complete"));
    short_form = form == "short";
  }
  store_.find_import(id, ex, [request, id, as_record, format, short_form, reply](Stored<std::optional<ImportedGame>> found) {
    if (!found.ok()) return reply(store_failed(*request, found.error));
    if (!found.value) return reply(json_error(*request, http::status::not_found, "not_found", "no import '" + id + "'"));
    const ImportedGame& g = *found.value;
    auto game = replay(g);
    if (!game) return reply(json_error(*request, http::status::internal_server_error, "internal", "the stored import does not replay"));
    if (as_record) {
      auto written = engine::write_record(*game, *format, {g.white, g.black, {{"Site", "GIPF Arena"}, {"Imported", g.format}}}, short_form);
      if (!written.ok()) return reply(bad(*request, "format_unavailable", written.error));
      const bool sgf = *format == engine::RecordFormat::Sgf;
      auto res = respond(*request, http::status::ok, written.text, sgf ? "application/x-go-sgf" : "text/plain; charset=utf-8");
      res.set(http::field::content_disposition, "attachment; filename=\"gipf-arena-import-" + g.game + "-" + g.id + (sgf ? ".sgf" : ".txt") + "\"");
      return reply(std::move(res));
    }
    // As GET /api/games/ID shows a game: the replay page reads both alike.
    protocol::GameDetail detail;
    detail.game.id = g.id;
    detail.game.options = game->options();
    detail.game.status = protocol::RoomStatus::Finished;
    detail.game.white = protocol::PlayerRef{0, g.white, std::nullopt, "imported"};
    detail.game.black = protocol::PlayerRef{0, g.black, std::nullopt, "imported"};
    detail.game.plies = g.plies;
    detail.game.result = g.result == "*" ? "" : g.result;
    detail.game.reason = g.reason;
    detail.game.created_at = g.created_at;
    detail.game.finished_at = g.created_at;
    std::string error;
    auto start = engine::AnyGame::create(game->options(), error);
    detail.positions.push_back({0, protocol::state_json(*start)});
    for (const auto& step : game->steps()) {
      if (step.automatic) continue;  // taken with the action before it
      if (!start->play(step.action).empty()) break;
      detail.positions.push_back({start->ply(), protocol::state_json(*start)});
    }
    detail.steps = json::array();
    for (const auto& s : game->steps(0)) detail.steps.push_back(protocol::step_json(s));
    detail.record = g.record;
    detail.state = protocol::state_json(*game);
    json out = protocol::to_json(std::move(detail));
    out["import"] = import_json(g);
    reply(json_response(*request, http::status::ok, out));
  });
}

}  // namespace arena
