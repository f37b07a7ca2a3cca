/* Standard output, checked: a command whose output did not arrive (disk
 * full, stdout closed, reader gone with SIGPIPE ignored) says so once and
 * exits 2 instead of reporting success. */
#ifndef LO_OUTPUT_H
#define LO_OUTPUT_H

/* Flush stdout; -1 (after one message "lightsout WHO: write error: ...")
 * when any write so far failed.  Long commands call it between results so
 * they stop at the first failure instead of computing to the end. */
int output_check(const char *who);

/* The command's status, or EXIT_USAGE when stdout could not be written or
 * closed.  Called once, by main, after the command. */
int output_finish(const char *who, int status);

#endif
