#!/bin/sh
# Build the fuzz targets (libFuzzer + AddressSanitizer + UBSan, straight
# clang against the sources) and run each for FUZZ_SECONDS (default 20);
# FUZZ_ONLY="race live" runs those targets alone.
# New inputs go to a scratch directory, not to the committed corpora.
# Exit status 1 when any target crashes, leaks or fails to build; the
# reproducer is kept and named.
set -u
cd "$(dirname "$0")/.." || exit 1
CC=${FUZZ_CC:-clang}
seconds=${FUZZ_SECONDS:-20}
out=$(mktemp -d "${TMPDIR:-/tmp}/lightsout-fuzz.XXXXXX") || exit 1
CFLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined -D_POSIX_C_SOURCE=200809L -Isrc -I. -DLOCALEDIR=\"/nonexistent\""
ENGINE="src/engine/board.c src/engine/bitboard.c src/engine/rule.c src/engine/graph.c src/engine/rng.c src/engine/history.c src/engine/variant.c"
PERSIST="src/persist/savegame.c src/persist/textbuf.c src/persist/atomic.c src/persist/lock.c src/persist/aside.c \
	src/persist/status.c src/persist/paths.c src/persist/kv.c src/persist/parse.c"

failed=0
run() {
	name=$1
	shift
	case " ${FUZZ_ONLY:-$name} " in *" $name "*) ;; *) return ;; esac
	# shellcheck disable=SC2086
	# Every file may mark its messages (i18n.h, config.h from the
	# configured tree) and stands on the base: formats/lang.c, i18n.c
	# and base/ are in each.
	if ! $CC $CFLAGS -o "$out/fuzz_$name" "fuzz/fuzz_$name.c" "$@" src/formats/lang.c src/i18n.c src/base/*.c -lm \
		2> "$out/$name.build"; then
		cat "$out/$name.build"
		echo "fuzz $name: build failed"
		failed=1
		return
	fi
	mkdir -p "$out/corpus_$name"
	if "$out/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$out/$name-" "$out/corpus_$name" "fuzz/corpus/$name" > "$out/$name.log" 2>&1; then
		echo "fuzz $name: $(sed -n 's/^#\([0-9]*\).*DONE.*/\1/p' "$out/$name.log" | tail -n 1) runs, no crash"
	else
		tail -n 40 "$out/$name.log"
		echo "fuzz $name: FAILED; reproducer in $out/$name-*"
		failed=1
	fi
}

run boardio src/formats/boardio.c src/formats/outbuf.c $ENGINE
run graphio src/formats/graphio.c src/engine/graph.c
run sharecode src/engine/sharecode.c $ENGINE
run savegame $PERSIST $ENGINE
run stats src/persist/stats.c $PERSIST $ENGINE
run ladder src/persist/ladder.c $PERSIST $ENGINE
# Names are compared and checked with ICU (persist/name.c).
ICU=$(pkg-config --libs icu-uc icu-i18n 2>/dev/null || echo -licui18n -licuuc -licudata)
CFLAGS="$CFLAGS $(pkg-config --cflags icu-uc icu-i18n 2>/dev/null)" run scores src/persist/scores_*.c \
	src/persist/name.c src/persist/sha256.c $PERSIST $ENGINE $ICU
CFLAGS="$CFLAGS $(pkg-config --cflags icu-uc icu-i18n 2>/dev/null)" run name src/persist/name.c src/persist/sha256.c $ICU
# host.c reads a player's name from the host's database (players.c, store.c).
SQLITE=$(pkg-config --libs sqlite3 2>/dev/null || echo -lsqlite3)
HOSTDB="src/persist/players.c src/persist/store.c"
CFLAGS="$CFLAGS $(pkg-config --cflags icu-uc icu-i18n 2>/dev/null)" run race src/persist/racestore.c src/persist/network.c \
	src/persist/live.c src/persist/host.c $HOSTDB src/persist/name.c src/persist/sha256.c $PERSIST $ENGINE $ICU $SQLITE
run partfile src/formats/partfile.c
run sshkey src/persist/sshkey.c src/persist/sha256.c
# The drawing of what decodes: the whole engine, the game and the curses
# drawing code (config.h from the configured tree, for the engine's M4RI test).
CFLAGS="$CFLAGS -I. $(pkg-config --cflags ncursesw 2>/dev/null)" run draw src/engine/*.c src/game/game.c \
	src/game/overlay.c src/game/solver.c src/game/budget.c src/game/thread.c src/ui/draw.c src/ui/theme.c src/ui/layout.c src/ui/cells.c src/ui/chrome.c src/ui/glyphs.c src/ui/info.c \
	src/formats/boardio.c src/formats/outbuf.c $(pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw) -lpthread
CFLAGS="$CFLAGS -I. $(pkg-config --cflags ncursesw icu-uc icu-i18n 2>/dev/null)" run live src/engine/*.c src/game/game.c \
	src/game/overlay.c src/game/solver.c src/game/budget.c src/game/thread.c src/ui/draw.c src/ui/theme.c src/ui/layout.c src/ui/cells.c src/ui/chrome.c src/ui/glyphs.c src/ui/info.c \
	src/ui/watchview.c src/game/arcade.c src/persist/host.c $HOSTDB src/persist/aside.c src/persist/status.c src/persist/network.c src/persist/paths.c src/persist/live.c src/persist/name.c src/persist/sha256.c src/persist/lock.c \
	src/persist/atomic.c src/persist/kv.c src/persist/parse.c src/formats/boardio.c src/formats/outbuf.c \
	$(pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw) $ICU $SQLITE -lpthread
if [ $failed -eq 0 ]; then
	rm -rf "$out"
	echo "fuzz: all targets clean"
fi
exit $failed
