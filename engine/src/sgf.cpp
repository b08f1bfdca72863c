#include "engine/sgf.hpp"

#include <cctype>

namespace engine {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  ParsedSgf read() {
    ParsedSgf out;
    skip_space();
    if (!tree(out.tree, 0)) {
      out.error = error_;
      out.offset = at_;
      return out;
    }
    skip_space();
    if (at_ != text_.size()) {
      out.error = "text after the game's closing ')'";
      out.offset = at_;
    }
    return out;
  }

 private:
  bool fail(std::string why) {
    error_ = std::move(why);
    return false;
  }
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool tree(SgfTree& t, int depth) {
    if (depth > kMaxSgfNesting) return fail("variations nested more than " + std::to_string(kMaxSgfNesting) + " deep");
    if (at_ >= text_.size() || text_[at_] != '(') return fail("a game tree starts with '('");
    ++at_;
    skip_space();
    while (at_ < text_.size() && text_[at_] == ';') {
      if (++nodes_ > kMaxSgfNodes) return fail("more than " + std::to_string(kMaxSgfNodes) + " nodes");
      ++at_;
      t.nodes.emplace_back();
      if (!node(t.nodes.back())) return false;
    }
    if (t.nodes.empty()) return fail("a game tree holds at least one node (';')");
    while (at_ < text_.size() && text_[at_] == '(') {
      t.variations.emplace_back();
      if (!tree(t.variations.back(), depth + 1)) return false;
      skip_space();
    }
    if (at_ >= text_.size() || text_[at_] != ')') return fail("expected ';', '(' or ')'");
    ++at_;
    return true;
  }
  bool node(SgfNode& n) {
    skip_space();
    while (at_ < text_.size() && std::isupper(static_cast<unsigned char>(text_[at_]))) {
      std::size_t start = at_;
      // Capitals, and boardspace's digits (P0, P1).
      while (at_ < text_.size() && (std::isupper(static_cast<unsigned char>(text_[at_])) ||
                                    std::isdigit(static_cast<unsigned char>(text_[at_]))))
        ++at_;
      if (at_ - start > 3) return at_ = start, fail("a property name has 1 to 3 capital letters (or digits after the first)");
      SgfProperty p{std::string(text_.substr(start, at_ - start)), {}};
      skip_space();
      while (at_ < text_.size() && text_[at_] == '[') {
        ++at_;
        std::string value;
        while (at_ < text_.size() && text_[at_] != ']') {
          if (text_[at_] == '\\' && at_ + 1 < text_.size()) ++at_;
          if (text_[at_] != '\r') value += text_[at_];
          ++at_;
        }
        if (at_ >= text_.size()) return fail("a value is not closed with ']'");
        ++at_;
        p.values.push_back(std::move(value));
        skip_space();
      }
      if (p.values.empty()) return fail("property " + p.name + " has no value");
      n.properties.push_back(std::move(p));
    }
    if (at_ < text_.size() && text_[at_] != ';' && text_[at_] != '(' && text_[at_] != ')')
      return fail("expected a property (capital letters), ';', '(' or ')'");
    return true;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t nodes_ = 0;
  std::string error_;
};

void print_tree(const SgfTree& t, std::string& out) {
  out += '(';
  for (const SgfNode& n : t.nodes) {
    out += ';';
    for (const SgfProperty& p : n.properties) {
      out += p.name;
      for (const std::string& v : p.values) out += '[' + sgf_escape(v) + ']';
    }
    out += '\n';
  }
  for (const SgfTree& v : t.variations) print_tree(v, out);
  out += ")";
}

}  // namespace

const std::string* SgfNode::value(std::string_view name) const {
  for (const SgfProperty& p : properties)
    if (p.name == name && !p.values.empty()) return &p.values.front();
  return nullptr;
}

ParsedSgf parse_sgf(std::string_view text) {
  if (text.size() > kMaxSgfBytes) return {{}, "larger than " + std::to_string(kMaxSgfBytes) + " bytes", 0};
  return Reader(text).read();
}

std::vector<const SgfNode*> main_line(const SgfTree& tree) {
  std::vector<const SgfNode*> out;
  for (const SgfTree* t = &tree; t; t = t->variations.empty() ? nullptr : &t->variations.front())
    for (const SgfNode& n : t->nodes) out.push_back(&n);
  return out;
}

std::string sgf_escape(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '\\' || c == '[' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

std::string print_sgf(const SgfTree& tree) {
  std::string out;
  print_tree(tree, out);
  out += '\n';
  return out;
}

}  // namespace engine
