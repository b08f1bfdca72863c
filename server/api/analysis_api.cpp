#include "api/analysis_api.hpp"

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "api/account_api.hpp"  // session_of
#include "engine/records.hpp"
#include "protocol/game_view.hpp"
#include "protocol/http_messages.hpp"

namespace arena {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

const std::string kAnalysis = "/api/analysis";
constexpr std::size_t kMaxNotation = 64;
constexpr std::size_t kMaxName = 100;

HttpResponse bad(const HttpRequest& request, const std::string& code, const std::string& message) {
  return json_error(request, http::status::bad_request, code, message);
}

// The body as a JSON object with only `fields`, or the answer refusing it.
std::variant<json, HttpResponse> object_of(const HttpRequest& request, std::initializer_list<std::string_view> fields) {
  auto body = json::parse(request.body(), nullptr, false);
  if (body.is_discarded()) return bad(request, "bad_json", "the body is not JSON");
  if (!body.is_object()) return bad(request, "bad_field", "the body must be a JSON object");
  for (auto it = body.begin(); it != body.end(); ++it)
    if (std::find(fields.begin(), fields.end(), it.key()) == fields.end())
      return bad(request, "bad_field", "unknown field '" + it.key() + "'");
  return body;
}

// Where the analysis starts: a position's text, or a game's first position.
std::variant<engine::AnyGame, HttpResponse> start_of(const HttpRequest& request, const json& body) {
  std::string error;
  if (body.contains("position")) {
    if (body.contains("game") || body.contains("variant") || body.contains("white_extra") || body.contains("black_extra"))
      return bad(request, "bad_field", "a position or a game, not both");
    if (!body["position"].is_string() || body["position"].get_ref<const std::string&>().size() > 1024)
      return bad(request, "bad_field", "position: a position's text (PROTOCOL.md, Positions)");
    auto game = engine::AnyGame::from_position(body["position"].get<std::string>(), error);
    if (!game) return bad(request, "bad_position", error);
    return std::move(*game);
  }
  if (!body.contains("game") || !body["game"].is_string())
    return bad(request, "bad_field", "position (a position's text) or game (its name) says where the analysis starts");
  if (body.contains("variant") && !body["variant"].is_string()) return bad(request, "bad_field", "variant is a name");
  engine::GameOptions options{body["game"], body.value("variant", std::string()), 0, 0};
  if (const engine::GameInfo* info = engine::find_game(options.game); info && options.variant.empty())
    options.variant = info->default_variant;
  for (const char* side : {"white_extra", "black_extra"}) {
    if (!body.contains(side)) continue;
    if (!body[side].is_number_integer() || body[side].get<long long>() < 0 || body[side].get<long long>() > 99)
      return bad(request, "bad_field", std::string(side) + " is a small number");
    (std::string(side) == "white_extra" ? options.white_extra : options.black_extra) = body[side].get<int>();
  }
  auto game = engine::AnyGame::create(options, error);
  if (!game) return bad(request, "bad_field", error);
  return std::move(*game);
}

// Where the analysis of a record starts (its game's first position), and its
// chosen actions (`line`): a record in any format the arena reads (Records),
// `game` and `variant` saying what an official sheet is.
std::variant<engine::AnyGame, HttpResponse> from_record(const HttpRequest& request, const json& body, std::optional<json>& line) {
  if (body.contains("position") || body.contains("line"))
    return bad(request, "bad_field", "a record brings its own start and line: no position or line with it");
  if (!body["record"].is_string()) return bad(request, "bad_field", "record: a game's record as text");
  std::optional<engine::GameOptions> options;
  if (body.contains("game")) {
    auto started = start_of(request, body);  // the options checked as for a start
    if (auto* refused = std::get_if<HttpResponse>(&started)) return std::move(*refused);
    options = std::get<engine::AnyGame>(started).options();
  }
  auto read = engine::read_record(body["record"].get<std::string>(), options);
  if (!read.ok()) {
    json error{{"code", "bad_record"}, {"message", read.error}, {"format", engine::record_format_name(read.format)}, {"move", read.move}};
    if (!read.step.empty()) error["step"] = read.step;
    return json_response(request, http::status::bad_request, {{"error", error}});
  }
  std::string problem;
  auto start = engine::AnyGame::create(read.game->options(), problem);
  if (!start) return bad(request, "bad_record", problem);
  line = json::array();
  for (const auto& step : read.game->steps())
    if (!step.automatic) line->push_back(step.action);
  if (line->size() > kMaxAnalysisLine)
    return bad(request, "bad_record", "the game is longer than an analysis line (" + std::to_string(kMaxAnalysisLine) + " actions)");
  return std::move(*start);
}

HttpResponse illegal(const HttpRequest& request, std::size_t at, const std::string& action, const std::string& message) {
  return json_response(request, http::status::bad_request,
                       {{"error", {{"code", "illegal_action"}, {"message", message}, {"at", at}, {"action", action}}}});
}

}  // namespace

