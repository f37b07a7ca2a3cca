#!/bin/sh
# Install what building and testing lightsout needs, from Debian's packages.
# Runs as root directly, or through sudo for a normal user.
set -e
# openssh-server is for tests/ui/ui_ssh.sh, which runs a private sshd of its
# own; on a machine with systemd Debian also starts one on port 22
# (systemctl disable --now ssh, if that is not wanted).  debhelper, dpkg-dev,
# lintian and adduser build, check and install the Debian packages (make
# check-deb); piuparts (with debootstrap) runs Debian's own install, purge
# and upgrade tests on them (tests/deb/piuparts.sh).  parallel, slurm-wlm
# and munge are for tests/cli/split_parallel.sh and
# tests/cli/split_slurm.sh, which start a munged, slurmctld and slurmd of
# their own with their own configuration; with systemd Debian also enables
# the system's (systemctl disable --now munge slurmctld slurmd, if those are
# not wanted).
PKGS="build-essential autoconf automake autoconf-archive autopoint gettext locales pkg-config libncurses-dev libm4ri-dev libicu-dev tmux clang libclang-rt-14-dev libtsan2
	openssh-server openssh-client strace parallel slurm-wlm munge
	debhelper dpkg-dev lintian adduser piuparts debootstrap"
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $PKGS > /dev/null
# The translations' tests play in German and French with the real locales
# (and without them: tests/ui/ui_lang*.sh); locale-gen is Debian's way.
for l in de_DE.UTF-8 fr_FR.UTF-8; do
	grep -q "^$l UTF-8" /etc/locale.gen 2>/dev/null || echo "$l UTF-8" | $SUDO tee -a /etc/locale.gen > /dev/null
done
$SUDO locale-gen > /dev/null
