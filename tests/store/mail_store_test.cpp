// Mail in the store (#35) on SQLite and PostgreSQL: one-time links (single
// use, expiry, a bound per hour), a reset that ends every session, and the
// outbox's life: bounds, claims, retries, results, and what a restart does
// with a mail left claimed (at most once) or waiting (due at once); the
// intents of notifications, stored in their move's transaction and resolved once.
#include <doctest/doctest.h>

#include "store_test_support.hpp"

using namespace store_test;

namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;

struct Fixture {
  std::string path = temp_store("mail.db");
  SqlStore store{path};
  asio::io_context io;
  CreatedAccount ann = create_account(store, io, "ann");

  template <class T, class Call>
  T ask(Call call) {
    Slot<Stored<T>> slot;
    call(io.get_executor(), slot.fill());
    auto& r = slot.get(io);
    REQUIRE_MESSAGE(r.ok(), r.error);
    return r.value;
  }
  std::string write(const std::function<void(StoreExecutor, StoreDone)>& call) {
    Slot<std::string> slot;
    call(io.get_executor(), slot.fill());
    return slot.get(io);
  }
  MailQueued queue(MailRequest r) {
    return ask<MailQueued>([&](auto ex, auto reply) { store.queue_mail(r, ex, reply); });
  }
  static OutgoingMail mail(std::int64_t account, const std::string& to, const std::string& kind = "verify") {
    return {account, to, kind, "subject", "text", "<p>html</p>", "", ""};
  }
  std::vector<OutboxMail> claim(std::int64_t now) {
    return ask<std::vector<OutboxMail>>([&](auto ex, auto reply) { store.claim_mail(now, 10, ex, reply); });
  }
};

}  // namespace

TEST_CASE("mail store: a verify link is used once, before it expires; its address becomes the account's") {
  Fixture f;
  MailRequest r{f.ann.account.id, kNow, MailToken{"tok-verify", "verify", "ann@mail.example", kNow + kVerifyLinkMs},
                {Fixture::mail(f.ann.account.id, "ann@mail.example")}, std::nullopt, MailBounds{}};
  auto queued = f.queue(r);
  CHECK(queued.queued == 1);
  auto settings = f.ask<MailSettings>([&](auto ex, auto reply) { f.store.mail_settings(f.ann.account.id, kNow, ex, reply); });
  CHECK(settings.address == "");
  CHECK(settings.pending == "ann@mail.example");
  CHECK(settings.notify.turn);
  auto verify = [&](const std::string& token, std::int64_t at) {
    return f.ask<std::optional<AddressVerified>>([&](auto ex, auto reply) { f.store.verify_address(token, at, ex, reply); });
  };
  CHECK(!verify("tok-verify", kNow + kVerifyLinkMs));  // expired
  auto used = verify("tok-verify", kNow + 1);
  REQUIRE(used);
  CHECK(used->account == f.ann.account.id);
  CHECK(!used->already);
  // Opened again: the same account, "already verified", nothing changed (#43)
  auto again = verify("tok-verify", kNow + 2);
  REQUIRE(again);
  CHECK(again->account == f.ann.account.id);
  CHECK(again->already);
  CHECK(!verify("tok-unknown", kNow + 2));
  settings = f.ask<MailSettings>([&](auto ex, auto reply) { f.store.mail_settings(f.ann.account.id, kNow, ex, reply); });
  CHECK(settings.address == "ann@mail.example");
  CHECK(settings.pending == "");
  auto targets = f.ask<std::vector<ResetTarget>>([&](auto ex, auto reply) { f.store.reset_targets("ANN@mail.example", ex, reply); });
  REQUIRE(targets.size() == 1);
  CHECK(targets[0].username == "ann");
  CHECK(f.ask<std::vector<ResetTarget>>([&](auto ex, auto reply) { f.store.reset_targets("nobody", ex, reply); }).empty());

  // At most kMaxTokensPerHour links of a purpose per account per hour.
  for (int i = 0; i < kMaxTokensPerHour - 1; ++i) {
    r.token->token = "tok-" + std::to_string(i);
    CHECK(!f.queue(r).limited);
  }
  r.token->token = "tok-over";
  auto over = f.queue(r);
  CHECK(over.limited);
  CHECK(over.queued == 0);
}

