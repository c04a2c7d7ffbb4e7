/* linuxcalls.c - the Linux system calls a static glibc program makes, each called
 * and its result printed ("name: value" or "name: -1 ENAME"), with nothing that
 * differs between two correct runs (no inode numbers, process ids or clock
 * readings): tests/e2e/test_outside.sh runs it under qemu-mips and under hwprof
 * and compares the two, line by line.  Works in the directory named by argv[1]
 * (created, removed at the end).  With a second argument "refused", also calls the runtime
 * refuses: their lines start with "unsupported" (they differ from qemu-mips's by design: the test
 * checks them against the refusal, and that each is reported once). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static void show(const char *name, long r) {
  if (r < 0)
    printf("%s: -1 %s\n", name, strerrorname_np(errno));
  else
    printf("%s: %ld\n", name, r);
  fflush(stdout);
}

static const char *type_name(short t) {
  return t == F_RDLCK ? "F_RDLCK" : t == F_WRLCK ? "F_WRLCK" : t == F_UNLCK ? "F_UNLCK" : "?";
}

static void files(void) {
  show("umask", umask(022));
  show("umask again", umask(022));
  show("mkdir", mkdir("d", 0755));
  show("mkdir exists", mkdir("d", 0755));
  show("chdir", chdir("d"));
  int fd = open("f", O_CREAT | O_RDWR | O_TRUNC, 0644);
  show("open", fd >= 0 ? 0 : -1);
  show("write", write(fd, "hello world\n", 12));
  show("fsync", fsync(fd));
  show("fdatasync", fdatasync(fd));
  show("fchmod", fchmod(fd, 0600));
  struct stat st;
  show("fstat", fstat(fd, &st));
  printf("mode %o size %lld\n", (unsigned)st.st_mode & 07777, (long long)st.st_size);
  show("fchown to self", fchown(fd, getuid(), getgid()));
  show("chmod", chmod("f", 0640));
  show("stat", stat("f", &st));
  printf("mode %o\n", (unsigned)st.st_mode & 07777);
  struct timespec t[2] = {{1000000000, 0}, {1234567890, 500}};
  show("utimensat", utimensat(AT_FDCWD, "f", t, 0));
  show("stat", stat("f", &st));
  printf("mtime %lld.%09ld atime %lld\n", (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
         (long long)st.st_atim.tv_sec);
  show("futimens omit", futimens(fd, (struct timespec[2]){{0, UTIME_OMIT}, {0, UTIME_OMIT}}));
  show("link", link("f", "g"));
  show("stat nlink", stat("f", &st));
  printf("nlink %u\n", (unsigned)st.st_nlink);
  show("symlink", symlink("f", "s"));
  char buf[64] = {0};
  show("readlink", readlink("s", buf, sizeof buf - 1));
  printf("-> %s\n", buf);
  show("rename", rename("g", "h"));
  show("rename missing", rename("g", "h"));
  show("truncate", truncate("h", 5));
  show("stat h", stat("h", &st));
  printf("size %lld\n", (long long)st.st_size);
  show("creat", creat("c", 0600) >= 0 ? 0 : -1);
  show("faccessat AT_EACCESS", faccessat(AT_FDCWD, "c", R_OK | W_OK, AT_EACCESS));
  int cfd = open("c", O_RDWR);
  show("posix_fallocate", posix_fallocate(cfd, 0, 10000) ? -1 : 0);
  show("posix_fadvise", posix_fadvise(cfd, 0, 0, POSIX_FADV_SEQUENTIAL) ? -1 : 0);
  show("posix_fadvise bad fd", posix_fadvise(999, 0, 0, POSIX_FADV_SEQUENTIAL) == EBADF ? 0 : -1);
  show("fstat c", fstat(cfd, &st));
  printf("size %lld\n", (long long)st.st_size);
  off_t from = 1;
  show("sendfile", sendfile(cfd, fd, &from, 3));
  printf("from %lld\n", (long long)from);
  struct statfs sf;
  show("fstatfs", fstatfs(cfd, &sf));
  printf("namelen %ld\n", (long)sf.f_namelen);
  show("statfs", statfs(".", &sf));
  show("statfs missing", statfs("nothere", &sf));
  close(cfd);
  show("unlink c", unlink("c"));
  show("unlink h", unlink("h"));
  show("unlink s", unlink("s"));

  /* readv, lseek */
  lseek(fd, 0, SEEK_SET);
  char a[5] = {0}, b[8] = {0};
  struct iovec v[2] = {{a, 4}, {b, 7}};
  show("readv", readv(fd, v, 2));
  printf("[%s][%s]\n", a, b);
  show("preadv", preadv(fd, v, 1, 6));
  printf("[%s]\n", a);

  /* fcntl */
  int fl = fcntl(fd, F_GETFL);
  printf("F_GETFL accmode %d append %d nonblock %d\n", fl & O_ACCMODE, !!(fl & O_APPEND),
         !!(fl & O_NONBLOCK));
  show("F_SETFL", fcntl(fd, F_SETFL, O_APPEND | O_NONBLOCK));
  fl = fcntl(fd, F_GETFL);
  printf("F_GETFL append %d nonblock %d\n", !!(fl & O_APPEND), !!(fl & O_NONBLOCK));
  show("F_GETFD", fcntl(fd, F_GETFD));
  int d = fcntl(fd, F_DUPFD_CLOEXEC, 10);
  show("F_DUPFD_CLOEXEC >= 10", d >= 10 ? 0 : -1);
  show("F_GETFD of it", fcntl(d, F_GETFD));
  show("F_SETFD", fcntl(d, F_SETFD, 0));
  show("F_GETFD again", fcntl(d, F_GETFD));
  show("F_DUPFD", fcntl(fd, F_DUPFD, 20) >= 20 ? 0 : -1);
  show("F_GETFD bad fd", fcntl(999, F_GETFD));
  show("flock LOCK_EX", flock(fd, LOCK_EX));
  show("flock LOCK_UN", flock(fd, LOCK_UN));

  /* Record locks: the parent holds one, a child sees it. */
  struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 2, .l_len = 3};
  show("F_SETLK", fcntl(fd, F_SETLK, &l));
  struct flock64 l64 = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 100, .l_len = 10};
  show("F_SETLK64", fcntl(fd, F_SETLK64, &l64));
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    struct flock q = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    show("child F_GETLK", fcntl(fd, F_GETLK, &q));
    printf("child sees %s at %lld+%lld, by its parent %d\n", type_name(q.l_type),
           (long long)q.l_start, (long long)q.l_len, q.l_pid == getppid());
    struct flock64 q64 = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 50, .l_len = 0};
    show("child F_GETLK64", fcntl(fd, F_GETLK64, &q64));
    printf("child sees %s at %lld+%lld\n", type_name(q64.l_type), (long long)q64.l_start,
           (long long)q64.l_len);
    q.l_start = 2, q.l_len = 1;
    show("child F_SETLK conflicting", fcntl(fd, F_SETLK, &q));
    q.l_start = 10, q.l_len = 1;
    show("child F_SETLK elsewhere", fcntl(fd, F_SETLK, &q));
    fflush(stdout);
    _exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  l.l_type = F_UNLCK;
  show("F_SETLK unlock", fcntl(fd, F_SETLK, &l));
  l.l_type = F_WRLCK;
  show("F_GETLK free", fcntl(fd, F_GETLK, &l));
  printf("F_GETLK says %s\n", type_name(l.l_type));
  show("close", close(fd));
  show("close dup", close(d));

  /* directories */
  show("mkdir sub", mkdir("sub", 0700));
  DIR *dir = opendir(".");
  int n = 0, seen_f = 0, seen_sub = 0;
  for (struct dirent64 *e; dir && (e = readdir64(dir));) {
    n++;
    seen_f |= !strcmp(e->d_name, "f") && e->d_type == DT_REG;
    seen_sub |= !strcmp(e->d_name, "sub") && e->d_type == DT_DIR;
  }
  printf("readdir: %d entries, f %d, sub %d\n", n, seen_f, seen_sub);
  if (dir)
    closedir(dir);
  show("rmdir sub", rmdir("sub"));
  show("rmdir not empty", rmdir("."));
  show("unlink f", unlink("f"));
  show("chdir ..", chdir(".."));
  show("rmdir d", rmdir("d"));
}

