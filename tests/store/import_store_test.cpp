// Imported games (#44) on SQLite and PostgreSQL: stored whole and read back,
// listed newest first per account, a second game under one id refused with
// nothing written.
#include <doctest/doctest.h>

#include "store_test_support.hpp"

using namespace store_test;

TEST_CASE("import store: a game brought in is kept whole, listed newest first, never twice under one id") {
  SqlStore store(temp_store("imports.db"));
  asio::io_context io;
  const std::int64_t ann = create_account(store, io, "ann").account.player;
  const std::int64_t bob = create_account(store, io, "bob").account.player;
  auto put = [&](ImportedGame g) {
    Slot<Stored<Outcome<ImportedGame>>> slot;
    store.store_import(std::move(g), io.get_executor(), slot.fill());
    return slot.get(io);
  };
  ImportedGame g;
  g.id = "imp1";
  g.game = "yinsh";
  g.variant = "blitz";
  g.white = "Ann \"the\" first";
  g.black = "?";
  g.result = "1-0";
  g.reason = "resignation";
  g.plies = 11;
  g.format = "sgf";
  g.record = "[Game \"yinsh\"]\n[Variant \"blitz\"]\n\n1. e3\n";
  g.imported_by = ann;
  g.created_at = 1000;
  REQUIRE(put(g).value.ok());
  ImportedGame later = g;
  later.id = "imp2";
  later.game = "gipf";
  later.variant = "basic";
  later.white_extra = 2;
  later.format = "official";
  later.created_at = 2000;
  REQUIRE(put(later).value.ok());
  ImportedGame bobs = g;
  bobs.id = "imp3";
  bobs.imported_by = bob;
  REQUIRE(put(bobs).value.ok());

  Slot<Stored<std::optional<ImportedGame>>> found;
  store.find_import("imp1", io.get_executor(), found.fill());
  REQUIRE(found.get(io).ok());
  REQUIRE(found.get(io).value);
  const ImportedGame& back = *found.get(io).value;
  CHECK(back.white == "Ann \"the\" first");
  CHECK(back.variant == "blitz");
  CHECK(back.plies == 11);
  CHECK(back.record == g.record);
  CHECK(back.imported_by == ann);

  Slot<Stored<std::vector<ImportedGame>>> mine;
  store.imports_of(ann, 10, io.get_executor(), mine.fill());
  REQUIRE(mine.get(io).ok());
  REQUIRE(mine.get(io).value.size() == 2);
  CHECK(mine.get(io).value[0].id == "imp2");
  CHECK(mine.get(io).value[0].white_extra == 2);
  CHECK(mine.get(io).value[1].id == "imp1");

  // The same id again (a retried write after a lost COMMIT is another id: the API draws one each time).
  auto twice = put(g);
  CHECK_FALSE(twice.ok());
  Slot<Stored<std::vector<ImportedGame>>> again;
  store.imports_of(ann, 10, io.get_executor(), again.fill());
  CHECK(again.get(io).value.size() == 2);
  Slot<Stored<std::optional<ImportedGame>>> none;
  store.find_import("nothing", io.get_executor(), none.fill());
  CHECK_FALSE(none.get(io).value);
}
