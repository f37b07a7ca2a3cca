#!/bin/sh
# A newcomer's first command: the README's play command installs what
# building and playing need and nothing that runs (no sshd, no Slurm, no
# piuparts); the test command installs the rest and leaves every service
# it brought off.  Read from scripts/install-deps.sh --list and from the
# packages' own file lists (dpkg), which the test command installed.
. "$SRCDIR/tests/lib/tap.sh"
cd "$SRCDIR" || exit 1
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
deps=scripts/install-deps.sh

sh $deps --list > "$T/play"
rc=$?
check "--list prints the play packages (exit $rc)" test $rc -eq 0 -a -s "$T/play"
sh $deps --tests --list > "$T/all"
grep -v '^service ' "$T/all" > "$T/tests"
sed -n 's/^service //p' "$T/all" > "$T/services"
check "--tests --list holds every play package" sh -c "! grep -vxF -f '$T/tests' '$T/play'"

# units PKG: the daemons package PKG ships: its socket units and its
# service units that keep running (a oneshot, such as man-db's or a
# timer's, does its work and ends).
units() {
	for f in $(dpkg-query -L "$1" 2> /dev/null | grep -E '^/(usr/)?lib/systemd/system/[^/]+[.](service|socket)$'); do
		case $f in *.service) grep -q '^Type=oneshot' "$f" && continue ;; esac
		echo "${f##*/}"
	done
}
# Every package the play command installs, and every package those pull
# in (apt's own answer, from what is installed here), ships no service.
# closure PKG...: those packages and all they depend on, as installed.
closure() {
	apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts --no-breaks \
		--no-replaces --no-enhances "$@" 2> /dev/null | grep -v '^ ' | sort -u
}
missing= daemons=
for p in $(cat "$T/play"); do
	dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
check "the play packages are installed here (missing:${missing:- none})" test -z "$missing"
for p in $(closure $(cat "$T/play")); do
	[ -n "$(units "$p")" ] && daemons="$daemons $p"
done
check "playing installs no package with a service (found:${daemons:- none})" test -z "$daemons"
for p in tmux openssh-server slurm-wlm munge piuparts debootstrap clang; do
	check "$p is for the tests, not for playing" sh -c "! grep -qx '$p' '$T/play'"
done

# Every service the test packages bring is one the script leaves off
# (its DAEMONS), named with its package.
unsaid=
for p in $(closure $(cat "$T/tests")); do
	for u in $(units "$p"); do
		grep -q "^$p:.*$u" "$T/services" || unsaid="$unsaid $p:$u"
	done
done
check "every service the tests' packages ship is left off by the script (unsaid:${unsaid:- none})" test -z "$unsaid"

sh $deps --bogus > /dev/null 2> "$T/err"
rc=$?
check "an unknown option: exit 2 ($rc)" test $rc -eq 2
check "an unknown option is named: $(cat "$T/err")" grep -q "unknown option '--bogus'" "$T/err"

# The README's Quick start: two commands, play then tests; CI runs the
# second's install.
sed -n '/^## Quick start/,/^## /p' README.md | sed -n 's/^    //p' > "$T/quick"
check "the Quick start has two commands ($(wc -l < "$T/quick"))" test "$(wc -l < "$T/quick")" -eq 2
check "the first installs the play packages, builds and starts the game" \
	test "$(sed -n 1p "$T/quick")" = "scripts/install-deps.sh && ./autogen.sh && ./configure && make && ./lightsout"
check "the second installs the tests' packages and runs them" \
	test "$(sed -n 2p "$T/quick")" = "scripts/install-deps.sh --tests && make check"
check ".ci/run installs what the tests need" grep -q '^scripts/install-deps.sh --tests' .ci/run
done_testing
