#!/usr/bin/env bash
# Builds with clang, AddressSanitizer and UndefinedBehaviorSanitizer into
# build-sanitize/ (-O0, line tables), with the libFuzzer targets of tests/fuzz, and
# runs the server and store tests and every fuzzer (GIPF_ARENA_FUZZ_SECONDS each, default
# 30). Extra arguments go to the first cmake configure.
#   GIPF_ARENA_FUZZ_SECONDS=10 scripts/sanitize.sh    shorter fuzzing
#   CLANG=clang-16 scripts/sanitize.sh                another clang than Debian's default
#                                                     (tests must not capture structured
#                                                     bindings in lambdas: clang 14 cannot)
#   GIPF_ARENA_SANITIZE_STEP=build scripts/sanitize.sh   only build (scripts/test.sh does, during the tests)
#   GIPF_ARENA_SANITIZE_STEP=test scripts/sanitize.sh    only run what was built
# The compiler is chosen when build-sanitize/ is first configured: delete it to change.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${GIPF_ARENA_FUZZ_SECONDS:-30}
step=${GIPF_ARENA_SANITIZE_STEP:-all}
case "$step" in all | build | test) ;; *) echo "sanitize: GIPF_ARENA_SANITIZE_STEP is all, build or test" >&2; exit 2 ;; esac
clang=${CLANG:-clang}  # Debian's default clang (scripts/setup.sh --tests installs it)
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
fuzzers=(fuzz-protocol fuzz-gipf-notation fuzz-yinsh-notation fuzz-record fuzz-http-target fuzz-account-bodies)
if [[ $step != test ]]; then
  if [[ ! -f build-sanitize/CMakeCache.txt ]]; then
    # -O0 with line tables only: the same reports with file and line, and a build
    # under half the time of -O2 -g, which is what decides CI's duration (this
    # build runs beside the tests; the fuzzers lose some speed, not coverage kinds).
    CC=$clang CXX=${clang/clang/clang++} cmake -S . -B build-sanitize "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only -DNDEBUG" \
      -DGIPF_ARENA_SANITIZE=ON -DGIPF_ARENA_FUZZ=ON -DGIPF_ARENA_FUZZ_SECONDS="$seconds" "$@"
  else
    cmake build-sanitize -DGIPF_ARENA_FUZZ_SECONDS="$seconds" >/dev/null
  fi
  cmake --build build-sanitize --parallel "$(nproc)" --target gipf-arena server-tests store-tests "${fuzzers[@]}"
fi
[[ $step != build ]] || exit 0

# halt_on_error: stop at the first report; abort_on_error: a core-like exit that
# libFuzzer recognises. Leaks are reported (LeakSanitizer works in plain containers
# too). The server subprocesses of server-tests inherit these.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:print_stacktrace=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}
# The PostgreSQL runs (and the cluster's, on PostgreSQL) stay with the normal
# build: libpq and libpqxx are not instrumented, and their process-wide
# allocations would read as leaks.
ctest --test-dir build-sanitize --output-on-failure --parallel "$(nproc)" -R '^(server-tests|store-tests|fuzz-)' -E 'postgres|cluster'