TEST_CASE("mail store: a reset link sets the hash, deletes every session, is audited, and works once") {
  Fixture f;
  REQUIRE(f.write([&](auto ex, auto done) { f.store.create_session(f.ann.account.id, "cookie-1", kNow, kNow + 1000000, ex, done); }) == "");
  MailRequest r{f.ann.account.id, kNow, MailToken{"tok-reset", "reset", "ann@mail.example", kNow + kResetLinkMs}, {}, std::nullopt,
                MailBounds{}};
  REQUIRE(!f.queue(r).limited);
  AuditEntry audit;
  audit.action = "reset_password";
  audit.address = "127.0.0.1";
  auto done = f.ask<std::optional<PasswordReset>>(
      [&](auto ex, auto reply) { f.store.reset_password("tok-reset", "$argon2id$new", kNow + 1, audit, ex, reply); });
  REQUIRE(done);
  CHECK(done->username == "ann");
  CHECK(done->player == f.ann.account.player);
  auto session = f.ask<std::optional<AccountRecord>>([&](auto ex, auto reply) { f.store.session_account("cookie-1", kNow + 2, ex, reply); });
  CHECK(!session);
  auto again = f.ask<std::optional<PasswordReset>>(
      [&](auto ex, auto reply) { f.store.reset_password("tok-reset", "$argon2id$other", kNow + 2, audit, ex, reply); });
  CHECK(!again);
  auto log = f.ask<AuditPage>([&](auto ex, auto reply) { f.store.audit_log(1, 10, ex, reply); });
  REQUIRE(log.entries.size() == 1);
  CHECK(log.entries[0].entry.action == "reset_password");
  CHECK(log.entries[0].entry.target == "ann");
}

TEST_CASE("mail store: the outbox's bounds, claims, retries and what a restart does") {
  Fixture f;
  MailRequest r{f.ann.account.id, kNow, std::nullopt, {}, std::nullopt, MailBounds{2, 3}};
  for (int i = 0; i < 3; ++i) r.mails.push_back(Fixture::mail(f.ann.account.id, "ann@mail.example"));
  auto queued = f.queue(r);
  CHECK(queued.queued == 2);  // per account
  CHECK(queued.dropped == 1);
  r.mails = {Fixture::mail(0, "old@mail.example"), Fixture::mail(0, "old2@mail.example")};
  queued = f.queue(r);
  CHECK(queued.queued == 1);  // site-wide
  CHECK(queued.dropped == 1);

  auto claimed = f.claim(kNow);
  REQUIRE(claimed.size() == 3);
  CHECK(claimed[0].attempts == 1);
  CHECK(f.claim(kNow).empty());  // claimed: nobody claims them again
  CHECK(f.write([&](auto ex, auto done) { f.store.finish_mail({claimed[0].id, MailResult::kSent, 0, ""}, ex, done); }) == "");
  CHECK(f.write([&](auto ex, auto done) {
          f.store.finish_mail({claimed[1].id, MailResult::kRetry, kNow + 5000, "no connection"}, ex, done);
        }) == "");
  CHECK(f.claim(kNow + 4999).empty());  // not due yet
  auto due = f.ask<std::optional<std::int64_t>>([&](auto ex, auto reply) { f.store.next_mail_due(ex, reply); });
  CHECK(due == kNow + 5000);

  // A restart: the mail still claimed (its SMTP transaction's fate unknown)
  // fails, never sent again; the one waiting for its retry is due at once.
  auto abandoned = f.ask<std::int64_t>([&](auto ex, auto reply) { f.store.abandon_claimed(ex, reply); });
  CHECK(abandoned == 1);
  auto retried = f.claim(kNow);
  REQUIRE(retried.size() == 1);
  CHECK(retried[0].id == claimed[1].id);
  CHECK(retried[0].attempts == 2);
  CHECK(f.ask<std::int64_t>([&](auto ex, auto reply) { f.store.abandon_claimed(ex, reply); }) == 1);
  CHECK(f.claim(kNow + 100000).empty());
}

