#pragma once
// Lambdas as one visitor for std::visit: Overloaded{[](const A&) {...}, [](const B&) {...}}.

namespace protocol {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace protocol
