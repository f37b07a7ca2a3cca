#!/bin/sh
# make bench-ssh: N players at once, each a real `ssh -tt`, through the
# public recipe (contrib/sshd_config.lightsout-public) as tests/ui/ui_ssh_public.sh
# sets it up: a throwaway account, the game copied under /run, the shipped
# block with only its marked lines edited, a private sshd on 127.0.0.1.
# bench/ssh_driver runs the sessions and takes the figures; this script
# makes the place for them, checks the account's leaderboard and tears it
# all down again (also on Ctrl-C).  Not a test: see make check.
#
#   N=50 sh bench/ssh_bench.sh LIGHTSOUT SSH_DRIVER
# Also read from the environment: KEYS (timed keys per session, 20),
# GAP (ms between them, 100), IDLE (s of the measured idle window, 10),
# CONNECTING (sessions logging in at once; default: under MaxStartups),
# SSH_OPTS (more options for every ssh client, e.g. -o KexAlgorithms=...),
# RACE (1: after the win, pairs race, and the keys are timed in the race too),
# SERVE_OPTIONS (serve's options after the shipped ones, which they
# override: e.g. --sessions 2 for a run where some are refused).
# Each player comes from a network of its own (127.X.Y.2, X from 100), spread
# over 150 blocks (/16s), as strangers do: the recipe's limits of new players
# per address and of sessions per block hold.
#
# ATTACK=1 (make bench-ssh-attack): the same players, each from a /24 of
# its own, while a stranger with many addresses attacks (issue 35): from
# ATTACK_NETS /24s (6), 5 addresses each, key-holders' sessions left idle
# (ATTACK_SESSIONS per network, 5), idle guests (ATTACK_GUESTS per network,
# 12: more than the 10 a network may hold, and 6 networks' worth past the
# 50 places) and new keys sitting at the name prompt (ATTACK_PROMPTS per
# network, 12: likewise); meanwhile throwaway keys registered as fast as
# it can from one address (ATTACK_KEYS, 100) and connections without a
# session (ATTACK_IDLE, 20: ssh -N); before all that, a client that claims
# a 10000x10000 terminal, whose game's memory is measured.
LC_ALL=C
export LC_ALL
PATH="$PATH:/usr/sbin:/usr/local/sbin:/sbin"

say() { printf 'bench-ssh: %s\n' "$*" >&2; }
now() { date +%s.%N 2>/dev/null | sed 's/\.N*$//'; }
t_begin=$(now)

