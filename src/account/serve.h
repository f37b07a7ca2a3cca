/* `lightsout serve`: the game behind a public SSH account (see serve.c). */
#ifndef LO_SERVE_H
#define LO_SERVE_H

/* argv[0] is "serve"; returns the process exit status.  The admin's
 * serve --check is not here but in cli/ (main sends it there). */
int serve_account(int argc, char **argv);

#endif
