// The primal-dual blossom algorithm. Duals are kept doubled (an edge's slack
// is dual[u] + dual[v] - 2 * weight) so integer weights stay integers; the
// algorithm runs in stages, each growing alternating trees from every
// unmatched vertex until it augments, or until the duals show that no
// augmentation can add weight. Blossoms are numbered n .. 2n-1.
//
// The weights are one n-by-n array, row by row (each pair twice): a stage
// scans an outer vertex's edges, and reading its row in order is what keeps
// that scan from waiting on memory. An edge end ("endpoint") is the number
// from * n + to: the end at `to` of the edge from `from`; the edge itself is
// named by its end at the lower vertex, larger * n + smaller.
#include "competition/blossom_matching.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "competition/wide_weight.hpp"

namespace arena::event {
namespace {

enum Label : int { kFree = 0, kOuter = 1, kInner = 2, kBreadcrumb = 5 };

template <class Weight>
class BlossomMatcher {
 public:
  // Each edge's weight is doubled in place (the duals are kept doubled).
  BlossomMatcher(int vertices, const std::vector<MatchingEdge<Weight>>& edges) : n_(vertices) {
    initialise();
    Weight largest{};
    for (const auto& edge : edges) {
      if (largest < edge.weight) largest = edge.weight;
      weight_[at(edge.first, edge.second)] = weight_[at(edge.second, edge.first)] = edge.weight + edge.weight;
      if (!edge.weight.is_zero()) flags_[at(edge.first, edge.second)] = flags_[at(edge.second, edge.first)] = kEdge;
    }
    for (int v = 0; v < n_; ++v) dual_[v] = largest;
  }

  // The kept form: every pair of vertices is an edge, of weight zero (no
  // edge) until set_weight says otherwise; each solve() starts from the
  // last one's matching, duals and blossoms (see IncrementalMatching).
  explicit BlossomMatcher(int vertices) : n_(vertices), perfect_(true) {
    initialise();
    pending_.assign(n_, true);
    for (int v = 0; v < n_; ++v) pending_list_.push_back(v);
    retired_.assign(n_, false);
  }

  // The endpoint at b of the edge from a (also where its weight is kept).
  int at(int a, int b) const { return a * n_ + b; }
  int to(int p) const { return p % n_; }
  int from(int p) const { return p / n_; }
  // The same edge's other end.
  int flip(int p) const { return to(p) * n_ + from(p); }
  int flip_if(int p, bool flipped) const { return flipped ? flip(p) : p; }
  // The edge an endpoint belongs to (its end at the lower vertex).
  int edge_of(int p) const {
    const int a = from(p), b = to(p);
    return a > b ? p : at(b, a);
  }
  // An edge's vertices: the larger, the smaller.
  int first(int k) const { return from(k); }
  int second(int k) const { return to(k); }

  // The kept form's changes. An edge whose weight changes marks one of its
  // ends, which the next solve() takes out of the matching and its blossoms
  // (below: expose) before the dual is made feasible again.
  void set_weight(int a, int b, const Weight& weight) {
    if (retired_[a] || retired_[b]) return;  // out of the matching for good
    Weight doubled = weight;
    doubled += weight;
    if (weight_[at(a, b)] == doubled) return;
    weight_[at(a, b)] = weight_[at(b, a)] = doubled;
    const std::uint8_t edge = doubled.is_zero() ? 0 : kEdge;
    flags_[at(a, b)] = (flags_[at(a, b)] & ~kEdge) | edge;
    flags_[at(b, a)] = (flags_[at(b, a)] & ~kEdge) | edge;
    if (!pending_[a] && !pending_[b]) {
      pending_[a] = true;
      pending_list_.push_back(a);
    }
  }

