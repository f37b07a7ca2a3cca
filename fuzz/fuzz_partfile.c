/* libFuzzer target: the part blocks of a split search (solve --merge) and
 * their merge.  Whatever is accepted writes back to the same parts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/partfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_part(const partfile *p)
{
	if (p->part < 1 || p->part > p->parts || p->first >= p->last || p->last > p->combinations ||
	    p->searched < p->first || p->searched > p->last || p->lower_bound > p->weight)
		abort();	/* a block the parser should have refused */
	for (int i = 0; i < p->rows * p->cols; i++)
		if (p->x[i] >= p->k)
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	partfile *parts = NULL;
	int count = 0;
	partfile_error err;
	int rc = partfile_parse((const char *)data, size, "fuzz", &parts, &count, &err);
	if (rc < 0 && (!err.msg[0] || err.line < 1))
		abort();	/* refused without saying why or where */
	for (int i = 0; i < count; i++)
		check_part(&parts[i]);
	/* Written back and read again: the same parts. */
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (f) {
		for (int i = 0; i < count; i++)
			partfile_write(f, &parts[i]);
		fclose(f);
		partfile *again = NULL;
		int n = 0;
		if (partfile_parse(text, len, "again", &again, &n, &err) < 0 || n != count)
			abort();
		for (int i = 0; i < n; i++) {
			const partfile *a = &parts[i], *b = &again[i];
			if (a->weight != b->weight || a->first != b->first || a->last != b->last || a->part != b->part ||
			    a->board_digest != b->board_digest || strcmp(a->rule, b->rule) != 0 ||
			    memcmp(a->x, b->x, (size_t)a->rows * (size_t)a->cols) != 0)
				abort();
		}
		partfile_free(again, n);
		free(text);
	}
	partfile_merged m;
	char msg[512];
	msg[0] = '\0';
	if (partfile_merge(parts, count, &m, msg, sizeof msg) == 0) {
		if (!m.best || m.lower_bound > m.best->weight || (m.optimal && m.lower_bound != m.best->weight))
			abort();
	} else if (!msg[0])
		abort();
	partfile_free(parts, count);
	return 0;
}
