#include "bots/challenge_service.hpp"

#include <algorithm>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "mail/notice_words.hpp"
#include "protocol/name_skeleton.hpp"  // player_kind
#include "util/log_text.hpp"
#include "util/secure_random.hpp"

namespace arena {

namespace {

Outcome<PlayerChallenge> refused(std::string code, std::string message) { return Outcome<PlayerChallenge>::refused(std::move(code), std::move(message)); }

}  // namespace

PlayerInfo player_of(const AccountRecord& account) {
  return {account.player, account.username, true, std::string(protocol::account_kind(account.role, account.bot))};
}

protocol::PlayerChallengeView player_challenge_view(const PlayerChallenge& c) {
  protocol::PlayerChallengeView v;
  v.id = c.id;
  v.challenger = {c.challenger_name, c.challenger_bot, c.challenger_player};
  v.destination = {c.destination_name, c.destination_bot, c.destination_player};
  v.options = c.options;
  v.clock = c.clock;
  v.color = c.color;
  v.rated = c.rated;
  v.status = std::string(challenge_status_name(c.status));
  v.reason = c.reason;
  v.room = c.room;
  v.created_at = c.created_at;
  v.expires_at = c.expires_at;
  return v;
}

ChallengeService::ChallengeService(boost::asio::any_io_executor io, BotStore& store, AccountStore& accounts, RoomDirectory& directory,
                                   PlayerConnections& connections, const BlockBook* blocks, Clock clock, FollowStore& presence)
    : io_(io),
      strand_(boost::asio::make_strand(io)),
      store_(store),
      accounts_(accounts),
      directory_(directory),
      connections_(connections),
      blocks_(blocks),
      clock_(std::move(clock)),
      timer_(strand_),
      presence_(presence) {}

void ChallengeService::start() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->schedule(); });
}

void ChallengeService::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void ChallengeService::wake() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->sweep(); });
}

void ChallengeService::schedule() {
  if (stopped_) return;
  timer_.expires_after(std::chrono::seconds(5));
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    self->sweep();
    self->schedule();
  });
}

// Renews the real-time challenges whose challenger is still here and whose
// destination was seen within kUnseenMs, then cancels every challenge past
// its time (on any node: the store gives each to one).
void ChallengeService::sweep() {
  const std::int64_t now = clock_();
  std::vector<std::int64_t> destinations;
  {
    std::lock_guard lock(mutex_);
    for (auto it = real_time_.begin(); it != real_time_.end();) {
      if (it->second.made < now - kMaxRealTimeMs) {
        it = real_time_.erase(it);
        continue;
      }
      destinations.push_back(it->second.destination);
      ++it;
    }
  }
  std::sort(destinations.begin(), destinations.end());
  destinations.erase(std::unique(destinations.begin(), destinations.end()), destinations.end());
  ask_online(std::move(destinations), {}, now);
}

// Asks the store which destinations are online, kMaxOnlineAsked at a time, then renews.
void ChallengeService::ask_online(std::vector<std::int64_t> left, std::vector<std::int64_t> online, std::int64_t now) {
  if (left.empty()) return renew(std::move(online), now);
  std::size_t n = std::min(left.size(), kMaxOnlineAsked);
  std::vector<std::int64_t> batch(left.begin(), left.begin() + static_cast<std::ptrdiff_t>(n));
  left.erase(left.begin(), left.begin() + static_cast<std::ptrdiff_t>(n));
  presence_.online_of(std::move(batch), now, strand_,
                      [self = shared_from_this(), left = std::move(left), online = std::move(online), now](
                          Stored<std::vector<std::int64_t>> found) mutable {
                        if (!found.ok()) spdlog::warn("event=presence_read_failed error=\"{}\"", log_text(found.error));
                        else online.insert(online.end(), found.value.begin(), found.value.end());
                        self->ask_online(std::move(left), std::move(online), now);
                      });
}

