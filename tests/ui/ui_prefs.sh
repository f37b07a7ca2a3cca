#!/bin/sh
# Settings kept: what the settings menu applies is the next start's
# default, the command line overrides it for one run, and a bad line in
# the file is named and skipped.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

conf="$XDG_CONFIG_HOME/lightsout/config"
ui_start --
ui_wait "5x5" >/dev/null
ui_keys m
ui_wait "Settings" >/dev/null
ui_keys Right Enter
check "the settings apply: a 6x5 board" ui_wait "6x5"
check "... and say that they are kept" ui_wait "Saved as your default"
ui_keys p
ui_wait "Preview off" >/dev/null
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "the settings are kept" grep -q "^size = 6x5$" "$conf"
check "... and the preview" grep -q "^preview = no$" "$conf"
ui_start --
check "the next start plays them" ui_wait "6x5"
check "... saying where the board's kind came from" ui_wait "Your default from the settings: classic 6x5"
check "... with the preview off" sh -c "! ( $TMUX_CMD capture-pane -p | grep -q '‹' )"
ui_keys q
ui_wait "EXIT=0" >/dev/null
# A colour theme: chosen in the settings (the last line, one up from the first), kept
# at once without a new board, offered again at the next start.
ui_start --
ui_wait "6x5" >/dev/null
ui_keys m
ui_wait "Colours" >/dev/null
check "the settings' footer: Enter keeps the game while nothing of the board changes" ui_wait "Enter: apply, game kept"
ui_keys Up Right
check "the settings offer colour themes" ui_wait "Colours      ← amber →"
check "... and colours keep the game, as the footer says" ui_wait "Enter: apply, game kept"
ui_keys Down Right
check "a new size: the footer says Enter makes a new board" ui_wait "Enter: new board"
ui_keys Left
ui_wait "Enter: apply, game kept" >/dev/null
ui_keys Up
ui_wait "Colours      ← amber →" >/dev/null
ui_keys Enter
ui_wait "Moves 0" >/dev/null
check "a theme is kept at once" ui_kept "theme = amber"
ui_keys q
ui_wait "EXIT=0" >/dev/null
ui_start --
ui_wait "6x5" >/dev/null
ui_keys m
check "... and is the next start's" ui_wait "Colours      ← amber →"
ui_keys Escape q
ui_wait "EXIT=0" >/dev/null
ui_start -- --size 4
check "the command line wins for one run" ui_wait "4x4"
ui_keys q
ui_wait "EXIT=0" >/dev/null
check "... and changes nothing kept" grep -q "^size = 6x5$" "$conf"
# A variant option on the command line starts from the classic rules: the
# saved default (here hex 6x5) is not mixed into -k 3.
printf 'size = 6x5\nrule = hex\n' >"$conf"
ui_start -- -k 3
check "-k 3 with a saved hex default: a classic 5x5 board of 3 states" ui_wait "classic 5x5 · 3 states"
ui_keys q
ui_wait "EXIT=" >/dev/null
# The daily board is everyone's: the saved default does not change it.
ui_start -- --daily
check "--daily with a saved hex default: the classic daily board" ui_wait "classic 5x5"
ui_keys q
ui_wait "EXIT=" >/dev/null
printf 'size = 6x5\n' >"$conf"
printf 'size = 6x5\nrule = hexagon\n' >"$conf"
ui_start --
check "a bad line is named" ui_wait "config line 2: rule: not a rule lightsout knows (skipped)"
check "... and the rest is used" ui_wait "6x5"
ui_keys q
ui_wait "EXIT=0" >/dev/null
printf 'size = 6x5\n' >"$XDG_CONFIG_HOME/other"
rm -f "$conf"
ln -s "$XDG_CONFIG_HOME/other" "$conf"
ui_start --
check "a symlinked settings file is not read: said" ui_wait "settings not read"
check "... and the defaults are played" ui_wait "5x5"
ui_keys q
ui_wait "EXIT=0" >/dev/null
rm -f "$conf"

done_testing
