/*
 * guest_log.c - where the runtime's own messages go while a guest runs: the
 * unsupported system calls (syscall.c), the refused threads (process.c), how a
 * guest process other than the first ended (dispatch.c, and 'hwprof run' for an
 * exec'd one).  By default they go to stderr, which the guest shares; with
 * dbt_options.messages they are appended to that file instead, so that the
 * guest's stderr holds only what the guest wrote ('hwprof compare' compares it
 * with qemu-mips's and reports the messages apart).
 *
 * The file is opened for each message and closed again (O_APPEND, O_CLOEXEC):
 * the guest, whose descriptors are the host process's, never sees a descriptor
 * of it, and every process of the guest -- forks carry g->log with them, an
 * exec'd program is run with 'hwprof run --messages PATH' (process.c) -- appends
 * to the same file, a line per write.  The path is made absolute first, so a
 * guest's chdir does not move it.
 *
 *   if (guest_log_to(&d->g, "/tmp/msgs", err, sizeof err) < 0) ...
 *   fprintf(g->log, "hwprof: ...\n");    // one line appended to /tmp/msgs
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errf.h"
#include "guest.h"

static ssize_t append(void *cookie, const char *buf, size_t len) {
  int fd = open(cookie, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  size_t done = 0;
  while (done < len) {
    ssize_t n = write(fd, buf + done, len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    done += (size_t)n;
  }
  close(fd);
  return done == len ? (ssize_t)len : -1;
}

int guest_log_to(guest *g, const char *path, char *err, size_t errlen) {
  char cwd[PATH_MAX];
  char *abs = NULL;
  if (path[0] == '/')
    abs = strdup(path);
  else if (getcwd(cwd, sizeof cwd) && asprintf(&abs, "%s/%s", cwd, path) < 0)
    abs = NULL;
  if (!abs)
    return errf(err, errlen, "--messages %s: %s", path, strerror(errno)), -1;
  int fd = open(abs, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    errf(err, errlen, "--messages %s: cannot write it: %s", path, strerror(errno));
    free(abs);
    return -1;
  }
  close(fd);
  FILE *f = fopencookie(abs, "a", (cookie_io_functions_t){.write = append});
  if (!f) {
    errf(err, errlen, "--messages %s: %s", path, strerror(errno));
    free(abs);
    return -1;
  }
  setvbuf(f, NULL, _IOLBF, BUFSIZ); /* a message is one line: one write */
  guest_log_close(g);
  g->log = f;
  g->log_path = abs;
  return 0;
}

void guest_log_close(guest *g) {
  if (g->log && g->log != stderr)
    fclose(g->log);
  free(g->log_path);
  g->log = stderr;
  g->log_path = NULL;
}
