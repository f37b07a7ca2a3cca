#!/bin/sh
# The Debian packages as a host installs them (root; make check-deb):
# built from the release tree (make distdir) without their test suite,
# installed with dpkg; the arcade's own sshd instance started by hand as
# the unit would (no systemd here): a key-holder picks a name and wins, a
# guest wins, su to the account fails, and `id` asked of the account runs
# the game, not id.  The host's /etc/pam.d/sshd, /etc/ssh/sshd_config and
# /etc/ssh/sshd_config.d are byte for byte as they were after the install,
# the remove and the purge.  Removing keeps the account; purging leaves
# nothing of the packages (home, host keys, /var/games/lightsout, their
# files) and locks the account rather than deleting it.  The system's own
# sshd is left alone: a policy-rc.d keeps the packages from starting or
# reloading anything.
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
# host_sshd: the host's sshd files, their names and contents, as sha256s.
host_sshd() {
	find /etc/pam.d/sshd /etc/ssh/sshd_config /etc/ssh/sshd_config.d 2>/dev/null | LC_ALL=C sort |
		while read -r f; do
			if [ -f "$f" ] && [ ! -L "$f" ]; then
				echo "$(sha256sum <"$f" | cut -d' ' -f1) $(stat -c %a "$f") $f"
			else
				echo "$(stat -c %F "$f") $(readlink "$f") $f"
			fi
		done
}
host_sshd >"$s/host.before"
policy=
sshd_pid=
hold=
cleanup() {
	[ -z "$hold" ] || kill "$hold" 2>/dev/null
	[ -z "$sshd_pid" ] || kill "$sshd_pid" 2>/dev/null
	pkill -9 -u play 2>/dev/null
	if dpkg-query -W lightsout-arcade lightsout >/dev/null 2>&1; then
		dpkg --purge lightsout-arcade lightsout >/dev/null 2>&1
	fi
	# The purge keeps the account, locked: the test made it, the test
	# removes it.
	if getent passwd play >/dev/null; then
		userdel play 2>/dev/null
		groupdel play 2>/dev/null
	fi
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
check "its login shell can only start the game" \
	test "$(getent passwd play | cut -d: -f7)" = /usr/lib/lightsout/lightsout-shell
host_sshd >"$s/host.installed"
check "/etc/pam.d/sshd, /etc/ssh/sshd_config and sshd_config.d are byte for byte as they were" \
	cmp -s "$s/host.before" "$s/host.installed"
check "the arcade has a PAM service of its own" test -f /etc/pam.d/lightsout-sshd
check "and host keys of its own" test -f /etc/lightsout-arcade/ssh_host_ed25519_key -a -f /etc/lightsout-arcade/ssh_host_rsa_key
check "its sshd is the system's, under a name of its own" \
	test "$(readlink -f /usr/sbin/lightsout-sshd)" = "$(readlink -f "$(command -v sshd)")"
check "the unit is installed" test -f /lib/systemd/system/lightsout-arcade.service
[ -d /run/sshd ] || { mkdir -p /run/sshd && chmod 755 /run/sshd; }
check "lightsout-sshd -t accepts the arcade's configuration" /usr/sbin/lightsout-sshd -t -f /etc/lightsout-arcade/sshd_config
check "lightsout serve --check play says ready as installed" grep -q '^  ready: ssh -p 2222 play@' "$s/install.log"
dpkg -i "$game" "$arcade" >/dev/null 2>&1
host_sshd >"$s/host.again"
check "installing again keeps the host's sshd files as they were" cmp -s "$s/host.before" "$s/host.again"
out=$(setsid runuser -u nobody -- su play -c id </dev/null 2>&1)
check "su to play fails for a local user" test "${out#*uid=}" = "$out"

# The arcade's own sshd, started by hand as the unit starts it (no
# systemd here), on a free port of 127.0.0.1 instead of 2222.
ssh-keygen -q -t ed25519 -N '' -C alice -f "$s/alice" || exit 1
sshd_start /usr/sbin/lightsout-sshd /etc/lightsout-arcade/sshd_config "$s" -o ListenAddress=127.0.0.1
if [ -z "$port" ]; then
	sed 's/^/# sshd: /' "$s/sshd.log"
	not_ok "the arcade's sshd starts by hand"
	done_testing
	exit 1
fi
ok "the arcade's sshd starts by hand (port $port)"
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 /etc/lightsout-arcade/ssh_host_ed25519_key.pub)" >"$s/known_hosts"

