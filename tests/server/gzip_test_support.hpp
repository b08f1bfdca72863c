#pragma once
// Unpacking the server's gzip answers in the tests (zlib).
#include <doctest/doctest.h>

#include <string>
#include <zlib.h>

namespace test_support {

// The bytes of one gzip member; the test fails if `packed` is not one.
inline std::string gunzip(const std::string& packed) {
  z_stream z{};
  REQUIRE(inflateInit2(&z, 15 + 16) == Z_OK);  // 15 + 16: gzip, not zlib, framing
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  std::string out;
  char buffer[16384];
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    status = inflate(&z, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - z.avail_out);
  }
  inflateEnd(&z);
  CHECK(status == Z_STREAM_END);
  return out;
}

}  // namespace test_support