void ChallengeService::renew(std::vector<std::int64_t> online, std::int64_t now) {
  std::vector<std::string> kept;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, c] : real_time_) {
      if (std::find(online.begin(), online.end(), c.destination) != online.end()) c.seen = now;
      if (connections_.connected(c.challenger) && now - c.seen < kUnseenMs) kept.push_back(id);
    }
  }
  if (!kept.empty())
    store_.extend_player_challenges(kept, now + kRealTimeLeaseMs, strand_, [](const std::string& error) {
      if (!error.empty()) spdlog::warn("event=challenge_extend_failed error=\"{}\"", log_text(error));
    });
  store_.expire_player_challenges(now, strand_, [self = shared_from_this()](Stored<std::vector<PlayerChallenge>> expired) {
    if (!expired.ok()) return spdlog::warn("event=challenge_expiry_failed error=\"{}\"", log_text(expired.error));
    for (const PlayerChallenge& c : expired.value) {
      self->forget(c.id);
      self->tell(c);
    }
  });
}

void ChallengeService::keep(const PlayerChallenge& c, StoreExecutor ex) {
  const std::int64_t now = clock_();
  if (c.status != PlayerChallenge::Status::Created || !c.clock.live() || now - c.created_at >= kMaxRealTimeMs) return;
  auto extend = [this, id = c.id, now, ex] {
    store_.extend_player_challenges({id}, now + kRealTimeLeaseMs, ex, [](const std::string& error) {
      if (!error.empty()) spdlog::warn("event=challenge_extend_failed error=\"{}\"", log_text(error));
    });
  };
  {
    std::lock_guard lock(mutex_);  // made here: kept while its destination was seen within a minute
    if (auto it = real_time_.find(c.id); it != real_time_.end()) {
      if (now - it->second.seen >= kUnseenMs) return;
      return extend();
    }
  }
  // Made on another node: kept only while its destination is on the site now.
  presence_.online_of({c.destination_player}, now, strand_,
                      [self = shared_from_this(), extend](Stored<std::vector<std::int64_t>> online) {
                        if (online.ok() && !online.value.empty()) extend();
                      });
}

void ChallengeService::tell(const PlayerChallenge& c) {
  Frame frame = make_frame(protocol::challenge_message(player_challenge_view(c)));
  connections_.send(c.challenger_player, frame);
  connections_.send(c.destination_player, frame);
}

void ChallengeService::tell_by_notice(const PlayerChallenge& c) {
  if (!player_mail_) return;
  const auto* game = engine::find_game(c.options.game);
  std::string terms = (game ? std::string(game->title) : c.options.game) + " " + c.options.variant + ", ";
  terms += c.clock.timed() ? std::to_string(c.clock.days_per_move) + (c.clock.days_per_move == 1 ? " day" : " days") + " per move"
                           : std::string("untimed");
  terms += c.rated ? ", rated" : ", casual";
  NoticeWords words = player_challenge_words(c.challenger_name, terms);
  PlayerMailRequest r{c.destination_player, "challenge", words.subject, words.text, words.path, "", std::nullopt};
  // The bell always; a mail only to a destination away from the site (#46).
  presence_.online_of({c.destination_player}, clock_(), strand_,
                      [self = shared_from_this(), r = std::move(r)](Stored<std::vector<std::int64_t>> online) mutable {
                        r.bell_only = online.ok() && !online.value.empty();
                        self->player_mail_(std::move(r));
                      });
}

