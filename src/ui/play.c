#include "play.h"

#include <stdio.h>

int play_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "lightsout: the game is not built yet; try 'lightsout --help'\n");
	return 2;
}
