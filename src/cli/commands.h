/* The command-line tools' commands; each returns the exit status:
 * 0 done, 1 unsolvable, 2 usage or input error (EXIT_*). */
#ifndef LO_COMMANDS_H
#define LO_COMMANDS_H

#include <stdbool.h>

#include "formats/output.h"

int cmd_solve(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_generate(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_scores(int argc, char **argv);
int cmd_sshkeys(int argc, char **argv);
/* serve --check (argv[0] is "serve"), and whether a serve's arguments ask
 * for it (any of its options before "--"): main sends those here, the
 * others to the account's front door (account/serve.h). */
int cmd_serve_check(int argc, char **argv);
bool serve_check_wanted(int argc, char **argv);

#endif