TEST_CASE("notices: written for any player, the newest 100 kept, newest first, read up to an id; once per game and turn") {
  Fixture f;
  const std::int64_t player = f.ann.account.player;
  auto tell = [&](const std::string& kind, const std::string& room, std::int64_t at) {
    PlayerNotice n;
    n.player = player;
    n.kind = kind;
    n.room = room;
    n.text = "about " + room;
    n.path = "/?room=" + room;
    n.now = at;
    return f.ask<NoticeOutcome>([&](auto ex, auto reply) { f.store.notify_player(n, ex, reply); });
  };
  for (int i = 0; i < kNoticesKept + 5; ++i) {
    auto told = tell("challenge", "r" + std::to_string(i), kNow + i);
    REQUIRE(told.notice);
    CHECK(told.unread == std::min(i + 1, kNoticesKept));
    CHECK(!told.mailed);  // no address: a notice only
  }
  CHECK(tell("turn", "g", kNow + 1000).notice);
  CHECK(!tell("turn", "g", kNow + 1001).notice);  // the player has not acted in g since
  CHECK(tell("clock", "g", kNow + 1002).notice);  // another kind
  CHECK(tell("event", "event:1", kNow + 1003).notice);
  CHECK(!tell("event", "event:1", kNow + 1004).notice);  // once per event
  auto list = f.ask<NoticeList>([&](auto ex, auto reply) { f.store.notices(player, ex, reply); });
  REQUIRE(list.notices.size() == static_cast<std::size_t>(kNoticesKept));
  CHECK(list.unread == kNoticesKept);
  CHECK(list.notices[0].kind == "event");
  CHECK(list.notices[1].kind == "clock");
  CHECK(list.notices[2].kind == "turn");
  CHECK(list.notices[2].path == "/?room=g");
  CHECK(list.notices[3].text == "about r104");
  CHECK(list.notices.back().text == "about r8");  // r0..r7 gone
  int unread = f.ask<int>([&](auto ex, auto reply) { f.store.read_notices(player, list.notices[60].id, kNow + 2000, ex, reply); });
  CHECK(unread == 60);
  list = f.ask<NoticeList>([&](auto ex, auto reply) { f.store.notices(player, ex, reply); });
  CHECK(!list.notices[59].read);
  CHECK(list.notices[60].read);
  CHECK(f.ask<int>([&](auto ex, auto reply) { f.store.read_notices(player, 0, kNow + 2001, ex, reply); }) == 0);
  auto other = create_account(f.store, f.io, "bob");
  CHECK(f.ask<NoticeList>([&](auto ex, auto reply) { f.store.notices(other.account.player, ex, reply); }).notices.empty());
}

TEST_CASE("notices: a turn mail waits to gather; another game's turn joins it as a digest") {
  Fixture f;
  MailRequest r{f.ann.account.id, kNow, MailToken{"tok-ann", "verify", "ann@mail.example", kNow + kVerifyLinkMs},
                {Fixture::mail(f.ann.account.id, "ann@mail.example")}, std::nullopt, MailBounds{}};
  f.queue(r);
  REQUIRE(f.ask<std::optional<AddressVerified>>([&](auto ex, auto reply) { f.store.verify_address("tok-ann", kNow + 1, ex, reply); }));
  REQUIRE(f.claim(kNow + 1).size() == 1);  // the verify mail
  auto turn = [&](const std::string& room, std::int64_t at) {
    PlayerNotice n;
    n.player = f.ann.account.player;
    n.kind = "turn";
    n.room = room;
    n.text = "your move in " + room;
    n.now = at;
    n.mail = OutgoingMail{0, "", "turn", "Your move in " + room, "text", "<p>html</p>", "unsub-" + room, "http://u/" + room};
    n.digest_line = "line " + room;
    n.digest = [](OutgoingMail& m, const std::vector<std::string>& lines) {
      m.subject = "digest of " + std::to_string(lines.size());
      m.text = lines[0] + "|" + lines.back() + "|" + m.unsubscribe_url;
    };
    n.send_at = kNow + 300000;
    return f.ask<NoticeOutcome>([&](auto ex, auto reply) { f.store.notify_player(n, ex, reply); });
  };
  CHECK(turn("g1", kNow + 10).mailed);
  CHECK(f.claim(kNow + 20).empty());  // gathering
  auto second = turn("g2", kNow + 30);
  CHECK(second.mailed);
  CHECK(second.notice);
  auto sent = f.claim(kNow + 300000);
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].subject == "digest of 2");
  CHECK(sent[0].text == "line g1|line g2|http://u/g1");  // the first mail's unsubscribe link stays
  CHECK(!turn("g2", kNow + 40).notice);  // told already this turn
}

