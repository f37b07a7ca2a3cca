/* A curses screen on /dev/null for the fuzz targets that draw: opened once
 * per process (libFuzzer runs many inputs in one), ASCII and UTF-8 glyphs
 * alike through gl. */
#ifndef LO_FUZZ_SCREEN_H
#define LO_FUZZ_SCREEN_H

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>

#include "ui/glyphs.h"

static SCREEN *scr;
static glyphs gl;

static void screen_open(void)
{
	if (scr)
		return;
	setenv("TERM", "xterm-256color", 1);
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	scr = newterm(NULL, out, in);
	if (!scr)
		abort();
	glyphs_init(&gl, false);
}

#endif
