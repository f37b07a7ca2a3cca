#!/bin/sh
# A flood of keys (a script, a stuck tool): taken at a player's pace
# (--keys-per-second, 60 by default on a public account), after a burst of
# 100, the rest read and dropped and said; the game reacts at once after
# it; a long share code pasted at once is whole; a local game takes all.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

now() { date +%s.%N; }
# "MOVES DROPPED" as the screen says them.
counts() {
	ui_screen | awk '/Moves [0-9]/ { for (i = 1; i < NF; i++) if ($i == "Moves") m = $(i + 1) }
		/ dropped\./ { for (i = 2; i <= NF; i++) if ($i == "dropped.") d = $(i - 1) }
		END { print m + 0, d + 0 }'
}
# Every key sent either played or dropped: "MOVES + DROPPED = N" once read.
read_all() { set -- $(counts); echo "read $(($1 + $2))"; }

bad() {
	"$LIGHTSOUT" play "$@" </dev/null >/dev/null 2>"$ui_tmp/err"
	[ $? -eq 2 ] && grep -q "bad --keys-per-second" "$ui_tmp/err"
}
for v in -1 10001 x ''; do
	check "--keys-per-second '$v' is refused" bad --keys-per-second "$v"
done

ui_start -- play --size 10x10 --seed 1 --keys-per-second 60
ui_wait "Moves 0 ·" >/dev/null
sent=5000
keys=$(yes Space | head -n 1000 | tr '\n' ' ')
t0=$(now)
i=0
while [ $i -lt $((sent / 1000)) ]; do
	ui_keys $keys
	i=$((i + 1))
done
check "a flood of $sent presses: read to the last key, what was dropped said" \
	ui_wait_on read_all "read $sent" 400
t1=$(now)
set -- $(counts)
moves=$1 dropped=$2
# The burst, then 60 a second while the keys came, and a little slack for
# the clock read around it.
most=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%d", 100 + 60 * (b - a) + 5 }')
check "at most a player's pace played: $moves presses in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s (at most $most)" \
	test "$moves" -le "$most"
check "the burst went through first ($moves)" test "$moves" -ge 100
check "the rest dropped and said ($dropped)" ui_wait "Keys come faster than 60 a second: $dropped dropped."
# Once it is over, keys count again: the bucket fills at 60 a second, so
# 0.2 s later (a bound known, not a guess) the next 7 keys go through.
sleep 0.2
ui_keys Space
check "a press after the flood is played" ui_wait "Moves $((moves + 1)) ·"
ui_keys u l l l l l
check "and an undo" ui_wait "Moves $moves ·"
check "and five cursor keys sent at once" ui_cursor_is 1 6

# A share code pasted at once, longer than the burst: every character is
# taken (the field has its own, a code's length).
code=$("$LIGHTSOUT" generate -s 30 --seed 3 --code)
ui_keys P
ui_wait "Play a share code" >/dev/null
ui_keys -l "$code"
ui_keys Enter
ui_wait "counts as a loss. (y/n)" >/dev/null
ui_keys y
check "a ${#code}-character code pasted at once plays its board, none of it dropped" ui_wait "Moves 0 · Par"
check "... the code's 30x30 board" ui_wait " 30x30 "
ui_keys q
ui_wait "EXIT=0" >/dev/null

# A local game without the option takes every key its own user sends.
ui_start -- play --size 10x10 --seed 1
ui_wait "Moves 0 ·" >/dev/null
ui_keys $(yes Space | head -n 300 | tr '\n' ' ')
check "a local game: 300 presses at once, all played" ui_wait "Moves 300 ·"
check "and nothing said dropped" sh -c "! $TMUX_CMD capture-pane -p | grep -q dropped"

done_testing
