#pragma once
// An unsigned integer of a fixed number of 64-bit words, for the Dutch
// pairer's edge weights: each FIDE criterion is a field of bits, the more
// important ones higher, so comparing two weights compares the criteria in
// their priority order. A large field can need hundreds of bits (one slot per
// score group for the criteria that weigh scores), hence more than 64.
#include <array>
#include <cstddef>
#include <cstdint>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace arena::event {

template <std::size_t Words>
class WideWeight {
 public:
  static constexpr std::size_t kBits = Words * 64;

  WideWeight() = default;
  explicit WideWeight(std::uint64_t low) { words_[0] = low; }

  bool is_zero() const {
    for (auto word : words_)
      if (word) return false;
    return true;
  }
  explicit operator bool() const { return !is_zero(); }
  bool odd() const { return words_[0] & 1; }
  // The highest bit: the sign, when a value is read as a two's complement.
  bool top_bit() const { return words_[Words - 1] >> 63; }

  // Carry chains in the processor's add-with-carry where there is one: the
  // matcher's slacks are most of the pairer's time, all additions.
  WideWeight& operator+=(const WideWeight& other) {
#if defined(__x86_64__)
    unsigned char carry = 0;
    for (std::size_t i = 0; i < Words; ++i) {
      unsigned long long sum;
      carry = _addcarry_u64(carry, words_[i], other.words_[i], &sum);
      words_[i] = sum;
    }
#else
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < Words; ++i) {
      std::uint64_t sum = words_[i] + other.words_[i];
      std::uint64_t overflow = sum < words_[i];
      sum += carry;
      overflow |= sum < carry;
      words_[i] = sum;
      carry = overflow;
    }
#endif
    return *this;
  }
  WideWeight& operator-=(const WideWeight& other) {
#if defined(__x86_64__)
    unsigned char borrow = 0;
    for (std::size_t i = 0; i < Words; ++i) {
      unsigned long long difference;
      borrow = _subborrow_u64(borrow, words_[i], other.words_[i], &difference);
      words_[i] = difference;
    }
#else
    unsigned char borrow = 0;
    for (std::size_t i = 0; i < Words; ++i) {
      std::uint64_t a = words_[i], b = other.words_[i];
      std::uint64_t difference = a - b - borrow;
      borrow = static_cast<unsigned char>(a < b || (a == b && borrow));
      words_[i] = difference;
    }
#endif
    return *this;
  }
  // a + b - c in one pass over the words (an edge's slack).
  static WideWeight sum_minus(const WideWeight& a, const WideWeight& b, const WideWeight& c) {
    WideWeight result;
#if defined(__x86_64__)
    // Two chains one after the other: interleaved, the two flags would be
    // saved and restored at every word.
    unsigned char carry = 0, borrow = 0;
    for (std::size_t i = 0; i < Words; ++i) {
      unsigned long long sum;
      carry = _addcarry_u64(carry, a.words_[i], b.words_[i], &sum);
      result.words_[i] = sum;
    }
    for (std::size_t i = 0; i < Words; ++i) {
      unsigned long long difference;
      borrow = _subborrow_u64(borrow, result.words_[i], c.words_[i], &difference);
      result.words_[i] = difference;
    }
#else
    result = a;
    result += b;
    result -= c;
#endif
    return result;
  }
  friend WideWeight operator+(WideWeight a, const WideWeight& b) { return a += b; }
  friend WideWeight operator-(WideWeight a, const WideWeight& b) { return a -= b; }

  // Makes room for a field of `bits` bits below the current value.
  WideWeight& operator<<=(std::size_t bits) {
    if (bits >= kBits) return *this = WideWeight{};
    std::size_t word_shift = bits / 64, bit_shift = bits % 64;
    for (std::size_t i = Words; i-- > 0;) {
      std::uint64_t value = i >= word_shift ? words_[i - word_shift] << bit_shift : 0;
      if (bit_shift && i >= word_shift + 1) value |= words_[i - word_shift - 1] >> (64 - bit_shift);
      words_[i] = value;
    }
    return *this;
  }
  // Adds amount * 2^bit (modulo 2^kBits, as a shift then an addition would).
  WideWeight& add_shifted(std::uint64_t amount, std::size_t bit) {
    if (bit >= kBits || !amount) return *this;
    const std::size_t word = bit / 64, shift = bit % 64;
    WideWeight addend;
    addend.words_[word] = amount << shift;
    if (shift && word + 1 < Words) addend.words_[word + 1] = amount >> (64 - shift);
    return *this += addend;
  }
  WideWeight& halve() {
    for (std::size_t i = 0; i < Words; ++i) {
      words_[i] >>= 1;
      if (i + 1 < Words) words_[i] |= words_[i + 1] << 63;
    }
    return *this;
  }
  // Sets low bits (a field that is still zero).
  WideWeight& or_low(std::uint64_t bits) {
    words_[0] |= bits;
    return *this;
  }
  // Sets bit `bit` (a field's slot).
  WideWeight& set_bit(std::size_t bit) {
    if (bit < kBits) words_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    return *this;
  }

  friend bool operator==(const WideWeight&, const WideWeight&) = default;
  friend bool operator<(const WideWeight& a, const WideWeight& b) {
    for (std::size_t i = Words; i-- > 0;)
      if (a.words_[i] != b.words_[i]) return a.words_[i] < b.words_[i];
    return false;
  }
  friend bool operator>(const WideWeight& a, const WideWeight& b) { return b < a; }
  friend bool operator<=(const WideWeight& a, const WideWeight& b) { return !(b < a); }

 private:
  std::array<std::uint64_t, Words> words_{};
};

}  // namespace arena::event
