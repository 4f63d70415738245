#ifndef HUEWALL_CRASH_MARKER_H
#define HUEWALL_CRASH_MARKER_H

/// From now on a crash signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) writes one
/// byte to `fd` before the process dies as it would have. Returns 0, or -1 with errno set.
int huewall_arm_crash_marker(int fd);

#endif
