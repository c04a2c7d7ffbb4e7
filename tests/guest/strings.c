/*
 * strings.c - the string and memory functions of glibc (whose MIPS versions
 * use lwl/lwr/swl/swr for unaligned data), packed-struct accesses (which gcc
 * compiles to lwl/lwr/swl/swr itself), sprintf, ctype, and 64-bit integer
 * arithmetic (long long mul/div/mod/shifts: libgcc's __divdi3 & co.).
 *
 * memcpy/memmove/memset/memcmp run at every source and destination offset
 * 0..7 and every length 0..64.  Prints results and checksums.  Exit status 0.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t hash = 2166136261u;

static void mix(const void *p, size_t n) {
  const unsigned char *b = p;
  while (n--)
    hash = (hash ^ *b++) * 16777619u;
}

/* Hide a string constant from the compiler, so that it neither folds the call
 * nor warns about the (deliberate) truncation. */
static const char *opaque(const char *s) {
  __asm__("" : "+r"(s));
  return s;
}

static void str_functions(void) {
  char a[64], b[64];
  const char *s = "The quick brown fox jumps over the lazy dog";
  char *tok, *save;
  int i;

  printf("strlen=%zu %zu %zu\n", strlen(s), strlen(""), strlen(s + 40));
  strcpy(a, s);
  printf("strcpy=[%s]\n", a);
  memset(b, 'x', sizeof b);
  strncpy(b, "abc", 6); /* pads with NULs */
  printf("strncpy pad: %d %d %d %d %c\n", b[2], b[3], b[4], b[5], b[6]);
  strncpy(b, opaque("abcdefgh"), 4); /* no terminator */
  printf("strncpy trunc: %.6s\n", b);
  strcpy(a, "foo");
  strcat(a, "bar");
  strcat(a, "");
  strncat(a, opaque("bazqux"), 3);
  printf("strcat=[%s]\n", a);
  printf("strcmp: %d %d %d %d %d\n", strcmp("abc", "abc") == 0, strcmp("abc", "abd") < 0,
         strcmp("abd", "abc") > 0, strcmp("ab", "abc") < 0, strcmp("\x80", "\x7f") > 0);
  printf("strncmp: %d %d %d\n", strncmp("abcX", "abcY", 3) == 0, strncmp("abcX", "abcY", 4) < 0,
         strncmp("a", "b", 0) == 0);
  printf("strchr: %td %td %s %s\n", strchr(s, 'q') - s, strchr(s, 0) - s,
         strchr(s, 'Z') ? "found" : "NULL", strchr(s, 'z'));
  printf("strrchr: %td %s\n", strrchr(s, 'o') - s, strrchr(s, '!') ? "found" : "NULL");
  printf("strstr: %td %td %s %td\n", strstr(s, "fox") - s, strstr(s, "") - s,
         strstr(s, "cat") ? "found" : "NULL", strstr(s, "dog") - s);
  printf("strspn=%zu strcspn=%zu %zu %zu\n", strspn("aabbcde", "ab"), strcspn("hello, world", ",!"),
         strspn("", "a"), strcspn("abc", ""));
  strcpy(a, "  alpha, beta;;gamma ,delta  ");
  printf("strtok:");
  for (tok = strtok(a, " ,;"); tok != NULL; tok = strtok(NULL, " ,;"))
    printf(" <%s>", tok);
  strcpy(a, "k1=v1&k2=v2&&k3");
  printf(" strtok_r:");
  for (tok = strtok_r(a, "&", &save); tok != NULL; tok = strtok_r(NULL, "&", &save))
    printf(" <%s>", tok);
  printf("\n");
  for (i = 0; s[i]; i++)
    a[i] = (char)toupper((unsigned char)s[i]);
  a[i] = 0;
  printf("toupper=[%s]\n", a);
  printf("ctype:");
  for (i = 0; i < 128; i += 7)
    printf(" %d%d%d%d%d%c%c", isalpha(i) != 0, isdigit(i) != 0, isspace(i) != 0, ispunct(i) != 0,
           isxdigit(i) != 0, isprint(i) ? tolower(i) : '.', isprint(i) ? toupper(i) : '.');
  printf("\n");
  i = sprintf(a, "%s|%5d|%-6.2f|%08x|%c", "sp", -12, 3.14159, 0xbeefu, 'Z');
  printf("sprintf=%d [%s]\n", i, a);
  {
    char big[8192];
    size_t n;
    for (n = 0; n < sizeof big - 1; n++)
      big[n] = (char)('a' + n % 23);
    big[sizeof big - 1] = 0;
    printf("long strlen=%zu strchr=%td strrchr=%td memchr=%td\n", strlen(big),
           strchr(big, 'w') - big, strrchr(big, 'a') - big,
           (char *)memchr(big, 'c', sizeof big) - big);
  }
}

