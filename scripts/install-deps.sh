#!/bin/sh
# Install what lightsout needs, from Debian's packages; as root directly,
# or through sudo for a normal user.
#
#   scripts/install-deps.sh           what building and playing need
#   scripts/install-deps.sh --tests   that, and what `make check`,
#                                     `make check-deb` and CI need
#   ... --list                        print the packages, install nothing
#
# Playing starts no service.  The tests start their own sshd, munged,
# slurmctld and slurmd (private configurations, ports and sockets) and
# stop them; so the system's copies that come with openssh-server, munge
# and slurm-wlm are not started by the install, and on a systemd host
# the ones this run installed are left disabled.  Services that were
# installed before are not touched.
set -e

# The compiler and Autotools, gettext and the locales (the game speaks
# German and French), and the libraries configure checks for.
PLAY="build-essential autoconf automake autoconf-archive autopoint gettext locales pkg-config
	libncurses-dev libm4ri-dev libicu-dev libsqlite3-dev"
# The UI tests drive the game in tmux; the sanitizer builds use clang's
# runtimes; the SSH tests run a private sshd (and read its host.db with
# sqlite3); the split tests GNU
# parallel and a private Slurm (with munge); make check-deb and piuparts
# build, check, install and upgrade the Debian packages.
TESTS="tmux yasr clang libclang-rt-14-dev libtsan2 strace openssh-server openssh-client sqlite3 parallel slurm-wlm munge
	debhelper dpkg-dev lintian adduser piuparts debootstrap"
# The packages of TESTS that ship a system service, and its units.
DAEMONS="openssh-server:ssh.service,ssh.socket munge:munge.service slurmd:slurmd.service
	slurmctld:slurmctld.service"

tests=0 list=0
for a in "$@"; do
	case $a in
	--tests) tests=1 ;;
	--list) list=1 ;;
	-h | --help)
		sed -n '2,9s/^# \{0,1\}//p' "$0"
		exit 0
		;;
	*)
		echo "install-deps.sh: unknown option '$a' (try --help)" >&2
		exit 2
		;;
	esac
done
pkgs=$PLAY
[ $tests -eq 1 ] && pkgs="$PLAY $TESTS"
if [ $list -eq 1 ]; then
	printf '%s\n' $pkgs
	[ $tests -eq 1 ] && printf 'service %s\n' $DAEMONS
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
installed() { dpkg-query -W -f='${Status}' "$1" 2> /dev/null | grep -q 'install ok installed'; }

# The daemons' packages not yet here: theirs are the services to leave off.
new=
if [ $tests -eq 1 ]; then
	for d in $DAEMONS; do
		installed "${d%%:*}" || new="$new $d"
	done
fi
# No service starts during the install (Debian's policy-rc.d, which
# invoke-rc.d and deb-systemd-invoke obey), unless the machine has its
# own policy already.
policy=
if [ -n "$new" ] && [ ! -e /usr/sbin/policy-rc.d ]; then
	policy=/usr/sbin/policy-rc.d
	printf '#!/bin/sh\nexit 101\n' | $SUDO tee $policy > /dev/null
	$SUDO chmod 755 $policy
	trap '$SUDO rm -f $policy' EXIT
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $pkgs > /dev/null
if [ -n "$policy" ]; then
	$SUDO rm -f $policy
	trap - EXIT
fi
# The translations are played with the real locales; locale-gen is
# Debian's way to make them.
for l in de_DE.UTF-8 fr_FR.UTF-8 zh_CN.UTF-8; do
	grep -q "^$l UTF-8" /etc/locale.gen 2> /dev/null || echo "$l UTF-8" | $SUDO tee -a /etc/locale.gen > /dev/null
done
$SUDO locale-gen > /dev/null

if [ $tests -eq 1 ]; then
	units=
	for d in $new; do
		units="$units $(echo "${d#*:}" | tr ',' ' ')"
	done
	if [ -n "$units" ] && [ -d /run/systemd/system ]; then
		# shellcheck disable=SC2086
		$SUDO systemctl disable --now $units > /dev/null 2>&1 || true
	fi
	echo "install-deps.sh: installed what the tests need; nothing was left running."
	echo "  The tests start their own sshd, munged, slurmctld and slurmd, on ports and"
	echo "  sockets of their own, and stop them when they end."
	if [ -n "$units" ]; then
		echo "  Installed now and left stopped and disabled:$units"
	fi
fi
