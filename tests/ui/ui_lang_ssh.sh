#!/bin/sh
# The arcade in the player's language, through its own sshd, as root
# (tests/lib/arcade_lib.sh): the client's LANG picks the catalog, whether
# the host has that locale (de_DE.UTF-8, made by install-deps) or not
# (fr_CA.UTF-8: the game takes C.UTF-8 and French); a carol who reads
# German goes from the name prompt through the lobby to a won daily board
# and a race against a dave who reads French, each told the news in their
# own language; a fay who reads Chinese (LANG=zh_CN.UTF-8) plays hers in
# Chinese within 80 columns; a client with no language the game has, or none, gets
# English with no error.  The expected words are the catalogs' own
# (gettext(1) on the compiled po/), so a better translation changes no
# test.  The catalogs go where the game looks for them
# ($LO_LOCALEDIR) for the test's run, what was there put back after.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod runuser su setsid gettext
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key carol dave erin fay || exit 1

# The catalogs where the installed game reads them, for this test only.
langs=$(sed 's/#.*//' "$SRCDIR/po/LINGUAS")
for l in $langs; do
	d="$LO_LOCALEDIR/$l/LC_MESSAGES"
	mkdir -p "$d"
	[ -e "$d/lightsout.mo" ] && mv "$d/lightsout.mo" "$s/kept.$l.mo"
	cp "$LIGHTSOUT_LOCALEDIR/$l/LC_MESSAGES/lightsout.mo" "$d/lightsout.mo"
done
arcade_exit_hook() {
	for l in $langs; do
		d="$LO_LOCALEDIR/$l/LC_MESSAGES"
		rm -f "$d/lightsout.mo"
		[ -e "$s/kept.$l.mo" ] && mv "$s/kept.$l.mo" "$d/lightsout.mo"
	done
	tmux -L "lo$$-dave" -f /dev/null kill-server >/dev/null 2>&1
}
arcade_start
if [ -z "$acct" ] || [ -z "$port" ]; then
	echo "1..0 # SKIP the public account or its sshd did not start"
	exit 0
fi

# T LANG MSGID [ARG...]: the message in LANG, each %s (or %d) given by
# the next ARG in turn; up to the first directive left, when ARGs run out.
T() {
	_t=$(LC_ALL=C.UTF-8 LANGUAGE=$1 TEXTDOMAINDIR="$LIGHTSOUT_LOCALEDIR" gettext lightsout "$2")
	shift 2
	for _a in "$@"; do
		_t=$(printf '%s' "$_t" | sed "s/%[0-9]*\\\$*[sd]/$_a/")
	done
	printf '%s' "${_t%%%*}" | sed 's/ *$//'
}
check "the German catalog is there ($(T de 'leave the arcade'))" test "$(T de 'leave the arcade')" != "leave the arcade"

# carol: German, a locale the host has.
LOGIN_ENV="LANG=de_DE.UTF-8 LC_ALL=de_DE.UTF-8" login carol
check "carol: the name prompt in German" ui_wait "$(T de 'Name [%s]: ')"
ui_keys -l carol
ui_keys Enter
check "carol: who she plays as, in German" ui_wait "$(T de 'Playing as %s: your games are kept for your key.' carol)"
check "carol: the lobby in German" ui_wait "$(T de 'leave the arcade')"
check "carol: no English on the lobby's last line" ui_gone "leave the arcade"
ui_keys d
check "carol: the daily board, its status line in German" ui_wait "$(T de ' Moves %d %s Par %s %s %s')"
# s marks the solution, T plays it (an assisted win, still a win).
ui_keys s T
check "carol: her daily board won, said in German" ui_wait "$(T de 'Solved!  %s  r restart  %s')"

# dave: French, a locale the host lacks.
if locale -a 2>/dev/null | grep -qi '^fr_CA'; then
	skip "fr_CA is installed here: the missing-locale case is not this machine's"
