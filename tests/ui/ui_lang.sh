#!/bin/sh
# The language chosen in the settings: the Language line cycles through
# the translations by their own names and "from the terminal"; Enter reads
# every screen in it at once, keeps it in the config file ("language =
# de", "language = zh_CN") for the next start, and "from the terminal" gives the terminal's
# language (English here) back.  An unknown code in the file is named and
# ignored.
. "$SRCDIR/tests/lib/tap.sh"
. "$SRCDIR/tests/lib/ui_lib.sh"

conf="$XDG_CONFIG_HOME/lightsout/config"
# The German is po/de.po's: " Moves %d ..." reads " Züge %d ...", the
# settings' "Language" line "Sprache".

ui_start --
ui_wait "Moves 0" >/dev/null
ui_keys m
check "the settings have a Language line, from the terminal at first" ui_wait "Language     ← from the terminal →"
# Language is three up from the first line (Reader and Colours after it).
ui_keys Up Up Up Right
check "the Language line offers English by its name" ui_wait "← English →"
ui_keys Right
check "... and Deutsch by its own name" ui_wait "← Deutsch →"
ui_keys Enter
check "the choice is kept" ui_kept "language = de"
check "the board reads in German at once (Züge)" ui_wait "Züge 0"
ui_keys q
ui_wait "EXIT=0" >/dev/null

ui_start --
check "the next start is in German (Züge)" ui_wait "Züge 0"
ui_wait "0 " >/dev/null
ui_keys m
check "the settings too (Sprache)" ui_wait "Sprache"
check "the Language line says Deutsch" ui_wait "← Deutsch →"
ui_keys Up Up Up Right
check "then Français, by its own name" ui_wait "← Français →"
ui_keys Right
check "then 简体中文 (Simplified Chinese), by its own name" ui_wait "← 简体中文 →"
ui_keys Right
check "then from the terminal again (in German: vom Terminal)" sh -c "$TMUX_CMD capture-pane -p | grep -q -e 'from the terminal' -e 'Terminal'"
ui_keys Enter
check "from the terminal: English again" ui_wait "Moves 0"
check "... and no language kept in the file" ui_unkept '^language'

ui_keys q
ui_wait "EXIT=0" >/dev/null

# Chinese, the widest letters: chosen, the board reads in it at once, it
# is kept as zh_CN and the next start is in Chinese, its settings too.
ui_start --
ui_wait "Moves 0" >/dev/null
ui_keys m Up Up Up Left
check "the Language line from the terminal goes back to 简体中文" ui_wait "← 简体中文 →"
ui_keys Enter
check "the board reads in Chinese at once (步数)" ui_wait "步数 0"
check "the choice is kept as zh_CN" ui_kept "language = zh_CN"
ui_keys q
ui_wait "EXIT=0" >/dev/null
ui_start --
check "the next start is in Chinese (步数)" ui_wait "步数 0"
ui_keys m
check "the settings too (语言), the line by its own name" ui_wait "← 简体中文 →"
ui_keys Escape q
ui_wait "EXIT=0" >/dev/null
rm -f "$conf"

# A code this build has no catalog for: said, and the terminal's language.
printf 'language = xx\n' >"$conf"
ui_start --
check "an unknown language in the file: English" ui_wait "Moves 0"
check "... and the file's line named" ui_wait "no language 'xx'"
ui_keys q
ui_wait "EXIT=0" >/dev/null
printf 'language = Deutsch!\n' >"$conf"
ui_start --
check "a language line that is no code: skipped with the usual note" ui_wait "config line 1: language"
ui_keys q
ui_wait "EXIT=0" >/dev/null
done_testing
