#include "net/http_reply.hpp"

#include <spdlog/spdlog.h>

#include "protocol/http_messages.hpp"
#include "protocol/json_text.hpp"
#include "util/log_text.hpp"

namespace arena {

namespace http = boost::beast::http;

namespace {

std::string error_body(const std::string& code, const std::string& message) {
  return protocol::to_text(protocol::to_json(protocol::HttpError{code, message}));
}

}  // namespace

// Every answer's headers; JSON answers are never cached.
HttpResponse make_response(http::status status, unsigned version, bool keep_alive, std::string body, const std::string& type) {
  HttpResponse res{status, version};
  res.set(http::field::server, "gipf-arena");
  res.set(http::field::content_type, type);
  res.set("X-Content-Type-Options", "nosniff");
  if (type == "application/json") res.set(http::field::cache_control, "no-store");
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

HttpResponse respond(const HttpRequest& request, http::status status, std::string body, const std::string& type) {
  auto res = make_response(status, request.version(), request.keep_alive(), std::move(body), type);
  if (request.method() == http::verb::head) res.body().clear();
  return res;
}

HttpResponse json_response(const HttpRequest& request, http::status status, const nlohmann::json& body) {
  return respond(request, status, protocol::to_text(body), "application/json");
}

HttpResponse json_error(const HttpRequest& request, http::status status, const std::string& code, const std::string& message) {
  return respond(request, status, error_body(code, message), "application/json");
}

HttpResponse store_failed(const HttpRequest& request, const std::string& error) {
  spdlog::error("event=store_failed error=\"{}\"", log_text(error));
  return json_error(request, http::status::internal_server_error, "internal", "the database could not answer");
}

HttpResponse method_not_allowed(const HttpRequest& request, const char* allowed) {
  auto res = json_error(request, http::status::method_not_allowed, "method_not_allowed", std::string("only ") + allowed);
  res.set(http::field::allow, allowed);
  return res;
}

HttpResponse http_error(http::status status, unsigned version, const std::string& code, const std::string& message) {
  return make_response(status, version, false, error_body(code, message), "application/json");
}

}  // namespace arena
