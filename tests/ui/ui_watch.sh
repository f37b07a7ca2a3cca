#!/bin/sh
# Watching, issue 35: a public account's game writes its watchers' file at
# most ten times a second (a paste or a held key must not make a write a
# key): a burst of a hundred presses, the game's rename(2) calls onto
# watch/ counted under strace with their times; the last position still
# reaches the file.  And a watched player's name is shown as every other
# screen shows a name (name_for_terminal): escaped on a terminal that is
# not UTF-8, in the title and the read-only line as in the status.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

command -v ssh-keygen >/dev/null 2>&1 || { echo "1..0 # SKIP ssh-keygen is not installed"; exit 0; }
command -v strace >/dev/null 2>&1 || { echo "1..0 # SKIP strace is not installed"; exit 0; }
host="$ui_tmp/host"
ssh-keygen -q -t ed25519 -N '' -C alice -f "$ui_tmp/alice" || exit 1
printf 'publickey %s\n' "$(cut -d' ' -f1,2 "$ui_tmp/alice.pub")" >"$ui_tmp/alice.auth"
cat >"$ui_tmp/run.sh" <<RUN
SSH_USER_AUTH='$ui_tmp/alice.auth' SSH_CONNECTION='198.51.100.7 40000 192.0.2.1 22' '$LIGHTSOUT' serve --dir '$host'
echo "EXIT=\$?"
exec sleep 600
RUN
ui_next_server
$TMUX_CMD new-session -d -x 80 -y 24 "sh '$ui_tmp/run.sh'"
$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
ui_wait "Name [" >/dev/null
ui_keys C-u
ui_keys -l alice
ui_keys Enter
ui_wait "r  race another player" >/dev/null
ui_keys f
check "alice plays a board" ui_wait "Moves 0 "
pid=$(ui_game_pid)
check "the game's process" test -n "$pid"

# strace attached (its tracer shows in the game's status) before the keys.
strace -f -qq -tt -e trace=rename,renameat,renameat2 -o "$ui_tmp/trace" -p "$pid" 2>/dev/null &
tracer=$!
attached() { grep -q '^TracerPid:[[:space:]]*[1-9]' "/proc/$pid/status"; }
for _ in $(seq 200); do attached && break; sleep 0.05; done
check "strace is attached to the game" attached

ui_keys $(yes Space | head -n 100)
check "a hundred presses made" ui_wait "Moves 100 "
published() { grep -qx 'moves 100' "$host"/watch/w* 2>/dev/null; }
for _ in $(seq 200); do published && break; sleep 0.05; done
check "the last position reaches the watchers' file" published
kill "$tracer" 2>/dev/null
wait "$tracer" 2>/dev/null
sed 's/^/# /' "$ui_tmp/trace" | grep '/watch/w' | head -n 20
# The writes, and the seconds from the first to the last.
writes=$(grep -c '/watch/w' "$ui_tmp/trace")
span=$(grep '/watch/w' "$ui_tmp/trace" | awk '{ split($2, t, ":"); s = t[1] * 3600 + t[2] * 60 + t[3]
	if (NR == 1) first = s; last = s } END { printf "%.3f", last - first }')
echo "# $writes writes in $span s"
check "the burst was published (more than once: keys came over time)" test "$writes" -ge 2
check "at most ten writes a second ($writes in $span s)" \
	awk -v w="$writes" -v s="$span" 'BEGIN { exit !(w <= int(s * 10) + 2) }'


# A name that is not ASCII, watched from a C locale: a file as a reader
# without the host's key finds it (persist/live.h).
plain="$ui_tmp/plain"
mkdir -p "$plain/watch" "$plain/live"
printf 'lightsout-live 1\nplayer %s\nguest no\nwatchers yes\nvariant 3x3 plus k=2\nmoves 3\nelapsed 9\nwon no\ncursor 0 0\nrace -\ncells 010111010\n' \
	"$(printf '\303\2336n')" >"$plain/watch/w00000000000000000000000000000001"
cat >"$ui_tmp/watch.sh" <<RUN
LC_ALL=C LANG=C '$LIGHTSOUT' watch --dir '$plain' '$(printf '\303\2336n')'
echo "EXIT=\$?"
exec sleep 600
RUN
ui_next_server
$TMUX_CMD new-session -d -x 80 -y 24 "sh '$ui_tmp/watch.sh'"
$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
check "watched from a C locale: the status escapes the name" ui_wait 'Watching \u00DB6n'
check "so does the title" ui_wait 'watching \u00DB6n'
check "and the read-only line" ui_wait 'you see what \u00DB6n sees'
ui_keys q
check "q ends it" ui_wait "EXIT=0"

done_testing
