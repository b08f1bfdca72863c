#pragma once
// Behind a reverse proxy: which peers are trusted proxies, and the client a
// proxy names in X-Forwarded-For.
#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string_view>
#include <vector>

namespace arena {

// The last address in X-Forwarded-For: the one the trusted proxy appended
// itself (earlier ones are the client's own claims); none if it is no address.
std::optional<boost::asio::ip::address> forwarded_client(std::string_view x_forwarded_for);
// Whether `peer` is one of `proxies` (an IPv4-mapped IPv6 peer as its IPv4 address).
bool trusted_proxy(const boost::asio::ip::address& peer, const std::vector<boost::asio::ip::address>& proxies);

}  // namespace arena
