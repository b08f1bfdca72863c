// The one translation unit that compiles Boost.Asio and Boost.Beast (the other
// files see declarations only: BOOST_*_SEPARATE_COMPILATION), so the build stays
// lean on two cores.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
