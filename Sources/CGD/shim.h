#ifndef HUEWALL_CGD_SHIM_H
#define HUEWALL_CGD_SHIM_H

#include <gd.h>
#include <gd_errors.h>
// mallopt: libgd allocates image rows one by one; see ImageDecoder.keepFreedMemoryForReuse.
#include <malloc.h>

#endif
