#include "net/static_files.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "net/gzip.hpp"
#include "net/http_headers.hpp"
#include "net/http_target.hpp"
#include "util/sha256.hpp"

namespace arena {

namespace http = boost::beast::http;

struct StaticFiles::File {
  std::uintmax_t size = 0;  // as stat saw it when read
  std::filesystem::file_time_type time{};
  std::string type;
  bool compressible = false;
  std::string bytes;
  std::string gzip;  // empty: sent as it is
  std::string etag;  // strong, per representation: the gzip form is other bytes
  std::string gzip_etag;
  std::size_t weight() const { return bytes.size() + gzip.size(); }
};

namespace {

// Every field of that name, joined as one list.
std::string joined(const HttpRequest& request, http::field name) {
  std::string out;
  auto [first, last] = request.equal_range(name);
  for (auto it = first; it != last; ++it) {
    if (!out.empty()) out += ", ";
    out += std_view(it->value());
  }
  return out;
}

}  // namespace

StaticFiles::StaticFiles(std::filesystem::path root, StaticFileLimits limits) : root_(std::move(root)), limits_(limits) {}

std::string StaticFiles::content_type(const std::string& path) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},        {".svg", "image/svg+xml"},
      {".png", "image/png"},                {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"}, {".md", "text/plain; charset=utf-8"},
      {".woff2", "font/woff2"},              {".webmanifest", "application/manifest+json"}};
  auto ext = std::filesystem::path(path).extension().string();
  for (auto& [e, type] : kTypes)
    if (ext == e) return type;
  return "application/octet-stream";
}

bool StaticFiles::compressible(std::string_view type) {
  type = type.substr(0, type.find(';'));
  for (std::string_view t : {"text/html", "text/css", "text/javascript", "application/json", "image/svg+xml", "text/plain"})
    if (type == t) return true;
  return false;  // images and fonts are compressed already
}

std::size_t StaticFiles::files() const {
  std::lock_guard lock(mutex_);
  return held_.size();
}

std::size_t StaticFiles::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

HttpResponse StaticFiles::answer(const HttpRequest& request, const std::string& path) {
  auto file = resolve_static_path(root_, path);
  std::error_code ec;
  if (!file.empty() && std::filesystem::is_directory(file, ec)) file /= "index.html";
  if (file.empty() || !std::filesystem::is_regular_file(file, ec)) return not_found(request);
  std::error_code size_error, time_error;
  const auto size = std::filesystem::file_size(file, size_error);
  const auto time = std::filesystem::last_write_time(file, time_error);
  const std::string key = file.string();
  auto found = size_error || time_error ? nullptr : find(key, size, time);
  if (!found) {
    found = load(file, size, time);
    if (!found) return respond(request, http::status::internal_server_error, "cannot read file\n", "text/plain");
    // A file that changed while it was read is served, not kept.
    if (!size_error && !time_error && found->bytes.size() == size) keep(key, found);
  }
  const File& f = *found;
  const bool gzip = !f.gzip.empty() && accepts_gzip(joined(request, http::field::accept_encoding));
  const std::string& etag = gzip ? f.gzip_etag : f.etag;
  HttpResponse res;
  if (etag_listed(joined(request, http::field::if_none_match), etag)) {
    res = HttpResponse{http::status::not_modified, request.version()};  // no body, no Content-Length
    res.set(http::field::server, "gipf-arena");
    res.keep_alive(request.keep_alive());
  } else {
    res = respond(request, http::status::ok, gzip ? f.gzip : f.bytes, f.type);
    if (gzip) res.set(http::field::content_encoding, "gzip");
  }
  res.set(http::field::etag, etag);
  // The client's files are plain ES modules whose names do not change with
  // their content (no fingerprints), and index.html names them: any of them may
  // be stale after a deploy, so the browser asks every time, and the ETag makes
  // that a 304 without a body when nothing changed.
  res.set(http::field::cache_control, "no-cache");
  if (f.compressible) res.set(http::field::vary, "Accept-Encoding");
  return res;
}

HttpResponse StaticFiles::not_found(const HttpRequest& request) {
  // The client's own page for it (404.html) when there is one, with its status.
  const auto page = root_ / "404.html";
  std::error_code size_error, time_error;
  const auto size = std::filesystem::file_size(page, size_error);
  const auto time = std::filesystem::last_write_time(page, time_error);
  if (size_error || time_error) return respond(request, http::status::not_found, "not found\n", "text/plain; charset=utf-8");
  auto found = find(page.string(), size, time);
  if (!found) {
    found = load(page, size, time);
    if (!found) return respond(request, http::status::not_found, "not found\n", "text/plain; charset=utf-8");
    if (found->bytes.size() == size) keep(page.string(), found);
  }
  auto res = respond(request, http::status::not_found, found->bytes, found->type);
  res.set(http::field::cache_control, "no-cache");
  return res;
}

std::shared_ptr<const StaticFiles::File> StaticFiles::find(const std::string& key, std::uintmax_t size,
                                                           std::filesystem::file_time_type time) {
  std::lock_guard lock(mutex_);
  auto it = held_.find(key);
  if (it == held_.end() || it->second.file->size != size || it->second.file->time != time) return nullptr;
  it->second.used = ++uses_;
  return it->second.file;
}

std::shared_ptr<const StaticFiles::File> StaticFiles::load(const std::filesystem::path& path, std::uintmax_t size,
                                                           std::filesystem::file_time_type time) const {
  std::ifstream in(path, std::ios::binary);
  if (!in) return nullptr;
  auto f = std::make_shared<File>();
  f->bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) return nullptr;
  f->size = size;
  f->time = time;
  f->type = content_type(path.string());
  f->compressible = compressible(f->type);
  const std::string digest = sha256_hex(f->bytes).substr(0, 32);  // 128 bits name the content
  f->etag = "\"" + digest + "\"";
  if (f->compressible && f->bytes.size() > limits_.gzip_above) {
    auto gzip = gzip_compress(f->bytes);
    if (gzip && gzip->size() < f->bytes.size()) {
      f->gzip = std::move(*gzip);
      f->gzip_etag = "\"" + digest + "-gz\"";
    }
  }
  return f;
}

void StaticFiles::keep(const std::string& key, std::shared_ptr<const File> file) {
  if (file->weight() > limits_.max_bytes) return;  // served from disk every time
  std::lock_guard lock(mutex_);
  if (auto it = held_.find(key); it != held_.end()) {
    bytes_ -= it->second.file->weight();
    held_.erase(it);
  }
  bytes_ += file->weight();
  held_[key] = Held{std::move(file), ++uses_};
  // The newest is used last of all, so it stays.
  while (held_.size() > limits_.max_files || bytes_ > limits_.max_bytes) {
    auto oldest = std::min_element(held_.begin(), held_.end(),
                                   [](const auto& a, const auto& b) { return a.second.used < b.second.used; });
    bytes_ -= oldest->second.file->weight();
    held_.erase(oldest);
  }
}

}  // namespace arena