fi
D="tmux -L lo$$-dave -f /dev/null"
$D new-session -d -x 80 -y 24 "env LANG=fr_CA.UTF-8 LC_ALL=fr_CA.UTF-8 sh '$s/ssh' dave -tt; echo EXIT=\$?; exec sleep 600"
$D set-option -g window-size manual >/dev/null 2>&1
as_dave() { (TMUX_CMD=$D; "$@"); }
check "dave: the name prompt in French, without the host's fr_CA locale" as_dave ui_wait "$(T fr 'Name [%s]: ')"
$D send-keys -l dave
$D send-keys Enter
check "dave: the lobby in French" as_dave ui_wait "$(T fr 'leave the arcade')"
check "dave: accents drawn as letters, UTF-8 kept" sh -c "$D capture-pane -p | grep -q '[éèàçê]'"

# A race: dave opens one from a board, carol takes it; each reads the
# start and the result in their own language.
$D send-keys f
check "dave: a board, its status line in French" as_dave ui_wait "$(T fr ' Moves %d %s Par %s %s %s')"
$D send-keys v
check "dave: the race screen in French" as_dave ui_wait "$(T fr 'open a race anyone can take (a board like yours)' | cut -d'(' -f1)"
$D send-keys o
check "dave: his race open, said in French" as_dave ui_wait "$(T fr 'Your race is open (%s): waiting for somebody to take it...')"
ui_keys v
check "carol: dave's race offered, in German" ui_wait "$(T de "take %s's race (%s)" dave)"
ui_keys Enter
check "carol: the start, in German" ui_wait "$(T de 'Race against %s: go!  The first to clear the board wins.' dave)"
check "dave: the start, in French" as_dave ui_wait "$(T fr 'Race against %s: go!  The first to clear the board wins.' carol)"
ui_solve_shown
check "carol: she won, said in German" ui_wait "$(T de 'You won the race against %s' dave)"
check "dave: carol won, said in French" as_dave ui_wait "$(T fr '%s won the race' carol)"
ui_kill_server

# fay: Chinese (zh_CN.UTF-8, installed here or not), the game's widest
# letters, at 80x24: every line within the window, and her daily board
# won in Chinese.
LOGIN_ENV="LANG=zh_CN.UTF-8 LC_ALL=zh_CN.UTF-8" login fay
check "the Chinese catalog is there ($(T zh_CN 'leave the arcade'))" test "$(T zh_CN 'leave the arcade')" != "leave the arcade"
check "fay: the name prompt in Chinese" ui_wait "$(T zh_CN 'Name [%s]: ')"
ui_keys -l fay
ui_keys Enter
check "fay: who she plays as, in Chinese" ui_wait "$(T zh_CN 'Playing as %s: your games are kept for your key.' fay)"
check "fay: the lobby in Chinese" ui_wait "$(T zh_CN 'leave the arcade')"
check "fay: no English on the lobby's last line" ui_gone "leave the arcade"
check "fay: the lobby within 80 columns" sh -c "[ \$($TMUX_CMD capture-pane -p | wc -L) -le 80 ]"
ui_keys d
check "fay: the daily board, its status line in Chinese" ui_wait "$(T zh_CN ' Moves %d %s Par %s %s %s')"
ui_keys s T
check "fay: her daily board won, said in Chinese" ui_wait "$(T zh_CN 'Solved!  %s  r restart  %s')"
check "fay: the won board within 80 columns" sh -c "[ \$($TMUX_CMD capture-pane -p | wc -L) -le 80 ]"
ui_kill_server

# erin: a language the game does not have, then none: English, no error.
LOGIN_ENV="LANG=sv_SE.UTF-8 LC_ALL=sv_SE.UTF-8" login erin
check "erin (sv_SE): the name prompt in English" ui_wait "Name ["
ui_keys -l erin
ui_keys Enter
check "erin: the lobby in English" ui_wait "q  leave the arcade"
check "erin: no error about the locale" sh -c "! $TMUX_CMD capture-pane -p | grep -i -q -e locale -e 'cannot set'"
ui_keys q
ui_wait "EXIT=" >/dev/null
LOGIN_ENV="LANG= LC_ALL=" login erin
check "erin with no locale at all: English" ui_wait "q  leave the arcade"
done_testing
