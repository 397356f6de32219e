// zlib through Debian's zlib1g-dev: gzip request bodies and replies (EventHTTP's
// ContentCoding). zlib's init functions are macros that pass the library version and the
// stream size; these wrappers make them callable from Swift.
#include <zlib.h>

/// A gzip-only inflater (window 15, +16 = gzip header and trailer, no zlib or raw streams).
static inline int czlib_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

/// A gzip deflater at `level` (window 15, +16 = gzip wrapper, default memory level).
static inline int czlib_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