static void waiting(void) {
  int p[2];
  show("pipe", pipe(p));
  show("ioctl FIONBIO", ioctl(p[0], FIONBIO, &(int){0}));
  struct pollfd f[2] = {{p[0], POLLIN, 0}, {p[1], POLLOUT | POLLWRNORM, 0}};
  show("poll", poll(f, 2, 0));
  printf("revents %#x %#x\n", f[0].revents, f[1].revents);
  show("write", write(p[1], "x", 1));
  show("poll", poll(f, 2, 0));
  printf("revents %#x %#x\n", f[0].revents, f[1].revents);
  int avail = -1;
  show("ioctl FIONREAD", ioctl(p[0], FIONREAD, &avail));
  printf("avail %d\n", avail);
  fd_set r;
  FD_ZERO(&r);
  FD_SET(p[0], &r);
  struct timeval tv = {0, 0};
  show("select", select(p[0] + 1, &r, NULL, NULL, &tv));
  printf("readable %d\n", FD_ISSET(p[0], &r));
  struct timespec ts = {0, 0};
  FD_ZERO(&r);
  FD_SET(p[1], &r);
  show("pselect", pselect(p[1] + 1, NULL, &r, NULL, &ts, NULL));
  printf("writable %d\n", FD_ISSET(p[1], &r));
  show("ppoll", ppoll(f, 1, &ts, NULL));
  close(p[0]);
  close(p[1]);
}

