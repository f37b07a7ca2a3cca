#!/bin/sh
# The game's files on a real terminal: quit, hang-up and terminate save the
# game with its undo history and the next plain start offers it back; a
# damaged save is set aside; a win is recorded and forgets the save; share
# codes in and out; the statistics screen.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

save="$XDG_STATE_HOME/lightsout/game.save"
# Pressing (0,0) and (2,2) of an empty 5x5 plus board makes this.
b=$(ui_board_file two.txt 11000 10100 01110 00100 00000)
start_rows="11000 10100 01110 00100 00000"

# ui_file_is present|absent FILE: poll until it is so.
ui_file_is() {
	tries=200
	while [ "$tries" -gt 0 ]; do
		if [ "$1" = present ] && [ -e "$2" ]; then return 0; fi
		if [ "$1" = absent ] && [ ! -e "$2" ]; then return 0; fi
		sleep 0.05
		tries=$((tries - 1))
	done
	echo "# $2 is not $1" >&2
	return 1
}

# played and won of the 5x5 classic board, from `lightsout stats`.
stats_5x5() { "$LIGHTSOUT" stats | awk '$1 == "5x5" && $2 == "plus" && $3 == "k=2" { print $4, $5 }'; }

# (1) Quit mid-game; a plain start offers the game back.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys G '$' Space h Space u
check "two presses, one undone" ui_wait "Moves 1 ·"
before=$(ui_board)
ui_keys q
check "q asks while a game is in progress" ui_wait "Quit this game? It is saved: lightsout resumes it. (y/n)"
ui_keys y
check "quitting exits 0" ui_wait "EXIT=0"
check "quitting saved the game" test -s "$save"
ui_start --
check "a plain start offers the saved game" ui_wait "Resume the 5x5 game (1 move, 0:0"
ui_keys y
check "y: the board as it was left" ui_board_is $before
check "y: the moves as they were" ui_wait "Moves 1 ·"
check "resuming says so" ui_wait "Resumed: u undoes the moves made before."
ui_keys U
check "U redoes the move undone before quitting" ui_wait "Moves 2 ·"
ui_keys u u
check "u undoes back to the start" ui_board_is $start_rows
check "... and the moves with it" ui_wait "Moves 0 ·"
ui_keys u
check "and no further" ui_wait "Nothing to undo."
ui_keys q y
check "quit again" ui_wait "EXIT=0"

# (2, 3) SIGHUP and SIGTERM: saved from the main loop, resumed with the
# whole history.
for sig in HUP TERM; do
	rm -f "$save"
	ui_start -- --load "$b"
	ui_wait "Moves 0" >/dev/null
	ui_keys G '$' Space k Space
	ui_wait "Moves 2 ·" >/dev/null
	before=$(ui_board)
	kill -"$sig" "$(ui_game_pid)"
	code=129
	[ "$sig" = TERM ] && code=143
	check "SIG$sig ends the game ($code)" ui_wait "EXIT=$code"
	check "SIG$sig saved the game" test -s "$save"
	check "SIG$sig restored the terminal" ui_restored
	ui_start --
	check "after SIG$sig the next start offers it" ui_wait "Resume the 5x5 game (2 moves,"
	ui_keys y
	check "after SIG$sig: the same board" ui_board_is $before
	ui_keys u u
	check "after SIG$sig: u u goes back to the start" ui_board_is $start_rows
	ui_keys q y
	check "after SIG$sig: quits" ui_wait "EXIT=0"
done

# (4) A damaged save: one line, kept aside, a fresh game.
printf 'lightsout-save 1\nsize banana\n' >"$save"
ui_start --
check "a damaged save is reported in one line, where it is kept first" \
	ui_wait " Saved game damaged, kept as game.save.corrupt-"
