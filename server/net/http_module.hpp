#pragma once
// The seam through which the HTTP router (app/http_api) hands a part of the
// JSON API its paths: each module (ladders, events, mail, notices, trust...)
// says which paths it owns and answers them. Transport only: no domain type.
#include <boost/asio/any_io_executor.hpp>
#include <functional>
#include <memory>
#include <string>
#include <variant>

#include "net/http_reply.hpp"
#include "net/line_sink.hpp"

namespace arena {

// A part of the JSON API that owns some paths (HttpApi asks each in turn).
class HttpModule {
 public:
  using Reply = std::function<void(HttpResponse)>;
  virtual ~HttpModule() = default;
  virtual bool owns(const std::string& path) const = 0;
  // Whether PATCH is one of the path's methods (HttpApi checks CSRF for it as for POST).
  virtual bool patchable(const std::string& /*path*/) const { return false; }
  // Whether DELETE is one of the path's methods (CSRF-checked as POST is, but for its body).
  virtual bool deletable(const std::string& /*path*/) const { return false; }
  // Whether a POST to the path is exempt from the CSRF check (RFC 8058's
  // one-click unsubscribe comes from a mail client, as a form, without Origin).
  virtual bool open_post(const std::string& /*path*/) const { return false; }
  virtual void handle(std::shared_ptr<const HttpRequest> request, const std::string& path, const std::string& query,
                      const std::string& address, boost::asio::any_io_executor ex, Reply reply) = 0;

  // Streams (#45): a GET the module answers with lines as they come. Its
  // answer is a refusal (an ordinary response), or what to do with the
  // stream once its head is written (the lines then go to the sink).
  using StreamStart = std::function<void(std::shared_ptr<LineSink>)>;
  using StreamReply = std::function<void(std::variant<HttpResponse, StreamStart>)>;
  virtual bool streams(const std::string& /*path*/) const { return false; }
  virtual void stream(std::shared_ptr<const HttpRequest> /*request*/, const std::string& /*path*/, const std::string& /*address*/,
                      boost::asio::any_io_executor /*ex*/, StreamReply /*reply*/) {}
  // Whether a POST to the path may come with `Authorization: Bearer` instead
  // of a cookie (#45): such a request is not CSRF-checked (a browser cannot
  // send that header to another site without a preflight we never answer),
  // and the module must then authenticate it by the token alone.
  virtual bool bearer_path(const std::string& /*path*/) const { return false; }
};

}  // namespace arena