static void sockets(void) {
  int sv[2];
  show("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
  show("send", send(sv[0], "ping", 4, 0));
  char b[8] = {0};
  show("recv", recv(sv[1], b, sizeof b, 0));
  printf("[%s]\n", b);
  int type = 0;
  socklen_t len = sizeof type;
  show("getsockopt SO_TYPE", getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &type, &len));
  printf("stream %d\n", type == SOCK_STREAM);
  show("shutdown", shutdown(sv[0], SHUT_WR));
  show("recv after shutdown", recv(sv[1], b, sizeof b, 0));
  close(sv[0]);
  close(sv[1]);
  int s = socket(AF_UNIX, SOCK_DGRAM, 0);
  show("socket", s >= 0 ? 0 : -1);
  struct sockaddr_un un = {.sun_family = AF_UNIX};
  strcpy(un.sun_path, "sock");
  show("bind", bind(s, (struct sockaddr *)&un, sizeof un));
  struct sockaddr_un got;
  len = sizeof got;
  show("getsockname", getsockname(s, (struct sockaddr *)&got, &len));
  printf("family unix %d, path %s\n", got.sun_family == AF_UNIX, got.sun_path);
  int c = socket(AF_UNIX, SOCK_DGRAM, 0);
  show("sendto", sendto(c, "dgram", 5, 0, (struct sockaddr *)&un, sizeof un));
  memset(b, 0, sizeof b);
  show("recvfrom", recvfrom(s, b, sizeof b, 0, NULL, NULL));
  printf("[%s]\n", b);
  show("reuseaddr", setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &(int){1}, sizeof(int)));
  close(c);
  close(s);
  unlink("sock");
  show("socket bad family", socket(12345, SOCK_STREAM, 0));
}

static void processes(void) {
  show("sched_yield", sched_yield());
  show("getpgrp is getpgid", getpgrp() == getpgid(0) ? 0 : -1);
  show("getsid", getsid(0) > 0 ? 0 : -1);
  uid_t r, e, sv;
  show("getresuid", getresuid(&r, &e, &sv));
  printf("same as getuid %d\n", r == getuid() && e == geteuid());
  gid_t gl[64];
  show("getgroups fits", getgroups(64, gl) >= 0 ? 0 : -1);
  cpu_set_t cs;
  show("sched_getaffinity", sched_getaffinity(0, sizeof cs, &cs));
  printf("a CPU %d\n", CPU_COUNT(&cs) >= 1);
  struct rusage ru;
  show("getrusage", getrusage(RUSAGE_SELF, &ru));
  show("getrusage bad", getrusage(7, &ru));
}

static void memory(void) {
  /* glibc's realloc of a block it mmap'ed (128 KiB and up) calls mremap. */
  char *p = malloc(200 << 10);
  memset(p, 7, 200 << 10);
  p = realloc(p, 2 << 20);
  printf("realloc grown: %d %d\n", p != NULL, p && p[(200 << 10) - 1] == 7);
  p = realloc(p, 150 << 10);
  printf("realloc shrunk: %d %d\n", p != NULL, p && p[1000] == 7);
  free(p);
  char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  m[0] = 'm';
  char *n = mremap(m, 8192, 4096, 0);
  show("mremap shrink in place", n == m ? 0 : -1);
  n = mremap(n, 4096, 1 << 20, MREMAP_MAYMOVE);
  show("mremap grow", n != MAP_FAILED && n[0] == 'm' ? 0 : -1);
  show("mremap bad", mremap((void *)0x1001, 4096, 8192, 0) == MAP_FAILED ? -1 : 0);
  show("msync", msync(n, 4096, MS_SYNC));
  show("mlock", mlock(n, 4096));
  show("munlock", munlock(n, 4096));
  munmap(n, 1 << 20);
}

/* Calls and cases hwprof's runtime does not carry out. */
static void unsupported(void) {
  int fd = open(".", O_RDONLY | O_DIRECTORY);
  show("unsupported fcntl F_NOTIFY", fcntl(fd, F_NOTIFY, DN_CREATE));
  show("unsupported fcntl F_NOTIFY again", fcntl(fd, F_NOTIFY, DN_CREATE));
  char buf[256];
  show("unsupported getdents (the old one)", syscall(SYS_getdents, fd, buf, sizeof buf));
  close(fd);
}

int main(int argc, char **argv) {
  int refused = argc == 3 && !strcmp(argv[2], "refused");
  char start[4096];
  if (!getcwd(start, sizeof start))
    return 2;
  if ((argc != 2 && !refused) || (mkdir(argv[1], 0755) && errno != EEXIST) || chdir(argv[1])) {
    fprintf(stderr, "usage: linuxcalls DIR [refused] (a directory to work in; refused: also\n"
                    "the calls hwprof's runtime refuses)\n");
    return 2;
  }
  files();
  waiting();
  sockets();
  processes();
  memory();
  if (refused)
    unsupported();
  /* Left as found: a second run (compare's) sees what the first saw. */
  if (chdir(start) || rmdir(argv[1]))
    return 1;
  return 0;
}