check "... then why" ui_wait ": line 2: size"
check "no resume offer for it" sh -c "! $TMUX_CMD capture-pane -p | grep -q 'Resume the'"
check "a fresh game" ui_wait "Moves 0 ·"
check "the damaged file is kept aside" sh -c 'ls "$0".corrupt-* >/dev/null 2>&1' "$save"
check "and no longer in the way" test ! -e "$save"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# (5) Ten moves save by themselves; a win is recorded and forgets the save.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys G '$' Space Space Space Space Space Space Space Space Space Space
check "ten presses" ui_wait "Moves 10 ·"
check "ten moves save the game without quitting" ui_file_is present "$save"
ui_keys g 0 Space j j l l Space
check "the win" ui_wait "Solved!"
check "a win forgets the save" ui_file_is absent "$save"
check "lightsout stats shows the win (played 1, won 1)" test "$(stats_5x5)" = "1 1"
check "moves over par recorded" sh -c '"$0" stats | grep -q "^5x5 plus k=2 .* +10.0 *+10 "' "$LIGHTSOUT"

# (7) The statistics screen.
ui_keys S
check "S shows the statistics" ui_wait "Statistics of finished games"
check "the same table as lightsout stats" ui_wait "$("$LIGHTSOUT" stats | head -n 1 | cut -c 1-78)"
check "with the win" ui_wait "$("$LIGHTSOUT" stats | grep '^5x5 plus k=2' | cut -c 1-78)"
ui_keys q
check "a key goes back to the game" ui_gone "Statistics of finished games"
check "... which is still won" ui_wait "Solved!"
ui_keys q
check "quit after the win" ui_wait "EXIT=0"
check "nothing saved after a win" test ! -e "$save"

# Declining the offer gives the saved game up.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys Space q y
ui_wait "EXIT=0" >/dev/null
ui_start --
ui_wait "Resume the 5x5 game (1 move," >/dev/null
check "the question says a dropped game is not counted" ui_wait "n: drop it, not counted"
ui_keys n
check "n: a new board instead" ui_wait "Moves 0 ·"
check "n: the save is gone" ui_file_is absent "$save"
check "n: not counted (played 1, won 1)" test "$(stats_5x5)" = "1 1"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# An explicit board: no offer, and the saved game stays for later, even
# after moves in the new one.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys Space q y
ui_wait "EXIT=0" >/dev/null
ui_start -- --seed 5
check "a board option: no resume offer" ui_wait "Moves 0 ·"
check "... none at all" sh -c "! $TMUX_CMD capture-pane -p | grep -q 'Resume the'"
# Which game is kept and how to get it back, on the title line: the key
# bar keeps its place (the sentence once took it on every such start).
check "... it says which saved game is kept, and how to resume it" ui_wait "Your 5x5 game is kept: lightsout resumes it"
check "... and the key bar keeps its place" ui_wait "? help"
ui_keys Space l Space
ui_wait "Moves 2 " >/dev/null
ui_keys q y
ui_wait "EXIT=0" >/dev/null
check "... and the save is still there" test -s "$save"
ui_start --
check "the next plain start offers the first game, not the second" ui_wait "Resume the 5x5 game (1 move,"
ui_keys y q y
ui_wait "EXIT=0" >/dev/null
rm -f "$save".2

# Games kept apart fill the side slots; past them a new game is not saved
# rather than written over one kept (it says so), and the first stays.
first=$(cksum <"$save")
for seed in 1 2 3 4 5; do
	ui_start -- --seed $seed
	ui_wait "Moves 0" >/dev/null
	[ $seed = 4 ] && check "a 5th game says it will not be saved" ui_wait "This game will not be saved"
	ui_keys Space
	ui_wait "Moves 1" >/dev/null
	ui_keys q y
	ui_wait "EXIT=0" >/dev/null
done
check "three games are kept apart" test -s "$save".2 -a -s "$save".3 -a -s "$save".4
check "the first saved game is as it was" test "$(cksum <"$save")" = "$first"
rm -f "$save".2 "$save".3 "$save".4

