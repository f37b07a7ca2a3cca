#!/bin/sh
# Debian's own QA on the packages, as the archive runs it (root; .ci/run):
# piuparts installs both packages in a clean Debian chroot and purges them
# (and installs them again), then installs the previous release from a
# local repository and upgrades it to these; each time nothing may be
# left behind or changed that the packages do not own.  The chroot's base
# tarball is kept in /var/cache/piuparts (made on the first run, remade
# after a week: piuparts updates it from the archive each time anyway).
#
#   sh tests/deb/piuparts.sh NEW.deb...   (lightsout and lightsout-arcade)
# PIUPARTS_PREV: a directory with the previous release's .debs; else they
# are built from git (PREV_COMMIT, the last commit of 0.1.0) and kept in
# /var/cache/piuparts/lightsout-prev; no git: the upgrade test is skipped.
# PIUPARTS_DISTRO (bookworm), PIUPARTS_MIRROR (http://deb.debian.org/debian).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
PATH="$PATH:/usr/sbin:/sbin"
DISTRO=${PIUPARTS_DISTRO:-bookworm}
MIRROR=${PIUPARTS_MIRROR:-http://deb.debian.org/debian}
PREV_COMMIT=${PREV_COMMIT:-e9dc139}
cache=/var/cache/piuparts
base="$cache/basetgz/$DISTRO.tar.gz"
say() { echo "piuparts.sh: $*"; }

[ $# -ge 1 ] || { echo "Usage: sh $0 NEW.deb..." >&2; exit 2; }
command -v piuparts >/dev/null || { say "piuparts is not installed (scripts/install-deps.sh)"; exit 2; }
[ "$(id -u)" -eq 0 ] || { say "needs root (piuparts makes chroots)"; exit 2; }
mkdir -p "$cache/basetgz"

# The previous release, as a repository apt in the chroot can read.
prev=${PIUPARTS_PREV:-}
if [ -z "$prev" ] && command -v git >/dev/null && git -C "$top" rev-parse --verify -q "$PREV_COMMIT^{commit}" >/dev/null; then
	prev="$cache/lightsout-prev"
	if ! ls "$prev"/lightsout-arcade_*_all.deb >/dev/null 2>&1; then
		say "building the previous release ($PREV_COMMIT) once, into $prev"
		rm -rf "$prev" && mkdir -p "$prev/src"
		git -C "$top" archive "$PREV_COMMIT" | tar -x -C "$prev/src" &&
			(cd "$prev/src" && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -b -uc -us) >"$prev/build.log" 2>&1 ||
			{ tail -n 20 "$prev/build.log"; say "the previous release did not build"; exit 1; }
		rm -rf "$prev/src" "$prev"/*dbgsym*
	fi
fi
upgrade=
if [ -n "$prev" ] && ls "$prev"/*.deb >/dev/null 2>&1; then
	(cd "$prev" && dpkg-scanpackages --multiversion . /dev/null >Packages 2>/dev/null)
	upgrade="--extra-repo=deb [trusted=yes] file://$prev ./"
else
	say "no previous release (no git history with $PREV_COMMIT, no PIUPARTS_PREV): the upgrade test is skipped"
fi

# The new packages as a repository too: install-purge-install installs a
# package's dependencies (lightsout for lightsout-arcade) through apt.
new=$(mktemp -d "${TMPDIR:-/tmp}/lightsout-piuparts.XXXXXX") || exit 1
trap 'rm -rf "$new"' EXIT
chmod 755 "$new"
cp "$@" "$new/"
(cd "$new" && dpkg-scanpackages . /dev/null >Packages 2>/dev/null)

# run NAME OPTION...: one piuparts run on the new packages, its log in
# $cache/NAME.log; the base tarball saved by the first run that lacks one.
run() {
	name=$1
	shift
	if [ -f "$base" ] && [ -n "$(find "$base" -mtime -7)" ]; then
		tgz="--basetgz=$base"
	else
		tgz="--save=$base"
	fi
	t0=$(date +%s)
	piuparts --distribution="$DISTRO" --mirror="$MIRROR" "$tgz" --scriptsdir="$here/piuparts.d" \
		--log-file="$cache/$name.log" "$@" "$new"/*.deb >/dev/null 2>&1
	rc=$?
	grep -E '^[0-9]+m[0-9.]+s (INFO|ERROR|FAIL)' "$cache/$name.log" | tail -n 12
	say "$name: $([ $rc -eq 0 ] && echo passed || echo FAILED) in $(($(date +%s) - t0)) s (log: $cache/$name.log)"
	if [ $rc -ne 0 ]; then
		grep -E -B 15 'ERROR|FAIL' "$cache/$name.log" | tail -n 60
		status=1
	fi
}
status=0
start=$(date +%s)
# Install and purge, and install, purge and install again.
run install-purge --no-upgrade-test --install-purge-install \
	--bindmount="$new" "--extra-repo=deb [trusted=yes] file://$new ./"
# The previous release from its repository, upgraded to these, purged.
# The scripts directory: the previous release's postinst (0.1.0) needed
# /run/sshd to install at all, the bug this release fixes; it is given one
# to install the old packages, and it is taken away before the upgrade.
if [ -n "$upgrade" ]; then
	run upgrade --no-install-purge-test --bindmount="$prev" "$upgrade"
fi
say "piuparts took $(($(date +%s) - start)) s in all"
exit $status
