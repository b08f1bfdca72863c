// The static files of the web client without a network: which encoding a
// request accepts, which entity tags it names, and StaticFiles' answers (gzip,
// ETag, 304, Cache-Control) and bounds.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "gzip_test_support.hpp"
#include "net/http_headers.hpp"
#include "net/static_files.hpp"
#include "server_process.hpp"

using namespace arena;
namespace http = boost::beast::http;

namespace {

// `size` bytes of JavaScript that compress well.
std::string script(std::size_t size, char fill = 'a') {
  std::string text = "export const text = '";
  text.append(size - text.size() - 3, fill);
  return text + "';\n";
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

HttpRequest request(const std::string& target, std::initializer_list<std::pair<http::field, std::string>> headers = {},
                    http::verb method = http::verb::get) {
  HttpRequest r{method, target, 11};
  r.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) r.insert(name, value);
  return r;
}

std::string header(const HttpResponse& res, http::field name) { return std::string(res[name]); }

std::filesystem::path make_dir(const std::string& name) {
  std::filesystem::path dir = test_support::temp_path(name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "js");
  return dir;
}

}  // namespace

TEST_CASE("Accept-Encoding: gzip when listed with a nonzero q, or through *") {
  for (const char* yes : {"gzip", "GZip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "gzip;q=0.001", "gzip;q=1.000", "*",
                          "x-gzip", "  gzip  ;  q=0.5 ", "gzip;level=9", "br, *;q=0.1", "deflate, gzip;Q=1"})
    CHECK_MESSAGE(accepts_gzip(yes), yes);
  for (const char* no : {"", "identity", "deflate, br", "gzip;q=0", "gzip; q=0.000", "*;q=0", "*, gzip;q=0", "gzip;q=0, *",
                         "gzip;q=abc", "gzip;q=1.5", "gzip;q=0.0001", "gzipper", "gzip;q=", ",,,"})
    CHECK_MESSAGE(!accepts_gzip(no), no);
}

TEST_CASE("If-None-Match: *, a list of tags, weak comparison") {
  const std::string tag = "\"abc\"";
  for (const char* yes : {"\"abc\"", "W/\"abc\"", "\"x\", \"abc\"", "\"x\",\"abc\"", "*", " * ", "\"a,b\", \"abc\"",
                          " , \"abc\" ,"})
    CHECK_MESSAGE(etag_listed(yes, tag), yes);
  for (const char* no : {"", "\"abcd\"", "abc", "\"ab\"", "\"x\" junk, \"abc\"", "\"abc", "W/", "w/\"abc\"", "\"ABC\""})
    CHECK_MESSAGE(!etag_listed(no, tag), no);
  CHECK(etag_listed("\"abc\"", "W/\"abc\""));
}

TEST_CASE("static files: gzip when accepted, one ETag per form, 304, no-cache") {
  auto dir = make_dir("static-unit");
  const std::string app = script(4000);
  write_file(dir / "js" / "app.js", app);
  StaticFiles files(dir);

  auto gz = files.answer(request("/js/app.js", {{http::field::accept_encoding, "gzip, deflate, br"}}), "/js/app.js");
  CHECK(gz.result() == http::status::ok);
  CHECK(header(gz, http::field::content_encoding) == "gzip");
  CHECK(header(gz, http::field::vary) == "Accept-Encoding");
  CHECK(header(gz, http::field::cache_control) == "no-cache");
  CHECK(header(gz, http::field::content_type) == "text/javascript; charset=utf-8");
  CHECK(gz.body().size() < app.size() / 4);
  CHECK(test_support::gunzip(gz.body()) == app);
  const std::string gz_tag = header(gz, http::field::etag);
  CHECK(gz_tag.size() == 37);  // "32 hex digits-gz"
  CHECK(gz_tag.substr(gz_tag.size() - 4) == "-gz\"");

  auto plain = files.answer(request("/js/app.js"), "/js/app.js");
  CHECK(plain.body() == app);
  CHECK(header(plain, http::field::content_encoding).empty());
  CHECK(header(plain, http::field::vary) == "Accept-Encoding");
  CHECK(header(plain, http::field::cache_control) == "no-cache");
  const std::string tag = header(plain, http::field::etag);
  CHECK(tag == gz_tag.substr(0, 33) + "\"");  // the same content, the other form
  auto refused = files.answer(request("/js/app.js", {{http::field::accept_encoding, "gzip;q=0, br"}}), "/js/app.js");
  CHECK(refused.body() == app);
  CHECK(header(refused, http::field::etag) == tag);

  auto not_modified = files.answer(request("/js/app.js", {{http::field::if_none_match, tag}}), "/js/app.js");
  CHECK(not_modified.result() == http::status::not_modified);
  CHECK(not_modified.body().empty());
  CHECK(header(not_modified, http::field::etag) == tag);
  CHECK(header(not_modified, http::field::cache_control) == "no-cache");
  CHECK(header(not_modified, http::field::vary) == "Accept-Encoding");
  auto gz_not_modified = files.answer(
      request("/js/app.js", {{http::field::accept_encoding, "gzip"}, {http::field::if_none_match, "\"x\", W/" + gz_tag}}),
      "/js/app.js");
  CHECK(gz_not_modified.result() == http::status::not_modified);
  // the identity form's tag does not name the gzip form
  auto other_form = files.answer(request("/js/app.js", {{http::field::accept_encoding, "gzip"}, {http::field::if_none_match, tag}}),
                                 "/js/app.js");
  CHECK(other_form.result() == http::status::ok);
  CHECK(files.answer(request("/js/app.js", {{http::field::if_none_match, "*"}}), "/js/app.js").result() ==
        http::status::not_modified);

  auto head = files.answer(request("/js/app.js", {{http::field::accept_encoding, "gzip"}}, http::verb::head), "/js/app.js");
  CHECK(head.result() == http::status::ok);
  CHECK(head.body().empty());
  CHECK(header(head, http::field::content_length) == std::to_string(gz.body().size()));
  CHECK(header(head, http::field::etag) == gz_tag);
  CHECK(files.answer(request("/missing.js"), "/missing.js").result() == http::status::not_found);
  CHECK(files.answer(request("/missing.js"), "/missing.js").body() == "not found\n");  // no 404.html: a line of text

  // with a 404.html, every unknown path answers it, still as a 404
  write_file(dir / "404.html", "<!doctype html><title>Not found</title><h1>Not found</h1>");
  for (const char* path : {"/missing.js", "/no/such/page", "/js/nothing"}) {
    CAPTURE(path);
    auto missing = files.answer(request(path), path);
    CHECK(missing.result() == http::status::not_found);
    CHECK(missing.body() == "<!doctype html><title>Not found</title><h1>Not found</h1>");
    CHECK(header(missing, http::field::content_type) == "text/html; charset=utf-8");
  }
  auto missing_head = files.answer(request("/gone", {}, http::verb::head), "/gone");
  CHECK(missing_head.result() == http::status::not_found);
  CHECK(missing_head.body().empty());
}

