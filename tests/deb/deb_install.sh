#!/bin/sh
# The Debian packages as a host installs them (root; make check-deb):
# built from the release tree (make distdir) without their test suite,
# installed with dpkg, then a private sshd whose configuration includes
# the installed drop-in, run as a copy of sshd named sshd so that PAM
# reads the real /etc/pam.d/sshd with the line the package put there: a
# key-holder picks a name and wins, a guest wins, su to the account fails.
# Removing takes the drop-in and the PAM line out; purging leaves nothing
# of the packages (account, home, /var/games/lightsout, their files).
# The system's own sshd is left alone: a policy-rc.d keeps the packages
# from reloading it, and /etc/pam.d/sshd is put back whatever happens.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

PATH="$PATH:/usr/sbin:/sbin"
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root: it installs the packages"
	exit 0
fi
for tool in dpkg-buildpackage dh sshd ssh ssh-keygen runuser su setsid; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "1..0 # SKIP $tool is not installed (scripts/install-deps.sh)"
		exit 0
	fi
done
if [ -z "${DEB_SOURCE:-}" ] || [ ! -f "$DEB_SOURCE/debian/control" ]; then
	echo "1..0 # SKIP DEB_SOURCE names no release tree: run it with make check-deb"
	exit 0
fi
for pkg in lightsout lightsout-arcade; do
	if dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null | grep -q installed; then
		echo "1..0 # SKIP $pkg is installed on this machine: the test would remove it"
		exit 0
	fi
done
if getent passwd play >/dev/null; then
	echo "1..0 # SKIP an account play exists here: the test would make and remove it"
	exit 0
fi

