#!/usr/bin/env bash
# Drives `gipf-arena pair --dutch` (the real binary): its output, the -p file
# and the exit statuses of JaVaFo and bbpPairings (0 paired, 1 no valid
# pairing, 3 bad input).
# Usage: gipf_arena_pair_cli_test.sh PATH/TO/gipf-arena
set -uo pipefail
tool=$1
failures=0
passes=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

expect() {  # expect NAME EXPECTED ACTUAL
  if [[ "$2" == "$3" ]]; then
    passes=$((passes + 1))
  else
    failures=$((failures + 1))
    printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
  fi
}

# A TRF player line: start number, then the round entries from column 92.
player() { printf '%-91s%s\r\n' "$(printf '001 %4d      Player%04d' "$1" "$1")" "${2:-}"; }

{ for n in 1 2 3 4 5 6; do player "$n"; done; printf 'XXR 3\r\n'; } > "$work/round1.trf"
expect "round one: top half against bottom half" "3|1 4|5 2|3 6" \
  "$("$tool" pair --dutch "$work/round1.trf" | tr '\n' '|' | sed 's/|$//')"
expect "round one: exit 0" 0 "$("$tool" pair --dutch "$work/round1.trf" > /dev/null; echo $?)"

{ for n in 1 2 3 4; do player "$n"; done; printf 'XXR 3\r\nXXC black1\r\n'; } > "$work/black.trf"
expect "XXC black1: the top-ranked player has black" "2|3 1|2 4" \
  "$("$tool" pair --dutch "$work/black.trf" | tr '\n' '|' | sed 's/|$//')"

{ for n in 1 2 3 4 5; do player "$n"; done; printf 'XXR 3\r\n'; } > "$work/odd.trf"
expect "odd field: the bye as 'N 0', counted, last" "3|1 3|4 2|5 0" \
  "$("$tool" pair --dutch "$work/odd.trf" | tr '\n' '|' | sed 's/|$//')"

out=$("$tool" pair --dutch "$work/round1.trf" -p "$work/pairs.txt")
expect "-p: nothing on standard output" "" "$out"
expect "-p: the pairs in the file" "3|1 4|5 2|3 6" "$(tr '\n' '|' < "$work/pairs.txt" | sed 's/|$//')"

# Four players who have all met: no valid pairing.
{
  player 1 "   3 w 1     4 b 1     2 w ="
  player 2 "   4 w 1     3 b =     1 b ="
  player 3 "   1 b 0     2 w =     4 w 1"
  player 4 "   2 b 0     1 w 0     3 b 0"
  printf 'XXR 5\r\n'
} > "$work/exhausted.trf"
"$tool" pair --dutch "$work/exhausted.trf" > /dev/null 2> "$work/err"
expect "no valid pairing: exit 1" 1 $?
expect "no valid pairing: said" 1 "$(grep -c 'absolute criteria' "$work/err")"

"$tool" pair --dutch "$work/missing.trf" > /dev/null 2>&1
expect "unreadable file: exit 3" 3 $?
"$tool" pair > /dev/null 2>&1
expect "no file: exit 3" 3 $?
{ player 1 "   2 w 7"; player 2 "   1 b 0"; } > "$work/bad.trf"
"$tool" pair --dutch "$work/bad.trf" > /dev/null 2> "$work/err"
expect "bad result code: exit 3" 3 $?
expect "bad result code: the line named" 1 "$(grep -c 'line 1: round 1' "$work/err")"

printf '%d passed, %d failed\n' "$passes" "$failures"
[[ $failures -eq 0 ]]