TEST_CASE("static files: small and binary files are sent as they are") {
  auto dir = make_dir("static-small");
  write_file(dir / "small.css", "body{margin:0}");
  std::string png(2000, '\0');
  for (std::size_t i = 0; i < png.size(); ++i) png[i] = static_cast<char>(i * 7);
  write_file(dir / "logo.png", png);
  StaticFiles files(dir);
  auto small = files.answer(request("/small.css", {{http::field::accept_encoding, "gzip"}}), "/small.css");
  CHECK(small.body() == "body{margin:0}");
  CHECK(header(small, http::field::content_encoding).empty());
  CHECK(header(small, http::field::vary) == "Accept-Encoding");  // its type may be compressed
  auto logo = files.answer(request("/logo.png", {{http::field::accept_encoding, "gzip"}}), "/logo.png");
  CHECK(logo.body() == png);
  CHECK(header(logo, http::field::content_encoding).empty());
  CHECK(header(logo, http::field::vary).empty());
  CHECK(!header(logo, http::field::etag).empty());
  CHECK(header(logo, http::field::cache_control) == "no-cache");
}

TEST_CASE("static files: an edited file is served fresh with a new ETag") {
  auto dir = make_dir("static-edit");
  write_file(dir / "index.html", "<!doctype html><title>one</title>");
  StaticFiles files(dir);
  auto first = files.answer(request("/"), "/");
  CHECK(first.body() == "<!doctype html><title>one</title>");
  const std::string tag = header(first, http::field::etag);

  // the same size: only the modification time tells
  auto time = std::filesystem::last_write_time(dir / "index.html");
  write_file(dir / "index.html", "<!doctype html><title>two</title>");
  std::filesystem::last_write_time(dir / "index.html", time + std::chrono::seconds(2));
  auto second = files.answer(request("/", {{http::field::if_none_match, tag}}), "/");
  CHECK(second.result() == http::status::ok);
  CHECK(second.body() == "<!doctype html><title>two</title>");
  CHECK(header(second, http::field::etag) != tag);

  write_file(dir / "index.html", "<!doctype html><title>three, longer</title>");
  auto third = files.answer(request("/index.html"), "/index.html");
  CHECK(third.body() == "<!doctype html><title>three, longer</title>");
  CHECK(files.files() == 1);  // "/" and "/index.html" are one file
}

TEST_CASE("static files: the cache is bounded in files and bytes, and shared by threads") {
  auto dir = make_dir("static-bounds");
  for (int i = 0; i < 4; ++i) write_file(dir / ("f" + std::to_string(i) + ".js"), script(1000, static_cast<char>('a' + i)));
  write_file(dir / "big.txt", std::string(5000, 'z'));

  StaticFiles by_count(dir, {2, 1u << 20, 512});
  for (int i = 0; i < 4; ++i) by_count.answer(request("/"), "/f" + std::to_string(i) + ".js");
  CHECK(by_count.files() == 2);

  StaticFiles by_bytes(dir, {256, 1500, 512});  // two identity forms, with their gzip forms, exceed it
  for (int i = 0; i < 4; ++i) by_bytes.answer(request("/"), "/f" + std::to_string(i) + ".js");
  CHECK(by_bytes.bytes() <= 1500);
  CHECK(by_bytes.files() == 1);
  auto big = by_bytes.answer(request("/big.txt"), "/big.txt");  // larger than the whole cache: served, not kept
  CHECK(big.body() == std::string(5000, 'z'));
  CHECK(by_bytes.bytes() <= 1500);

  StaticFiles shared(dir, {2, 1u << 20, 512});
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&shared, &wrong, t] {
      for (int i = 0; i < 200; ++i) {
        int f = (i + t) % 4;
        auto res = shared.answer(request("/", {{http::field::accept_encoding, i % 2 ? "gzip" : ""}}), "/f" + std::to_string(f) + ".js");
        std::string body = i % 2 ? test_support::gunzip(res.body()) : res.body();
        if (body != script(1000, static_cast<char>('a' + f))) ++wrong[t];
      }
    });
  for (auto& thread : threads) thread.join();
  CHECK(wrong == std::vector<int>(4, 0));
  CHECK(shared.files() <= 2);
}