bool AnalysisApi::owns(const std::string& path) const { return path == kAnalysis || path.rfind(kAnalysis + "/", 0) == 0; }

void AnalysisApi::handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string&,
                         const std::string& address, StoreExecutor ex, Reply reply) {
  if (path != kAnalysis && path != kAnalysis + "/eval" && path != kAnalysis + "/sgf")
    return reply(json_error(*request, http::status::not_found, "not_found", "no such resource"));
  if (request->method() != http::verb::post) return reply(method_not_allowed(*request, "POST"));
  // The work runs on this I/O thread: bounded per request (the line, the tree)
  // and per address (a board asks once per position it has not seen).
  const bool sgf = path == kAnalysis + "/sgf";
  if (path != kAnalysis + "/eval" && !allowed(sgf ? sgf_limits_ : board_limits_, address))
    return reply(json_error(*request, http::status::too_many_requests, "rate_limited",
                            sgf ? "at most 10 SGF files a minute: try again later" : "too many positions at once: slow down"));
  if (path == kAnalysis) return position(*request, std::move(reply));
  if (sgf) return tree(*request, std::move(reply));
  evaluate(std::move(request), address, std::move(ex), std::move(reply));
}

void AnalysisApi::position(const HttpRequest& request, Reply reply) {
  auto body = object_of(request, {"position", "game", "variant", "white_extra", "black_extra", "line", "record"});
  if (auto* refused = std::get_if<HttpResponse>(&body)) return reply(std::move(*refused));
  const json& fields = std::get<json>(body);
  std::optional<json> record_line;
  auto started = fields.contains("record") ? from_record(request, fields, record_line) : start_of(request, fields);
  if (auto* refused = std::get_if<HttpResponse>(&started)) return reply(std::move(*refused));
  const engine::AnyGame start = std::get<engine::AnyGame>(std::move(started));
  engine::AnyGame game = start;
  if (record_line) {
    for (const json& action : *record_line) game.play(action.get<std::string>());  // read and replayed already
  } else if (fields.contains("line")) {
    const json& line = fields["line"];
    if (!line.is_array() || line.size() > kMaxAnalysisLine)
      return reply(bad(request, "bad_field", "line: at most " + std::to_string(kMaxAnalysisLine) + " actions"));
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (!line[i].is_string() || line[i].get_ref<const std::string&>().size() > kMaxNotation)
        return reply(bad(request, "bad_field", "line: each action is its notation"));
      const std::string& action = line[i].get_ref<const std::string&>();
      if (std::string reason = game.play(action); !reason.empty()) return reply(illegal(request, i, action, "action " + std::to_string(i) + " (" + action + "): " + reason));
    }
  }
  json legal = protocol::legal_moves_json(game);
  json actions = json::array();
  for (const json& move : legal) actions.push_back(move["action"]);
  json steps = json::array();
  for (const auto& step : game.steps()) steps.push_back(protocol::step_json(step));
  const engine::GameResult result = game.result();
  json out{{"start", start.position()},
           {"position", game.position()},
           {"ply", game.ply()},
           {"options", protocol::options_json(game.options())},
           {"state", protocol::state_json(game)},
           {"legal", {{"actions", actions}, {"moves", legal}}},
           {"steps", steps},
           {"result", result.over ? json::parse(protocol::result_text(result).text) : json(nullptr)}};
  if (record_line) out["record_line"] = std::move(*record_line);
  reply(json_response(request, http::status::ok, out));
}

