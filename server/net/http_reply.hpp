#pragma once
// Building HTTP answers: every answer's headers, JSON bodies, and the
// {"error": {code, message}} form of refusals. Shared by the API handlers.
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/http_messages.hpp"
#include "store/store.hpp"

namespace arena {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// Beast's string_view (boost's, in Boost 1.74) as the standard one.
inline std::string_view std_view(boost::beast::string_view text) { return {text.data(), text.size()}; }

HttpResponse make_response(boost::beast::http::status status, unsigned version, bool keep_alive, std::string body,
                           const std::string& type);
// An answer to `request` (no body for HEAD).
HttpResponse respond(const HttpRequest& request, boost::beast::http::status status, std::string body, const std::string& type);
HttpResponse json_response(const HttpRequest& request, boost::beast::http::status status, const nlohmann::json& body);
HttpResponse json_error(const HttpRequest& request, boost::beast::http::status status, const std::string& code,
                        const std::string& message);
// 500 internal, the store's error logged.
HttpResponse store_failed(const HttpRequest& request, const std::string& error);
// A stored room as the API lists it (GET /api/games and others).
protocol::GameRow game_row(const RoomRecord& room);
// An error answer: {"error": {"code", "message"}} with `status`; the connection
// is closed after it (the request may not have been read whole).
HttpResponse http_error(boost::beast::http::status status, unsigned version, const std::string& code, const std::string& message);

}  // namespace arena
