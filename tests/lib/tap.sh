# TAP helpers for the shell tests.  Source it; call ok/not_ok/check; done_testing at the end.
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
# check DESCRIPTION COMMAND...: passes when the command succeeds.
check() { d=$1; shift; if "$@"; then ok "$d"; else not_ok "$d"; fi; }
done_testing() { echo "1..$n"; [ "$failed" -eq 0 ]; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $*"; }
# Sanitizer builds reserve terabytes of address space for their shadow
# memory: a test of behaviour under `ulimit -v` cannot run under them.
sanitized() { grep -q -a -e __asan_init -e __tsan_init "$LIGHTSOUT" 2>/dev/null; }
# memory_floor: the least `ulimit -v` (KB) under which the program runs at
# all, found by halving, into floor: the tests' limits are this plus what
# the case at hand may take.  Under a low limit glibc quietly does without
# the locale archive (a 6.5 MB map once de_DE and fr_FR are generated), so a
# floor measured with it would sit below what a run that got it needs: the
# test runs in the C locale from here on, which maps no archive at all.
memory_floor() {
	LC_ALL=C
	export LC_ALL
	floor=1000
	_hi=600000
	while [ $((_hi - floor)) -gt 250 ]; do
		_mid=$(((floor + _hi) / 2))
		if (ulimit -v "$_mid" && exec "$LIGHTSOUT" --version) > /dev/null 2>&1; then _hi=$_mid; else floor=$_mid; fi
	done
	floor=$_hi
}