bool AnalysisApi::allowed(RateLimits<std::string>& limits, const std::string& address) {
  std::lock_guard lock(mutex_);
  return limits.allow(address);
}

bool AnalysisApi::start_evaluation(const std::string& address) {
  std::lock_guard lock(mutex_);
  if (thinking_.count(address)) return false;
  if (!evaluation_limits_.allow(address)) return false;
  thinking_.insert(address);
  return true;
}

void AnalysisApi::end_evaluation(const std::string& address) {
  std::lock_guard lock(mutex_);
  thinking_.erase(address);
}

void AnalysisApi::evaluate(std::shared_ptr<const HttpRequest> request, const std::string& address, StoreExecutor ex, Reply reply) {
  auto body = object_of(*request, {"position"});
  if (auto* refused = std::get_if<HttpResponse>(&body)) return reply(std::move(*refused));
  const json& fields = std::get<json>(body);
  if (!fields.contains("position")) return reply(bad(*request, "bad_field", "position: the position's text"));
  auto started = start_of(*request, fields);
  if (auto* refused = std::get_if<HttpResponse>(&started)) return reply(std::move(*refused));
  engine::AnyGame game = std::get<engine::AnyGame>(std::move(started));
  if (game.result().over) return reply(bad(*request, "game_over", "the game is over: there is nothing to evaluate"));
  // No computer help for a player in the middle of a game (#44), on this node or another.
  accounts_.authenticate(session_of(*request), ex,
                         [self = shared_from_this(), request, game = std::move(game), address, ex, reply](std::optional<AccountRecord> account) mutable {
    if (!account) return self->think(request, std::move(game), address, ex, reply);
    self->store_.unfinished_rooms_of(account->player, ex,
                                     [self, request, game = std::move(game), address, ex, reply](Stored<std::vector<RoomRecord>> rooms) mutable {
      if (!rooms.ok()) return reply(store_failed(*request, rooms.error));
      for (const RoomRecord& room : rooms.value)
        if (room.status == protocol::RoomStatus::Live)
          return reply(json_error(*request, http::status::forbidden, "playing",
                                  "the computer does not evaluate while you play a game: it opens again when your game ends"));
      self->think(request, std::move(game), address, ex, reply);
    });
  });
}

void AnalysisApi::think(std::shared_ptr<const HttpRequest> request, engine::AnyGame game, const std::string& address,
                        StoreExecutor ex, Reply reply) {
  if (!start_evaluation(address))
    return reply(json_error(*request, http::status::too_many_requests, "rate_limited",
                            "one evaluation at a time and 30 a minute: wait for the one under way"));
  const std::string position = game.position();
  EvaluationJob job{std::move(game), kEvaluationNodes, kEvaluationMs, nullptr};
  job.done = [self = shared_from_this(), request, position, address, ex, reply](std::optional<bot::Analysis> analysis) {
    self->end_evaluation(address);
    json out;
    if (!analysis) {
      out = {{"error", {{"code", "internal"}, {"message", "the computer found nothing to say of this position"}}}};
    } else {
      out = {{"position", position},
             {"score", analysis->score},
             {"win", analysis->winner ? json(std::string(engine::color_name(*analysis->winner))) : json(nullptr)},
             {"win_in", analysis->winner ? json(analysis->win_in) : json(nullptr)},
             {"line", analysis->line},
             {"nodes", analysis->nodes},
             {"depth", analysis->depth}};
    }
    // Back on the connection's strand: the reply writes to its socket.
    boost::asio::post(ex, [request, reply, ok = analysis.has_value(), out = std::move(out)] {
      reply(json_response(*request, ok ? http::status::ok : http::status::internal_server_error, out));
    });
  };
  if (!evaluator_.evaluate(std::move(job))) {
    end_evaluation(address);
    reply(json_error(*request, http::status::service_unavailable, "busy", "the computer is busy: try again in a moment"));
  }
}