if [ $# -ne 2 ]; then
	echo "Usage: N=50 sh $0 LIGHTSOUT SSH_DRIVER" >&2
	exit 2
fi
N=${N:-50}
ATTACK=${ATTACK:-0}
ATTACK_KEYS=${ATTACK_KEYS:-100}
ATTACK_GUESTS=${ATTACK_GUESTS:-12}
ATTACK_IDLE=${ATTACK_IDLE:-20}
ATTACK_PROMPTS=${ATTACK_PROMPTS:-12}
ATTACK_SESSIONS=${ATTACK_SESSIONS:-5}
ATTACK_NETS=${ATTACK_NETS:-6}
KEYS=${KEYS:-20}
GAP=${GAP:-100}
IDLE=${IDLE:-10}
for v in "N=$N" "KEYS=$KEYS" "GAP=$GAP" "IDLE=$IDLE" "ATTACK=$ATTACK" "ATTACK_KEYS=$ATTACK_KEYS" \
	"ATTACK_GUESTS=$ATTACK_GUESTS" "ATTACK_IDLE=$ATTACK_IDLE" "ATTACK_PROMPTS=$ATTACK_PROMPTS" \
	"ATTACK_SESSIONS=$ATTACK_SESSIONS" "ATTACK_NETS=$ATTACK_NETS"; do
	case ${v#*=} in
	'' | *[!0-9]*) echo "bench-ssh: ${v%%=*} wants a whole number, not '${v#*=}'" >&2; exit 2 ;;
	esac
done
[ "$N" -ge 1 ] || { echo "bench-ssh: N wants at least 1" >&2; exit 2; }
bin_src=$1
driver=$2
# The account's login shell, built beside the game.
shell_src=${LIGHTSOUT_SHELL:-$(dirname "$bin_src")/lightsout-shell}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
shipped="$srcdir/contrib/sshd_config.lightsout-public"
. "$srcdir/tests/lib/sshd_lib.sh"

if [ "$(id -u)" -ne 0 ]; then
	echo "bench-ssh: skipped: needs root, to make a throwaway account and run a private sshd for it (sudo make bench-ssh)"
	exit 0
fi
for tool in sshd ssh ssh-keygen useradd userdel usermod awk script; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "bench-ssh: skipped: $tool is not installed (Debian: openssh-server, openssh-client, passwd)"
		exit 0
	fi
done
for f in "$bin_src" "$shell_src" "$driver" "$shipped"; do
	[ -f "$f" ] || { say "no $f"; exit 2; }
done
[ -d /run/sshd ] || { mkdir -p /run/sshd && chmod 755 /run/sshd; }
SSHD=$(command -v sshd)

base=
s=
acct=
pam=
sshd_pid=
driver_pid=
attackers=

# descendants PID...: every process below them, from /proc (deepest last).
descendants() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v roots="$*" '
		{
			pid = $1
			rest = $0
			sub(/.*\) /, "", rest)
			split(rest, f, " ")
			kids[f[2]] = kids[f[2]] " " pid
		}
		END {
			n = split(roots, queue, " ")
			for (i = 1; i <= n; i++) {
				m = split(kids[queue[i]], k, " ")
				for (j = 1; j <= m; j++) {
					queue[++n] = k[j]
					print k[j]
				}
			}
		}'
}

