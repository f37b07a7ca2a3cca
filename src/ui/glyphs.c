#include "ui/glyphs.h"

#include <langinfo.h>
#include <string.h>
#include <strings.h>

#include "formats/boardio.h"

void glyphs_init(glyphs *gl, bool ascii)
{
	const char *cs = nl_langinfo(CODESET);
	gl->reader = false;
	gl->utf8 = !ascii && cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
	if (gl->utf8) {
		gl->on = "\u25cf";	/* ● */
		gl->off = "\u00b7";	/* · */
		gl->zero = "\u00b7";
		gl->arrows[0] = "\u2191";
		gl->arrows[1] = "\u2192";
		gl->arrows[2] = "\u2193";
		gl->arrows[3] = "\u2190";
		gl->dash = "\u2014";
		gl->dot = "\u00b7";
		gl->ellipsis = "\u2026";
		gl->star = "\u2605";
	} else {
		gl->on = "#";
		gl->off = ".";
		gl->zero = ".";
		gl->arrows[0] = "^";
		gl->arrows[1] = ">";
		gl->arrows[2] = "v";
		gl->arrows[3] = "<";
		gl->dash = "-";
		gl->dot = "|";
		gl->ellipsis = "~";
		gl->star = "*";
	}
}

/* Digits, not '#' and '.': a screen reader speaks "1 0 1" at its default
 * punctuation level, where it skips '.' and '#'; a braille display shows
 * each digit in one cell (computer braille), the board file's own 0 and 1,
 * and k > 2 reads the same way. */
void glyphs_reader(glyphs *gl)
{
	glyphs_init(gl, true);
	gl->reader = true;
	gl->on = "1";
	gl->off = "0";
	gl->zero = "0";
	gl->dot = ",";
	gl->star = "";
}

const char *glyphs_cell(const glyphs *gl, int v, int k, char *buf)
{
	if (gl->reader && k > 2) {
		buf[0] = boardio_symbol(v);
		buf[1] = '\0';
		return buf;
	}
	if (k == 2)
		return v ? gl->on : gl->off;
	if (k == 4)
		return gl->arrows[v & 3];
	if (v == 0)
		return gl->zero;
	buf[0] = boardio_symbol(v);
	buf[1] = '\0';
	return buf;
}
