#!/bin/sh
# What one session may cost, through the arcade's real sshd (issue 43):
# a guest who asks the settings for 200x200, the knight rule, 36 states
# and a torus (368 MB and 31 s of CPU before) is told at once, in the
# settings, the largest board of that rule and k the host allows; a
# board of that size is then made; the game runs under an address-space
# bound (RLIMIT_AS) and stays within it.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_start
. "$SRCDIR/tests/lib/arcade_clients.sh"
arcade_started

# The guest's game: the account's process named lightsout.
game_pid() {
	for _ in $(seq 200); do
		pid=$(ps -u "$acct" -o pid=,comm= | awk '$2 == "lightsout" { print $1; exit }')
		[ -n "$pid" ] && { echo "$pid"; return 0; }
		sleep 0.05
	done
	return 1
}
# keys N KEY: KEY sent N times.
keys() {
	times=$1
	while [ "$times" -gt 0 ]; do
		ui_keys "$2"
		times=$((times - 1))
	done
}
# The settings' line of LABEL as drawn.
setting() { ui_screen | grep -E "$1 " | head -1; }
# until_setting LABEL REGEX: until the line of LABEL matches REGEX (10 s).
until_setting() {
	for _ in $(seq 200); do
		setting "$1" | grep -E -q -- "$2" && return 0
		sleep 0.05
	done
	echo "# the settings' $1 line is '$(setting "$1")', not $2" >&2
	return 1
}

login guest
check "a guest logs in" ui_wait ", a guest: "
ui_wait "f  " >/dev/null
ui_keys f
check "and plays a board" ui_wait "Moves 0 "
pid=$(game_pid)
check "the game runs as the account" test -n "$pid"
limit=$(awk '/^Max address space/ { print $4 }' "/proc/$pid/limits" 2>/dev/null)
echo "# RLIMIT_AS of the guest's game: $limit"
if sanitized; then
	skip "a sanitizer's build has no address-space bound"
else
	check "its address space is bounded (RLIMIT_AS), not unlimited" test -n "$limit" -a "$limit" != unlimited
fi

# The settings: 200 rows, 200 columns, the knight rule, 36 states, a torus.
ui_keys m
ui_wait "Settings" >/dev/null
keys 20 NPage
until_setting Rows " 200 " >/dev/null
ui_keys Down
keys 20 NPage
until_setting Columns " 200 " >/dev/null
ui_keys Down
until_setting Rule plus >/dev/null
# changed LABEL WAS: until the line of LABEL is no longer WAS.
changed() {
	for _ in $(seq 200); do
		[ "$(setting "$1")" != "$2" ] && return 0
		sleep 0.05
	done
	return 1
}
for _ in $(seq 10); do
	setting Rule | grep -q knight && break
	was=$(setting Rule)
	ui_keys Right
	changed Rule "$was"
done
was=$(setting States)
ui_keys Down Left
changed States "$was"
ui_keys Down Right
until_setting Torus " on " >/dev/null
setting Rows | grep -q " 200 " && setting Columns | grep -q " 200 " && setting Rule | grep -q knight &&
	setting States | grep -q " 36 " && setting Torus | grep -q " on "
check "the settings ask for 200x200, knight, 36 states, a torus" test $? = 0
ui_keys Enter
check "Enter is refused at once, in the settings, in a sentence" ui_wait "Too big for this host"
check "which says the largest board of that rule and k" ui_wait "and a torus, boards up"
side=$(ui_screen | grep -o '[0-9][0-9]*x[0-9][0-9]*\.' | head -1 | sed 's/x.*//')
echo "# the largest allowed: ${side}x${side}"
check "the settings stay open, nothing is being made" ui_wait "Rows"
ui_screen | grep -q "Making a new board"
check "no board is being made" test $? != 0

# A board just inside the bound is made.
# By tens, then ones: a flood of keys would be dropped (60 a second).
ui_keys Up Up Up Up
keys $(((200 - side) / 10)) PPage
keys $(((200 - side) % 10)) Left
until_setting Rows " $side " >/dev/null
ui_keys Down
keys $(((200 - side) / 10)) PPage
keys $(((200 - side) % 10)) Left
check "the settings ask for ${side}x${side}" until_setting Columns " $side "
ui_keys Enter
check "a board just inside the bound is made" ui_gone "Settings"
check "and played: knight, torus, ${side}x${side}, 36 states" ui_wait "knight torus ${side}x${side} · 36 states"
hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status")
cpu=$(awk '{ print ($14 + $15) / 100 }' "/proc/$pid/stat")
echo "# the guest's game at its largest: peak RSS $hwm kB, CPU $cpu s"
if sanitized; then
	skip "a sanitizer's build: its memory is the sanitizer's"
else
	check "its peak memory stays under 24 MiB (374 MB before)" test "$hwm" -lt 24576
fi

# One more row is past the bound: refused too.
ui_keys m
ui_wait "Settings" >/dev/null
ui_keys Right
until_setting Rows " $((side + 1)) " >/dev/null
ui_keys Down Right
until_setting Columns " $((side + 1)) " >/dev/null
ui_keys Enter
check "a row and a column more are refused" ui_wait "Too big for this host"
ui_keys Escape
ui_gone "Settings" >/dev/null
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys q
ui_screen | grep -q "Leave?" && ui_keys y
check "the guest leaves" ui_wait "EXIT=0"

# 2. A key-holder's kind of board kept from a larger bound (the admin
# lowered it since): the next login plays the host's board, and says why,
# instead of ending at once.
arcade_key alice || exit 1
arcade_options --board-memory 4
login alice
ui_wait "Name [" >/dev/null
ui_keys Enter
ui_wait "f  " >/dev/null
ui_keys f
ui_wait "Moves 0 " >/dev/null
ui_keys m
ui_wait "Settings" >/dev/null
keys 3 NPage
ui_keys Right Right Right Right Right
until_setting Rows " 40 " >/dev/null
ui_keys Down
keys 3 NPage
ui_keys Right Right Right Right Right
until_setting Columns " 40 " >/dev/null
ui_keys Down
for _ in $(seq 10); do
	setting Rule | grep -q knight && break
	was=$(setting Rule)
	ui_keys Right
	changed Rule "$was"
done
was=$(setting States)
ui_keys Down Left
changed States "$was"
ui_keys Down Right
until_setting Torus " on " >/dev/null
ui_keys Enter
check "with --board-memory 4 a key-holder makes 40x40, knight, 36 states, torus" \
	ui_wait "knight torus 40x40 · 36 states"
check "and keeps it as the kind of board to start with" ui_wait "Saved as your default"
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys q
for _ in $(seq 200); do
	ui_screen | grep -q "EXIT=" && break
	ui_screen | grep -q "(y/n)" && ui_keys y
	sleep 0.05
done
ui_wait "EXIT=0" >/dev/null
arcade_options --board-memory 2
login alice
check "at the next login under 2 MiB the game starts" ui_wait "q  leave the arcade"
check "saying why not with that kind of board" ui_wait "Too big for this host: with this rule, 36 states and a torus"
ui_keys f
check "and plays the host's own board" ui_wait "classic 5x5"
ui_keys q
ui_wait "q  leave the arcade" >/dev/null
ui_keys q
for _ in $(seq 200); do
	ui_screen | grep -q "EXIT=" && break
	ui_screen | grep -q "(y/n)" && ui_keys y
	sleep 0.05
done
check "alice leaves" ui_wait "EXIT=0"
done_testing
