// The crash marker: a byte written to a file when the process dies of a crash signal, so that
// the next run can tell a crash (poison input) from a kill. It is C because a signal handler may
// do only async-signal-safe things: here one write(2), then the signal goes to whoever handled
// it before (the Swift runtime's backtracer, or the default action).
#include "crash_marker.h"

#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t marker_fd = -1;
static struct sigaction previous_actions[NSIG];
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};

static void on_crash(int signal_number) {
  if (marker_fd >= 0) {
    const char mark = 'x';
    ssize_t written = write(marker_fd, &mark, 1);
    (void)written;
  }
  sigaction(signal_number, &previous_actions[signal_number], NULL);
  // A fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE) happens again when the instruction is retried,
  // now reaching the previous handler with its real context; the others are sent again.
  if (signal_number == SIGABRT || signal_number == SIGTRAP) raise(signal_number);
}

int huewall_arm_crash_marker(int fd) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_crash;
  action.sa_flags = SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
    int signal_number = crash_signals[i];
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return -1;
    if (current.sa_handler == on_crash) continue;  // armed before
    previous_actions[signal_number] = current;
    if (sigaction(signal_number, &action, NULL) != 0) return -1;
  }
  marker_fd = fd;
  return 0;
}