# Everything this run started, by pid: the driver (which ends its ssh
# clients), the sshd and every process under it, then the account.
cleanup() {
	trap - EXIT INT TERM HUP
	if [ -n "$driver_pid" ]; then
		kill "$driver_pid" 2>/dev/null
		wait "$driver_pid" 2>/dev/null
	fi
	attack_stop
	if [ -n "$sshd_pid" ]; then
		left=$(descendants "$sshd_pid")
		# shellcheck disable=SC2086
		kill "$sshd_pid" $left 2>/dev/null
		for _ in $(seq 100); do
			alive=
			for p in $left; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
			[ -z "$alive" ] && break
			sleep 0.05
		done
		# shellcheck disable=SC2086
		[ -z "$alive" ] || kill -9 $alive 2>/dev/null
		wait "$sshd_pid" 2>/dev/null
	fi
	if [ -n "$acct" ]; then
		# Anything of the account's that outlived its sshd (none should).
		# shellcheck disable=SC2046
		kill -9 $(find /proc -maxdepth 1 -name '[1-9]*' -user "$acct" 2>/dev/null | sed 's|^/proc/||') 2>/dev/null
		for _ in $(seq 100); do
			userdel "$acct" 2>/dev/null && break
			sleep 0.05
		done
		id "$acct" >/dev/null 2>&1 && say "could not remove the account $acct"
	fi
	[ -n "$base" ] && rm -rf "$base"
	[ -n "$s" ] && rm -rf "$s"
	[ -n "$pam" ] && rm -f "$pam"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# A client whose terminal claims 10000x10000 (a pty of script(1), sized so
# before ssh reads it): the peak memory of its game, from /proc.
attack_giant() {
	ssh-keygen -q -t ed25519 -N '' -f "$s/giant" </dev/null || return
	mkfifo "$s/giant.in"
	sleep 600 >"$s/giant.in" &
	hold=$!
	echo "stty rows 10000 cols 10000; exec sh $s/attack_ssh $s/giant -b 127.0.77.1 -tt" >"$s/giant.sh"
	script -q -f -c "sh $s/giant.sh" /dev/null <"$s/giant.in" >"$s/giant.out" 2>&1 &
	giant=$!
	for _ in $(seq 400); do grep -q -a 'Name \[' "$s/giant.out" && break; sleep 0.05; done
	printf 'giant\rf' >"$s/giant.in"	# the name, then free play from the lobby
	game=
	for _ in $(seq 400); do
		game=$(pgrep -n -u "$acct" -f ' serve ' 2>/dev/null)
		[ -n "$game" ] && grep -q -a 'Moves 0' "$s/giant.out" && break
		sleep 0.05
	done
	hwm=$(awk '/^VmHWM/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$game/status" 2>/dev/null)
	kill "$giant" "$hold" 2>/dev/null
	wait "$giant" "$hold" 2>/dev/null
	echo "${hwm:-not measured}"
}

# The stranger's script, in the background while the players play: keys
# registered one after another, guests and ssh -N held open.
attack_start() {
	# The stranger's ssh: as key FILE or as a guest ("guest"), from
	# 127.0.66.1 (no player's address) unless -b says otherwise.
	cat >"$s/attack_ssh" <<ATTACK
key=\$1
shift
if [ "\$key" = guest ]; then
	set -- -o PubkeyAuthentication=no -o KbdInteractiveAuthentication=yes "\$@"
else
	set -- -i "\$key" -o PubkeyAuthentication=yes -o KbdInteractiveAuthentication=no -o BatchMode=yes "\$@"
fi
exec ssh -F /dev/null -b 127.0.66.1 -o IdentitiesOnly=yes -o IdentityAgent=none -o PasswordAuthentication=no \\
	-o UserKnownHostsFile='$s/known_hosts' -o StrictHostKeyChecking=yes -o LogLevel=ERROR -p $port "\$@" $acct@127.0.0.1
ATTACK
	say "attack: a client claiming a 10000x10000 terminal"
	giant_mem=$(attack_giant)
	mkdir "$s/junk"
	mkfifo "$s/junk/hold"
	sleep 3600 >"$s/junk/hold" &
	attackers="$!"
	# Holders from ATTACK_NETS networks, 127.(66+NET).KIND.(1..5): so many
	# per network of each kind.
	say "attack: from $ATTACK_NETS networks, $ATTACK_SESSIONS idle sessions, $ATTACK_GUESTS idle guests and $ATTACK_PROMPTS name-prompt sitters each"
	net=0
	while [ "$net" -lt "$ATTACK_NETS" ]; do
		i=1
		while [ "$i" -le "$ATTACK_SESSIONS" ]; do
			# A key takes the name offered (Enter), then idles in the lobby.
			k="$s/junk/s$net.$i"
			ssh-keygen -q -t ed25519 -N '' -f "$k" </dev/null || break
			{ printf '\r'; exec cat "$s/junk/hold"; } |
				sh "$s/attack_ssh" "$k" -b "127.$((66 + net)).1.$((i % 5 + 1))" -tt >"$s/junk/sess$net.$i" 2>&1 &
			attackers="$attackers $!"
			i=$((i + 1))
		done
		net=$((net + 1))
	done
	attack_settle sess "Playing as" "players from your" "places for players are taken"
	net=0
	while [ "$net" -lt "$ATTACK_NETS" ]; do
		i=1
		while [ "$i" -le "$ATTACK_GUESTS" ]; do
			sh "$s/attack_ssh" guest -b "127.$((66 + net)).2.$((i % 5 + 1))" -tt <"$s/junk/hold" \
				>"$s/junk/g$net.$i" 2>&1 &
			attackers="$attackers $!"
			i=$((i + 1))
		done
		net=$((net + 1))
	done
	attack_settle g "not kept" "guests from your" "guest places are taken"
	# Someone else, meanwhile, comes as a guest from another network.
	timeout 10 sh "$s/attack_ssh" guest -b 127.0.0.9 -tt </dev/null >"$s/junk/neighbour" 2>&1
	net=0
	while [ "$net" -lt "$ATTACK_NETS" ]; do
		i=1
		while [ "$i" -le "$ATTACK_PROMPTS" ]; do
			k="$s/junk/w$net.$i"
			ssh-keygen -q -t ed25519 -N '' -f "$k" </dev/null || break
			sh "$s/attack_ssh" "$k" -b "127.$((66 + net)).3.$((i % 5 + 1))" -tt <"$s/junk/hold" \
				>"$s/junk/sit$net.$i" 2>&1 &
			attackers="$attackers $!"
			i=$((i + 1))
		done
		net=$((net + 1))
	done
	attack_settle sit "Name [" "choosing a name already" "choosing a name already"
	i=1
	while [ "$i" -le "$ATTACK_IDLE" ]; do
		sh "$s/attack_ssh" guest -N </dev/null >/dev/null 2>&1 &
		echo $! >>"$s/junk/idle"
		attackers="$attackers $!"
		i=$((i + 1))
	done
	(
		i=1
		while [ "$i" -le "$ATTACK_KEYS" ] && [ ! -e "$s/junk/stop" ]; do
			ssh-keygen -q -t ed25519 -N '' -f "$s/junk/k$i" </dev/null || break
			# A name, then q: a key that became a player leaves at once.
			printf 'junk %d\rq' "$i" | timeout 5 sh "$s/attack_ssh" "$s/junk/k$i" -tt >"$s/junk/o$i" 2>&1
			i=$((i + 1))
		done
	) &
	attackers="$attackers $!"
}

# attack_settle PREFIX IN REFUSED REFUSED2: until every attacker whose
# output is junk/PREFIX* is in (IN) or refused (60 s at most).
attack_settle() {
	want=$(find "$s/junk" -name "$1*" | wc -l)
	for _ in $(seq 1200); do
		settled=$(grep -l -a -F -e "$2" -e "$3" -e "$4" "$s"/junk/"$1"* 2>/dev/null | wc -l)
		[ "$settled" -ge "$want" ] && break
		sleep 0.05
	done
}

# attack_count PREFIX TEXT: how many of the attackers' outputs show TEXT.
attack_count() {
	grep -l -a -F -e "$2" "$s"/junk/"$1"* 2>/dev/null | wc -l | tr -d ' '
}

# What the attack got, once the players are done.
attack_report() {
	tried=$(find "$s/junk" -name 'o*' | wc -l | tr -d ' ')
	became=$(grep -l -a "Welcome, junk" "$s"/junk/o* 2>/dev/null | wc -l | tr -d ' ')
	by_addr=$(grep -l -a "from your address today" "$s"/junk/o* 2>/dev/null | wc -l | tr -d ' ')
	held=$(attack_count g "not kept")
	refused=$(grep -l -a -e "guest places are taken" -e "guests from your" "$s"/junk/g* 2>/dev/null |
		wc -l | tr -d ' ')
	g_gave=$(attack_count g "needed one")
	sat=$(attack_count sit "Name [")
	unseated=$(attack_count sit "choosing a name already")
	sit_gave=$(attack_count sit "needed one")
	sess=$(attack_count sess "Playing as")
	sess_refused=$(grep -l -a -e "players from your" -e "places for players are taken" "$s"/junk/sess* \
		2>/dev/null | wc -l | tr -d ' ')
	sess_gave=$(attack_count sess "needed one")
	neighbour=no
	grep -q -a "not kept" "$s/junk/neighbour" 2>/dev/null && neighbour=yes
	# sshd closes a connection without a session after its
	# UnusedConnectionTimeout: wait for that (90 s at most).
	t0=$(now)
	for _ in $(seq 900); do
		open=0
		for p in $(cat "$s/junk/idle" 2>/dev/null); do kill -0 "$p" 2>/dev/null && open=$((open + 1)); done
		[ "$open" = 0 ] && break
		sleep 0.1
	done
	waited=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }')
	echo "attack: 10000x10000 client  its game's peak memory (VmHWM) $giant_mem"
	echo "attack: throwaway keys      $tried tried from one address: $became became players, $by_addr refused by the address's daily limit"
	echo "attack: idle sessions       $((ATTACK_NETS * ATTACK_SESSIONS)) from $ATTACK_NETS networks: $sess played, $sess_refused refused (a network's, a block's or the host's bound), $sess_gave gave way (to a newcomer, their network or block above its share)"
	echo "attack: idle guests         $((ATTACK_NETS * ATTACK_GUESTS)) from $ATTACK_NETS networks: $held held a guest place, $refused refused (a network's or the host's bound), $g_gave gave way (likewise)"
	echo "attack: name-prompt sitters $((ATTACK_NETS * ATTACK_PROMPTS)) from $ATTACK_NETS networks: $sat sat at the prompt, $unseated refused (an address's, a network's or the host's bound), $sit_gave gave way (likewise: the players among them)"
	echo "attack: a guest elsewhere   got a place while the stranger held its own: $neighbour"
	echo "attack: ssh -N              $ATTACK_IDLE opened before the players came, $open still open ${waited} s after they left (UnusedConnectionTimeout)"
	echo "players on the host         $(find "$host/players" -mindepth 1 -maxdepth 1 | wc -l | tr -d ' ') (the $N players and the attack's)"
}

attack_stop() {
	[ -n "$s" ] && [ -d "$s/junk" ] && : >"$s/junk/stop"
	# shellcheck disable=SC2086
	[ -z "$attackers" ] || kill $attackers 2>/dev/null
	attackers=
}

sshd_game_copy "$bin_src" lightsout-bench || exit 1
KEYCMD="$BIN"
if grep -q -a -e __asan_init -e __tsan_init "$BIN" 2>/dev/null; then
	say "note: a sanitizer build: its figures are not the game's"
	KEYCMD="$base/bin/keys"
	printf '#!/bin/sh\nASAN_OPTIONS=detect_leaks=0 exec %s "$@"\n' "$BIN" >"$KEYCMD"
	chmod 755 "$KEYCMD"
fi
s=$(mktemp -d "${TMPDIR:-/tmp}/lightsout-bench-ssh.XXXXXX") || exit 1
if ! sshd_public_account lobench "$srcdir/contrib/pam.lightsout-public"; then
	say "useradd failed"
	exit 1
fi
host="$base/home/.local/state/lightsout/host"

say "making $N keys"
mkdir "$s/keys"
ssh-keygen -q -t ed25519 -N '' -f "$s/host_key" || exit 1
i=1
while [ "$i" -le "$N" ]; do
	ssh-keygen -q -t ed25519 -N '' -C "p$i" -f "$s/keys/p$i" || exit 1
	i=$((i + 1))
done

# The account's login shell beside the game, with the shipped limits and
# the daily 3x3 board in its serve.options.
cp "$shell_src" "$base/bin/lightsout-shell"
chmod 755 "$base/bin/lightsout-shell"
{ grep -v '^#' "$srcdir/contrib/serve.options"; echo "${SERVE_OPTIONS:-} -- --daily --size 3x3"; } >"$base/bin/serve.options"
usermod -s "$base/bin/lightsout-shell" "$acct"
# The shipped block: its Match line for this account, its two paths for
# this game.
sed -e "s|^Match User play\$|Match User $acct|" \
	-e "s|^\\(	AuthorizedKeysCommand \\)/usr/local/bin/lightsout |\\1$KEYCMD |" \
	-e "s|^\\(	ForceCommand \\)/usr/local/libexec/lightsout/lightsout-shell\$|\\1$base/bin/lightsout-shell|" \
	"$shipped" >"$s/block"
changed=$(diff "$shipped" "$s/block" | grep -c '^>')
if [ "$changed" != 3 ]; then
	say "the shipped block changed shape: $changed of its marked lines edited, not 3"
	exit 1
fi
{
	cat <<EOF
ListenAddress 127.0.0.1
HostKey $s/host_key
PidFile none
UsePAM yes
StrictModes no
LogLevel INFO
EOF
	cat "$s/block"
} >"$s/sshd_config"
"$SSHD" -t -f "$s/sshd_config" || { say "sshd -t refuses the block"; exit 1; }
startups=$(awk '$1 == "MaxStartups" { print $2; exit }' "$s/block")
start=${startups%%:*}
case $start in '' | *[!0-9]*) start=10 ;; esac	# sshd's own default, 10:30:100
# At most this many logging in at once: under the point where sshd starts
# refusing (a margin for its lag in counting a login as done).
CONNECTING=${CONNECTING:-$((start - start / 10))}
case $CONNECTING in
'' | 0 | *[!0-9]*) say "CONNECTING wants a whole number from 1, not '$CONNECTING'"; exit 2 ;;
esac

