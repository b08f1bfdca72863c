#pragma once
// Building HTTP answers: every answer's headers, JSON bodies, and the
// {"error": {code, message}} form of refusals, and the request helpers every
// API handler shares. Transport only: no domain type.
#include <boost/beast/http.hpp>
#include <nlohmann/json.hpp>
#include <functional>
#include <string>
#include <variant>

#include "protocol/account_messages.hpp"  // Parsed, BodyError
#include "protocol/http_messages.hpp"

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
// 405 method_not_allowed, with Allow: `allowed`.
HttpResponse method_not_allowed(const HttpRequest& request, const char* allowed);
// The parsed body, or nullptr once `reply` has answered 400 with the body's error.
template <class T>
const T* parsed_body(const protocol::Parsed<T>& parsed, const HttpRequest& request,
                     const std::function<void(HttpResponse)>& reply) {
  if (auto* e = std::get_if<protocol::BodyError>(&parsed)) {
    reply(json_error(request, boost::beast::http::status::bad_request, e->code, e->message));
    return nullptr;
  }
  return &std::get<T>(parsed);
}
// An error answer: {"error": {"code", "message"}} with `status`; the connection
// is closed after it (the request may not have been read whole).
HttpResponse http_error(boost::beast::http::status status, unsigned version, const std::string& code, const std::string& message);

}  // namespace arena