void ChallengeService::create(const AccountRecord& from, std::string to, ChallengeTerms terms, StoreExecutor ex, Answer answer) {
  accounts_.find_account(to, ex, [this, self = shared_from_this(), from, terms, ex, answer](Stored<std::optional<AccountRecord>> found) {
    if (!found.ok()) return answer(refused("internal", "the server could not read this; nothing changed"));
    if (!found.value || found.value->closed_at > 0) return answer(refused("not_found", "no such player"));
    const AccountRecord& dest = *found.value;
    if (dest.id == from.id) return answer(refused("self", "you cannot challenge yourself"));
    if (dest.banned_until > clock_()) return answer(refused("not_found", "no such player"));
    if (blocks_ && (blocks_->blocks(dest.player, from.player) || blocks_->blocks(from.player, dest.player)))
      return answer(refused("blocked", "this player does not take your challenges"));
    PlayerChallenge c;
    c.id = random_room_id();
    c.challenger = from.id;
    c.destination = dest.id;
    c.options = terms.options;
    c.clock = terms.clock;
    c.color = terms.color;
    c.rated = terms.rated;
    c.created_at = clock_();
    c.expires_at = c.created_at + (terms.clock.live() ? kRealTimeLeaseMs : std::int64_t{kWaitDays} * 24 * 3600 * 1000);
    store_.create_player_challenge(c, ex, [this, self, live = terms.clock.live(), answer](Stored<Outcome<PlayerChallenge>> made) {
      if (!made.ok()) return answer(refused("internal", "the server could not store this; nothing changed"));
      if (!made.value.ok()) return answer(made.value);
      if (live) {
        std::lock_guard lock(mutex_);
        const PlayerChallenge& m = made.value.value;
        real_time_[m.id] = RealTime{m.challenger_player, m.created_at, m.destination_player, m.created_at};
      }
      tell(made.value.value);
      if (!live) tell_by_notice(made.value.value);
      answer(made.value);
    });
  });
}

void ChallengeService::open_for(const AccountRecord& account, bool destination, std::string id, StoreExecutor ex,
                                std::function<void(Outcome<PlayerChallenge>)> found) {
  store_.find_player_challenge(id, ex, [account, destination, found](Stored<std::optional<PlayerChallenge>> c) {
    if (!c.ok()) return found(refused("internal", "the server could not read this; nothing changed"));
    // Another's challenge is not shown to exist.
    if (!c.value || (c.value->destination != account.id && c.value->challenger != account.id))
      return found(refused("not_found", "no such challenge"));
    if ((destination ? c.value->destination : c.value->challenger) != account.id)
      return found(refused("forbidden", destination ? "only the challenged player answers a challenge"
                                                    : "only the challenger cancels a challenge"));
    if (c.value->status != PlayerChallenge::Status::Created) return found(refused("not_open", "the challenge was answered, canceled or has expired"));
    found({*c.value, {}, {}});
  });
}

// Claimed first (the store lets one answer win, and none after its time),
// then the game opens and its room is recorded; a game that cannot open
// cancels the challenge ("failed"). Both parties hear of the end state.
void ChallengeService::accept(const AccountRecord& by, std::string id, StoreExecutor ex, Answer answer) {
  open_for(by, true, id, ex, [this, self = shared_from_this(), by, ex, answer](Outcome<PlayerChallenge> found) {
    if (!found.ok()) return answer(found);
    const PlayerChallenge c = found.value;
    // A challenger closed or banned since takes no game: the challenge ends.
    accounts_.find_account(c.challenger_name, ex, [this, self, c, by, ex, answer](Stored<std::optional<AccountRecord>> challenger) {
      if (!challenger.ok()) return answer(refused("internal", "the server could not read this; nothing changed"));
      if (!challenger.value || challenger.value->closed_at > 0 || challenger.value->banned_until > clock_())
        return end_open_as(c, PlayerChallenge::Status::Canceled, "canceled", ex, [answer](Outcome<PlayerChallenge>) {
          answer(refused("not_open", "the challenger can no longer play"));
        });
      accept_open(c, by, ex, answer);
    });
  });
}

// Bounded: an account's unfinished games (both parties'); then claimed.
void ChallengeService::accept_open(const PlayerChallenge& c, const AccountRecord& by, StoreExecutor ex, Answer answer) {
  auto self = shared_from_this();
  accounts_.unfinished_rooms_of(c.destination_player, ex, [this, self, c, by, ex, answer](Stored<std::vector<RoomRecord>> mine) {
    accounts_.unfinished_rooms_of(c.challenger_player, ex, [this, self, c, by, ex, answer, mine](Stored<std::vector<RoomRecord>> theirs) {
      if (!mine.ok() || !theirs.ok()) return answer(refused("internal", "the server could not read this; nothing changed"));
      if (mine.value.size() >= kMaxUnfinishedGames || theirs.value.size() >= kMaxUnfinishedGames)
        return answer(refused("too_many_games", "a player of this challenge has " + std::to_string(kMaxUnfinishedGames) +
                                                    " unfinished games: finish some first"));
      claim(c, by, ex, answer);
    });
  });
}