# play WHO: ssh -tt to play@ as the key WHO or as "guest", its input the
# fifo s/in (held open), its output in s/out; the client's LANG is
# PLAY_LANG (C.UTF-8).
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
		-o SetEnv=LANG=${PLAY_LANG:-C.UTF-8} "$@" -p "$port" -tt play@127.0.0.1 <"$s/in" >"$s/out" 2>&1
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
# The package's catalogs: a guest whose client says German reads the
# lobby in German, from the installed translation.
check "the package installs the German catalog" test -f /usr/share/locale/de/LC_MESSAGES/lightsout.mo
de_free=$(LC_ALL=C.UTF-8 LANGUAGE=de TEXTDOMAINDIR=/usr/share/locale gettext lightsout "free play")
PLAY_LANG=de_DE.UTF-8 play guest
check "the catalog has German for the lobby's words ($de_free)" sh -c '[ "$0" != "free play" ] && [ -n "$0" ]' "$de_free"
check "a guest whose client says de_DE.UTF-8 reads the lobby in German" until_out "$de_free"
de_won=$(LC_ALL=C.UTF-8 LANGUAGE=de TEXTDOMAINDIR=/usr/share/locale gettext lightsout "Solved!  %s  r restart  %s")
printf 'f' >"$s/in"
until_out "$(LC_ALL=C.UTF-8 LANGUAGE=de TEXTDOMAINDIR=/usr/share/locale gettext lightsout " Moves %d %s Par %s %s %s" |
	cut -d% -f1)" >/dev/null
printf 'sT' >"$s/in"
check "and wins, told so in German (${de_won%%!*}!)" until_out "${de_won%%!*}!"
printf 'qy' >"$s/in"
ended
out=$(ssh -F /dev/null -o IdentitiesOnly=yes -o IdentityAgent=none -o PasswordAuthentication=no \
	-o UserKnownHostsFile="$s/known_hosts" -o StrictHostKeyChecking=yes -o LogLevel=ERROR \
	-i "$s/alice" -o BatchMode=yes -p "$port" -T play@127.0.0.1 id </dev/null 2>&1)
check "ssh play@host id runs the game, not id" test "${out#*uid=}" = "$out"
kill "$sshd_pid" 2>/dev/null
wait "$sshd_pid" 2>/dev/null
sshd_pid=

# Remove: the account stays; purge: nothing is left but the locked account.
touch /var/games/lightsout/1000.2026-01-01
dpkg -r lightsout-arcade >"$s/remove.log" 2>&1
status=$?
sed 's/^/# /' "$s/remove.log"
check "dpkg -r lightsout-arcade" test "$status" = 0
check "the account stays until the purge" sh -c "getent passwd play >/dev/null"
host_sshd >"$s/host.removed"
check "the host's sshd files are as they were" cmp -s "$s/host.before" "$s/host.removed"
dpkg --purge lightsout-arcade lightsout >"$s/purge.log" 2>&1
status=$?
sed 's/^/# /' "$s/purge.log"
check "dpkg --purge both" test "$status" = 0
check "the purge says what it does" grep -q "locked the account play" "$s/purge.log"
check "the account play is kept (its uid not reused)" sh -c "getent passwd play >/dev/null"
check "locked: its password field starts with !" sh -c "getent shadow play | cut -d: -f2 | grep -q '^!'"
check "expired" test "$(getent shadow play | cut -d: -f8)" = 1
check "its shell nologin" test "$(getent passwd play | cut -d: -f7)" = /usr/sbin/nologin
check "no home /var/lib/lightsout-play" test ! -e /var/lib/lightsout-play
check "no /etc/lightsout-arcade (host keys and all)" test ! -e /etc/lightsout-arcade
check "no /etc/pam.d/lightsout-sshd" test ! -e /etc/pam.d/lightsout-sshd
check "no /var/games/lightsout (a player's file in it)" test ! -e /var/games/lightsout
host_sshd >"$s/host.purged"
check "the host's sshd files are byte for byte as they were before the install" cmp -s "$s/host.before" "$s/host.purged"
# Every file and link of the packages, and their own directories, gone.
left=$(while read -r f; do
	if [ -d "$f" ]; then
		case $f in */lightsout | */lightsout-arcade | */lightsout/* | */lightsout-arcade/* | */ssh.service.d) ;; *) continue ;; esac
	fi
	[ -e "$f" ] || [ -L "$f" ] && echo "$f"
done <"$s/files")
[ -z "$left" ] || echo "$left" | sed 's/^/# left: /'
check "nothing of the packages' files is left" test -z "$left"
check "dpkg knows neither package" sh -c '! dpkg-query -W -f "\${Status}\n" lightsout lightsout-arcade 2>/dev/null | grep -q installed'
done_testing
