#!/bin/sh
# lightsout-shell, the public account's login shell, on its own (root: the
# files it trusts must be root's): whatever it is asked (-c COMMAND, a
# login shell's "-" name, other words) it runs the lightsout beside it with
# "serve" and the words of the serve.options beside it, comments dropped,
# in an environment of the names it keeps (the client's LANG and LC_*
# among them, not LANGUAGE), PATH its own; it refuses an
# options file or a directory others could write, and a file not root's,
# without running anything.  A stand-in game prints what it was given.
. "$SRCDIR/tests/lib/tap.sh"

: "${LIGHTSOUT_SHELL:?LIGHTSOUT_SHELL must name the lightsout-shell binary}"
# --help and --version, the one word given (an admin's, automake's
# std-options; sshd never gives it): to standard output, status 0,
# nothing on standard error and nothing run, wherever the shell lies.
for opt in --help --version; do
	out=$("$LIGHTSOUT_SHELL" $opt 2>/dev/null)
	rc=$?
	err=$("$LIGHTSOUT_SHELL" $opt 2>&1 >/dev/null)
	check "$opt: printed to standard output, status 0 (status $rc)" test "$rc" = 0 -a -n "$out" -a -z "$err"
done
check "... --help says what it is" sh -c 'printf "%s\n" "$0" | grep -q "^Usage: lightsout-shell"' \
	"$("$LIGHTSOUT_SHELL" --help)"
check "... --version its version" test "$("$LIGHTSOUT_SHELL" --version)" = "lightsout-shell (lightsout) $(
	"$LIGHTSOUT" --version | sed 's/^lightsout //')"
if [ "$(id -u)" -ne 0 ]; then
	skip "the rest needs root: the shell trusts only root's files"
	done_testing
	exit
fi
sd=$(mktemp -d /run/lightsout-shell.XXXXXX) || exit 1
trap 'rm -rf "$sd"' EXIT
chmod 755 "$sd"
cp "$LIGHTSOUT_SHELL" "$sd/lightsout-shell"
printf '#!/bin/sh\necho "ARGV0=$0"\nfor a in "$@"; do echo "ARG=$a"; done\nenv | sort | sed "s/^/ENV:/"\n' >"$sd/lightsout"
chmod 755 "$sd/lightsout-shell" "$sd/lightsout"
printf '# the limits\n--guests 3 --players 9   # trailing comment\n--idle 2s#glued\n\n-- --daily\n' >"$sd/serve.options"
chmod 644 "$sd/serve.options"
has() { printf '%s\n' "$out" | grep -q -x -e "$1"; }
args() { printf '%s\n' "$out" | sed -n 's/^ARG=//p' | tr '\n' ' '; }

out=$(env -i HOME=/x LANG=C.UTF-8 LC_MESSAGES=fr_FR.UTF-8 LANGUAGE=de FOO=bar LD_PRELOAD=/evil.so \
	SSH_ORIGINAL_COMMAND=rename PATH=/evil "$sd/lightsout-shell" -c 'id; echo PWNED' 2>&1)
rc=$?
check "-c COMMAND runs the game, not the command (status $rc)" test "$rc" = 0 -a "${out#*PWNED}" = "$out"
check "... the lightsout beside the shell" has "ARGV0=$sd/lightsout"
check "... with serve and serve.options' words, comments dropped" \
	test "$(args)" = "serve --guests 3 --players 9 --idle 2s -- --daily "
check "... the names the game reads kept" sh -c "printf '%s\n' \"\$0\" | grep -q -x 'ENV:LANG=C.UTF-8' &&
	printf '%s\n' \"\$0\" | grep -q -x 'ENV:SSH_ORIGINAL_COMMAND=rename'" "$out"
check "... the client's LC_MESSAGES kept" has "ENV:LC_MESSAGES=fr_FR.UTF-8"
check "... others dropped (FOO, LD_PRELOAD, LANGUAGE)" \
	sh -c "! printf '%s\n' \"\$0\" | grep -q -e '^ENV:FOO=' -e '^ENV:LD_PRELOAD=' -e '^ENV:LANGUAGE='" "$out"

check "... PATH its own" has "ENV:PATH=/usr/bin:/bin"
out=$(bash -c 'exec -a -lightsout-shell "$0"' "$sd/lightsout-shell" 2>&1)
check "a login shell (no -c) runs the game too" has "ARG=serve"
out=$("$sd/lightsout-shell" -c --help 2>&1)
check "-c --help (a client's command) runs the game" has "ARG=serve"
out=$("$sd/lightsout-shell" --help 2>&1)
check "--help alone runs nothing" test "${out#*ARGV0=}" = "$out"

chown nobody "$sd/serve.options"
out=$("$sd/lightsout-shell" -c id 2>&1)
rc=$?
check "serve.options not root's: refused (status $rc), nothing run" test "$rc" = 1 -a "${out#*ARGV0=}" = "$out"
check "... saying why" has ".*serve.options: not owned by root.*"
chown root "$sd/serve.options"
chmod 664 "$sd/serve.options"
out=$("$sd/lightsout-shell" 2>&1)
check "serve.options writable by its group: refused" has ".*serve.options: writable by others than root.*"
chmod 644 "$sd/serve.options"
chmod 777 "$sd"
out=$("$sd/lightsout-shell" 2>&1)
check "its directory writable by others: refused" has ".*$sd: writable by others than root.*"
chmod 755 "$sd"
rm "$sd/serve.options"
out=$("$sd/lightsout-shell" 2>&1)
check "no serve.options: serve with its own limits" test "$(args)" = "serve "
# It starts nothing but the game: execve is all it imports to that end.
if command -v nm >/dev/null 2>&1 && ! sanitized; then
	spawns=$(nm -D "$LIGHTSOUT_SHELL" | grep -E ' U (system|popen|fork|vfork|exec[lv]p?e?|posix_spawnp?|dlopen)(@|$)' |
		sed 's/.* U //; s/@.*//' | tr '\n' ' ')
	check "it imports execve and nothing else that starts a program ($spawns)" test "$spawns" = "execve "
fi
done_testing
