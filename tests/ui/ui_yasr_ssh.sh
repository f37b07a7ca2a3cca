#!/bin/sh
# The arcade as a real screen reader hears it (issue 45), through the
# public account and a real sshd as root (tests/lib/arcade_lib.sh): carol
# plays under yasr (tests/lib/yasr_lib.sh); her lobby, her board, a race
# dave offers her, its go and her way back to the lobby are each heard
# first and whole.
if ! command -v yasr >/dev/null 2>&1; then
	echo "1..0 # SKIP yasr is not installed"
	exit 0
fi
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"
. "$SRCDIR/tests/lib/sshd_lib.sh"
. "$SRCDIR/tests/lib/yasr_lib.sh"

sshd_root_test "it makes the public account and runs sshd for it" sshd ssh ssh-keygen useradd userdel usermod runuser su setsid
. "$SRCDIR/tests/lib/arcade_lib.sh"
arcade_key carol dave || exit 1
arcade_start
if [ -z "$acct" ] || [ -z "$port" ]; then
	echo "1..0 # SKIP the public account or its sshd did not start"
	exit 0
fi

# carol's ssh client under yasr, in the test's pane.
ui_next_server
yasr_script "$ui_tmp/carol.sh" sh "$s/ssh" carol -tt
$TMUX_CMD new-session -d -x 80 -y 24 "'$ui_tmp/carol.sh'; echo EXIT=\$?; exec sleep 600"
$TMUX_CMD set-option -g window-size manual >/dev/null 2>&1
check "the name prompt" ui_wait "Name ["
ui_keys -l carol
key Enter
check "the lobby" ui_wait "s  screen-reader mode on"
key s
check "s: the mode on, heard first" heard_first "Screen-reader mode on: each key is said here."
key f
check "f: the board heard first" heard_first_re 'Board: row 1, column 1: o(n|ff)\.'
key Space
check "a press: heard whole" heard_first_re 'pressed row 1, column 1: [0-9]+ cells? changed, [0-9]+ lights? on\.'

D="tmux -L lo$$-dave -f /dev/null"
arcade_exit_hook() { $D kill-server >/dev/null 2>&1; }
$D new-session -d -x 80 -y 24 "sh '$s/ssh' dave -tt; echo EXIT=\$?; exec sleep 600"
$D set-option -g window-size manual >/dev/null 2>&1
as_dave() { (TMUX_CMD=$D; "$@"); }
as_dave ui_wait "Name [" >/dev/null
$D send-keys -l dave
$D send-keys Enter
as_dave ui_wait "q  leave the arcade" >/dev/null
echo "q {== (dave's challenge)}" >>"$heard"
$D send-keys r
as_dave ui_wait "carol" >/dev/null
$D send-keys Enter
as_dave ui_wait "Waiting for carol" >/dev/null
check "carol: the challenge heard whole on her board" heard_first "dave challenges you to a race: v to take it."
key v
check "v: where it went, heard first" heard_first "Leaving the board: the race."
check "... then the count whole" heard_re 'Racing dave: the board in 3\.\.\.'
check "... then the go whole, the new board with it" heard_re 'Race against dave: go! .*New board, .*'
key q
check "q on the race's board: its question heard whole" heard_first "Leave the race for the lobby? dave wins by forfeit. (y/n)"
key y
# Where it went and the race's end, wrapped above the lobby's foot (not
# cut at the width), before the lobby is read.
check "y: where it went and the race's end, heard first" heard_first_re 'Leaving the board: the lobby\. You left the race.*'
second_heard() { since_key | sed -n 2p | grep -q -v -e '^Lights Out$' -e '^Press a key'; }
check "... its end on the next line, heard next" second_heard
done_testing