# A private sshd on a free port.
sshd_start "$SSHD" "$s/sshd_config" "$s"
if [ -z "$port" ]; then
	sed 's/^/bench-ssh: sshd: /' "$s/sshd.log" >&2
	say "the private sshd did not start"
	exit 1
fi
echo "[127.0.0.1]:$port $(cat "$s/host_key.pub")" >"$s/known_hosts"

# Session I: ssh -tt as key pI, no escape character, keystrokes not
# obscured (newer clients delay them otherwise).
cat >"$s/ssh" <<EOF
exec ssh -F /dev/null -i '$s/keys/p'"\$1" -b 127.\$((100 + \$1 % 150)).\$((\$1 / 150)).2 -o IdentitiesOnly=yes -o IdentityAgent=none \\
	-o PubkeyAuthentication=yes -o KbdInteractiveAuthentication=no -o PasswordAuthentication=no \\
	-o BatchMode=yes -o UserKnownHostsFile='$s/known_hosts' -o StrictHostKeyChecking=yes -o LogLevel=ERROR \\
	-o SendEnv=LANG -o IgnoreUnknown=ObscureKeystrokeTiming -o ObscureKeystrokeTiming=no \\
	${SSH_OPTS:-} -e none -tt -p $port $acct@127.0.0.1
EOF