/* Every offset 0..7 for source and destination, every length 0..64. */
static void unaligned_mem(void) {
  static unsigned char src[128], dst[128], ref[128];
  unsigned so, doff, len, i, bad = 0;

  for (i = 0; i < sizeof src; i++)
    src[i] = (unsigned char)(i * 37 + 11);
  for (so = 0; so < 8; so++)
    for (doff = 0; doff < 8; doff++)
      for (len = 0; len <= 64; len++) {
        memset(dst, 0xee, sizeof dst);
        memcpy(dst + doff, src + so, len);
        /* reference: a byte loop */
        memset(ref, 0xee, sizeof ref);
        for (i = 0; i < len; i++)
          ref[doff + i] = src[so + i];
        if (memcmp(dst, ref, sizeof dst) != 0)
          bad++;
        mix(dst, doff + len + 1);
      }
  printf("memcpy: bad=%u hash=%08x\n", bad, hash);

  /* memmove with overlap, both directions. */
  for (so = 0; so < 8; so++)
    for (doff = 0; doff < 8; doff++)
      for (len = 0; len <= 64; len += 3) {
        for (i = 0; i < sizeof dst; i++)
          dst[i] = ref[i] = (unsigned char)i;
        memmove(dst + doff + 4, dst + so, len);
        {
          unsigned char tmp[128];
          memcpy(tmp, ref + so, len);
          memcpy(ref + doff + 4, tmp, len);
        }
        if (memcmp(dst, ref, sizeof dst) != 0)
          bad++;
        memmove(dst + so, dst + doff + 3, len);
        mix(dst, 80);
      }
  printf("memmove: bad=%u hash=%08x\n", bad, hash);

  for (doff = 0; doff < 8; doff++)
    for (len = 0; len <= 64; len++) {
      memset(dst, 0x11, sizeof dst);
      memset(dst + doff, (int)(len | 0x80), len);
      for (i = 0; i < sizeof dst; i++)
        if (dst[i] != ((i >= doff && i < doff + len) ? (len | 0x80) : 0x11))
          bad++;
      mix(dst, 80);
    }
  printf("memset: bad=%u hash=%08x\n", bad, hash);

  {
    int sum = 0;
    for (so = 0; so < 8; so++)
      for (doff = 0; doff < 8; doff++)
        for (len = 0; len <= 64; len += 5) {
          memcpy(dst + doff, src + so, len);
          if (len > 0)
            dst[doff + len / 2] ^= (unsigned char)(so + 1);
          int r = memcmp(dst + doff, src + so, len);
          sum = sum * 3 + (r > 0) - (r < 0);
        }
    printf("memcmp: sum=%d\n", sum);
  }
}

/* gcc accesses the members of a packed struct with lwl/lwr, swl/swr. */
struct __attribute__((packed)) packed {
  char c;
  uint32_t w;
  uint16_t h;
  uint64_t d;
  int32_t sw;
};

