/* A share code as a command line gives it: the code itself, @FILE for one
 * too long for a command line (a big board's code is longer than the
 * 128 KiB one argument may be), or - for standard input (a code pasted or
 * piped from anywhere).  Used by play and solve alike. */
#ifndef LO_CODEARG_H
#define LO_CODEARG_H

#include <stddef.h>

#include "engine/sharecode.h"

#define CODEARG_FILE_MAX (128 << 20)	/* the largest board's code is about 67 MB */

/* Decode the code arg names into sc (sharecode_free after).  0, or -1
 * with one line in err: the file's trouble, or why the code is bad (the
 * decoder's words, which name the share code). */
int codearg_read(const char *arg, sharecode *sc, char *err, size_t errlen);

#endif
