# Clients of the arcade for the SSH tests of its places (ui_ssh_fair.sh,
# ui_ssh_share.sh): sourced after arcade_lib.sh, arcade_start called.
#
#   arcade_started            the TAP line that the arcade's sshd started,
#                             or SKIP (no useradd) / fail, and exit
#   says TEXT PATTERN         whether TEXT holds PATTERN
#   client NAME WHO ADDRESS   WHO logs in from ADDRESS with -tt, fed by
#                             the FIFO in.NAME, its output in out.NAME
#   wait_out, showing, until_shown, drop   (each below)

arcade_started() {
	if [ -z "$acct" ] || [ -z "$port" ]; then
		[ -z "$acct" ] && { echo "1..0 # SKIP useradd failed"; exit 0; }
		sed 's/^/# sshd: /' "$s/sshd.log"
		not_ok "the arcade's own sshd starts"
		done_testing
		exit 1
	fi
	ok "the arcade's own sshd starts (port $port)"
}

says() { printf '%s\n' "$1" | grep -q -- "$2"; }
# client NAME WHO ADDRESS: WHO logs in from ADDRESS with -tt, fed by the
# FIFO in.NAME, its output in out.NAME ("EXIT=N" added when it ends), its
# ssh client's pid in pid.NAME.
client() {
	mkfifo "$s/in.$1"
	sleep 600 >"$s/in.$1" &
	echo $! >"$s/hold.$1"
	(
		SSH_BIND=$3 sh "$s/ssh" "$2" -tt <"$s/in.$1" >"$s/out.$1" 2>&1 &
		echo $! >"$s/pid.$1"
		wait $!
		echo "EXIT=$?" >>"$s/out.$1"
	) &
}
# wait_out NAME TEXT: until NAME's output shows TEXT (20 s).
wait_out() {
	for _ in $(seq 400); do
		grep -F -q -a -- "$2" "$s/out.$1" 2>/dev/null && return 0
		sleep 0.05
	done
	echo "# $1 never showed '$2'" >&2
	return 1
}
# showing TEXT NAME...: how many of the NAMEs' outputs show TEXT.
showing() {
	text=$1
	shift
	n=0
	for c in "$@"; do grep -F -q -a -- "$text" "$s/out.$c" 2>/dev/null && n=$((n + 1)); done
	echo "$n"
}
# until_shown TEXT COUNT NAME...: until COUNT of the NAMEs show TEXT (20 s).
until_shown() {
	want=$2
	text=$1
	shift 2
	for _ in $(seq 400); do
		[ "$(showing "$text" "$@")" -ge "$want" ] && return 0
		sleep 0.05
	done
	echo "# $(showing "$text" "$@") of $* show '$text', not $want" >&2
	return 1
}
# drop NAME...: the clients' links dropped; until each has ended and the
# host's places are free again.
drop() {
	for c in "$@"; do
		kill "$(cat "$s/pid.$c")" "$(cat "$s/hold.$c")" 2>/dev/null
		rm -f "$s/pid.$c" "$s/hold.$c"
	done
	until_shown "EXIT=" $# "$@" || return 1
	for _ in $(seq 400); do
		[ -z "$(find "$host/prompts" "$host/sessions" "$host/live" -name '*.lock' 2>/dev/null)" ] && return 0
		sleep 0.05
	done
	return 1
}
