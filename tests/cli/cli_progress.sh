#!/bin/sh
# Long work shows a progress line on a terminal's standard error (the
# share, the rate, the time left) and nothing anywhere else: solve's
# search, and analyze over a range whose lines go to a file.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
trap ui_cleanup EXIT
"$LIGHTSOUT" generate -s 61 --seed 1 >"$ui_tmp/b61"

# solve's search on a terminal: 2^40 combinations, stopped after 4 s.
ui_shell
ui_keys "'$LIGHTSOUT' solve -t 4 '$ui_tmp/b61' >/dev/null; echo DO''NE" Enter
check "solve's search shows its share, rate and time left" ui_wait "combinations/s"
check "with the best so far" ui_wait "best so far"
ui_screen | grep 'searching:' | sed 's/^/# /'
check "the search ends" ui_wait "DONE"
check "and its line is gone from the screen" sh -c "! $TMUX_CMD capture-pane -p | grep -q 'combinations/s'"

# analyze over a range into a file: the terminal shows how far it is.
# (About a second a size here; a sanitizer's build takes many times that:
# the waits are long, the run is not.)
ui_keys "'$LIGHTSOUT' analyze -s 150-152 --rule knight -k 4 >'$ui_tmp/a'; echo DO''NE2" Enter
check "analyze over a range shows its share and time left" ui_wait " left  15" 2400
check "and ends" ui_wait "DONE2" 4800
check "its lines all in the file" test "$(wc -l <"$ui_tmp/a")" = 3

# Not a terminal: nothing.
"$LIGHTSOUT" solve -t 2 "$ui_tmp/b61" >/dev/null 2>"$ui_tmp/err"
check "with standard error not a terminal, no progress line" sh -c "! grep -q 'searching:' '$ui_tmp/err'"
done_testing
