/* libFuzzer target: the graph file parser.  What it accepts must be a
 * well-formed graph: sets sorted, members in range. */
#include <stdint.h>
#include <stdlib.h>

#include "formats/graphio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	boardio_error err;
	graph *g = graphio_parse((const char *)data, size, &err);
	if (g) {
		for (int j = 0; j < g->n; j++)
			for (int t = g->start[j]; t < g->start[j + 1]; t++)
				if (g->set[t] < 0 || g->set[t] >= g->n || (t > g->start[j] && g->set[t] <= g->set[t - 1]))
					abort();	/* a set the parser let through */
		graph_free(g);
	} else if (!err.msg[0])
		abort();		/* refused without saying why */
	return 0;
}
