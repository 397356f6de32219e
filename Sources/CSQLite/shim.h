// SQLite from Debian's libsqlite3-dev.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: bound blobs are copied by SQLite.
static inline sqlite3_destructor_type tessera_sqlite_transient(void) { return SQLITE_TRANSIENT; }
