/* The graph file format: any board as press sets (engine/graph.h).
 *
 *   # a comment, to the end of the line; blank lines are ignored
 *   graph N                      first: the number of vertices, 1 to 10000
 *   V: W W ...                   vertex V (1..N) and its press set: the
 *                                vertices a press at V changes, V itself
 *                                only if listed (directed is fine)
 *   V at ROW COL: W W ...        the same, drawn at character ROW, COL
 *                                (0-based; all vertices or none)
 *
 * Every vertex has exactly one line, in any order.  A graph whose vertices
 * carry coordinates can be played; the CLI takes any graph.  Errors give
 * the line and column, as board files do. */
#ifndef LO_GRAPHIO_H
#define LO_GRAPHIO_H

#include <stddef.h>
#include <stdio.h>

#include "formats/boardio.h"
#include "engine/graph.h"

graph *graphio_parse(const char *text, size_t len, boardio_error *err);
graph *graphio_read(FILE *f, boardio_error *err);

#endif