[ "$ATTACK" = 0 ] || attack_start
say "N=$N on port $port, at most $CONNECTING logging in at once (MaxStartups $startups as shipped, not raised)"
today=$(date -u +%Y-%m-%d)
cpu_before=$(head -n 1 /proc/stat)
TERM=xterm LANG=C.UTF-8 "$driver" -n "$N" -s "$s/ssh" -p "$sshd_pid" -w "$CONNECTING" -k "$KEYS" -g "$GAP" \
	-i "$IDLE" $([ "${RACE:-0}" = 0 ] || echo -r) >"$s/report" &
driver_pid=$!
wait "$driver_pid"
driver_rc=$?
driver_pid=
[ "$ATTACK" = 0 ] || attack_report >"$s/attack"
attack_stop
[ "$driver_rc" -ne 130 ] || exit 130	# stopped by Ctrl-C: it said so
[ "$driver_rc" -eq 0 ] || { say "the driver failed (status $driver_rc)"; exit 1; }

# What the server side cost over the whole run: the listening sshd's own
# time and its children's, once every connection's processes are gone.
for _ in $(seq 200); do
	[ -z "$(descendants "$sshd_pid")" ] && break
	sleep 0.05
done
cpu_after=$(head -n 1 /proc/stat)
hz=$(getconf CLK_TCK)
server_s=$(sed 's/.*) //' "/proc/$sshd_pid/stat" | awk -v hz="$hz" '{ printf "%.2f", ($12 + $13 + $14 + $15) / hz }')
server_cpu=$(awk -v s="$server_s" -v n="$N" 'BEGIN { printf "%.1f s, %.0f ms per session", s, 1000 * s / n }')
# Whatever else the machine did meanwhile (its busy time less this run's
# own): another job on the same cores makes every figure here worse.
other=$(printf '%s\n%s\n' "$cpu_before" "$cpu_after" | awk -v hz="$hz" -v server="$server_s" \
	-v cores="$(getconf _NPROCESSORS_ONLN)" -v client="$(awk '/^client side CPU/ { print $8 + $12 }' "$s/report")" '
	{ busy[NR] = $2 + $3 + $4 + $7 + $8 + $9; all[NR] = busy[NR] + $5 + $6 }
	END {
		b = (busy[2] - busy[1]) / hz
		wall = (all[2] - all[1]) / hz / cores
		o = b - server - client
		printf "%.1f s of CPU in %.1f s (%.0f%% of %d cores) for other processes: kernel threads, other jobs", \
			o, wall, 100 * o / wall / cores, cores
	}')
left=$(descendants "$sshd_pid" | wc -l | tr -d ' ')
[ "$left" = 0 ] || server_cpu="$server_cpu (NOTE: $left processes still there, not counted)"

# The account's leaderboard: one win per session, each under its name.
days=$today
late=$(date -u +%Y-%m-%d)
[ "$late" = "$today" ] || days="$today $late"	# the run crossed midnight (UTC)
: >"$s/table"
for d in $days; do
	"$BIN" scores --scores "$host/scores" --daily "$d" >>"$s/table" 2>"$s/table.err"
done
wins=$(grep -c '^ *[0-9][0-9]*  player [0-9][0-9]* ' "$s/table")
names=$(grep -o '  player [0-9][0-9]* ' "$s/table" | sort -u | wc -l | tr -d ' ')
# sshd's own count of what it refused: MaxStartups throttling (one line
# as it ends: "..., N connections dropped") and logins over LoginGraceTime.
drops=$(awk '/exited MaxStartups throttling/ { sub(/ connections dropped.*/, ""); n += $NF } END { print n + 0 }' "$s/sshd.log")
graces=$(grep -c 'Timeout before authentication' "$s/sshd.log")

sshd_version=$(ssh -V 2>&1)
report=$(cat "$s/report")
attack=
[ "$ATTACK" = 0 ] || attack=$(cat "$s/attack")
table=$(cat "$s/table")
table_err=$(cat "$s/table.err")
cleanup
t_end=$(now)
model=$(awk -F': *' '$1 ~ /^model name/ { print $2; exit }' /proc/cpuinfo)
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)