void ChallengeService::claim(const PlayerChallenge& c, const AccountRecord& by, StoreExecutor ex, Answer answer) {
  store_.answer_player_challenge(c.id, PlayerChallenge::Status::Created, PlayerChallenge::Status::Accepted, "", "", clock_(), ex,
                                 [this, self = shared_from_this(), c, by, ex, answer](Stored<Outcome<PlayerChallenge>> claimed) {
    if (!claimed.ok()) return answer(refused("internal", "the server could not store this; nothing changed"));
    if (!claimed.value.ok()) return answer(claimed.value);
    forget(c.id);
    open_game(c, by, ex, answer);
  });
}

void ChallengeService::open_game(const PlayerChallenge& c, const AccountRecord& by, StoreExecutor ex, Answer answer) {
  const bool challenger_white = c.color == "white" || (c.color == "random" && random_bool());
  PlayerInfo mine = player_of(by), theirs{c.challenger_player, c.challenger_name, true, c.challenger_kind};
  const PlayerInfo& white = challenger_white ? theirs : mine;
  const PlayerInfo& black = challenger_white ? mine : theirs;
  directory_.open_pair(white, black, c.options, c.clock, false, c.rated, ex,
                       [this, self = shared_from_this(), c, ex, answer](std::shared_ptr<Room> room, std::optional<Refusal> refusal) {
    const bool opened = room != nullptr;
    const std::string code = opened ? "" : std::string(protocol::code_name(refusal->code));
    const std::string message = opened ? "" : refusal->message;
    store_.answer_player_challenge(c.id, PlayerChallenge::Status::Accepted,
                                   opened ? PlayerChallenge::Status::Accepted : PlayerChallenge::Status::Canceled,
                                   opened ? "" : "failed", opened ? room->id() : "", clock_(), ex,
                                   [this, self, answer, code, message](Stored<Outcome<PlayerChallenge>> done) {
      if (!done.ok()) return answer(refused("internal", "the server could not store this"));
      if (done.value.ok()) tell(done.value.value);
      if (!code.empty()) return answer(refused(code, message));
      answer(done.value);
    });
  });
}

void ChallengeService::decline(const AccountRecord& by, std::string id, std::string reason, StoreExecutor ex, Answer answer) {
  end_open(by, true, std::move(id), PlayerChallenge::Status::Declined, std::move(reason), std::move(ex), std::move(answer));
}

void ChallengeService::cancel(const AccountRecord& by, std::string id, StoreExecutor ex, Answer answer) {
  end_open(by, false, std::move(id), PlayerChallenge::Status::Canceled, "canceled", std::move(ex), std::move(answer));
}

void ChallengeService::end_open(const AccountRecord& by, bool destination, std::string id, PlayerChallenge::Status to,
                                std::string reason, StoreExecutor ex, Answer answer) {
  open_for(by, destination, id, ex, [this, self = shared_from_this(), to, reason, ex, answer](Outcome<PlayerChallenge> found) {
    if (!found.ok()) return answer(found);
    end_open_as(found.value, to, reason, ex, answer);
  });
}

void ChallengeService::end_open_as(const PlayerChallenge& c, PlayerChallenge::Status to, std::string reason, StoreExecutor ex,
                                   Answer answer) {
  store_.answer_player_challenge(c.id, PlayerChallenge::Status::Created, to, reason, "", clock_(), ex,
                                 [this, self = shared_from_this(), answer](Stored<Outcome<PlayerChallenge>> done) {
    if (!done.ok()) return answer(refused("internal", "the server could not store this"));
    if (done.value.ok()) {
      forget(done.value.value.id);
      tell(done.value.value);
    }
    answer(done.value);
  });
}

void ChallengeService::forget(const std::string& id) {
  std::lock_guard lock(mutex_);
  real_time_.erase(id);
}

}  // namespace arena
