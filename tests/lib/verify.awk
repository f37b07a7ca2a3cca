# Apply a solution grid to a board and print "clear" or "not clear".
# Independent of the program: plain loops over the rule's definition.
# Usage: awk -v k=K -v rule=plus|cross|x|box|knight|mask:ROWS/... -f verify.awk BOARD SOLUTION
# (a mask as the game's --rule takes it: odd rows of equal odd width, the
# pressed cell at its centre)
# Board and solution: rows of single symbols 0-9 (an "R C" line is skipped).
function val(ch) { return index("0123456789abcdefghijklmnopqrstuvwxyz", ch) - 1 }
FNR == 1 { file++ ; r = 0 }
NF == 2 && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && FNR == 1 { next }
{
	gsub(/ /, "")
	n = length($0)
	for (c = 1; c <= n; c++) {
		ch = substr($0, c, 1)
		v = (ch == "+" || ch == "#") ? 1 : (ch == "-" || ch == ".") ? 0 : val(ch)
		if (file == 1) b[r, c - 1] = v; else x[r, c - 1] = v
	}
	rows = r + 1; cols = n; r++
}
END {
	m = rule == "x" ? "101/010/101" : rule == "box" ? "111/111/111" : \
	    rule == "knight" ? "01010/10001/00100/10001/01010" : rule ~ /^mask:/ ? substr(rule, 6) : ""
	nm = m == "" ? 0 : split(m, mrow, "/")
	for (i = 0; i < rows; i++) for (j = 0; j < cols; j++) {
		p = x[i, j]
		if (!p) continue
		if (nm) {
			for (a = 1; a <= nm; a++) for (c = 1; c <= length(mrow[a]); c++) {
				if (substr(mrow[a], c, 1) != "1") continue
				ii = i + a - (nm + 1) / 2; jj = j + c - (length(mrow[a]) + 1) / 2
				if (ii >= 0 && ii < rows && jj >= 0 && jj < cols) b[ii, jj] += p
			}
		} else if (rule == "cross") {
			for (t = 0; t < cols; t++) b[i, t] += p
			for (t = 0; t < rows; t++) if (t != i) b[t, j] += p
		} else {
			b[i, j] += p
			if (i > 0) b[i - 1, j] += p
			if (i < rows - 1) b[i + 1, j] += p
			if (j > 0) b[i, j - 1] += p
			if (j < cols - 1) b[i, j + 1] += p
		}
	}
	for (i = 0; i < rows; i++) for (j = 0; j < cols; j++) if (b[i, j] % k) { print "not clear"; exit }
	print "clear"
}