  // a and b are paired for good: matched to each other, every edge of theirs
  // gone, so that nothing reaches them again. Their edges are unflagged and
  // they leave live_; the weights themselves are left as they are (nothing
  // reads a weight without its flag, and set_weight ignores them from now).
  void retire(int a, int b) {
    for (int v : {a, b}) {
      make_trivial(v);
      unmatch(v);
    }
    for (int v : {a, b}) {
      retired_[v] = true;
      for (int w = 0; w < n_; ++w) {
        flags_[at(v, w)] &= ~kEdge;
        flags_[at(w, v)] &= ~kEdge;
      }
      live_.erase(std::find(live_.begin(), live_.end(), v));
    }
    mate_[a] = at(a, b);
    mate_[b] = at(b, a);
  }

  std::vector<int> solve() {
    if (perfect_) prepare();
    for (int stage = 0; stage < n_; ++stage) {
      if (cancel_ && cancel_->load(std::memory_order_relaxed)) throw PairingCancelled();
      std::fill(label_.begin(), label_.end(), kFree);
      std::fill(best_edge_.begin(), best_edge_.end(), -1);
      for (int b = n_; b < 2 * n_; ++b) blossom_best_edges_[b].reset();
      for (int k : allowed_list_) {
        flags_[k] &= ~kAllowed;
        flags_[flip(k)] &= ~kAllowed;
      }
      allowed_list_.clear();
      queue_.clear();
      for (int v = 0; v < n_; ++v)
        if (mate_[v] == -1 && label_[in_blossom_[v]] == kFree) assign_label(v, kOuter, -1);
      if (!run_stage()) break;
      for (int b = n_; b < 2 * n_; ++b)
        if (parent_[b] == -1 && base_[b] >= 0 && label_[b] == kOuter && dual_[b].is_zero())
          expand(b, true);
    }
    std::vector<int> result(n_, -1);
    for (int v = 0; v < n_; ++v)
      if (mate_[v] >= 0) result[v] = to(mate_[v]);
    return result;
  }

 private:
  // The kept form's repairs before a solve. Each marked vertex leaves its
  // blossoms and takes the least dual that keeps its edges' slacks
  // non-negative (the other duals stand: they still are); it keeps its mate
  // if their edge is still among its tightest, and is unmatched otherwise.
  // Then every exposed vertex's dual is made even: the trees' vertices then
  // share one parity, as they do from a fresh start, so that the halved
  // slack of an edge between two trees stays whole.
  void prepare() {
    for (int v : pending_list_)
      if (!retired_[v]) make_trivial(v);
    for (int v : pending_list_) {
      pending_[v] = false;
      if (retired_[v]) continue;
      bool any = false;
      Weight least{};
      const Weight* row = &weight_[at(v, 0)];
      const std::uint8_t* flags = &flags_[at(v, 0)];
      for (int w : live_) {
        if (!(flags[w] & kEdge)) continue;
        Weight needed = row[w];
        needed -= dual_[w];
        if (!any || signed_less(least, needed)) least = needed;
        any = true;
      }
      if (mate_[v] >= 0) {
        const Weight& matched = weight_[mate_[v]];
        Weight tight = matched;
        tight -= dual_[to(mate_[v])];
        if (!matched.is_zero() && !signed_less(tight, least)) {
          dual_[v] = tight;
          continue;
        }
        unmatch(v);
      }
      dual_[v] = least;
    }
    pending_list_.clear();
    match_tight_pairs();
    for (int v = 0; v < n_; ++v) {
      if (retired_[v] || mate_[v] != -1) continue;
      make_trivial(v);  // the base of its blossom: nobody else is unmatched
      if (dual_[v].odd()) dual_[v] += Weight(1);
    }
  }

  // Two unmatched vertices outside any blossom whose edge is tight are
  // matched at once: hundreds of vertices unmatched by one change (a new
  // score bracket's weights) would otherwise cost a stage each, every stage
  // growing trees from all of them.
  void match_tight_pairs() {
    for (int v = 0; v < n_; ++v) {
      if (retired_[v] || mate_[v] != -1 || in_blossom_[v] != v) continue;
      for (int u : live_) {
        if (mate_[u] != -1 || in_blossom_[u] != u) continue;
        const int p = at(v, u);
        if (!(flags_[p] & kEdge) || !tight(edge_of(p))) continue;
        mate_[v] = p;
        mate_[u] = flip(p);
        break;
      }
    }
  }