static void packed_access(void) {
  static unsigned char buf[64];
  volatile unsigned off;
  uint32_t acc = 0;
  for (off = 0; off < 8; off++) {
    struct packed *p = (struct packed *)(buf + off);
    unsigned i;
    for (i = 0; i < sizeof buf; i++)
      buf[i] = (unsigned char)(i ^ 0x5a);
    acc ^= p->w + p->h + (uint32_t)(p->d >> 13) + (uint32_t)p->sw;
    printf("packed@%u: w=%08x h=%04x d=%016llx sw=%d\n", off, p->w, p->h, (unsigned long long)p->d,
           p->sw);
    p->w = 0x11223344u + off;
    p->h = (uint16_t)(0xa1b2 + off);
    p->d = 0x0102030405060708ULL * (off + 1);
    p->sw = -(int32_t)off - 1;
    mix(buf, 24);
  }
  printf("packed: acc=%08x hash=%08x\n", acc, hash);
}

static void arith64(void) {
  /* clang-format off */
  static volatile long long sv[] = {
      0, 1, -1, 2, -2, 7, -7, 1000000007LL, -1000000007LL, 0x7fffffffLL, 0x80000000LL,
      0xffffffffLL, 0x100000000LL, 0x123456789abcdefLL, -0x123456789abcdefLL,
      0x7fffffffffffffffLL, (-0x7fffffffffffffffLL - 1),
  };
  /* clang-format on */
  static volatile int shifts[] = {0, 1, 4, 31, 32, 33, 47, 63};
  size_t i, j, n = sizeof sv / sizeof sv[0];
  uint32_t h = 0;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      long long a = sv[i], b = sv[j];
      unsigned long long ua = (unsigned long long)a, ub = (unsigned long long)b;
      unsigned long long r[6];
      r[0] = (unsigned long long)a * (unsigned long long)b; /* wraps */
      r[1] = ua + ub;
      r[2] = ua - ub;
      if (b != 0 && !(a == (-0x7fffffffffffffffLL - 1) && b == -1)) {
        r[3] = (unsigned long long)(a / b);
        r[4] = (unsigned long long)(a % b);
      } else {
        r[3] = r[4] = 0xdead;
      }
      r[5] = ub != 0 ? (ua / ub) ^ (ua % ub) : 0xbeef;
      h = (h << 7 | h >> 25) ^ (uint32_t)r[0] ^ (uint32_t)(r[0] >> 32);
      h = (h << 7 | h >> 25) ^ (uint32_t)r[3] ^ (uint32_t)(r[4] >> 32) ^ (uint32_t)r[4];
      h = (h << 7 | h >> 25) ^ (uint32_t)(r[5] >> 17) ^ (uint32_t)(r[1] ^ r[2]);
      if (i == j || j == n - 1)
        printf("ll %lld,%lld: mul=%llx div=%llx mod=%llx udivmod=%llx cmp=%d%d%d\n", a, b, r[0],
               r[3], r[4], r[5], a < b, ua < ub, a == b);
    }
  printf("ll hash=%08x\n", h);
  for (i = 0; i < n; i++)
    for (j = 0; j < sizeof shifts / sizeof shifts[0]; j++) {
      long long a = sv[i];
      int s = shifts[j];
      unsigned long long l = (unsigned long long)a << s;
      unsigned long long r = (unsigned long long)a >> s;
      long long ar = a >> s;
      h = (h << 3 | h >> 29) ^ (uint32_t)l ^ (uint32_t)(l >> 32) ^ (uint32_t)r ^
          (uint32_t)(r >> 32) ^ (uint32_t)ar ^ (uint32_t)(ar >> 32);
      if (i == 14)
        printf("shift %d: shl=%016llx shr=%016llx sar=%016llx\n", s, l, r, (unsigned long long)ar);
    }
  printf("shift hash=%08x\n", h);
  {
    /* 32x32->64 multiplies (mult/multu) and 32-bit div/mod. */
    volatile int x = -123456789, y = 987654;
    volatile unsigned ux = 0xfedcba98u, uy = 0x12345u;
    printf("mul32x32: %lld %llu %d %d %u %u %d %d\n", (long long)x * y, (unsigned long long)ux * uy,
           x / y, x % y, ux / uy, ux % uy, x / -y, -x % y);
  }
}

int main(void) {
  str_functions();
  unaligned_mem();
  packed_access();
  arith64();
  printf("final hash=%08x\n", hash);
  return 0;
}
