#!/bin/sh
# The command line in the user's language: --help and errors in German
# from a locale the machine has (de_DE.UTF-8, made by install-deps) and
# from LANGUAGE, in French from a locale it lacks (fr_CA.UTF-8: the
# catalog still read, the accents still UTF-8); English with no error for
# a language the game lacks and for no locale at all; what a script reads
# (solve's grid and JSON, analyze's line) the same in every language, and
# numbers read with their point under a locale that writes a comma.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
tr_of() { LC_ALL=C.UTF-8 LANGUAGE=$1 TEXTDOMAINDIR="$LIGHTSOUT_LOCALEDIR" gettext lightsout "$2"; }
command -v gettext > /dev/null || { skip "gettext(1) is not installed"; done_testing; exit; }
# solve's line of the usage, as the catalog says it in German.
de_usage=$(tr_of de "print a minimal solution of a board")
check "the German catalog has the usage ($de_usage)" sh -c '[ -n "$0" ] && [ "$0" != "print a minimal solution of a board" ]' "$de_usage"
run() { env -i PATH="$PATH" LIGHTSOUT_LOCALEDIR="$LIGHTSOUT_LOCALEDIR" "$@"; }

if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
	run LANG=de_DE.UTF-8 "$LIGHTSOUT" --help > "$T/out" 2> "$T/err"
	check "LANG=de_DE.UTF-8: --help in German, exit 0" sh -c "[ $? -eq 0 ] && grep -q -F -- '$de_usage' '$T/out' && [ ! -s '$T/err' ]"
else
	skip "de_DE.UTF-8 is not installed here (scripts/install-deps.sh makes it)"
fi
# The README's Quick start plays from the build tree: its catalogs beside
# the binary are found with no variable naming them.
env -i PATH="$PATH" LANG=C.UTF-8 LANGUAGE=de "$LIGHTSOUT" --help > "$T/out" 2> "$T/err"
check "from the build tree, no catalog named: German beside the binary" grep -q -F -- "$de_usage" "$T/out"
run LANG=C.UTF-8 LANGUAGE=de "$LIGHTSOUT" --help > "$T/out" 2> "$T/err"
check "LANGUAGE=de under C.UTF-8: German" grep -q -F -- "$de_usage" "$T/out"
# A bare "zh" is the language, not a catalog's name: it read English.
zh_solve=$(tr_of zh_CN "print a minimal solution of a board")
run LANG=C.UTF-8 LANGUAGE=zh "$LIGHTSOUT" --help > "$T/out" 2> "$T/err"
check "LANGUAGE=zh under C.UTF-8: Chinese ($zh_solve)" sh -c '[ -n "$0" ] && [ "$0" != "print a minimal solution of a board" ] && grep -q -F -- "$0" "$1"' "$zh_solve" "$T/out"
fr_err=$(tr_of fr "unknown or incomplete option '%s'" | cut -d"'" -f1)
run LANG=fr_CA.UTF-8 "$LIGHTSOUT" solve --bogus > "$T/out" 2> "$T/err"
rc=$?
check "LANG=fr_CA.UTF-8 (not installed): a usage error in French ($fr_err), exit 2" \
	sh -c "[ $rc -eq 2 ] && grep -q -F -- '$fr_err' '$T/err'"
check "... its accents as UTF-8" grep -q '[éèêàç]' "$T/err"
# A terminal without UTF-8 (a Latin-1 locale, here one the system lacks):
# the messages in plain ASCII, transliterated (ä as ae, é as e, « as "),
# never a "?" for a letter.
de_ascii=$(printf '%s' "$de_usage" | sed 's/ä/ae/g; s/ö/oe/g; s/ü/ue/g; s/ß/ss/g')
run LANG=de_DE.ISO-8859-1 "$LIGHTSOUT" --help > "$T/out" 2> "$T/err"
check "LANG=de_DE.ISO-8859-1: German --help in ASCII ($de_ascii), no '?' for a letter" \
	sh -c "grep -q -F -- '$de_ascii' '$T/out' && ! grep -q '[A-Za-z]?\|?[A-Za-z]' '$T/out' && ! LC_ALL=C grep -q '[^ -~]' '$T/out'"
fr_ascii=$(tr_of fr "unknown or incomplete option '%s'" | cut -d"'" -f1 | sed 's/é/e/g; s/è/e/g; s/ê/e/g; s/\xe2\x80\xaf/ /g')
run LANG=fr_FR.ISO-8859-15 "$LIGHTSOUT" solve --bogus > "$T/out" 2> "$T/err"
check "LANG=fr_FR.ISO-8859-15: a French error in ASCII ($fr_ascii)" \
	sh -c "grep -q -F -- '$fr_ascii' '$T/err' && ! LC_ALL=C grep -q '[^ -~]' '$T/err'"
