#!/bin/sh
# The game as a player on the far end of an SSH link sees it: a private
# sshd on 127.0.0.1 (its own host key, config and authorized key, a free
# port) runs the game through contrib/sshd_config.lightsout, the block
# admins install; `ssh -tt` in a private tmux pane drives it.  Start, move,
# press, resize, Ctrl-Z, quit, a dropped link with its game offered back
# and undone to the start, a win; the bytes one move and one press send;
# no command, shell or forwarding gets through the block.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

PATH="$PATH:/usr/sbin:/usr/local/sbin"
for tool in sshd ssh ssh-keygen; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "1..0 # SKIP $tool is not installed (Debian: openssh-server, openssh-client)"
		exit 0
	fi
done
# sshd insists on an absolute path (it re-executes itself).
SSHD=$(command -v sshd)
user=$(id -un)
if [ "$(id -u)" -eq 0 ] && [ ! -d /run/sshd ]; then
	# Root's sshd chroots its unprivileged half there (systemd makes it).
	mkdir -p /run/sshd && chmod 755 /run/sshd
fi

s="$ui_tmp/ssh"
player="$ui_tmp/player"
mkdir -p "$s" "$player"
state="$player/.local/state/lightsout"
ssh-keygen -q -t ed25519 -N '' -C lightsout-test-host -f "$s/host_key" || exit 1
ssh-keygen -q -t ed25519 -N '' -C lightsout-test-player -f "$s/player_key" || exit 1
cp "$s/player_key.pub" "$s/authorized_keys"

# The shipped block, its two marked lines made to fit here: this user
# plays, and the game is the one just built.  Nothing else is changed.
shipped="$SRCDIR/contrib/sshd_config.lightsout"
sed -e "s|^Match Group lightsout\$|Match User $user|" \
	-e "s|^\\(	ForceCommand \\)/usr/local/bin/lightsout\$|\\1'$LIGHTSOUT'|" "$shipped" >"$s/block"
changed=$(diff "$shipped" "$s/block" | grep -c '^>')

# The server's own settings, then the block (it must come last: a Match
# block runs to the end of the file).  HOME is the one thing the test
# sets for the player, so that a test run as root cannot touch /root.
# sshd gives the game a clean environment: the sanitizer builds' options
# are passed on by name (on the one SetEnv line: sshd reads only the first).
sanitizer_env=$(sshd_sanitizer_env)
cat >"$s/sshd_config" <<EOF
ListenAddress 127.0.0.1
HostKey $s/host_key
PidFile none
UsePAM no
AuthorizedKeysFile $s/authorized_keys
AuthenticationMethods publickey
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
# The temporary directory's modes are not what this test is about.
StrictModes no
# As in a stock sshd_config: the block must stand in for sftp too.
Subsystem sftp internal-sftp
LogLevel VERBOSE
SetEnv HOME=$player$sanitizer_env
EOF
cat "$s/block" >>"$s/sshd_config"

# The game on the far side: the lightsout whose HOME is the player's.
far_game() {
	for env in /proc/[0-9]*/environ; do
		pd=${env%/environ}
		[ "$(cat "$pd/comm" 2>/dev/null)" = lightsout ] || continue
		if { tr '\0' '\n' <"$env"; } 2>/dev/null | grep -qx "HOME=$player"; then
			echo "${pd#/proc/}"
			return 0
		fi
	done
	return 1
}
# Poll until no game of the player runs any more.
far_game_gone() {
	for _ in $(seq 200); do
		far_game >/dev/null || return 0
		sleep 0.05
	done
	echo "# the far game $(far_game) still runs" >&2
	return 1
}