void AnalysisApi::tree(const HttpRequest& request, Reply reply) {
  auto body = object_of(request, {"position", "game", "variant", "white_extra", "black_extra", "moves", "name"});
  if (auto* refused = std::get_if<HttpResponse>(&body)) return reply(std::move(*refused));
  const json& fields = std::get<json>(body);
  auto started = start_of(request, fields);
  if (auto* refused = std::get_if<HttpResponse>(&started)) return reply(std::move(*refused));
  const engine::AnyGame start = std::get<engine::AnyGame>(std::move(started));
  if (!fields.contains("moves") || !fields["moves"].is_array() || fields["moves"].size() > kMaxAnalysisTree)
    return reply(bad(request, "bad_field", "moves: the tree, at most " + std::to_string(kMaxAnalysisTree) + " moves of {parent, action}"));
  std::string name;
  if (fields.contains("name")) {
    if (!fields["name"].is_string()) return reply(bad(request, "bad_field", "name is a text"));
    name = engine::name_line(fields["name"].get<std::string>(), kMaxName);
  }
  std::vector<engine::TreeMove> moves;
  std::vector<int> depth;  // of each move: a line no longer than an analysed one
  for (const json& m : fields["moves"]) {
    const int index = static_cast<int>(moves.size());
    if (!m.is_object() || m.size() != 2 || !m.contains("parent") || !m["parent"].is_number_integer() || !m.contains("action") ||
        !m["action"].is_string() || m["action"].get_ref<const std::string&>().size() > kMaxNotation)
      return reply(bad(request, "bad_field", "moves[" + std::to_string(index) + "]: {parent, action}"));
    if (m["parent"].is_number_unsigned() && m["parent"].get<std::uint64_t>() > static_cast<std::uint64_t>(index))
      return reply(bad(request, "bad_field", "moves[" + std::to_string(index) + "].parent: -1 or an earlier move"));
    const long long parent = m["parent"].get<long long>();
    if (parent < -1 || parent >= index)
      return reply(bad(request, "bad_field", "moves[" + std::to_string(index) + "].parent: -1 or an earlier move"));
    depth.push_back(parent < 0 ? 1 : depth[parent] + 1);
    if (static_cast<std::size_t>(depth.back()) > kMaxAnalysisLine)
      return reply(bad(request, "bad_field", "a line of the tree is longer than " + std::to_string(kMaxAnalysisLine) + " actions"));
    moves.push_back({static_cast<int>(parent), m["action"].get<std::string>()});
  }
  // Each leaf's line is replayed and written: bounded in all.
  std::vector<bool> inner(moves.size(), false);
  for (const auto& m : moves)
    if (m.parent >= 0) inner[static_cast<std::size_t>(m.parent)] = true;
  std::size_t replayed = 0;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (!inner[i]) replayed += static_cast<std::size_t>(depth[i]);
  if (replayed > kMaxAnalysisReplay)
    return reply(bad(request, "bad_field", "the tree's lines hold more than " + std::to_string(kMaxAnalysisReplay) + " actions in all"));
  auto written = engine::write_sgf_tree(start, moves, {"White", "Black", {}}, name);
  if (written.unavailable) return reply(bad(request, "format_unavailable", written.error));
  if (written.illegal)
    return reply(illegal(request, static_cast<std::size_t>(written.at), moves[written.at].action, written.error));
  if (!written.ok()) return reply(bad(request, "bad_field", written.error));
  auto res = respond(request, http::status::ok, written.text, "application/x-go-sgf");
  res.set(http::field::content_disposition, "attachment; filename=\"gipf-arena-analysis-" + start.options().game + ".sgf\"");
  reply(std::move(res));
}

}  // namespace arena
