/*
 * readstdin.c - reads its stdin to the end and prints the bytes, lines and a
 * checksum: a program whose output depends on its input ('hwprof compare' must
 * give qemu-mips the same stdin as the translated run).
 */
#include <stdio.h>

int main(void) {
  unsigned long bytes = 0, lines = 0, sum = 0;
  int c;
  while ((c = getchar()) != EOF) {
    bytes++;
    lines += c == '\n';
    sum = sum * 31 + (unsigned char)c;
  }
  printf("%lu bytes, %lu lines, checksum %08lx\n", bytes, lines, sum & 0xffffffffUL);
  return 0;
}
