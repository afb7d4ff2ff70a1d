/*
 * A frozen wall clock for redis-server, loaded with LD_PRELOAD.
 *
 * The differential suites compare scripts that read TIME against a simulator
 * whose clock is set by the test, so the real server's wall clock must stand
 * still at a value the test chooses. libfaketime hangs redis-server (it
 * allocates inside its interposed calls, which clashes with jemalloc), so this
 * shim stays minimal: no malloc, no stdio, no dlsym, only raw system calls.
 *
 * What it answers. Redis 7.0.15 reads the wall clock through gettimeofday()
 * (ustime()/mstime(), hence server.mstime, and the TIME command itself) and
 * time(); clock_gettime(CLOCK_REALTIME) is answered too so that nothing can
 * read the real wall time by another door. CLOCK_MONOTONIC and every other clock are
 * passed through untouched: the event loop's timers (ae.c) and the busy-script
 * detection (script.c, getMonotonicUs) run on the monotonic clock, and freezing
 * it would stop serverCron and make a long script unkillable.
 *
 * Where the value comes from. CLOCK_SHIM_FILE names a file holding one decimal
 * number, microseconds since the epoch. It is read on every call, so a test
 * moves the clock by rewriting the file (write a temporary file, then rename,
 * so a read never sees half a number). When the variable is unset or the file
 * cannot be read or parsed, the real clock answers.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const char *shim_path(void) {
  static const char name[] = "CLOCK_SHIM_FILE=";
  for (char **e = environ; e && *e; e++) {
    const char *s = *e;
    size_t i = 0;
    while (name[i] && s[i] == name[i]) i++;
    if (name[i] == '\0') return s + i;
  }
  return NULL;
}

/* The frozen time in microseconds, or -1 when the real clock should answer. */
static long long frozen_us(void) {
  const char *path = shim_path();
  if (path == NULL || *path == '\0') return -1;
  int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char buf[32];
  long n = (long)syscall(SYS_read, fd, buf, sizeof buf - 1);
  syscall(SYS_close, fd);
  if (n <= 0) return -1;
  long long v = 0;
  int digits = 0;
  for (long i = 0; i < n; i++) {
    char c = buf[i];
    if (c >= '0' && c <= '9') {
      v = v * 10 + (c - '0');
      digits++;
    } else if (c == '\n' || c == ' ' || c == '\r') {
      break;
    } else {
      return -1;
    }
  }
  return digits > 0 ? v : -1;
}

int clock_gettime(clockid_t clk, struct timespec *ts) {
  if (clk == CLOCK_REALTIME || clk == CLOCK_REALTIME_COARSE) {
    long long us = frozen_us();
    if (us >= 0) {
      ts->tv_sec = (time_t)(us / 1000000);
      ts->tv_nsec = (long)(us % 1000000) * 1000;
      return 0;
    }
  }
  return (int)syscall(SYS_clock_gettime, clk, ts);
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  long long us = frozen_us();
  if (us < 0) return (int)syscall(SYS_gettimeofday, tv, tz);
  /* glibc declares tv non-null, so it is not tested */
  tv->tv_sec = (time_t)(us / 1000000);
  tv->tv_usec = (suseconds_t)(us % 1000000);
  if (tz != NULL) {
    struct timezone *z = tz;
    z->tz_minuteswest = 0;
    z->tz_dsttime = 0;
  }
  return 0;
}

time_t time(time_t *out) {
  long long us = frozen_us();
  time_t t;
  if (us >= 0) {
    t = (time_t)(us / 1000000);
  } else {
    struct timespec ts;
    syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
    t = ts.tv_sec;
  }
  if (out != NULL) *out = t;
  return t;
}
