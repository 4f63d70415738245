#ifndef HUEWALL_CGD_SHIM_H
#define HUEWALL_CGD_SHIM_H

#include <gd.h>
#include <gd_errors.h>

#endif