sshd_pid=
sshd_stop() {
	[ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null
	sshd_pid=
	return 0
}
# At the end: sshd, then a game a failed test left running, then tmux.
ssh_cleanup() {
	sshd_stop
	g=$(far_game) && kill -9 "$g"
	ui_cleanup
}
trap ssh_cleanup EXIT

# A random port; sshd says whether it got it, and another is tried if not.
sshd_start "$SSHD" "$s/sshd_config" "$s"
echo "[127.0.0.1]:$port $(cat "$s/host_key.pub")" >"$s/known_hosts"

# The client: no user or system ssh_config, only this key and host key.
# LANG and LC_ALL go along, as Debian's and macOS's ssh_config send them.
cat >"$s/ssh" <<EOF
exec ssh -F /dev/null -i '$s/player_key' -o IdentitiesOnly=yes -o BatchMode=yes \\
	-o UserKnownHostsFile='$s/known_hosts' -o StrictHostKeyChecking=yes -o LogLevel=ERROR \\
	-o SendEnv=LANG -o SendEnv=LC_ALL \\
	-o IgnoreUnknown=ObscureKeystrokeTiming -o ObscureKeystrokeTiming=no \\
	-p $port "\$@"
EOF

# An account sshd will not let in by key, or whose login shell cannot run
# a command, cannot play over SSH at all: skip (root's account, as CI has
# it, can).
if [ -n "$port" ]; then
	probe=$(sh "$s/ssh" -T "$user@127.0.0.1" </dev/null 2>&1)
	why=
	# Only the account's own state: a block that shuts players out must
	# fail, not skip.
	if grep -q -e "not allowed because account is locked" -e "not allowed because shell" "$s/sshd.log"; then
		why=$(sed -n 's/.*\(not allowed because.*\)/\1/p' "$s/sshd.log" | head -n 1)
	elif printf '%s\n' "$probe" | grep -q "currently not available"; then
		why="its login shell is nologin"
	fi
	if [ -n "$why" ]; then
		echo "1..0 # SKIP sshd cannot log $user in here: $why"
		exit 0
	fi
fi
# ssh_login [COMMAND]: `ssh -tt` in a fresh 80x24 pane (asking for
# COMMAND if given); the client's terminal settings before and after, as
# ui_start keeps them, and the client's pid in client.pid.
cat >"$s/client.sh" <<EOF
echo \$\$ >"$s/client.pid"
exec sh '$s/ssh' -tt $user@127.0.0.1 "\$@"
EOF
ssh_login() {
	ui_next_server
	rm -f "$ui_tmp/stty.before" "$ui_tmp/stty.after" "$s/client.pid"
	command=
	[ -z "${1:-}" ] || command="'$1'"
	cat >"$ui_tmp/run.sh" <<RUN
stty -g >"$ui_tmp/stty.before"
sh '$s/client.sh' $command
rc=\$?
stty -g >"$ui_tmp/stty.after"
echo "EXIT=\$rc"
exec sleep 600
RUN
	$TMUX_CMD new-session -d -x 80 -y 24 "sh '$ui_tmp/run.sh'"
	$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
}

# cursor_to ROW COL: move the cursor there with h j k l.
cursor_to() {
	set -- "$1" "$2" $(ui_cursor)
	keys=
	r=$3
	while [ "$r" -lt "$1" ]; do keys="$keys j"; r=$((r + 1)); done
	while [ "$r" -gt "$1" ]; do keys="$keys k"; r=$((r - 1)); done
	c=$4
	while [ "$c" -lt "$2" ]; do keys="$keys l"; c=$((c + 1)); done
	while [ "$c" -gt "$2" ]; do keys="$keys h"; c=$((c - 1)); done
	# shellcheck disable=SC2086
	[ -z "$keys" ] || ui_keys $keys
	ui_cursor_is "$1" "$2"
}

# Bytes the client's terminal received, through the pane's pipe.
log="$ui_tmp/bytes"
size() { wc -c <"$log" | tr -d ' '; }
# Bytes the client's socket received: the whole encrypted stream (ss is
# in iproute2; without it only the terminal's bytes are counted).
wire() {
	command -v ss >/dev/null 2>&1 || return 0
	ss -tin "dst 127.0.0.1:$port" 2>/dev/null | sed -n 's/.*bytes_received:\([0-9]*\).*/\1/p' | head -n 1
}
# quiet: wait until no byte has come for 0.2 s (what was sent has arrived).
quiet() {
	last=-1
	for _ in $(seq 100); do
		now=$(size)
		[ "$now" = "$last" ] && return 0
		last=$now
		sleep 0.2
	done
	return 0
}
# settle BEFORE: wait until more than BEFORE bytes came and they stopped.
settle() {
	last=-1
	for _ in $(seq 100); do
		now=$(size)
		[ "$now" = "$last" ] && [ "$now" != "$1" ] && return 0
		last=$now
		sleep 0.05
	done
	return 0
}

# 1. A login starts the game: start, move, press; the bytes they send.
if [ -n "$port" ]; then
	ssh_login
	for _ in $(seq 200); do
		ui_screen | grep -q -e "Moves 0" -e "EXIT=" && break
		sleep 0.05
	done
	# sshd not run by root cannot chown the terminal to group tty where
	# devpts does not make it so: no terminal for any login (some
	# containers).
	if ui_screen | grep -q "EXIT=" && grep -q "chown(/dev/pts" "$s/sshd.log"; then
		echo "1..0 # SKIP sshd run by $user cannot hand a terminal over here: $(grep "chown(/dev/pts" "$s/sshd.log" |
			head -n 1)"
		exit 0
	fi
fi
check "the test's block is the shipped one with only its Match and ForceCommand lines edited" \
	test "$changed" = 2
if [ -z "$port" ]; then
	sed 's/^/# sshd: /' "$s/sshd.log"
	not_ok "a private sshd starts with the shipped block"
	done_testing
	exit 1
fi
ok "a private sshd starts with the shipped block (port $port)"

check "a login starts the game on the far side" ui_wait "Moves 0"
check "in UTF-8: the client's locale crossed the link" ui_wait "┌"
start=$(ui_board)
check "the board is drawn (5x5)" test "$(echo "$start" | grep -c '^[01]\{5\}$')" = 5
far=$(far_game)
# sshd's session process runs it through the user's shell (which may
# exec it): sshd is its parent or grandparent.
under_sshd() {
	p=$1
	for _ in 1 2; do
		p=$(sed -n 's/^PPid:[[:space:]]*//p' "/proc/$p/status" 2>/dev/null)
		[ -n "$p" ] && [ "$(cat "/proc/$p/comm" 2>/dev/null)" = sshd ] && return 0
	done
	return 1
}
check "the game runs on the far side of sshd" under_sshd "${far:-0}"
: >"$log"
ui_tmux pipe-pane -o "cat >>'$log'"
cursor_to 1 2 >/dev/null
quiet	# the moves there all counted before this one's
# Moves left and back, the cheapest counted: a status line the background
# solver rewrites meanwhile, or the clock's next second on a busy machine,
# is not the move's.
move=
for _ in 1 2 3; do
	before=$(size)
	ui_keys h
	ui_cursor_is 1 1 >/dev/null
	settle "$before"
	back=$(($(size) - before))
	quiet
	before=$(size) wire0=$(wire)
	ui_keys l
	ui_cursor_is 1 2 >/dev/null
	settle "$before"
	forth=$(($(size) - before)) wire1=$(wire)
	for m in $back $forth; do
		[ "$m" -gt 0 ] && { [ -z "$move" ] || [ "$m" -lt "$move" ]; } && move=$m
	done
	quiet
done
move=${move:-0}
before=$(size)
ui_keys Space
ui_wait "Moves 1 " >/dev/null
settle "$before"
press=$(($(size) - before)) wire2=$(wire)
before=$(size)
ui_keys C-l
settle "$before"
full=$(($(size) - before))
echo "# one cursor move: $move bytes to the client's terminal"
echo "# one press: $press bytes to the client's terminal"
echo "# a whole repaint (Ctrl-L): $full bytes"
if [ -n "$wire0" ] && [ -n "$wire2" ]; then
	echo "# on the wire (encrypted, ssh's packets): move $((wire1 - wire0)), press $((wire2 - wire1)) bytes"
fi
# The board is random, and with the preview on a move redraws the cells
# around both places in their colours (longer in 256 colours): 178 and
# 240 bytes seen on two boards.  Under 200, or a tenth of a whole repaint.
check "a cursor move sends under 200 bytes, or a tenth of a repaint, across the link ($move of $full)" \
	test "$move" -gt 0 -a \( "$move" -lt 200 -o "$((10 * move))" -lt "$full" \)
# A press animates its cells over a few frames (how many depends on the
# machine's load), and in 256 colours (tmux's TERM here) each colour is
# "ESC[38;5;Nm", twice the 8 colours' bytes: 437 here, 645 and 717 seen on
# a loaded CI machine.  The third of a repaint below is the tighter bound.
check "a press sends under 1000 bytes across the link ($press)" test "$press" -gt 0 -a "$press" -lt 1000
check "a third of a whole repaint at most ($full)" test "$((3 * press))" -lt "$full"
ui_tmux pipe-pane
moved1=$(ui_board)

# Resize the client's window: SIGWINCH crosses the link.
ui_tmux resize-window -x 30 -y 6
check "a small client window: the far game says it is too small" ui_wait "terminal too small"
ui_tmux resize-window -x 160 -y 48
check "a big one: the board comes back" ui_wait "Moves 1 "
rows=$(ui_screen | grep -c -E '^ *│')
check "and grows to fill it ($rows board lines, 21 at 80x24)" test "$rows" -ge 30
ui_tmux resize-window -x 80 -y 24
ui_wait "Moves 1 " >/dev/null

# Ctrl-Z: no shell to return to under ForceCommand; the game stays.
ui_keys C-z
check "Ctrl-Z says there is nothing to suspend to" ui_wait "no shell to suspend to"
check "and the game is not stopped" ui_proc_is "$far" running
ui_keys j Space
ui_wait "Moves 2 " >/dev/null
check "the game still plays after Ctrl-Z" ui_cursor_is 2 2
check "still on the alternate screen" test "$(ui_tmux display-message -p '#{alternate_on}')" = 1

ui_keys q
ui_wait "Quit this game?" >/dev/null
ui_keys y
check "q y ends the session" ui_wait "EXIT=0"
check "the client's terminal is as it was (stty, alternate screen)" ui_restored
check "the far game is gone" far_game_gone

# 2. The next login offers the game back; the link then drops mid-game.
ssh_login
check "the next login offers the game back" ui_wait "Resume the 5x5 game (2 moves,"
ui_keys y
ui_wait "Resumed" >/dev/null
cursor_to 3 3 >/dev/null
ui_keys Space
ui_wait "Moves 3 " >/dev/null
ui_keys l Space
ui_wait "Moves 4 " >/dev/null
dropped=$(ui_board)
far=$(far_game)
kill -9 "$(cat "$s/client.pid")"
check "killing the ssh client ends its session" ui_wait "EXIT=137"
check "the far game saves and exits (SIGHUP)" far_game_gone
check "its save holds all four moves" grep -qx "moves 4" "$state/game.save"

# 3. Offered back whole: every move undone to the start board, which is
# then solved through the link.
ssh_login "echo NOT-THE-GAME; exec sh"
check "a command asked for is ignored: the game starts instead" \
	ui_wait "Resume the 5x5 game (4 moves,"
check "and the command did not run" sh -c "! $TMUX_CMD capture-pane -p | grep -q NOT-THE-GAME"
ui_keys y
ui_wait "Resumed" >/dev/null
check "the board is the one left when the link dropped" ui_board_is $dropped
ui_keys u u u u
check "four undos go back past the drop and the quit to the start board" ui_board_is $start
ui_wait "Moves 0 " >/dev/null
# A fifth undo finds nothing more (a move saved twice would show here:
# the redo after it would replay that one instead of the first).
ui_keys u U
check "a fifth undo does nothing; redo then replays the first move" ui_board_is $moved1
ui_keys u
ui_board_is $start >/dev/null
solution=$(echo "$start" | "$LIGHTSOUT" solve --format moves | tail -n +2)
check "the start board has a solution" test -n "$solution"
echo "$solution" >"$s/solution"
pressed=0
presses=$(wc -l <"$s/solution")
while read -r r c; do
	cursor_to "$r" "$c" >/dev/null || break
	ui_keys Space
	pressed=$((pressed + 1))
	# The last press wins: the status line then says "Solved!".
	[ "$pressed" -eq "$presses" ] || ui_wait "Moves $pressed " >/dev/null || break
done <"$s/solution"
check "pressing the minimal solution through the link wins" ui_wait "Solved!"
check "every light is off" ui_board_is 00000 00000 00000 00000 00000
ui_keys q
check "q after the win ends the session" ui_wait "EXIT=0"
check "the client's terminal is as it was" ui_restored
far_game_gone >/dev/null

# The block lets nothing else through: no forwarding; a session without
# a terminal, sftp included, gets the game, which refuses to run.
says() { printf '%s\n' "$1" | grep -q -- "$2"; }
out=$(sh "$s/ssh" -W 127.0.0.1:"$port" "$user@127.0.0.1" </dev/null 2>&1)
check "a forwarding request fails" says "$out" "forwarding failed"
check "sshd refused it" grep -q "refused local port forward" "$s/sshd.log"
out=$(sh "$s/ssh" -T "$user@127.0.0.1" 'echo NOT-THE-GAME' </dev/null 2>&1)
check "a command without a terminal gets the game, which says it needs one" \
	says "$out" "the game needs a terminal"
check "and the command did not run" test "${out#*NOT-THE-GAME}" = "$out"
forced=$(grep -c "forced-command (config).*lightsout" "$s/sshd.log")
sh "$s/ssh" -T -s "$user@127.0.0.1" sftp </dev/null >/dev/null 2>&1
status=$?
check "sftp gets the game too (its exit status 2, no sftp server)" test "$status" = 2
check "sshd ran the forced command for it" \
	test "$(grep -c "forced-command (config).*lightsout" "$s/sshd.log")" = $((forced + 1))

# No shell escape: the game calls nothing that starts a program.  One
# command does, for the admin alone: `serve --check` asks sshd what it
# applies (fork and execv of sshd -T, argv built by us, no shell), an
# option no player can give (the ForceCommand's words are the admin's).
# So: nothing but fork and execv is imported, and no source file but
# cli/serve_check.c calls them (account/shell.c is not the game: it is
# lightsout-shell, whose one call is the execve of the game,
# tests/account/shell.sh).  (A sanitizer's runtime spawns its
# symbolizer, so its builds are not asked.)
if command -v nm >/dev/null 2>&1 && ! sanitized; then
	spawns=$(nm -D "$LIGHTSOUT" | grep -E ' U (system|popen|fork|vfork|exec[lv]p?e?|posix_spawnp?|dlopen)(@|$)' |
		grep -v -E ' U (fork|execv)(@|$)')
	check "the game imports nothing that starts a program but fork and execv${spawns:+: $spawns}" test -z "$spawns"
	callers=$(cd "$SRCDIR/src" && grep -l -E '(^|[^a-z_])(system|popen|fork|vfork|exec[lv]p?e?|posix_spawnp?)[ ]*\(' \
		*/*.c main.c | grep -v -e '^cli/serve_check\.c$' -e '^account/shell\.c$' | tr '\n' ' ')
	check "and only serve --check calls them${callers:+ (also: $callers)}" test -z "$callers"
else
	skip "nm is not installed, or a sanitizer's runtime is linked in"
	skip "nm is not installed, or a sanitizer's runtime is linked in"
fi

done_testing
