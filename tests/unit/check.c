/* check.c - the state of check.h's macros, one copy linked into each unit test (and
 * read by the helpers beside them, ip_util.c). */
#include "check.h"

int check_failures;
int check_failed_tests;
const char *check_context;