for env in "LANG=sv_SE.UTF-8" "LANG=" "LANG=C"; do
	run $env "$LIGHTSOUT" --help > "$T/out" 2> "$T/err"
	check "$env: English --help, exit 0, nothing on stderr" \
		sh -c "[ $? -eq 0 ] && grep -q '^Common options: ' '$T/out' && [ ! -s '$T/err' ]"
done
# Every --help fits a terminal of 80 columns in every language: no line
# past 79 display columns (a German or French line runs a third longer
# than the English; a description too long for its column wraps under it).
cmds="play $(run LANG=C.UTF-8 "$LIGHTSOUT" --help | sed -n 's/^ *\(Usage: \)\{0,1\}lightsout \([a-z-]*\) .*/\2/p' | grep -v '^$')"
for l in en $(sed 's/#.*//' "$SRCDIR/po/LINGUAS"); do
	long=
	for c in "" $cmds; do
		run LANG=C.UTF-8 LANGUAGE=$l "$LIGHTSOUT" $c --help > "$T/help" 2>&1
		# (English: the main --help; a command's own English lines are its
		# options' reference as the man page has them.)
		[ $l = en ] && [ -n "$c" ] && continue
		w=$(LC_ALL=C.UTF-8 wc -L < "$T/help")
		[ "$w" -gt 79 ] && long="$long ${c:-lightsout}:$w"
	done
	check "$l: every --help within 79 columns (past it:${long:- none}; commands: $(echo $cmds))" test -z "$long"
done
printf '3 3\n111\n000\n000\n' > "$T/b"
for f in grid moves json; do
	run LANG=C.UTF-8 "$LIGHTSOUT" solve --format $f "$T/b" > "$T/en" 2>&1
	run LANG=C.UTF-8 LANGUAGE=fr "$LIGHTSOUT" solve --format $f "$T/b" > "$T/fr" 2>&1
	check "solve --format $f: the same in French" cmp -s "$T/en" "$T/fr"
	cp "$T/en" "$T/en.$f"
done
run LANG=C.UTF-8 "$LIGHTSOUT" analyze -s 4-6 > "$T/en"
run LANG=C.UTF-8 LANGUAGE=de "$LIGHTSOUT" analyze -s 4-6 > "$T/de"
check "analyze's lines: the same in German" cmp -s "$T/en" "$T/de"
if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
	run LANG=de_DE.UTF-8 "$LIGHTSOUT" solve --time-limit 0.5 "$T/b" > "$T/out" 2> "$T/err"
	check "under de_DE (a comma locale) --time-limit 0.5 reads as a number: the same answer" cmp -s "$T/out" "$T/en.grid"
fi
# Chinese, the seeds' language, for a client whose LANG is zh_CN.UTF-8
# (installed or not): every command's --help in Chinese, each line within
# 79 columns counted as a terminal shows them (a Chinese character takes
# two), but for a synopsis of options too wide in English as well.
zh_usage=$(tr_of zh_CN "Usage:")
check "the Chinese catalog has \"Usage:\" ($zh_usage)" sh -c '[ -n "$0" ] && [ "$0" != "Usage:" ]' "$zh_usage"
for cmd in "" solve analyze generate stats scores serve "serve --check" watch keys ssh-keys; do
	run LANG=zh_CN.UTF-8 "$LIGHTSOUT" $cmd --help > "$T/zh" 2> "$T/err"
	run LANG=C.UTF-8 "$LIGHTSOUT" $cmd --help > "$T/en" 2>&1
	wide=$(while IFS= read -r line; do
		[ "$(printf '%s\n' "$line" | LC_ALL=C.UTF-8 wc -L)" -le 79 ] && continue
		printf '%s\n' "$line" | sed "s/^$zh_usage/Usage: /" | grep -q -x -F -f - "$T/en" && continue
		printf '%s\n' "$line"
	done < "$T/zh" | head -3)
	check "LANG=zh_CN.UTF-8 lightsout ${cmd:+$cmd }--help: Chinese, within 79 columns${wide:+ (wider: $wide)}" \
		sh -c "grep -q -F -- '$zh_usage' '$T/zh' && [ -z \"\$0\" ] && [ ! -s '$T/err' ]" "$wide"
done
# Chinese on a terminal without UTF-8 (zh_CN.GB18030, not made here):
# no ASCII form for its characters, so English, never a line of "?".
run LANG=zh_CN.GB18030 "$LIGHTSOUT" --help > "$T/out" 2> "$T/err"
check "LANG=zh_CN.GB18030: --help in English ASCII, no '?' for a character" \
	sh -c "grep -q '^Common options: ' '$T/out' && ! grep -q '??' '$T/out' && ! LC_ALL=C grep -q '[^ -~]' '$T/out'"
run LANG=zh_CN.GB18030 "$LIGHTSOUT" solve --bogus > "$T/out" 2> "$T/err"
check "... and an error in English" grep -q -F "unknown or incomplete option '--bogus'" "$T/err"
done_testing
