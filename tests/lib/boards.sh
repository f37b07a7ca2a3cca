# Boards for the CLI's tests, made by awk (no lightsout in the making).
# Source it after tap.sh.

# board R C [S]: R rows of C cells, random (seed S), or all lit without S.
board() {
	awk -v R="$1" -v C="$2" -v S="${3:-}" 'BEGIN {
		if (S != "") srand(S)
		for (i = 0; i < R; i++) {
			s = ""
			for (j = 0; j < C; j++) s = s (S == "" || rand() < 0.5 ? "1" : "0")
			print s
		}
	}'
}
