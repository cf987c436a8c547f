/* libAppKit: loaded for its classes on a Mac; the harness's classes live in libobjc, so this is empty. */
#include "sim.h"

int sim_appkit_loaded = 1;
