// hiredis from Debian's libhiredis-dev (0.14 on bookworm): the blocking API, one connection
// per caller at a time, with connect and command timeouts.
#include <features.h>
#include <sys/time.h>
#include <hiredis/hiredis.h>
