/* The curses game: `lightsout` and `lightsout play`. */
#ifndef LO_CMD_PLAY_H
#define LO_CMD_PLAY_H

/* argv[0] is "play"; returns the process exit status. */
int play_main(int argc, char **argv);

#endif
