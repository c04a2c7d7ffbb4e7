/*
 * fileio.c - file I/O through stdio and through the raw system calls.
 *
 * stdio: fopen/fwrite/fputs/fprintf/fflush/fseek/ftell/rewind/fread/fgets/
 * fgetc/ungetc/feof/fclose.  POSIX: open/write/lseek/read/pread/pwrite/
 * ftruncate/fstat/close, and error paths (errno of a failed open).  The temp
 * file is argv[1] (default "fileio.tmp" in the current directory); it is
 * removed at the end.  Prints what it reads back.  Exit status 3.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static unsigned checksum(const unsigned char *p, size_t n) {
  unsigned h = 5381;
  while (n--)
    h = h * 33u ^ *p++;
  return h;
}

static void with_stdio(const char *name) {
  FILE *f;
  char line[128];
  unsigned char block[5000], back[5000];
  size_t i, n;
  long pos;
  int c;

  f = fopen(name, "w+b");
  if (f == NULL) {
    printf("fopen(w+b) failed: %s\n", strerror(errno));
    exit(1);
  }
  fputs("first line\n", f);
  fprintf(f, "second line %d %s %.2f\n", 42, "forty-two", 4.25);
  for (i = 0; i < sizeof block; i++)
    block[i] = (unsigned char)(i * 7 + (i >> 8));
  n = fwrite(block, 1, sizeof block, f);
  printf("fwrite=%zu ftell=%ld\n", n, ftell(f));
  fflush(f);

  rewind(f);
  for (i = 0; i < 2; i++)
    if (fgets(line, sizeof line, f) != NULL)
      printf("fgets: %s", line);
  pos = ftell(f);
  printf("after lines: ftell=%ld\n", pos);
  n = fread(back, 1, sizeof back, f);
  printf("fread=%zu same=%d checksum=%08x eof=%d\n", n, memcmp(block, back, n) == 0,
         checksum(back, n), feof(f) != 0);
  n = fread(back, 1, 10, f);
  printf("fread at end=%zu eof=%d\n", n, feof(f) != 0);

  fseek(f, 100, SEEK_SET);
  c = fgetc(f);
  printf("fseek(100,SET) fgetc=%d ftell=%ld\n", c, ftell(f));
  ungetc('Z', f);
  c = fgetc(f);
  printf("ungetc/fgetc=%c ftell=%ld\n", c, ftell(f));
  fseek(f, -10, SEEK_END);
  n = fread(back, 1, 100, f);
  printf("fseek(-10,END) fread=%zu last=%d,%d\n", n, back[0], back[9]);
  fseek(f, -20, SEEK_CUR);
  printf("fseek(-20,CUR) ftell=%ld\n", ftell(f));
  /* overwrite in the middle, then read it back */
  fseek(f, 5, SEEK_SET);
  fwrite("LINE", 1, 4, f);
  fseek(f, 0, SEEK_SET);
  if (fgets(line, sizeof line, f) != NULL)
    printf("overwritten: %s", line);
  fseek(f, 0, SEEK_END);
  printf("size=%ld\n", ftell(f));
  printf("fclose=%d\n", fclose(f));

  /* append mode */
  f = fopen(name, "a");
  fputs("appended\n", f);
  fclose(f);
  f = fopen(name, "r");
  fseek(f, -9, SEEK_END);
  if (fgets(line, sizeof line, f) != NULL)
    printf("append: %s", line);
  fclose(f);
}

static void with_syscalls(const char *name) {
  int fd, i;
  ssize_t n;
  off_t off;
  char buf[256];
  struct stat st;
  static unsigned char big[70000 + 100]; /* 70000 bytes, then room for a short read */

  fd = open(name, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    printf("open failed: %s\n", strerror(errno));
    exit(1);
  }
  n = write(fd, "hello, world\n", 13);
  printf("write=%zd\n", n);
  for (i = 0; i < 70000; i++)
    big[i] = (unsigned char)(i ^ (i >> 9));
  n = write(fd, big, 70000);
  printf("write big=%zd\n", n);
  off = lseek(fd, 0, SEEK_CUR);
  printf("lseek(0,CUR)=%ld\n", (long)off);
  off = lseek(fd, 7, SEEK_SET);
  n = read(fd, buf, 5);
  buf[n > 0 ? n : 0] = 0;
  printf("lseek=%ld read=%zd [%s]\n", (long)off, n, buf);
  n = pwrite(fd, "WORLD", 5, 7);
  n = pread(fd, buf, 13, 0);
  buf[n > 0 ? n : 0] = 0;
  printf("pread=%zd [%.12s] pos=%ld\n", n, buf, (long)lseek(fd, 0, SEEK_CUR));
  memset(big, 0, sizeof big);
  lseek(fd, 13, SEEK_SET);
  n = read(fd, big, sizeof big); /* asks for 100 more than there are */
  printf("read big=%zd checksum=%08x\n", n, checksum(big, 70000));
  n = read(fd, buf, sizeof buf);
  printf("read at eof=%zd\n", n);
  off = lseek(fd, 100000, SEEK_SET); /* a hole */
  n = write(fd, "X", 1);
  fstat(fd, &st);
  printf("hole: lseek=%ld write=%zd size=%ld regular=%d\n", (long)off, n, (long)st.st_size,
         S_ISREG(st.st_mode));
  lseek(fd, 99990, SEEK_SET);
  n = read(fd, buf, 20);
  printf("hole read=%zd bytes: %d %d %c\n", n, buf[0], buf[9], buf[10]);
  printf("ftruncate=%d ", ftruncate(fd, 20));
  fstat(fd, &st);
  printf("size=%ld\n", (long)st.st_size);
  printf("close=%d close again=%d errno=%s\n", close(fd), close(fd),
         errno == EBADF ? "EBADF" : "?");

  /* error paths */
  errno = 0;
  fd = open("no-such-dir/no-such-file", O_RDONLY);
  printf("open missing=%d errno=%s\n", fd, errno == ENOENT ? "ENOENT" : "?");
  fd = open(name, O_RDONLY);
  n = write(fd, "x", 1);
  printf("write to O_RDONLY=%zd errno=%s\n", n, errno == EBADF ? "EBADF" : "?");
  close(fd);
  n = read(-1, buf, 1);
  printf("read(-1)=%zd errno=%s\n", n, errno == EBADF ? "EBADF" : "?");
}

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : "fileio.tmp";
  struct stat st;

  with_stdio(name);
  with_syscalls(name);
  printf("remove=%d exists after=%d\n", remove(name), stat(name, &st) == 0);
  printf("remove again=%d errno=%s\n", remove(name), errno == ENOENT ? "ENOENT" : "?");
  fflush(stdout);
  return 3;
}
