# Writes OUTPUT: a C++ file holding every MIGRATIONS_DIR/NNN_name.sql as a string,
# returned by the function FUNCTION, so the server needs no files beside its
# binary to set up its database.
file(GLOB files "${MIGRATIONS_DIR}/*.sql")
list(SORT files)
set(body "")
foreach(f IN LISTS files)
  get_filename_component(name "${f}" NAME_WE)
  string(REGEX MATCH "^[0-9]+" version "${name}")
  # 008 would be an octal literal (and 8 no octal digit): the number without its zeros.
  string(REGEX REPLACE "^0+([0-9])" "\\1" version "${version}")
  file(READ "${f}" sql)
  string(APPEND body "    {${version}, \"${name}\", R\"__sql__(${sql})__sql__\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from ${MIGRATIONS_DIR}/*.sql by server/store/embed_migrations.cmake.\n#include \"store/migrations.hpp\"\n\nnamespace arena {\n\nconst std::vector<Migration>& ${FUNCTION}() {\n  static const std::vector<Migration> all{\n${body}  };\n  return all;\n}\n\n}  // namespace arena\n")
configure_file("${OUTPUT}.tmp" "${OUTPUT}" COPYONLY)