TEST_CASE("notice intents: stored in the move's own commit, or not at all; resolved once into a notice, or nothing") {
  Fixture f;
  Blocking s(f.store, f.io);
  auto bob = create_account(f.store, f.io, "bob");
  const std::int64_t ann = f.ann.account.player, bob_player = bob.account.player;
  RoomRecord room = make_room("corr", ann, kNow);
  room.clock.kind = protocol::TimeControl::Kind::Correspondence;
  room.clock.days_per_move = 3;
  REQUIRE(s.create_room(room, created_event(ann, kNow)) == "");
  RoomChange joined;
  joined.black = bob_player;
  joined.status = protocol::RoomStatus::Live;
  REQUIRE(s.append_event("corr", {2, protocol::EventKind::Joined, bob_player, engine::Color::Black, "", kNow + 1, ""}, joined) == "");
  auto intents = [&](const std::string& of) {
    return f.ask<std::vector<NoticeIntent>>([&](auto ex, auto reply) { f.store.notice_intents(of, 0, kIntentsPerRead, ex, reply); });
  };
  CHECK(intents("").empty());

  // Two writes queued at once (the writer's group commit takes them as one
  // transaction when it finds both waiting): ann's move with the intent for
  // bob, and a write that fails (its seq taken). The batch fails, each write
  // runs again alone: the move is stored with its intent, the failed one left
  // nothing (no event, no intent for ann).
  RoomChange move;
  move.plies = 1;
  move.notify = RoomChange::Notify{bob_player, "turn"};
  RoomChange bad = move;
  bad.notify = RoomChange::Notify{ann, "turn"};
  Slot<std::string> moved, refused;
  f.store.append_event("corr", {3, protocol::EventKind::Action, ann, engine::Color::White, "a", kNow + 2, ""}, move,
                       f.io.get_executor(), moved.fill());
  f.store.append_event("corr", {2, protocol::EventKind::Action, bob_player, engine::Color::Black, "b", kNow + 3, ""}, bad,
                       f.io.get_executor(), refused.fill());
  CHECK(moved.get(f.io) == "");
  CHECK(refused.get(f.io) != "");
  auto found = intents("");
  REQUIRE(found.size() == 1);
  CHECK(found[0].player == bob_player);
  CHECK(found[0].kind == "turn");
  CHECK(found[0].room == "corr");
  CHECK(found[0].seq == 3);
  CHECK(found[0].at == kNow + 2);
  REQUIRE(found[0].game);
  CHECK(found[0].game->white_name == "ann");
  CHECK(found[0].game->status == protocol::RoomStatus::Live);
  CHECK(intents("corr").size() == 1);
  CHECK(intents("other").empty());
  CHECK(f.ask<std::vector<NoticeIntent>>([&](auto ex, auto reply) { f.store.notice_intents("", found[0].id, 10, ex, reply); })
            .empty());
  CHECK(s.events("corr").value.size() == 3);

  // A write refused alone (its seq taken) stores no intent either.
  CHECK(s.append_event("corr", {3, protocol::EventKind::Action, bob_player, engine::Color::Black, "c", kNow + 4, ""}, bad) != "");
  CHECK(intents("").size() == 1);

  auto resolve = [&](const NoticeIntent& intent, std::optional<PlayerNotice> notice) {
    return f.ask<std::optional<NoticeOutcome>>(
        [&](auto ex, auto reply) { f.store.resolve_intent(intent, notice, ex, reply); });
  };
  PlayerNotice notice;
  notice.player = bob_player;
  notice.kind = "turn";
  notice.room = "corr";
  notice.text = "Your move against ann";
  notice.path = "/?room=corr";
  notice.now = kNow + 5;
  // Resolved by the room and by a start's sweep, say: the first tells, the second writes nothing.
  auto first = resolve(found[0], notice);
  REQUIRE(first);
  REQUIRE(first->notice);
  CHECK(first->notice->text == "Your move against ann");
  CHECK(!resolve(found[0], notice));
  CHECK(intents("").empty());
  CHECK(f.ask<NoticeList>([&](auto ex, auto reply) { f.store.notices(bob_player, ex, reply); }).notices.size() == 1);

  // bob moves (an intent for ann), then resolved with nobody to tell (ann connected): it just goes.
  move.notify = RoomChange::Notify{ann, "turn"};
  REQUIRE(s.append_event("corr", {4, protocol::EventKind::Action, bob_player, engine::Color::Black, "b", kNow + 6, ""}, move) == "");
  found = intents("corr");
  REQUIRE(found.size() == 1);
  auto skipped = resolve(found[0], std::nullopt);
  REQUIRE(skipped);
  CHECK(!skipped->notice);
  CHECK(intents("").empty());
  CHECK(f.ask<NoticeList>([&](auto ex, auto reply) { f.store.notices(ann, ex, reply); }).notices.empty());

  // Stale: ann moves (an intent for bob), bob moves before it is resolved (and
  // writes his own for ann): bob's intent is resolved without a notice, ann's
  // replaced the older one of her game (one row per player, kind and game).
  move.notify = RoomChange::Notify{bob_player, "turn"};
  REQUIRE(s.append_event("corr", {5, protocol::EventKind::Action, ann, engine::Color::White, "a", kNow + 7, ""}, move) == "");
  auto stale = intents("corr");
  REQUIRE(stale.size() == 1);
  move.notify = RoomChange::Notify{ann, "turn"};
  REQUIRE(s.append_event("corr", {6, protocol::EventKind::Action, bob_player, engine::Color::Black, "b", kNow + 8, ""}, move) == "");
  notice.now = kNow + 9;
  auto late = resolve(stale[0], notice);
  REQUIRE(late);
  CHECK(!late->notice);
  found = intents("corr");
  REQUIRE(found.size() == 1);
  CHECK(found[0].player == ann);
  CHECK(found[0].seq == 6);
  move.notify = RoomChange::Notify{ann, "turn"};
  REQUIRE(s.append_event("corr", {7, protocol::EventKind::Action, bob_player, engine::Color::Black, "b", kNow + 10, ""}, move) == "");
  found = intents("corr");
  REQUIRE(found.size() == 1);  // replaced in place: the newer event
  CHECK(found[0].seq == 7);
  CHECK(!resolve(NoticeIntent{0, ann, "turn", "corr", 6, 0, std::nullopt, {}}, notice));  // the older one is gone
  CHECK(intents("corr").size() == 1);
}

