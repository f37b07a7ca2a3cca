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
ui_keys "stty -a >'$ui_tmp/a'; LIGHTSOUT_TEST_FAULT=thread '$LIGHTSOUT' --ascii --load '$one'; echo rc=\$?" Enter
ui_wait "Moves 0" >/dev/null
ui_keys n
check "a fault in the board maker's thread still kills the game (139)" ui_wait "rc=139"
ui_keys "stty -a >'$ui_tmp/b'; cmp -s '$ui_tmp/a' '$ui_tmp/b' && echo same-stty" Enter
check "the shell reads commands again, the terminal as it was (stty -a)" ui_wait "same-stty"
check "off the alternate screen" test "$(ui_tmux display-message -p '#{alternate_on}')" = 0

done_testing
