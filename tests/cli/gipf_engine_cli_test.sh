#!/usr/bin/env bash
# Drives the real gipf-engine binary: every command, its output and exit status.
# Usage: gipf_engine_cli_test.sh PATH/TO/gipf-engine
set -uo pipefail
tool=$1
failures=0
passes=0

expect() {  # expect NAME EXPECTED ACTUAL
  if [[ "$2" == "$3" ]]; then
    passes=$((passes + 1))
  else
    failures=$((failures + 1))
    printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
  fi
}
contains() {  # contains NAME NEEDLE HAYSTACK
  if [[ "$3" == *"$2"* ]]; then passes=$((passes + 1)); else
    failures=$((failures + 1)); printf 'FAIL %s\n  missing: %s\n  in: %s\n' "$1" "$2" "$3"; fi
}

# legal: sorted canonical notation, one per line
expect "legal count at start" 42 "$($tool legal gipf:basic | wc -l)"
expect "legal first lines" "a1-c3 a2-b3 a2-c2" "$($tool legal gipf:basic | head -3 | tr '\n' ' ' | sed 's/ $//')"
expect "legal sorted" "$($tool legal gipf:standard | sort)" "$($tool legal gipf:standard)"
expect "tournament opens with GIPF pieces" 42 "$($tool legal gipf:tournament | grep -c '^G')"

# perft: the regression signature, from the start and from a middle game
expect "perft basic 3" 73800 "$($tool perft gipf:basic 3)"
expect "perft standard 4" 3066768 "$($tool perft gipf:standard 4)"
expect "perft tournament 4" 12446784 "$($tool perft gipf:tournament 4)"
expect "perft basic handicap 3" 73800 "$($tool perft gipf:basic --white-extra 3 --black-extra=1 3)"
middle=(Gi3-h3 Gi4-h4 b6-b5 h6-h5 h1-g2 g7-g6 c7-c6 c7-c5 i1-h2 i3-g5 h6-f6 a3-b4 a3-b3 i4-f7 h6-e6 a4-d7
        a3-c3 b6-b2 h6-d5 i1-g3 h6-c4 i5-f5 c7-c2 f8-f4 h1-f3 f8-f2 "g7-e7;xd7,e7,f6,g5,h4" c7-d7 f8-e8 i3-h4
        "h1-e4;xf2,f3,f4,f5" g7-g5 i5-f5 e1-e2 e9-e7 a4-d4 e1-e3 e9-e5 "c1-d2;xb2,c2,d2,e2" d1-d2)
expect "perft middle game 1" 36 "$($tool perft gipf:tournament 1 "${middle[@]}")"
expect "perft middle game 3" 35318 "$($tool perft gipf:tournament 3 "${middle[@]}")"
expect "perft middle game 4" 1059419 "$($tool perft gipf:tournament 4 "${middle[@]}")"

