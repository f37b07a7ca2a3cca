#!/bin/sh
# The host's daily leaderboard in the game: a daily win is recorded and its
# place shown on the win line; L shows the day's table; a directory that
# is unusable costs one line and nothing else; no directory, no word.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
HELPER=$(dirname "$LIGHTSOUT")/tests/persist/test_persist_helper
today=$(date -u +%Y-%m-%d)
me=$(id -un)
# The leaderboard is shared: others may need to reach it.
chmod 711 "$ui_tmp"
S="$ui_tmp/scores"
mkdir "$S"
chmod 1777 "$S"

# A second player first, when we can be one (root: nobody), with 9 moves:
# more than any 2x2 board needs, so we rank above.
others=0
if [ "$(id -u)" -eq 0 ] && setpriv --reuid=65534 --regid=65534 --clear-groups \
	"$HELPER" score "$S" "$today" 9 60000 no "2x2 plus k=2" > /dev/null 2>&1; then
	others=1
fi

ui_start -- --daily --size 2x2 --scores "$S"
check "the daily board" ui_wait "daily $today"
# Studied first, then the answer typed: the time counts from the board
# shown, not from the first press (it was 0:00.1).
check "the clock runs before any press" ui_wait "0:01"
check "solved by hand" ui_solve_shown
check "a win" ui_wait "Solved!"
timed() { ui_screen | grep -E "$1" | grep -Eq '0:(0[1-9]|[1-5][0-9])\.[0-9]'; }
check "the win line's time counts the study: 1 s or more, to the tenth" timed 'Solved!'
if [ $others -eq 1 ]; then
	check "its place among the host's players: 1st of 2" ui_wait "Solved!  1st of 2 on this host (L)"
else
	check "its place on the host's leaderboard: 1st of 1" ui_wait "Solved!  1st of 1 on this host (L)"
	skip "a second player: needs root and setpriv"
fi
check "recorded as ours" grep -q " no 2x2 plus k=2$" "$S/$(id -u).$today"
# Someone plants a link named for uid 1: the table notes it, unfollowed.
ln -s /etc/passwd "$S/1.$today"
ui_keys L
check "L shows the day's table" ui_wait "Daily leaderboard of this host, $today"
check "with the board's heading" ui_wait "Daily $today, 2x2 plus k=2"
check "and our row" ui_wait_on ui_screen "$me"
check "timed from the board shown" timed "^ +1  $me "
if [ $others -eq 1 ]; then
	check "and the other player's, second" ui_wait "   2  nobody                 9       7    1:00.0  no"
fi
check "and notes the file it skipped" ui_wait "1.$today: a symbolic link, not followed"
ui_keys Escape
check "any key returns to the game" ui_gone "Daily leaderboard of this host"
# At 60x20 the columns close up: every row whole, none cut ("assi",
# "0:11.").
ui_tmux resize-window -x 60 -y 20
ui_keys L
ui_wait "Daily leaderboard" >/dev/null
whole() { ui_screen | grep -E "^ +1  $me " | grep -E '[0-9]:[0-9][0-9]\.[0-9]  no$'; }
check "at 60 columns our row is whole, its time and help columns too" ui_wait_on whole "$me"
check "and the heading says them" ui_wait "time  help"
ui_keys Escape
ui_gone "Daily leaderboard of this host" >/dev/null
ui_tmux resize-window -x 80 -y 24
ui_keys q
check "quit" ui_wait "EXIT=0"

# A directory that others may write in without the sticky bit: one line.
B="$ui_tmp/unsafe"
mkdir "$B"
chmod 0777 "$B"
rm -rf "$XDG_DATA_HOME"	# the day's first daily game: a replay is not ranked
ui_start -- --daily --size 2x2 --scores "$B"
ui_wait "daily $today" > /dev/null
check "solved" ui_solve_shown
check "a win" ui_wait "Solved!"
check "says in one line why it is not on the leaderboard" ui_wait "Not on the leaderboard: $B: writable by others"
check "nothing was written there" [ -z "$(ls -A "$B")" ]
ui_keys n
check "and the game goes on" ui_gone "Not on the leaderboard"
ui_keys q
check "quit" ui_wait "EXIT=0"

# No such directory: nothing said.
ui_start -- --daily --size 2x2 --scores "$ui_tmp/none"
ui_wait "daily $today" > /dev/null
check "solved" ui_solve_shown
check "a plain win line" ui_wait "Solved!  n new board  r restart  q quit"
ui_keys L
check "L says there is no leaderboard" ui_wait "No leaderboard on this host: no directory $ui_tmp/none"
ui_keys q
check "quit" ui_wait "EXIT=0"
check "nothing was made" [ ! -e "$ui_tmp/none" ]
done_testing
