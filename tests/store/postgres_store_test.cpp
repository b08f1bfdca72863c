// What only the PostgreSQL store does (test suite "postgres", run by
// store-tests-postgres): one server per database, and a lost connection
// opened again without losing a write.
#include <doctest/doctest.h>

#include "store/postgres_connection.hpp"
#include "store_test_support.hpp"

using namespace store_test;

TEST_CASE("postgres: a second server on the same database is refused until the first stops" *
          doctest::test_suite("postgres")) {
  std::string location = temp_store("single.db");
  REQUIRE(StoreLocation::parse(location).postgres);
  {
    SqlStore first(location);
    std::string error;
    try {
      SqlStore second(location);
    } catch (const StoreOpenError& e) {
      error = e.what();
    }
    CHECK(error.find("another gipf-arena server is using this database") != std::string::npos);
  }
  CHECK_NOTHROW(SqlStore{location});  // the lock went with the first one's connection
}

TEST_CASE("postgres: connections the server ends are opened again; no write or read is lost" *
          doctest::test_suite("postgres")) {
  asio::io_context io;
  std::string location = temp_store("reconnect.db");
  SqlStore store(location);
  Blocking s(store, io);
  auto ann = s.create_player("t1", "Ann").value;
  REQUIRE(s.create_room(make_room("r1", ann.id, 1000), created_event(ann.id, 1000)) == "");
  RawConnection admin(location);
  auto end_others = [&] {
    // Waits (up to 60 s) for each to end: its locks are gone when the store comes back.
    return admin.column("SELECT count(pg_terminate_backend(pid, 60000)) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'");
  };
  CHECK(end_others() == std::vector<std::string>{"2"});  // the store's writer and reader
  CHECK(s.append_event("r1", action_event(2, ann.id, "i1-h2")) == "");
  CHECK(end_others() == std::vector<std::string>{"1"});  // the writer's new connection
  auto events = s.events("r1");
  REQUIRE(events.ok());
  CHECK(events.value.size() == 2);
  CHECK(s.find_player("t1").value->name == "Ann");
}

TEST_CASE("store locations: SQLite files, PostgreSQL URIs; a password never shown") {
  CHECK(!StoreLocation::parse("gipf-arena.db").postgres);
  CHECK(StoreLocation::parse("sqlite:/data/a.db").target == "/data/a.db");
  CHECK(!StoreLocation::parse("sqlite:/data/a.db").postgres);
  auto pg = StoreLocation::parse("postgres://arena:s3cret@db:5432/arena");
  CHECK(pg.postgres);
  CHECK(pg.target == "postgres://arena:s3cret@db:5432/arena");
  CHECK(pg.shown() == "postgres://arena:***@db:5432/arena");
  CHECK(StoreLocation::parse("postgresql://arena@db/arena").shown() == "postgresql://arena@db/arena");
}

TEST_CASE("the shared queries' parameters become PostgreSQL's $N, quotes left alone") {
  CHECK(postgres_parameters("SELECT a FROM t WHERE b = ? AND c = ?") == "SELECT a FROM t WHERE b = $1 AND c = $2");
  CHECK(postgres_parameters("WHERE x LIKE ?1 ESCAPE '\\' LIMIT ?2 OFFSET ?3") == "WHERE x LIKE $1 ESCAPE '\\' LIMIT $2 OFFSET $3");
  CHECK(postgres_parameters("SELECT '?', \"a?\" FROM t WHERE id = ?") == "SELECT '?', \"a?\" FROM t WHERE id = $1");
  CHECK(postgres_parameters("VALUES (?12)") == "VALUES ($12)");
  CHECK(postgres_parameters("VALUES (?2, ?1, ?)") == "VALUES ($2, $1, $3)");  // as SQLite numbers them
}
