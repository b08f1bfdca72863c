#pragma once
// The web client's static files, answered from memory: a file is read once with
// its gzip form and entity tags, and read again when its size or modification
// time changes, so an edited file is served fresh. Bounded in files and bytes
// (the least recently served go first). Safe to call from several threads.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "net/http_reply.hpp"

namespace arena {

struct StaticFileLimits {
  std::size_t max_files = 256;         // files kept in memory
  std::size_t max_bytes = 16u << 20;   // their bytes, both forms counted
  std::size_t gzip_above = 512;        // smaller files gain too little from gzip
};

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root, StaticFileLimits limits = {});
  StaticFiles(const StaticFiles&) = delete;
  StaticFiles& operator=(const StaticFiles&) = delete;

  // The answer to a GET or HEAD of `path` (a request target's path): 200 with
  // the file (gzip when the request accepts it), 304 when If-None-Match names
  // its entity tag, 404 (the root's 404.html when there is one, else a line of
  // text), or 500 when it cannot be read.
  HttpResponse answer(const HttpRequest& request, const std::string& path);

  // "text/javascript; charset=utf-8" for "app.js"; application/octet-stream when unknown.
  static std::string content_type(const std::string& path);
  // Whether files of this Content-Type are worth compressing (text, JSON, SVG).
  static bool compressible(std::string_view type);

  std::size_t files() const;  // held in memory now
  std::size_t bytes() const;

 private:
  struct File;
  HttpResponse not_found(const HttpRequest& request);
  struct Held {
    std::shared_ptr<const File> file;
    std::uint64_t used = 0;  // when it was last served, for eviction
  };
  // The held file if it still has this size and time.
  std::shared_ptr<const File> find(const std::string& key, std::uintmax_t size, std::filesystem::file_time_type time);
  std::shared_ptr<const File> load(const std::filesystem::path& path, std::uintmax_t size,
                                   std::filesystem::file_time_type time) const;
  void keep(const std::string& key, std::shared_ptr<const File> file);

  std::filesystem::path root_;
  StaticFileLimits limits_;
  mutable std::mutex mutex_;  // guards what follows
  std::unordered_map<std::string, Held> held_;
  std::size_t bytes_ = 0;
  std::uint64_t uses_ = 0;
};

}  // namespace arena
