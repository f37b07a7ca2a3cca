#!/bin/sh
# The Debian packaging agrees with the tree: debian/changelog's version is
# configure.ac's (AC_INIT, the one place the version is written), and the
# guests' PAM rule the package puts in /etc/pam.d/sshd is the shipped one
# (contrib/pam.lightsout-public).
. "$SRCDIR/tests/lib/tap.sh"

configured=$("$LIGHTSOUT" --version | sed -n 's/^lightsout //p')
in_ac=$(sed -n 's/^AC_INIT(\[lightsout\], \[\([^]]*\)\].*/\1/p' "$SRCDIR/configure.ac")
in_deb=$(sed -n '1s/^lightsout (\([^)]*\)).*/\1/p' "$SRCDIR/debian/changelog")
check "the program's version is configure.ac's ($configured, $in_ac)" test -n "$in_ac" -a "$configured" = "$in_ac"
check "debian/changelog's version is configure.ac's ($in_deb, $in_ac)" test "$in_deb" = "$in_ac"

rule=$(grep -v '^#' "$SRCDIR/contrib/pam.lightsout-public")
for script in postinst prerm; do
	pkg=$(sed -n 's/^RULE="\(.*\)"$/\1/p' "$SRCDIR/debian/lightsout-arcade.$script")
	check "lightsout-arcade.$script's PAM rule is contrib/pam.lightsout-public's" test -n "$rule" -a "$pkg" = "$rule"
done
mark_postinst=$(grep '^MARK=' "$SRCDIR/debian/lightsout-arcade.postinst")
mark_prerm=$(grep '^MARK=' "$SRCDIR/debian/lightsout-arcade.prerm")
check "postinst and prerm mark the rule alike" test -n "$mark_postinst" -a "$mark_postinst" = "$mark_prerm"
done_testing
