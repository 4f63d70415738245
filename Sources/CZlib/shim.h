#ifndef HUEWALL_CZLIB_SHIM_H
#define HUEWALL_CZLIB_SHIM_H

#include <zlib.h>

// deflateInit2 is a macro that passes zlib's version and the stream's size; Swift cannot call
// a macro, so this function does.
static inline int huewall_deflate_init_gzip(z_streamp stream, int level) {
  // 15 + 16: a 32 KiB window, wrapped as gzip (RFC 1952) rather than zlib.
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
