#!/bin/sh
# The Debian packaging agrees with the tree: debian/changelog's version is
# configure.ac's (AC_INIT, the one place the version is written), and the
# guests' PAM rule of the arcade's own PAM service
# (contrib/pam.lightsout-sshd, the package's /etc/pam.d/lightsout-sshd) is
# the hand recipe's (contrib/pam.lightsout-public).
. "$SRCDIR/tests/lib/tap.sh"

configured=$("$LIGHTSOUT" --version | sed -n 's/^lightsout //p')
in_ac=$(sed -n 's/^AC_INIT(\[lightsout\], \[\([^]]*\)\].*/\1/p' "$SRCDIR/configure.ac")
in_deb=$(sed -n '1s/^lightsout (\([^)]*\)).*/\1/p' "$SRCDIR/debian/changelog")
check "the program's version is configure.ac's ($configured, $in_ac)" test -n "$in_ac" -a "$configured" = "$in_ac"
check "debian/changelog's version is configure.ac's ($in_deb, $in_ac)" test "$in_deb" = "$in_ac"

rule=$(grep -v '^#' "$SRCDIR/contrib/pam.lightsout-public")
first=$(grep -v '^#' "$SRCDIR/contrib/pam.lightsout-sshd" | head -n 1)
check "the arcade's PAM service starts with contrib/pam.lightsout-public's rule" test -n "$rule" -a "$first" = "$rule"
check "the arcade's PAM service reads nothing of /etc/pam.d/sshd" \
	sh -c "! grep -q '^@include[[:space:]]*sshd' '$SRCDIR/contrib/pam.lightsout-sshd'"
done_testing