TEST_CASE("notice intents: a report's resolution stores the reporter's notice with it, with its words; told once") {
  Fixture f;
  auto bob = create_account(f.store, f.io, "bob");
  NewReport report;
  report.reporter = bob.account.id;
  report.reporter_player = bob.account.player;
  report.player = f.ann.account.player;
  report.reason = "rude";
  report.now = kNow;
  auto filed = f.ask<Outcome<ReportRecord>>([&](auto ex, auto reply) { f.store.create_report(report, ex, reply); });
  REQUIRE(filed.ok());
  const std::int64_t id = filed.value.id;
  auto intents = [&] {
    return f.ask<std::vector<NoticeIntent>>([&](auto ex, auto reply) { f.store.notice_intents("", 0, kIntentsPerRead, ex, reply); });
  };
  CHECK(intents().empty());  // filing a report tells nobody
  auto resolve_report = [&](std::int64_t at) {
    return f.ask<Outcome<ReportRecord>>([&](auto ex, auto reply) {
      f.store.resolve_report(id, "warned", f.ann.account.id, at, AuditEntry{f.ann.account.id, "resolve_report", "", "{}", "t", at},
                             ex, reply);
    });
  };
  REQUIRE(resolve_report(kNow + 1).ok());
  CHECK(resolve_report(kNow + 2).code == "report_resolved");  // refused: asks for nothing more
  auto found = intents();
  REQUIRE(found.size() == 1);
  CHECK(found[0].player == bob.account.player);
  CHECK(found[0].kind == "report");
  CHECK(found[0].room == "");
  CHECK(found[0].seq == id);
  CHECK(found[0].at == kNow + 1);
  CHECK(found[0].words.subject == "Read the outcome of your report of ann");
  CHECK(found[0].words.text == "A moderator resolved your report of ann: warned\n\nYour reports:");
  CHECK(found[0].words.path == "/@/bob#my-reports");  // where the reporter reads it (#43)

  // Resolved by a start's sweep and by the live path, late: told once (one
  // store: a second server on the same database is refused).
  PlayerNotice notice;
  notice.player = bob.account.player;
  notice.kind = "report";
  notice.text = found[0].words.subject;
  notice.path = found[0].words.path;
  notice.now = kNow + 3;
  auto resolve = [&] {
    return f.ask<std::optional<NoticeOutcome>>(
        [&](auto ex, auto reply) { f.store.resolve_intent(found[0], notice, ex, reply); });
  };
  auto told = resolve();
  REQUIRE(told);
  REQUIRE(told->notice);
  CHECK(told->notice->kind == "report");
  CHECK(!resolve());  // the live resolution, late: nothing
  CHECK(intents().empty());
  CHECK(f.ask<NoticeList>([&](auto ex, auto reply) { f.store.notices(bob.account.player, ex, reply); }).notices.size() == 1);
}
