/* A game_config for the tests: rows x cols, k, a rule, torus or not. */
#ifndef LO_TEST_GAME_CONFIG_H
#define LO_TEST_GAME_CONFIG_H

#include <stdio.h>
#include <string.h>

#include "game/game.h"

static inline game_config test_config(int rows, int cols, int k, const char *spec, bool torus)
{
	game_config c;
	memset(&c, 0, sizeof c);
	variant_default(&c.v);
	c.v.rows = rows;
	c.v.cols = cols;
	c.v.k = k;
	c.v.torus = torus;
	snprintf(c.v.rule, sizeof c.v.rule, "%s", spec);
	c.par = -1;
	return c;
}

#endif