# A new board while a game is in progress is a give-up.
ui_start --
ui_wait "Resume the 5x5 game" >/dev/null
ui_keys y
ui_wait "Moves 1 ·" >/dev/null
ui_keys n
check "n asks first, saying it is a loss" ui_wait "Give up this board for a new one? It counts as a loss. (y/n)"
ui_keys y
check "a new board" ui_wait "Moves 0 ·"
check "the save is gone" ui_file_is absent "$save"
check "counted as given up (played 2, won 1)" test "$(stats_5x5)" = "2 1"
ui_keys q
ui_wait "EXIT=0" >/dev/null

# A signal in the editor keeps the last save, which still loads.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys G '$' Space Space Space Space Space Space Space Space Space Space
ui_wait "Moves 10 ·" >/dev/null
ui_file_is present "$save" >/dev/null
ui_keys e
ui_wait "Editing" >/dev/null
ui_keys Space
kill -TERM "$(ui_game_pid)"
check "SIGTERM in the editor ends the game" ui_wait "EXIT=143"
ui_start --
check "the save made before the editor is offered" ui_wait "Resume the 5x5 game (10 moves,"
ui_keys y
check "and plays" ui_board_is $start_rows
ui_keys q y
ui_wait "EXIT=0" >/dev/null

# A daily board comes back as the daily board.
rm -f "$save" "$save".2
ui_start -- --daily
ui_wait "Moves 0" >/dev/null
ui_keys Space q y
ui_wait "EXIT=0" >/dev/null
ui_start --
ui_wait "Resume the 5x5 game (1 move," >/dev/null
ui_keys y
check "a resumed daily board is still the daily board" ui_wait "daily $(date -u +%Y-%m-%d)"
ui_keys n
ui_wait "Give up this board for a new one? (y/n)" >/dev/null
ui_keys y
check "... with its rule: one a day" ui_wait "One daily board a day"
ui_keys q y
ui_wait "EXIT=0" >/dev/null
rm -f "$save"

# (6) Share codes: generate --code plays that exact board.
code=$("$LIGHTSOUT" generate -s 4 -r x --torus --seed 3 --code)
rows=$("$LIGHTSOUT" generate -s 4 -r x --torus --seed 3 | sed "/^rule /d" | tail -n +2 | tr -d ' ')
ui_start -- --code "$code"
check "--code plays the board of the code" ui_board_is $rows
check "... with its rule and torus" ui_wait "diagonals torus 4x4"
ui_keys c
check "c shows the share code" ui_wait "Share code"
check "... the same code" ui_wait "  $code"
ui_keys q
check "a key goes back to the board" ui_board_is $rows
ui_keys q
check "--code game quits" ui_wait "EXIT=0"

out=$("$LIGHTSOUT" --code LO1NOTACODE 2>&1 </dev/null)
rc=$?
check "an invalid code exits 2" test "$rc" = 2
check "... saying the code is bad" sh -c 'printf "%s\n" "$0" | grep -q "^lightsout play: bad share code: "' "$out"
check "... in one line" test "$(printf '%s\n' "$out" | wc -l)" = 1
# One character changed: the checksum refuses it.
bad=$(printf '%s' "$code" | sed 's/\(.......\)./\1Z/')
[ "$bad" = "$code" ] && bad=$(printf '%s' "$code" | sed 's/\(.......\)./\1Y/')
"$LIGHTSOUT" --code "$bad" </dev/null >/dev/null 2>&1
check "a mistyped code exits 2" test $? = 2
"$LIGHTSOUT" --code "$code" --rule cross </dev/null >/dev/null 2>&1
check "--code with --rule is a usage error" test $? = 2

# The help lists the new keys.
ui_start -- --load "$b"
ui_wait "Moves 0" >/dev/null
ui_keys '?'
check "help lists S, c, P, L, W and v" ui_wait "S; c; P; L; W; v — stats; share code; enter a code; leaderboard; watch; race"
check "help still ends with its last key" ui_wait "Ctrl-L           — redraw the screen"
ui_keys Space q
ui_wait "EXIT=0" >/dev/null

done_testing
