#!/bin/sh
# Output that does not arrive is an error: one message on stderr, exit 2, and
# long commands stop at the first failed write.  Unknown commands: one line.
. "$SRCDIR/tests/lib/tap.sh"
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
printf 'lightsout-stats 1\n' >"$T/none"	# a statistics file with no games yet

# fails_writing HOW ARGS...: HOW is "full" (stdout /dev/full) or "closed".
fails_writing() {
	how=$1
	shift
	if [ "$how" = full ]; then
		"$LIGHTSOUT" "$@" > /dev/full 2> "$T/err" < /dev/null
	else
		"$LIGHTSOUT" "$@" >&- 2> "$T/err" < /dev/null
	fi
	rc=$?
	lines=$(wc -l < "$T/err")
	if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -q 'write error' "$T/err"; then
		ok "$* > $how: exit 2, one 'write error' line"
	else
		not_ok "$* > $how: exit $rc, stderr: $(head -c 300 "$T/err")"
	fi
}

if [ -w /dev/full ]; then
	for how in full closed; do
		fails_writing $how generate
		fails_writing $how generate -s 7 --par 10 --seed 1
		fails_writing $how analyze -s 1-40
		fails_writing $how analyze -s 5 -q
		fails_writing $how stats --file "$T/none"
		fails_writing $how --help
		fails_writing $how --version
		fails_writing $how solve --help
		fails_writing $how generate --help
		fails_writing $how play --help
		fails_writing $how play --version
		fails_writing $how keys
	done
	printf '101\n010\n101\n' > "$T/b"
	fails_writing full solve "$T/b"
	fails_writing full solve -f json "$T/b"
else
	skip "/dev/full is not writable here: the write-error checks"
fi

# With SIGPIPE ignored, a reader that goes away stops the command (EPIPE)
# instead of letting it compute every size to 3000x3000.
out=$( (trap '' PIPE; timeout 60 "$LIGHTSOUT" analyze -s 1-3000 2> "$T/err"; echo "rc=$?" > "$T/rc") | head -n 1)
if [ "$out" = "1x1 1 0 1" ] && grep -q 'rc=2' "$T/rc" && grep -q 'write error' "$T/err"; then
	ok "analyze stops at the first failed write when SIGPIPE is ignored"
else
	not_ok "analyze with SIGPIPE ignored: $(cat "$T/rc") $(head -c 200 "$T/err")"
fi

"$LIGHTSOUT" frobnicate > "$T/out" 2> "$T/err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$T/err")" -eq 2 ] && grep -q "unknown command 'frobnicate'" "$T/err" &&
	grep -q "Try 'lightsout --help'" "$T/err" && [ ! -s "$T/out" ]; then
	ok "an unknown command: one line and 'Try lightsout --help', exit 2"
else
	not_ok "unknown command: exit $rc, stderr: $(head -c 300 "$T/err")"
fi

done_testing
