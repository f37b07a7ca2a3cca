#!/bin/sh
# A share code entered in the game (P): pasted, it plays its board; a
# mistyped one is refused with the decoder's reason and the field stays
# open; the share page says how to play a code in the game.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

code=$("$LIGHTSOUT" generate -s 4 --seed 3 --code)
want=$("$LIGHTSOUT" generate -s 4 --seed 3 | tail -n +2)
# The same code with its last character changed: its checksum fails.
last=${code#"${code%?}"}
[ "$last" = 0 ] && other=1 || other=0
bad="${code%?}$other"

b=$(ui_board_file three.txt 010 111 010)
ui_start -- play --load "$b"
ui_wait "Moves 0 " >/dev/null
ui_keys Space
ui_wait "Moves 1 " >/dev/null
ui_keys P
check "P opens a field for a share code" ui_wait "Play a share code"
ui_keys -l "$bad"
ui_keys Enter
check "a mistyped code is refused with the decoder's reason" ui_wait "checksum: a character is mistyped"
check "and the field stays open" ui_wait "Play a share code"
ui_keys C-u
ui_gone "$bad" >/dev/null
# Pasted in two pieces, a line break between (the share page's lines):
# the first is refused, the second makes it whole.
ui_keys -l "$(printf '%s' "$code" | cut -c1-8)"
ui_keys Enter
ui_keys -l "$(printf '%s' "$code" | cut -c9-)"
ui_keys Enter
check "leaving a game in progress for the code's board asks first" ui_wait "It counts as a loss. (y/n)"
ui_keys y
check "a good code plays its board" ui_board_is $want
check "a 4x4 board, as the code says" ui_wait "classic 4x4"
ui_keys c
check "the share page says P plays a code in the game" ui_wait "or press P in the game and paste it"
ui_keys q
ui_keys P
ui_wait "Play a share code" >/dev/null
ui_keys Escape
check "Esc closes the field, the board kept" ui_gone "Play a share code"
check "the same board" ui_board_is $want
ui_keys q
ui_wait "EXIT=0" >/dev/null

# Over SSH the share page speaks to a player without a shell of their own.
ui_start SSH_CONNECTION=1 -- play --load "$b"
ui_wait "Moves 0 " >/dev/null
ui_keys c
check "over SSH: others paste it with P" ui_wait "Others play it by pressing P in the game and pasting it"

done_testing
