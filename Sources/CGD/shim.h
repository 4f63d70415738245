#ifndef HUEWALL_CGD_SHIM_H
#define HUEWALL_CGD_SHIM_H

#include <gd.h>
#include <gd_errors.h>
// mallopt: libgd allocates image rows one by one; see ImageDecoder.keepFreedMemoryForReuse.
#include <malloc.h>
#include <stdio.h>
#include <sys/types.h>

// libpng, under libgd, prints its warnings ("libpng warning: iCCP: known incorrect sRGB
// profile") with fprintf(stderr, ...). glibc's fopencookie lets C's stderr become a stream whose
// writes Huewall sees, so that those lines join libgd's own messages. Its declaration needs
// _GNU_SOURCE, which the system module was built without: declared here under another name.
typedef ssize_t (*huewall_stream_write)(void *cookie, const char *bytes, size_t count);
typedef struct {
  void *read;
  huewall_stream_write write;
  void *seek;
  void *close;
} huewall_stream_functions;
FILE *huewall_fopencookie(void *cookie, const char *mode, huewall_stream_functions functions)
    __asm__("fopencookie");

/// Makes `stream` the process's C stderr.
static inline void huewall_replace_stderr(FILE *stream) { stderr = stream; }

#endif
