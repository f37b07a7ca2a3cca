/* `lightsout keys`: every screen's key table as the README (Markdown) or
 * the man page (roff) lists it, printed from the tables the game
 * dispatches on, so the documentation cannot drift from the keys. */
#ifndef LO_KEYS_DOC_H
#define LO_KEYS_DOC_H

int cmd_keys(int argc, char **argv);

#endif