s=$(mktemp -d /run/lightsout-deb.XXXXXX) || exit 1
chmod 755 "$s"
cp -p /etc/pam.d/sshd "$s/pam.sshd"
policy=
sshd_pid=
hold=
cleanup() {
	[ -z "$hold" ] || kill "$hold" 2>/dev/null
	[ -z "$sshd_pid" ] || kill "$sshd_pid" 2>/dev/null
	if dpkg-query -W lightsout-arcade lightsout >/dev/null 2>&1; then
		dpkg --purge lightsout-arcade lightsout >/dev/null 2>&1
	fi
	cmp -s "$s/pam.sshd" /etc/pam.d/sshd || cp -p "$s/pam.sshd" /etc/pam.d/sshd
	[ -z "$policy" ] || rm -f "$policy"
	rm -rf "$s"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
# The packages may reload a running sshd: not the system's, here.
if [ ! -e /usr/sbin/policy-rc.d ]; then
	policy=/usr/sbin/policy-rc.d
	printf '#!/bin/sh\nexit 101\n' >"$policy"
	chmod 755 "$policy"
fi

# Build (source and binaries: lintian reads both), without the test suite
# (make check runs it on this tree).
top=$(dirname "$DEB_SOURCE")
rm -f "$top"/*.deb
start=$(date +%s)
if ! (cd "$DEB_SOURCE" && DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc) >"$s/build.log" 2>&1; then
	tail -n 30 "$s/build.log" | sed 's/^/# /'
	not_ok "the packages build"
	done_testing
	exit 1
fi
ok "the packages build ($(($(date +%s) - start)) s)"
game=$(ls "$top"/lightsout_*.deb)
arcade=$(ls "$top"/lightsout-arcade_*_all.deb)
if command -v lintian >/dev/null 2>&1; then
	lintian "$top"/lightsout_*.changes >"$s/lintian" 2>&1
	sed 's/^/# lintian: /' "$s/lintian"
	check "lintian: no errors, no warnings" sh -c "! grep -q '^[EW]:' '$s/lintian'"
fi
dpkg-deb -c "$game" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' >"$s/files"
dpkg-deb -c "$arcade" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' >>"$s/files"

# Install.
dpkg -i "$game" "$arcade" >"$s/install.log" 2>&1
status=$?
sed 's/^/# /' "$s/install.log"
check "dpkg -i installs both" test "$status" = 0
check "the game is /usr/games/lightsout" sh -c "/usr/games/lightsout --version >/dev/null"
check "lightsout(6) is installed" test -f /usr/share/man/man6/lightsout.6.gz
check "the host leaderboard /var/games/lightsout is root's, sticky and open to all" \
	test "$(stat -c '%U %a' /var/games/lightsout)" = "root 1777"
check "the account play is a system account" test "$(id -u play 2>/dev/null || echo 1000)" -lt 1000
check "with no password" test "$(getent shadow play | cut -d: -f2)" = '*'
{ grep -x '# lightsout-arcade: .*' /etc/pam.d/sshd | head -n 1; grep -v '^#' "$SRCDIR/contrib/pam.lightsout-public"; cat "$s/pam.sshd"; } >"$s/pam.want"
check "/etc/pam.d/sshd: the marked guests' line first, then the stack as it was" cmp -s "$s/pam.want" /etc/pam.d/sshd
check "the drop-in is in sshd_config.d" test -f /etc/ssh/sshd_config.d/lightsout-arcade.conf
check "the system's sshd -t accepts it" sshd -t
# The drop-in's Match block ends with its file: other users are untouched.
others=$(sshd -T -C user=root,host=localhost,addr=127.0.0.1 2>&1)
check "for other users the system's sshd forces no command" \
	test "$(printf '%s\n' "$others" | grep -i '^forcecommand ')" = "forcecommand none"
check "lightsout serve --check play says ready as installed" grep -q '^  ready: ssh play@' "$s/install.log"
dpkg -i "$game" "$arcade" >/dev/null 2>&1
check "installing again puts the PAM line in once" cmp -s "$s/pam.want" /etc/pam.d/sshd
out=$(setsid runuser -u nobody -- su play -c id </dev/null 2>&1)
check "su to play fails for a local user" test "${out#*uid=}" = "$out"

# A private sshd named sshd (PAM reads /etc/pam.d/sshd) with the drop-in.
[ -d /run/sshd ] || { mkdir -p /run/sshd && chmod 755 /run/sshd; }
cp "$(command -v sshd)" "$s/sshd"
ssh-keygen -q -t ed25519 -N '' -f "$s/host_key" || exit 1
ssh-keygen -q -t ed25519 -N '' -C alice -f "$s/alice" || exit 1
cat >"$s/sshd_config" <<CONF
Include /etc/ssh/sshd_config.d/lightsout-arcade.conf
ListenAddress 127.0.0.1
HostKey $s/host_key
PidFile none
UsePAM yes
KbdInteractiveAuthentication no
LogLevel VERBOSE
CONF
sshd_start "$s/sshd" "$s/sshd_config" "$s"
if [ -z "$port" ]; then
	sed 's/^/# sshd: /' "$s/sshd.log"
	not_ok "a private sshd starts with the installed drop-in"
	done_testing
	exit 1
fi
ok "a private sshd starts with the installed drop-in (port $port)"
echo "[127.0.0.1]:$port $(cat "$s/host_key.pub")" >"$s/known_hosts"

# play WHO: ssh -tt to play@ as the key WHO or as "guest", its input the
# fifo s/in (held open), its output in s/out.
play() {
	if [ "$1" = guest ]; then
		set -- -o PubkeyAuthentication=no -o KbdInteractiveAuthentication=yes
	else
		set -- -i "$s/$1" -o PubkeyAuthentication=yes -o KbdInteractiveAuthentication=no -o BatchMode=yes
	fi
	rm -f "$s/in" "$s/out"
	mkfifo "$s/in"
	sleep 600 >"$s/in" &
	hold=$!
	(ssh -F /dev/null -o IdentitiesOnly=yes -o IdentityAgent=none -o PasswordAuthentication=no \
		-o UserKnownHostsFile="$s/known_hosts" -o StrictHostKeyChecking=yes -o LogLevel=ERROR \
		-o SetEnv=LANG=C.UTF-8 "$@" -p "$port" -tt play@127.0.0.1 <"$s/in" >"$s/out" 2>&1
	 echo "EXIT=$?" >>"$s/out") &
}
# until_out TEXT: until the session's output shows TEXT (20 s).
until_out() {
	for _ in $(seq 400); do
		grep -F -q -a -- "$1" "$s/out" && return 0
		sleep 0.05
	done
	echo "# the session never showed '$1'; it ended with:" >&2
	tail -c 400 "$s/out" | tr -c '[:print:]\n' ' ' | sed 's/^/# /' >&2
	return 1
}
ended() { until_out "EXIT=" && kill "$hold" 2>/dev/null; hold=; }

play alice
check "a key-holder is asked for a name" until_out "Name ["
printf 'alice\r' >"$s/in"
check "and lands in the lobby" until_out "free play"
printf 'f' >"$s/in"
check "and plays as it" until_out "Moves 0"
printf 'sT' >"$s/in"
check "a key-holder wins (s, T: the solution played)" until_out "Solved"
printf 'qy' >"$s/in"
ended
play guest
check "a guest gets in without a key or a question" until_out "free play"
printf 'f' >"$s/in"
check "and plays free play" until_out "Moves 0"
printf 'sT' >"$s/in"
check "a guest wins" until_out "Solved"
printf 'qy' >"$s/in"
ended
kill "$sshd_pid" 2>/dev/null
wait "$sshd_pid" 2>/dev/null
sshd_pid=

# Remove: sshd no longer offers the account; purge: nothing is left.
touch /var/games/lightsout/1000.2026-01-01
dpkg -r lightsout-arcade >"$s/remove.log" 2>&1
status=$?
sed 's/^/# /' "$s/remove.log"
check "dpkg -r lightsout-arcade" test "$status" = 0
check "takes the drop-in out" test ! -e /etc/ssh/sshd_config.d/lightsout-arcade.conf -a ! -L /etc/ssh/sshd_config.d/lightsout-arcade.conf
check "and the PAM line: /etc/pam.d/sshd is as it was" cmp -s "$s/pam.sshd" /etc/pam.d/sshd
check "the account stays until the purge" sh -c "getent passwd play >/dev/null"
dpkg --purge lightsout-arcade lightsout >"$s/purge.log" 2>&1
status=$?
sed 's/^/# /' "$s/purge.log"
check "dpkg --purge both" test "$status" = 0
check "the purge says what it removes" grep -q "removing the account play" "$s/purge.log"
check "no account play, no group play" sh -c '! getent passwd play && ! getent group play'
check "no home /var/lib/lightsout-play" test ! -e /var/lib/lightsout-play
check "no /etc/lightsout-arcade" test ! -e /etc/lightsout-arcade
check "no /var/games/lightsout (a player's file in it)" test ! -e /var/games/lightsout
left=$(grep -v -x -e /etc -e /usr -e /usr/share -e /usr/share/doc -e /usr/games -e /usr/share/man \
	-e /usr/share/man/man6 -e /usr/share/lintian -e /usr/share/lintian/overrides -e /var -e '' "$s/files" |
	while read -r f; do [ -e "$f" ] && echo "$f"; done)
[ -z "$left" ] || echo "$left" | sed 's/^/# left: /'
check "nothing of the packages' files is left" test -z "$left"
check "dpkg knows neither package" sh -c '! dpkg-query -W -f "\${Status}\n" lightsout lightsout-arcade 2>/dev/null | grep -q installed'
done_testing