# One win on the board for each session that won, whatever kept the
# others out (the driver's line says why, per reason).
won=$(printf '%s\n' "$report" | awk '/^sessions that won / { print $4; exit }')
mismatch=0
board="leaderboard wins            $wins for the $won sessions that won, under $names distinct names (lightsout scores --daily $days)"
if [ "$wins" != "$won" ] || [ "$names" != "$won" ]; then
	board="$board
!!!!!!!! MISMATCH: the account's leaderboard has $wins wins under $names names for $won players who won !!!!!!!!
$(printf '%s\n%s\n' "$table" "$table_err" | sed 's/^/    /' | head -n 20)"
	mismatch=1
fi
echo "== make bench-ssh: N players at once, each a real ssh -tt, through the public recipe =="
echo "N                           $N"
echo "machine                     nproc $cores, ${model:-unknown CPU}; $sshd_version"
echo "sshd                        the shipped block; MaxStartups $startups as shipped, not raised${SSH_OPTS:+; ssh clients given $SSH_OPTS}"
printf '%s\n' "$report" | board="$board" awk '{ print } /^sessions that won / { print ENVIRON["board"] }'
echo "server side CPU, whole run  $server_cpu (sshd and all below it: logins, games, logouts)"
echo "the rest of the machine     $other"
echo "sshd refused (its log)      $drops past MaxStartups, $graces over LoginGraceTime"
[ "$ATTACK" = 0 ] || printf '%s\n' "$attack"
echo "wall time                   $(awk -v a="$t_begin" -v b="$t_end" 'BEGIN { printf "%.1f", b - a }') s (the whole run: keys, sshd, sessions, teardown)"
exit $mismatch
