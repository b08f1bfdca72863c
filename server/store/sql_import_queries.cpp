// Imported games (#44): records/import_store.hpp, on SQLite and PostgreSQL.
#include "sql_connection.hpp"
#include "sql_queries.hpp"

namespace arena::sql {
namespace {

const std::string kSelectImports =
    "SELECT id, game, variant, white_extra, black_extra, white_name, black_name, result, reason, plies, format, record, "
    "imported_by, created_at FROM imported_games ";

std::vector<ImportedGame> read_imports(Statement& s) {
  std::vector<ImportedGame> out;
  while (s.step()) {
    ImportedGame g;
    g.id = s.text(0);
    g.game = s.text(1);
    g.variant = s.text(2);
    g.white_extra = static_cast<int>(s.integer(3));
    g.black_extra = static_cast<int>(s.integer(4));
    g.white = s.text(5);
    g.black = s.text(6);
    g.result = s.text(7);
    g.reason = s.text(8);
    g.plies = static_cast<int>(s.integer(9));
    g.format = s.text(10);
    g.record = s.text(11);
    g.imported_by = s.integer(12);
    g.created_at = s.integer(13);
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace

Outcome<ImportedGame> store_import(Connection& db, const ImportedGame& g) {
  // Counted under the account's lock: two imports at once cannot both pass the bound.
  db.lock(Connection::Locked::player_imports, g.imported_by);
  Statement count = db.prepare("SELECT COUNT(*) FROM imported_games WHERE imported_by = ?");
  count.bind(1, g.imported_by);
  count.step();
  if (count.integer(0) >= kMaxImportsPerPlayer)
    return Outcome<ImportedGame>::refused("too_many_imports", "an account keeps at most " + std::to_string(kMaxImportsPerPlayer) +
                                                                  " imported games");
  db.prepare("INSERT INTO imported_games (id, game, variant, white_extra, black_extra, white_name, black_name, result, reason, "
             "plies, format, record, imported_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(1, g.id)
      .bind(2, g.game)
      .bind(3, g.variant)
      .bind(4, std::int64_t{g.white_extra})
      .bind(5, std::int64_t{g.black_extra})
      .bind(6, g.white)
      .bind(7, g.black)
      .bind(8, g.result)
      .bind(9, g.reason)
      .bind(10, std::int64_t{g.plies})
      .bind(11, g.format)
      .bind(12, g.record)
      .bind(13, g.imported_by)
      .bind(14, g.created_at)
      .run();
  return {g, {}, {}};
}

std::optional<ImportedGame> find_import(Connection& db, const std::string& id) {
  Statement s = db.prepare(kSelectImports + "WHERE id = ?");
  s.bind(1, id);
  auto found = read_imports(s);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::vector<ImportedGame> imports_of(Connection& db, std::int64_t player, int limit) {
  Statement s = db.prepare(kSelectImports + "WHERE imported_by = ? ORDER BY created_at DESC, id LIMIT ?");
  s.bind(1, player).bind(2, std::int64_t{limit});
  return read_imports(s);
}

}  // namespace arena::sql
