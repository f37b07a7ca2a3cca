/* The command-line commands; each returns the exit status:
 * 0 done, 1 unsolvable, 2 usage or input error. */
#ifndef LO_COMMANDS_H
#define LO_COMMANDS_H

#define EXIT_UNSOLVABLE 1
#define EXIT_USAGE 2

int cmd_solve(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_generate(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_scores(int argc, char **argv);
int cmd_sshkeys(int argc, char **argv);

#endif