  // Vertex duals may go below zero in the kept form (it seeks a perfect
  // matching: no bound on them); they are kept modulo 2^bits, and compared
  // by the sign of their difference (the weights leave spare top bits).
  static bool signed_less(const Weight& a, const Weight& b) { return (a - b).top_bit(); }

  void make_trivial(int v) {
    while (in_blossom_[v] != v) dissolve(in_blossom_[v]);
  }

  // A top-level blossom undone with its dual moved onto its vertices' duals:
  // the slacks inside stay as they were, those leaving it grow by the
  // blossom's dual, so its base's outside match, no longer tight, is undone.
  void dissolve(int b) {
    const Weight z = dual_[b];
    for_each_leaf(b, [&](int leaf) { dual_[leaf] += z; });
    if (!z.is_zero()) unmatch(base_[b]);
    for (int child : children_[b]) {
      parent_[child] = -1;
      if (child < n_) in_blossom_[child] = child;
      else for_each_leaf(child, [&](int leaf) { in_blossom_[leaf] = child; });
    }
    children_[b].clear();
    child_endpoints_[b].clear();
    base_[b] = -1;
    label_[b] = kFree;
    label_end_[b] = -1;
    dual_[b] = Weight{};
    blossom_best_edges_[b].reset();
    best_edge_[b] = -1;
    unused_.push_back(b);
  }

  void unmatch(int v) {
    if (mate_[v] < 0) return;
    mate_[to(mate_[v])] = -1;
    mate_[v] = -1;
  }