# positions (#44): show --position and back with position
expect "yinsh start position" "yinsh normal 4/7/8/9/10/9/10/9/8/7/4 w w:place 0-0" "$($tool show yinsh --position)"
expect "yinsh position after two rings" "yinsh normal 4/7/8/9/2W7/3B5/10/9/8/7/4 w w:place 0-0" "$($tool show yinsh --position e3 f5)"
expect "gipf standard start" "gipf standard 0,0 B2W/5/6/W5B/6/5/B2W w w:push 12,12 -" "$($tool show gipf --position)"
after_push="$($tool show gipf --position e1-e2)"
expect "position read back" "$after_push" "$($tool position "$after_push" --position)"
expect "position with _ for spaces" "$after_push" "$($tool position "${after_push// /_}" --position)"
expect "position then actions = actions from the start" "$($tool show gipf e1-e2 i1-h2)" "$($tool position "$after_push" i1-h2)"
$tool position "gipf standard 0,0 B2W/5/6/W5B/6/5/B2W w w:move 12,12 -" >/dev/null 2>/tmp/gipf-engine-position-err.$$
expect "bad position exit status" 1 "$?"
contains "bad position names the field" "decision 'w:move'" "$(cat /tmp/gipf-engine-position-err.$$)"
rm -f /tmp/gipf-engine-position-err.$$
$tool position >/dev/null 2>&1
expect "position without text is a usage error" 2 "$?"

# import (#44): a folder of records, one line each and a summary
records=$(mktemp -d)
printf '[Game "yinsh"]\n[Variant "normal"]\n\n1. e3\n2. f5\n' > "$records/a.txt"
printf '1.e3\n2.f5\n3.e3\n' > "$records/b.txt"
printf '(;GM[24]SU[Yinsh]P0[id "ann"]P1[id "bob"];P0[1 place wr  E 3];P0[2 Done ];P1[3 place br  F 5];P1[4 Done ];P0[5 Resign ];P0[6 Done ])' > "$records/c.sgf"
imported="$($tool import --game yinsh "$records")"
expect "import exit status with a refusal" 1 "$?"
contains "import arena" "a.txt: arena yinsh:normal 2 plies, unfinished" "$imported"
contains "import refusal with its move" "b.txt: refused at move 3 'e3'" "$imported"
contains "import boardspace" "c.sgf: sgf yinsh:normal 2 plies, black won (resignation)" "$imported"
contains "import summary" "3 files: 2 read, 1 refused" "$imported"
$tool import "$records/a.txt" >/dev/null
expect "import all read" 0 "$?"
contains "an official sheet needs --game" "names no game" "$($tool import "$records/b.txt")"
rm -r "$records"

# show: canonical JSON
show=$($tool show gipf:basic --white-extra 2 e1-e3)
contains "show board" '"e2":"w","e3":"w"' "$show"
contains "show reserve with handicap" '"reserve":{"black":12,"white":13}' "$show"
contains "show pending" '"pending":{"kind":"push","player":"black"}' "$show"
contains "show options" '"options":{"black_extra":0,"white_extra":2}' "$show"

# illegal actions: exit 1 and the reason
out=$($tool legal gipf:basic e5-e6 2>&1); status=$?
expect "illegal action status" 1 "$status"
contains "illegal action reason" "e5 is a point, not a dot" "$out"

# usage errors: exit 2
for args in "" "frobnicate" "legal" "legal chess" "legal gipf:blitz" "perft gipf" "perft gipf x" \
            "legal gipf:standard --white-extra 1" "legal gipf:basic --white-extra 4" "legal gipf --bogus"; do
  # shellcheck disable=SC2086
  $tool $args >/dev/null 2>&1; status=$?
  expect "usage error for '$args'" 2 "$status"
done
contains "help" "usage: gipf-engine" "$($tool --help)"

# replay: a record in, the final state or the first illegal action out
record=$'[Game "gipf"]\n[Variant "basic"]\n[White "Ann"]\n\n1. e1-e3 e9-e7\n2. a1-b2 i5-h5\n'
contains "replay prints the state" '"turn":"white"' "$(printf '%s' "$record" | $tool replay)"
expect "replay --record round-trips" "$(printf '%s' "$record" | $tool replay --record)" \
       "$(printf '%s' "$record" | $tool replay --record | $tool replay --record)"
contains "replay keeps extra tags" '[White "Ann"]' "$(printf '%s' "$record" | $tool replay --record)"
bad=$'[Game "gipf"]\n[Variant "basic"]\n1. e1-e3 e9-e7\n2. e1-e9\n'
out=$(printf '%s' "$bad" | $tool replay 2>&1); status=$?
expect "replay of a bad record fails" 1 "$status"
contains "replay names the line" "line 4: turn 3, 'e1-e9': e9 is a dot" "$out"

# batch: JSON lines in, JSON lines out
batch=$(printf '%s\n' \
  '{"game":"gipf","variant":"basic","actions":["e1-e3"],"want":["legal"]}' \
  '{"game":"gipf","variant":"tournament","actions":["e1-e2"]}' \
  'not json' \
  '{"game":"gipf","colour":"red"}' \
  '{"game":"chess"}' \
  '{"game":"gipf","variant":"basic","options":{"white_extra":7}}' \
  '{"game":"gipf","variant":"basic","want":["record"],"actions":["e1-e3"]}' | $tool batch)
expect "batch answers every line" 7 "$(wc -l <<<"$batch")"
contains "batch legal" '{"legal":["a1-c3",' "$(sed -n 1p <<<"$batch")"
contains "batch illegal action" '"code":"illegal_action","index":0,"message":"White' "$(sed -n 2p <<<"$batch")"
contains "batch bad json" '"code":"bad_json"' "$(sed -n 3p <<<"$batch")"
contains "batch unknown field" "unknown field 'colour'" "$(sed -n 4p <<<"$batch")"
contains "batch unknown game" '"code":"unknown_game"' "$(sed -n 5p <<<"$batch")"
contains "batch bad options" '"code":"bad_options"' "$(sed -n 6p <<<"$batch")"
contains "batch record" '1. e1-e3' "$(sed -n 7p <<<"$batch")"

# YINSH through the same commands
expect "yinsh perft 3" 592620 "$($tool perft yinsh 3)"
expect "yinsh blitz perft 4" 48594840 "$($tool perft yinsh:blitz 4)"
placed=(e3 f5 a2 k10 f6 f7 b1 e10 c5 g4)
expect "yinsh perft after placement 1" "$($tool legal yinsh "${placed[@]}" | wc -l)" "$($tool perft yinsh 1 "${placed[@]}")"
expect "yinsh perft after placement 3" 515074 "$($tool perft yinsh 3 "${placed[@]}")"
expect "yinsh perft after placement 4" 39145657 "$($tool perft yinsh 4 "${placed[@]}")"
contains "yinsh moves listed" "e3-e4" "$($tool legal yinsh "${placed[@]}")"
show=$($tool show yinsh:blitz "${placed[@]}" e3-e4)
contains "yinsh show rings and markers" '"e3":"w","e4":"W"' "$show"
contains "yinsh show pool" '"pool":50' "$show"
contains "yinsh show rings removed" '"rings_removed":{"black":0,"white":0}' "$show"
contains "yinsh show pending" '"pending":{"kind":"move","player":"black"}' "$show"
out=$($tool legal yinsh e3 e3 2>&1); status=$?
expect "yinsh illegal status" 1 "$status"
contains "yinsh illegal reason" "e3 is occupied" "$out"
$tool legal yinsh --white-extra 1 >/dev/null 2>&1; expect "yinsh has no handicap" 2 "$?"
$tool legal yinsh:rapid >/dev/null 2>&1; expect "unknown yinsh variant" 2 "$?"
yrecord=$'[Game "yinsh"]\n[Variant "blitz"]\n\n1. e3\n2. f5\n'
expect "yinsh replay --record round-trips" "$(printf '%s' "$yrecord" | $tool replay --record)" \
       "$(printf '%s' "$yrecord" | $tool replay --record | $tool replay --record)"
contains "yinsh replay state" '"game":"yinsh"' "$(printf '%s' "$yrecord" | $tool replay)"
out=$(printf '[Game "go"]\n' | $tool replay 2>&1); status=$?
expect "replay of an unknown game" 1 "$status"
contains "yinsh batch" '"ok":true' "$(echo '{"game":"yinsh","variant":"blitz","actions":["e3"],"want":["state"]}' | $tool batch)"
contains "yinsh batch options" '"code":"bad_options"' "$(echo '{"game":"yinsh","options":{"white_extra":1}}' | $tool batch)"

# bot: one legal action for the pending decision, the same for the same seed
for level in 1 3 6; do
  action=$($tool bot gipf:tournament --level $level --seed 5 "${middle[@]}"); status=$?
  expect "bot level $level status" 0 "$status"
  contains "bot level $level plays a legal action" $'\n'"$action"$'\n' $'\n'"$($tool legal gipf:tournament "${middle[@]}")"$'\n'
done
expect "bot same seed same action" "$($tool bot yinsh --level 4 --seed 9 "${placed[@]}")" \
       "$($tool bot yinsh --level 4 --seed 9 "${placed[@]}")"
yaction=$($tool bot yinsh:blitz --level 2 --time-ms 500 "${placed[@]}")
contains "bot yinsh plays a legal action" $'\n'"$yaction"$'\n' $'\n'"$($tool legal yinsh:blitz "${placed[@]}")"$'\n'
contains "bot places a ring at the start" "$($tool bot yinsh --level 1)" "$($tool legal yinsh)"
out=$($tool bot gipf:basic --level 2 e1-e2 2>&1); status=$?
expect "bot takes the first decision after the actions" 0 "$status"
# a whole blitz game by the bot, then a finished game: exit 1 and why
game=()
for i in $(seq 1 300); do
  action=$($tool bot yinsh:blitz --level 2 --seed "$i" "${game[@]}" 2>/dev/null) || break
  game+=("$action")
done
expect "bot finishes a blitz game" "" "$($tool legal yinsh:blitz "${game[@]}")"
out=$($tool bot yinsh:blitz --level 1 "${game[@]}" 2>&1); status=$?
expect "bot on a finished game status" 1 "$status"
contains "bot on a finished game says so" "the game is over" "$out"
out=$($tool match gipf:basic --white 2 --black random --games 2 --seed 3); status=$?
expect "match status" 0 "$status"
expect "match prints a line per game, a summary per player and the score" 5 "$(wc -l <<<"$out")"
contains "match game line" "game 2: random (white) - level 2 (black)" "$out"
contains "match summary with time per decision" "level 2: " "$out"
contains "match time per decision" " ms per decision on average, at most " "$out"
contains "match score and Elo" "level 2 - random: score " "$out"
# the line protocol (bot/README.md, "Outside engines"): gipf-engine's own engine command ...
out=$(printf 'arena-engine 1\ngo yinsh:blitz\nbogus\ngo yinsh:blitz zz9\nquit\n' | $tool engine --level 2); status=$?
expect "engine status" 0 "$status"
expect "engine answers hello, go, and errors" 4 "$(wc -l <<<"$out")"
contains "engine says ready" "ready gipf-arena level 2" "$out"
first=$(sed -n 2p <<<"$out")
contains "engine answers a legal action" $'\n'"${first#action }"$'\n' $'\n'"$($tool legal yinsh:blitz)"$'\n'
contains "engine refuses an unknown request" "error unknown request 'bogus'" "$out"
contains "engine refuses an illegal action" "error action 1: " "$out"
# ... plays a match as an outside engine
out=$($tool match yinsh:blitz --white 1 --black "engine:$tool engine --level 2" --games 2 --seed 4); status=$?
expect "match against an engine status" 0 "$status"
contains "match names the engine" "engine '$tool engine --level 2': " "$out"
# an engine answering an illegal action, then nothing, loses each game by forfeit
out=$($tool match yinsh:blitz --white 1 --black 'engine:echo ready x; echo action zz9; sleep 2' --games 2 \
      --random-decisions 0 --engine-time-ms 300); status=$?
expect "match with a failing engine status" 0 "$status"
contains "forfeit for an illegal action" "1-0 forfeit: engine 'echo ready x; echo action zz9; sleep 2' answered the illegal action 'zz9'" "$out"
contains "forfeit for silence" "0-1 forfeit: engine 'echo ready x; echo action zz9; sleep 2' the engine did not answer within 300 ms" "$out"
out=$($tool match gipf --white 1 --black 'engine:true' --games 2 2>&1); status=$?
expect "an engine that never says ready" 1 "$status"
contains "an engine that never says ready: why" "the engine has closed its output" "$out"
# Monte Carlo tree search, the measured alternative (mcts:N iterations a decision)
out=$($tool match yinsh:blitz --white mcts:200 --black random --games 2 --seed 6); status=$?
expect "match with mcts status" 0 "$status"
contains "mcts plays" "mcts 200: " "$out"
expect "mcts: the same seed, the same games" "$(grep '^game' <<<"$out")" \
       "$($tool match yinsh:blitz --white mcts:200 --black random --games 2 --seed 6 | grep '^game')"
# ladder: each level against the one below, a table and ratings
out=$($tool ladder yinsh:blitz --levels 1-2 --games 2 --anchor 900); status=$?
expect "ladder status" 0 "$status"
expect "ladder prints a header, a row per pair and the ratings" 4 "$(wc -l <<<"$out")"
contains "ladder row" "| level 2 – level 1 | 2 | " "$out"
contains "ladder ratings" "provisional ratings (level 1 = 900): level 1 900" "$out"
# tune: the evaluation's weights fitted to a few games
out=$($tool tune yinsh:blitz --games 4 --nodes 300 --seed 2); status=$?
expect "tune status" 0 "$status"
contains "tune prints the fitted weights" "fitted weights (points): rings_removed " "$out"
contains "tune compares with the weights in use" "current weights: rings_removed " "$out"
for args in "bot gipf" "bot gipf --level 0" "bot gipf --level 7" "bot gipf --level x" "bot gipf --level 1 --seed -1" \
            "match gipf --white 1" "match gipf --white 1 --black 9" "match gipf --white 1 --black 2 e1-e2" \
            "match gipf --white engine: --black 1" "match gipf --white 1 --black 2 --random-decisions 99" \
            "ladder gipf --levels 3-2" "ladder gipf --levels 3" "ladder gipf --games 0" "tune gipf --games 0" \
            "engine --level 9" "engine --depth 3" "match gipf --white mcts:0 --black 1" "match gipf --white mcts:x --black 1"; do
  # shellcheck disable=SC2086
  $tool $args >/dev/null 2>&1; status=$?
  expect "usage error for '$args'" 2 "$status"
done

echo "gipf-engine cli: $passes passed, $failures failed"
[[ $failures -eq 0 ]]
