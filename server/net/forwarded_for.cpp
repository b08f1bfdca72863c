#include "net/forwarded_for.hpp"

#include <algorithm>
#include <string>

namespace arena {

namespace net = boost::asio;

std::optional<net::ip::address> forwarded_client(std::string_view x_forwarded_for) {
  auto comma = x_forwarded_for.rfind(',');
  std::string_view last = comma == std::string_view::npos ? x_forwarded_for : x_forwarded_for.substr(comma + 1);
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  if (last.empty() || last.size() > 64) return std::nullopt;
  boost::system::error_code ec;
  auto address = net::ip::make_address(std::string(last), ec);
  if (ec) return std::nullopt;
  return address;
}

bool trusted_proxy(const net::ip::address& peer, const std::vector<net::ip::address>& proxies) {
  net::ip::address a = peer;
  if (a.is_v6() && a.to_v6().is_v4_mapped()) a = net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6());
  return std::find(proxies.begin(), proxies.end(), a) != proxies.end();
}

}  // namespace arena
