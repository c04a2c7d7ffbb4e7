/*
 * sys.c - the PPC32 Linux system calls a native program makes on the board
 * (native/syscall.c), each with a result that qemu-ppc gives the same: files
 * (open, write, lseek, read, stat, statx, fstat, unlink), memory (brk through
 * malloc, mmap, mremap, munmap, mprotect), the process (uname's machine, getpid
 * against gettid, rlimits, getrandom's length), an unknown call's ENOSYS, and
 * errors reported as errno.  tests/e2e/test_native.sh compares its output under
 * 'hwprof native' and qemu-ppc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

static void files(const char *dir) {
  char path[512];
  snprintf(path, sizeof path, "%s/sys-native.tmp", dir);
  int fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0600);
  printf("open: %s\n", fd >= 0 ? "ok" : strerror(errno));
  const char msg[] = "hello, board\n";
  printf("write: %zd\n", write(fd, msg, sizeof msg - 1));
  printf("lseek end: %lld\n", (long long)lseek(fd, 0, SEEK_END));
  printf("lseek set: %lld\n", (long long)lseek(fd, 7, SEEK_SET));
  char buf[32] = {0};
  printf("read: %zd '%.5s'\n", read(fd, buf, sizeof buf), buf);
  struct stat st;
  printf("fstat: %d size %lld regular %d\n", fstat(fd, &st), (long long)st.st_size,
         S_ISREG(st.st_mode));
  printf("stat: %d size %lld\n", stat(path, &st), (long long)st.st_size);
  struct statx sx;
  printf("statx: %d size %llu\n", statx(AT_FDCWD, path, 0, STATX_SIZE, &sx),
         (unsigned long long)sx.stx_size);
  FILE *f = fdopen(fd, "r+");
  fseek(f, 0, SEEK_SET);
  printf("fgets: %s", fgets(buf, sizeof buf, f) ? buf : "(none)\n");
  fclose(f);
  printf("unlink: %d\n", unlink(path));
  printf("open missing: %d %s\n", open(path, O_RDONLY), strerror(errno));
  printf("read bad fd: %zd %s\n", read(99, buf, 1), strerror(errno));
}

static void memory(void) {
  char *p = malloc(100000);
  memset(p, 1, 100000);
  long s = 0;
  for (int i = 0; i < 100000; i++)
    s += p[i];
  printf("malloc: %ld\n", s);
  char *big = malloc(4 << 20); /* glibc mmaps it */
  big[0] = 1, big[(4 << 20) - 1] = 2;
  big = realloc(big, 8 << 20); /* mremap */
  printf("realloc: %d %d\n", big[0], big[(4 << 20) - 1]);
  free(big);
  free(p);
  char *m = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  printf("mmap: %s zero %d\n", m != MAP_FAILED ? "ok" : "failed", m[65535]);
  m[100] = 7;
  printf("mprotect: %d\n", mprotect(m, 4096, PROT_READ));
  printf("munmap: %d\n", munmap(m, 65536));
}

static void process(void) {
  struct utsname u;
  printf("uname: %d %s\n", uname(&u), u.machine[0] == 'p' ? "ppc" : u.machine);
  printf("getpid = gettid: %d\n", getpid() == (pid_t)syscall(SYS_gettid));
  struct rlimit r;
  printf("getrlimit stack: %d %s\n", getrlimit(RLIMIT_STACK, &r),
         r.rlim_cur >= (8u << 20) ? ">= 8 MiB" : "small");
  unsigned char rnd[16];
  printf("getrandom: %zd\n", getrandom(rnd, sizeof rnd, 0));
  errno = 0;
  long v = syscall(4000);
  printf("unknown call: %ld %s\n", v, strerror(errno));
}

int main(int argc, char **argv) {
  files(argc > 1 ? argv[1] : ".");
  memory();
  process();
  fflush(stdout);
  return argc > 2 ? atoi(argv[2]) : 0;
}
