#!/bin/sh
# Signals that used to end the game badly: a fault in a background thread,
# a save over the file size limit (SIGXFSZ), and a takeover asked for by a
# game that has gone since.
. "$SRCDIR/tests/tap.sh"
. "$SRCDIR/tests/ui_lib.sh"

one=$(ui_board_file one.txt 010 111 010)

# A fault in a background thread runs the crash handler like one in the
# main thread: the terminal comes back usable.  LIGHTSOUT_TEST_FAULT=thread
# (a test hook in src/game/thread.c) makes the threads started while the
# game holds the terminal fault at once; n starts the board maker's.
ui_shell
ui_keys "stty -a >'$ui_tmp/a'; LIGHTSOUT_TEST_FAULT=thread '$LIGHTSOUT' --ascii --load '$one'; echo rc=\$?." Enter
ui_wait "Moves 0" >/dev/null
ui_keys n
check "a fault in the board maker's thread still kills the game (139)" ui_wait "rc=139."
ui_keys "stty -a >'$ui_tmp/b'; cmp -s '$ui_tmp/a' '$ui_tmp/b' && echo same-stty" Enter
check "the shell reads commands again, the terminal as it was (stty -a)" ui_wait "same-stty"
check "off the alternate screen" test "$(ui_tmux display-message -p '#{alternate_on}')" = 0

# Over the file size limit (ulimit -f) a save fails like any failed write:
# said so, exit 1, the terminal restored and the last save as it was,
# where SIGXFSZ used to kill the game (153) with no word.  First a 120x120
# game saved with one move, without a limit.
save="$XDG_STATE_HOME/lightsout/game.save"
ui_shell
ui_keys "'$LIGHTSOUT' --ascii --size 120x120 --seed 1; echo rc=\$?." Enter
ui_wait "Moves 0" >/dev/null
ui_keys Space
ui_wait "Moves 1 " >/dev/null
ui_keys q
ui_wait "Quit this game?" >/dev/null
ui_keys y
ui_wait "rc=0." >/dev/null
cp "$save" "$ui_tmp/one-move.save"
# Then resumed with 1 KB of file (ulimit -f 2) in the game's shell.
ui_keys clear Enter
ui_wait 'prompt$' >/dev/null
ui_keys "stty -a >'$ui_tmp/a'; (ulimit -f 2; exec '$LIGHTSOUT' --ascii); echo rc=\$?." Enter
ui_wait "Resume the 120x120 game (1 move," >/dev/null
ui_keys y Space
ui_wait "Moves 2 " >/dev/null
ui_keys q
ui_wait "Quit this game?" >/dev/null
ui_keys y
check "a save over the file size limit: exit status 1, not a signal" ui_wait "rc=1."
# The pane's lines joined where they wrapped.
joined() { ui_tmux capture-pane -p -J; }
check "and a line that says why" ui_wait_on joined "cannot save the game: game.save: File too large for the file size limit (ulimit -f)"
ui_keys "stty -a >'$ui_tmp/b'; cmp -s '$ui_tmp/a' '$ui_tmp/b' && echo same-stty" Enter
check "the shell reads commands again, the terminal as it was" ui_wait "same-stty"
check "off the alternate screen" test "$(ui_tmux display-message -p '#{alternate_on}')" = 0
check "the last save is as it was (one move)" cmp -s "$ui_tmp/one-move.save" "$save"
check "and no half-written file is left beside it" \
	test -z "$(find "$XDG_STATE_HOME/lightsout" -name '.game.save.*')"

# The command-line tools too: a message and a status, no signal.
sh -c "ulimit -f 2; exec '$LIGHTSOUT' generate -s 300" >"$ui_tmp/big" 2>"$ui_tmp/err"
rc=$?
check "generate over the file size limit exits 2, not by SIGXFSZ (got $rc)" test "$rc" = 2
check "with a write error" grep -q "lightsout generate: write error" "$ui_tmp/err"

done_testing
