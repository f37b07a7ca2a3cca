#!/bin/sh
# Two games of one player at once (an SSH link dropped, the player logs in
# again while the old game still runs): the second is told, and either
# moves the game over (the first saves it and quits) or keeps its own save.
# Nothing is written over, whichever quits last.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

# The second game in a tmux server of its own (its own "login").
ui_second_game
# A game A of two moves in window 0.
a_two_moves() {
	ui_start -- --ascii
	ui_wait "Moves 0" >/dev/null
	ui_keys Space l Space
	ui_wait "Moves 2 " >/dev/null
}

# Moved over: A hands its game to B with its moves, and quits.
a_two_moves
b_start
check "the second game says the first is open" b_wait "open in another session"
b_keys y
check "the first game saves and quits" ui_wait "EXIT=0"
check "and says where its game went" ui_wait "moved to another session"
check "the second game has its two moves" b_wait "Moves 2 "
check "and says so" b_wait "Taken over"
b_keys Space
b_wait "Moves 3 " >/dev/null
b_keys q
b_wait "Quit this game?" >/dev/null
b_keys y
check "the second game quits" b_wait "EXIT=0"
ui_start -- --ascii
check "the next start offers the game with all three moves" ui_wait "Resume the 5x5 game (3 moves,"
ui_keys y q y
ui_wait "EXIT=0" >/dev/null

# Kept apart: B plays its own game; A quits last; both games are kept.
rm -rf "$XDG_STATE_HOME"
a_two_moves
b_start
b_wait "open in another session" >/dev/null
b_keys n
check "the second game keeps its own save" b_wait "saved apart"
b_keys Space l Space l Space
b_wait "Moves 3 " >/dev/null
b_keys q
b_wait "Quit this game?" >/dev/null
b_keys y
check "the second game quits first" b_wait "EXIT=0"
ui_keys q
ui_wait "Quit this game?" >/dev/null
ui_keys y
check "the first game quits last" ui_wait "EXIT=0"
check "the second game's save is kept (3 moves)" grep -qx "moves 3" "$XDG_STATE_HOME/lightsout/game.save.2"
ui_start -- --ascii
check "the first game's save is kept (2 moves)" ui_wait "Resume the 5x5 game (2 moves,"
ui_keys y q y
ui_wait "EXIT=0" >/dev/null
# Once slot 1 holds no game, the game kept apart is offered back.
rm "$XDG_STATE_HOME/lightsout/game.save"
ui_start -- --ascii
check "with slot 1 empty, the game kept apart is offered" ui_wait "Resume the 5x5 game (3 moves,"
ui_keys y q y
ui_wait "EXIT=0" >/dev/null
# At 60x20 the question fits whole: what is lost said, and (y/n) (it was
# cut at "n: drop it, not").
ui_next_server
ui_tmux new-session -d -x 60 -y 20 "'$LIGHTSOUT' --ascii; echo EXIT=\$?; exec sleep 600"
ui_tmux set-option -g window-size manual >/dev/null 2>&1
check "at 60x20 the resume question fits, y/n and all" ui_wait "Resume 5x5 (3 moves, 0:0"
check "... to its end" ui_wait "? n: drop, not counted (y/n)"
ui_keys y q y
ui_wait "EXIT=0" >/dev/null

# A save this game can never play (a 201x201 knight board with k = 3 is
# beyond its solver) is set aside, not written over by the next game's
# autosave.
rm -rf "$XDG_STATE_HOME"
mkdir -p "$XDG_STATE_HOME/lightsout"
save="$XDG_STATE_HOME/lightsout/game.save"
{
	printf 'lightsout-save 1\nsize 201 201\nstates 3\nrule knight\ntorus no\nforward-only no\n'
	printf 'mode random\ndifficulty -\nrung 0\ndaily -\npar -1\nmoves 0\nelapsed 0.000\nstart\n'
	awk 'BEGIN { for (i = 0; i < 201; i++) { s = ""; for (j = 0; j < 201; j++) s = s "0"; print s } }'
	echo current
	awk 'BEGIN { for (i = 0; i < 201; i++) { s = ""; for (j = 0; j < 201; j++) s = s "0"; print s } }'
	printf 'history 0 0\nend\n'
} >"$save"
cp "$save" "$ui_tmp/unplayable.save"
ui_start -- --ascii
check "an unplayable save: the game says it is kept aside" ui_wait "Cannot resume the saved game (kept as"
ui_keys Space
ui_wait "Moves 1 " >/dev/null
ui_keys q y
ui_wait "EXIT=0" >/dev/null
kept=$(ls "$XDG_STATE_HOME/lightsout/" | grep '^game.save.corrupt-' | head -n 1)
check "the unplayable save is kept, byte for byte" cmp -s "$ui_tmp/unplayable.save" "$XDG_STATE_HOME/lightsout/$kept"
check "and the new game has its own save" grep -qx "moves 1" "$save"

# A game whose last save fails says so and exits non-zero.
rm -rf "$XDG_STATE_HOME"
ui_start -- --ascii
ui_wait "Moves 0" >/dev/null
ui_keys Space
ui_wait "Moves 1 " >/dev/null
if [ "$(id -u)" -ne 0 ]; then
	chmod 500 "$XDG_STATE_HOME/lightsout"
	ui_keys q y
	check "a failed last save: exit status 1" ui_wait "EXIT=1"
	check "and a line that says so" ui_wait "cannot save the game"
	chmod 700 "$XDG_STATE_HOME/lightsout"
else
	# root writes anywhere: a directory where the save file should be.
	rm -f "$XDG_STATE_HOME/lightsout/game.save"
	mkdir "$XDG_STATE_HOME/lightsout/game.save"
	ui_keys q y
	check "a failed last save: exit status 1" ui_wait "EXIT=1"
	check "and a line that says so" ui_wait "cannot save the game"
	rmdir "$XDG_STATE_HOME/lightsout/game.save"
fi
done_testing