  void initialise() {
    // Endpoints are ints numbered up to n * n.
    if (n_ > 46340) throw std::length_error("too many vertices to match: " + std::to_string(n_));
    weight_.assign(static_cast<std::size_t>(n_) * n_, Weight{});
    live_.resize(n_);
    for (int v = 0; v < n_; ++v) live_[v] = v;
    mate_.assign(n_, -1);
    label_.assign(2 * n_, kFree);
    label_end_.assign(2 * n_, -1);
    in_blossom_.resize(n_);
    for (int v = 0; v < n_; ++v) in_blossom_[v] = v;
    parent_.assign(2 * n_, -1);
    children_.assign(2 * n_, {});
    child_endpoints_.assign(2 * n_, {});
    base_.assign(2 * n_, -1);
    for (int v = 0; v < n_; ++v) base_[v] = v;
    best_edge_.assign(2 * n_, -1);
    best_slack_.assign(2 * n_, Weight{});
    best_to_slack_.assign(2 * n_, Weight{});
    blossom_best_edges_.assign(2 * n_, std::nullopt);
    for (int b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
    dual_.assign(2 * n_, Weight{});
    flags_.assign(static_cast<std::size_t>(n_) * n_, 0);
  }

  Weight slack(int k) const { return Weight::sum_minus(dual_[first(k)], dual_[second(k)], weight_[k]); }
  bool tight(int k) const {
    Weight sum = dual_[first(k)];
    sum += dual_[second(k)];
    return sum == weight_[k];
  }
  void allow(int k) {
    if (flags_[k] & kAllowed) return;
    flags_[k] |= kAllowed;
    flags_[flip(k)] |= kAllowed;
    allowed_list_.push_back(k);
  }

  void for_each_leaf(int b, auto&& visit) const {
    if (b < n_) {
      visit(b);
      return;
    }
    for (int child : children_[b]) for_each_leaf(child, visit);
  }

  void assign_label(int w, int label, int through) {
    int b = in_blossom_[w];
    label_[w] = label_[b] = label;
    label_end_[w] = label_end_[b] = through;
    best_edge_[w] = best_edge_[b] = -1;
    if (label == kOuter) {
      for_each_leaf(b, [&](int v) { queue_.push_back(v); });
    } else {
      int base = base_[b];
      assign_label(to(mate_[base]), kOuter, flip(mate_[base]));
    }
  }

  // The base of the blossom that edge v-w closes, or -1 when v and w lie in
  // different trees (an augmenting path).
  int scan_for_blossom(int v, int w) {
    std::vector<int> path;
    int base = -1;
    while (v != -1 || w != -1) {
      int b = in_blossom_[v];
      if (label_[b] & 4) {
        base = base_[b];
        break;
      }
      path.push_back(b);
      label_[b] = kBreadcrumb;
      if (label_end_[b] == -1) {
        v = -1;
      } else {
        v = to(label_end_[b]);
        b = in_blossom_[v];
        v = to(label_end_[b]);
      }
      if (w != -1) std::swap(v, w);
    }
    for (int b : path) label_[b] = kOuter;
    return base;
  }

  void add_blossom(int base, int k) {
    int v = first(k), w = second(k);
    int bb = in_blossom_[base], bv = in_blossom_[v], bw = in_blossom_[w];
    int b = unused_.back();
    unused_.pop_back();
    base_[b] = base;
    parent_[b] = -1;
    parent_[bb] = b;
    std::vector<int> path, ends;
    while (bv != bb) {
      parent_[bv] = b;
      path.push_back(bv);
      ends.push_back(label_end_[bv]);
      v = to(label_end_[bv]);
      bv = in_blossom_[v];
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(ends.begin(), ends.end());
    ends.push_back(flip(k));
    while (bw != bb) {
      parent_[bw] = b;
      path.push_back(bw);
      ends.push_back(flip(label_end_[bw]));
      w = to(label_end_[bw]);
      bw = in_blossom_[w];
    }
    children_[b] = path;
    child_endpoints_[b] = ends;
    label_[b] = kOuter;
    label_end_[b] = label_end_[bb];
    dual_[b] = Weight{};
    for_each_leaf(b, [&](int leaf) {
      if (label_[in_blossom_[leaf]] == kInner) queue_.push_back(leaf);
      in_blossom_[leaf] = b;
    });
    // The least-slack edge from the new blossom to each other outer blossom.
    std::vector<int> best_to(2 * n_, -1);
    auto consider = [&](int edge, int j) {
      if (!(flags_[edge] & kEdge)) return;
      int bj = in_blossom_[j];
      if (bj == b || label_[bj] != kOuter) return;
      Weight edge_slack = slack(edge);
      if (best_to[bj] == -1 || edge_slack < best_to_slack_[bj]) {
        best_to[bj] = edge;
        best_to_slack_[bj] = edge_slack;
      }
    };
    for (int child : path) {
      if (blossom_best_edges_[child]) {
        for (int edge : *blossom_best_edges_[child])
          consider(edge, in_blossom_[second(edge)] == b ? first(edge) : second(edge));
      } else {
        for_each_leaf(child, [&](int leaf) {
          for (int w : live_) consider(edge_of(at(leaf, w)), w);
        });
      }
      blossom_best_edges_[child].reset();
      best_edge_[child] = -1;
    }
    std::vector<int> best;
    for (int edge : best_to)
      if (edge != -1) best.push_back(edge);
    best_edge_[b] = -1;
    for (int edge : best) {
      Weight edge_slack = slack(edge);
      if (best_edge_[b] == -1 || edge_slack < best_slack_[b]) {
        best_edge_[b] = edge;
        best_slack_[b] = edge_slack;
      }
    }
    blossom_best_edges_[b] = std::move(best);
  }

  static int wrap(int j, int size) { return ((j % size) + size) % size; }

  void expand(int b, bool end_of_stage) {
    for (int child : children_[b]) {
      parent_[child] = -1;
      if (child < n_) {
        in_blossom_[child] = child;
      } else if (end_of_stage && dual_[child].is_zero()) {
        expand(child, end_of_stage);
      } else {
        for_each_leaf(child, [&](int leaf) { in_blossom_[leaf] = child; });
      }
    }
    if (!end_of_stage && label_[b] == kInner) {
      // Relabel the children on the even path from the entry child to the base.
      const auto& childs = children_[b];
      const auto& ends = child_endpoints_[b];
      int size = static_cast<int>(childs.size());
      int entry_child = in_blossom_[from(label_end_[b])];
      int j = static_cast<int>(std::find(childs.begin(), childs.end(), entry_child) - childs.begin());
      int step, trick;
      if (j & 1) {
        j -= size;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      int p = label_end_[b];
      while (j != 0) {
        label_[from(p)] = kFree;
        label_[to(flip_if(ends[wrap(j - trick, size)], !trick))] = kFree;
        assign_label(from(p), kInner, p);
        allow(edge_of(ends[wrap(j - trick, size)]));
        j += step;
        p = flip_if(ends[wrap(j - trick, size)], trick);
        allow(edge_of(p));
        j += step;
      }
      int bv = childs[wrap(j, size)];
      label_[from(p)] = label_[bv] = kInner;
      label_end_[from(p)] = label_end_[bv] = p;
      best_edge_[bv] = -1;
      j += step;
      while (childs[wrap(j, size)] != entry_child) {
        bv = childs[wrap(j, size)];
        if (label_[bv] == kOuter) {
          j += step;
          continue;
        }
        int reached = -1;
        for_each_leaf(bv, [&](int leaf) {
          if (reached == -1 && label_[leaf] != kFree) reached = leaf;
        });
        if (reached != -1) {
          label_[reached] = kFree;
          label_[to(mate_[base_[bv]])] = kFree;
          assign_label(reached, kInner, label_end_[reached]);
        }
        j += step;
      }
    }
    label_[b] = label_end_[b] = -1;
    children_[b].clear();
    child_endpoints_[b].clear();
    base_[b] = -1;
    blossom_best_edges_[b].reset();
    best_edge_[b] = -1;
    unused_.push_back(b);
  }

  // Swaps matched and unmatched edges on the even path from v's blossom
  // child to the base of b, making v's side the new base.
  void augment_blossom(int b, int v) {
    int t = v;
    while (parent_[t] != b) t = parent_[t];
    if (t >= n_) augment_blossom(t, v);
    auto& childs = children_[b];
    auto& ends = child_endpoints_[b];
    int size = static_cast<int>(childs.size());
    int i = static_cast<int>(std::find(childs.begin(), childs.end(), t) - childs.begin());
    int j = i, step, trick;
    if (i & 1) {
      j -= size;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j != 0) {
      j += step;
      t = childs[wrap(j, size)];
      int p = flip_if(ends[wrap(j - trick, size)], trick);
      if (t >= n_) augment_blossom(t, to(p));
      j += step;
      t = childs[wrap(j, size)];
      if (t >= n_) augment_blossom(t, from(p));
      mate_[to(p)] = flip(p);
      mate_[from(p)] = p;
    }
    std::rotate(childs.begin(), childs.begin() + i, childs.end());
    std::rotate(ends.begin(), ends.begin() + i, ends.end());
    base_[b] = base_[childs[0]];
  }

  void augment_matching(int k) {
    int v = first(k), w = second(k);
    for (auto [s, p] : {std::pair{v, k}, std::pair{w, flip(k)}}) {
      while (true) {
        int bs = in_blossom_[s];
        if (bs >= n_) augment_blossom(bs, s);
        mate_[s] = p;
        if (label_end_[bs] == -1) break;
        int t = to(label_end_[bs]);
        int bt = in_blossom_[t];
        s = to(label_end_[bt]);
        int j = from(label_end_[bt]);
        if (bt >= n_) augment_blossom(bt, j);
        mate_[j] = label_end_[bt];
        p = flip(label_end_[bt]);
      }
    }
  }

  // One stage: true when it augmented the matching.
  bool run_stage() {
    while (true) {
      while (!queue_.empty()) {
        int v = queue_.back();
        queue_.pop_back();
        const Weight* row = &weight_[at(v, 0)];
        const std::uint8_t* flags = &flags_[at(v, 0)];
        for (int w : live_) {
          if (!(flags[w] & kEdge)) continue;
          if (in_blossom_[v] == in_blossom_[w]) continue;
          const int p = at(v, w), k = v > w ? p : at(w, v);
          Weight k_slack{};
          if (!(flags[w] & kAllowed)) {
            k_slack = Weight::sum_minus(dual_[v], dual_[w], row[w]);
            if (k_slack.is_zero()) allow(k);
          }
          if (flags[w] & kAllowed) {
            if (label_[in_blossom_[w]] == kFree) {
              assign_label(w, kInner, flip(p));
            } else if (label_[in_blossom_[w]] == kOuter) {
              int base = scan_for_blossom(v, w);
              if (base >= 0) {
                add_blossom(base, k);
              } else {
                augment_matching(k);
                return true;
              }
            } else if (label_[w] == kFree) {
              label_[w] = kInner;
              label_end_[w] = flip(p);
            }
          } else if (label_[in_blossom_[w]] == kOuter) {
            int b = in_blossom_[v];
            if (best_edge_[b] == -1 || k_slack < best_slack_[b]) {
              best_edge_[b] = k;
              best_slack_[b] = k_slack;
            }
          } else if (label_[w] == kFree) {
            if (best_edge_[w] == -1 || k_slack < best_slack_[w]) {
              best_edge_[w] = k;
              best_slack_[w] = k_slack;
            }
          }
        }
      }
      // No tight edge left to follow: change the duals by the largest amount
      // that keeps every slack non-negative.
      // Kind 1, a vertex dual down to zero, ends a maximum-weight matching;
      // the kept form seeks a perfect one, whose duals have no bound.
      int kind = 0, edge = -1, blossom = -1;
      Weight delta{};
      if (!perfect_) {
        kind = 1;
        delta = dual_[0];
        for (int v = 1; v < n_; ++v)
          if (dual_[v] < delta) delta = dual_[v];
      }
      for (int v = 0; v < n_; ++v) {
        if (label_[in_blossom_[v]] == kFree && best_edge_[v] != -1) {
          const Weight& d = best_slack_[v];
          if (kind == 0 || d < delta) {
            delta = d;
            kind = 2;
            edge = best_edge_[v];
          }
        }
      }
      for (int b = 0; b < 2 * n_; ++b) {
        if (parent_[b] == -1 && label_[b] == kOuter && best_edge_[b] != -1) {
          Weight d = best_slack_[b];
          d.halve();
          if (kind == 0 || d < delta) {
            delta = d;
            kind = 3;
            edge = best_edge_[b];
          }
        }
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1 && label_[b] == kInner && (kind == 0 || dual_[b] < delta)) {
          delta = dual_[b];
          kind = 4;
          blossom = b;
        }
      }
      for (int v = 0; v < n_; ++v) {
        int label = label_[in_blossom_[v]];
        if (label == kOuter) dual_[v] -= delta;
        else if (label == kInner) dual_[v] += delta;
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1) {
          if (label_[b] == kOuter) dual_[b] += delta;
          else if (label_[b] == kInner) dual_[b] -= delta;
        }
      }
      // The cached slacks of the best edges, at the new duals.
      for (int x = 0; x < 2 * n_; ++x)
        if (best_edge_[x] != -1) best_slack_[x] = slack(best_edge_[x]);
      if (kind == 0 || kind == 1) return false;
      if (kind == 2) {
        allow(edge);
        int i = first(edge), j = second(edge);
        if (label_[in_blossom_[i]] == kFree) std::swap(i, j);
        queue_.push_back(i);
      } else if (kind == 3) {
        allow(edge);
        queue_.push_back(first(edge));
      } else {
        expand(blossom, false);
      }
    }
  }

  int n_;
  bool perfect_ = false;  // the kept form (IncrementalMatching): a perfect matching sought
 public:
  const std::atomic<bool>* cancel_ = nullptr;  // raised: solve() throws PairingCancelled
 private:
  std::vector<bool> pending_, retired_;
  std::vector<int> pending_list_;
  // weight_[at(v, w)]: the edge's weight, doubled; read only where flags_ says kEdge.
  std::vector<Weight> weight_;
  // The vertices not retired, in order: the only ones an edge can reach.
  std::vector<int> live_;
  std::vector<int> mate_, label_, label_end_, in_blossom_, parent_, base_, best_edge_, unused_, queue_;
  std::vector<std::vector<int>> children_, child_endpoints_;
  std::vector<std::optional<std::vector<int>>> blossom_best_edges_;
  std::vector<Weight> dual_;
  // slack(best_edge_[x]) at the current duals, refreshed when they change;
  // best_to_slack_: add_blossom's scratch space.
  std::vector<Weight> best_slack_, best_to_slack_;
  // flags_[at(v, w)], row by row as the weights: kEdge when the weight is
  // not zero (read before the weight itself, so that a scan skips the
  // absent edges' cache lines), kAllowed when the edge is tight for this
  // stage's trees (both ends' entries alike).
  static constexpr std::uint8_t kEdge = 1, kAllowed = 2;
  std::vector<std::uint8_t> flags_;
  std::vector<int> allowed_list_;  // the edges allowed this stage, cleared at the next
};

}  // namespace

template <class Weight>
std::vector<int> maximum_weight_matching(int vertices, const std::vector<MatchingEdge<Weight>>& edges) {
  if (vertices <= 0) return {};
  if (edges.empty()) return std::vector<int>(vertices, -1);
  return BlossomMatcher<Weight>(vertices, edges).solve();
}

template <class Weight>
class IncrementalMatching<Weight>::Kept : public BlossomMatcher<Weight> {
 public:
  using BlossomMatcher<Weight>::BlossomMatcher;
};

template <class Weight>
IncrementalMatching<Weight>::IncrementalMatching(int vertices, const std::atomic<bool>* cancel)
    : vertices_(vertices), kept_(std::make_unique<Kept>(vertices + vertices % 2)) {
  kept_->cancel_ = cancel;
  if (vertices % 2)
    for (int v = 0; v < vertices; ++v) kept_->set_weight(v, vertices, Weight(1));
}

template <class Weight>
IncrementalMatching<Weight>::~IncrementalMatching() = default;

template <class Weight>
void IncrementalMatching<Weight>::set_weight(int a, int b, const Weight& weight) {
  kept_->set_weight(a, b, weight);
}

template <class Weight>
void IncrementalMatching<Weight>::retire(int a, int b) {
  kept_->retire(a, b);
}

template <class Weight>
std::optional<std::vector<int>> IncrementalMatching<Weight>::solve() {
  auto mate = kept_->solve();
  for (int m : mate)
    if (m < 0) return std::nullopt;
  mate.resize(vertices_);
  for (int& m : mate)
    if (m == vertices_) m = -1;
  return mate;
}

template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<1>>>&);
template class IncrementalMatching<WideWeight<1>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<2>>>&);
template class IncrementalMatching<WideWeight<2>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<3>>>&);
template class IncrementalMatching<WideWeight<3>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<4>>>&);
template class IncrementalMatching<WideWeight<4>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<6>>>&);
template class IncrementalMatching<WideWeight<6>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<8>>>&);
template class IncrementalMatching<WideWeight<8>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<12>>>&);
template class IncrementalMatching<WideWeight<12>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<16>>>&);
template class IncrementalMatching<WideWeight<16>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<24>>>&);
template class IncrementalMatching<WideWeight<24>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<32>>>&);
template class IncrementalMatching<WideWeight<32>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<64>>>&);
template class IncrementalMatching<WideWeight<64>>;
template std::vector<int> maximum_weight_matching(int, const std::vector<MatchingEdge<WideWeight<128>>>&);
template class IncrementalMatching<WideWeight<128>>;

}  // namespace arena::event
