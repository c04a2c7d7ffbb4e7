/*
 * printf.c - formatted output, string<->number conversion and the FPU.
 *
 * Exercises every printf conversion (%d %i %u %o %x %X %c %s %e %E %f %F %g %G
 * %a %% %n) with widths, precisions, flags (- + # 0 space) and length
 * modifiers (hh h l ll z), snprintf truncation, strtod/strtol/atof round trips,
 * and double/float arithmetic: + - * / sqrt, int<->double<->float conversions,
 * comparisons (including NaN), lrint/llround/rint under every rounding mode,
 * fmod, floor, ceil.  Inputs go through volatile variables so that the
 * arithmetic happens at run time (in the FPU) and not in the compiler.
 * Raw bit patterns are printed in hex, so NaN encodings are compared exactly.
 *
 * Writes one line to stderr.  Exit status 0.
 */
#include <fenv.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

static uint64_t dbits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* The values every double conversion is applied to. */
/* clang-format off */
static volatile double dvals[] = {
    0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, -2.5, 1e300, -1e300, 1e-310,
    4.9406564584124654e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
    123456789.123456789, 3.14159265358979323846, 1e15, 1e16, 1e21, 65536.0,
    0.000123456, 2147483647.0, 2147483648.0, -2147483649.0, 9007199254740993.0,
};
/* clang-format on */

static void print_conversions(void) {
  int n = 0, n2 = 0;
  long l = -1234567890L;
  long long ll = -1234567890123456789LL;
  unsigned long long ull = 18446744073709551615ULL;
  size_t z = 4294967295u;

  printf("[int]\n");
  printf("%d|%i|%u|%o|%x|%X\n", 42, -42, 42u, 42u, 0xdeadu, 0xbeefu);
  printf("%d|%d|%u|%x\n", 2147483647, (-2147483647 - 1), 4294967295u, 0u);
  printf("[%5d][%-5d][%05d][%+d][% d][%+5d][%-+5d]\n", 42, 42, 42, 42, 42, -42, 42);
  printf("[%.3d][%8.3d][%-8.3d][%8.0d][%.0d][%.0d]\n", 7, 7, -7, 7, 0, 1);
  printf("[%#o][%#x][%#X][%#o][%#x][%#10x][%#-10x][%#010x]\n", 8u, 255u, 255u, 0u, 0u, 255u, 255u,
         255u);
  printf("[%*d][%-*d][%.*d][%*.*d]\n", 6, 1, 6, 2, 4, 3, 7, 5, 4);
  printf("[%hhd][%hhu][%hd][%hu][%hhx][%hx]\n", 300, 300, 70000, 70000, -1, -1);
  printf("[%ld][%lu][%lx][%lld][%llu][%llx][%llX][%llo]\n", l, (unsigned long)l, (unsigned long)l,
         ll, ull, ull, 0x0123456789abcdefULL, 01234567012345670ULL);
  printf("[%zu][%zx][%zd][%jd][%td]\n", z, z, (ssize_t)-5, (intmax_t)-9, (ptrdiff_t)-3);
  printf("[%lld][%lld]\n", (long long)INT64_MAX, (long long)INT64_MIN);

  printf("[chars]\n");
  printf("[%c][%3c][%-3c][%c]\n", 'A', 'b', 'c', 0x7e);
  printf("[%s][%10s][%-10s][%.3s][%10.3s][%-10.3s][%s]\n", "hello", "hello", "hello", "hello",
         "hello", "hello", "");
  printf("[%%][100%%][%%%d%%]\n", 5);
  printf("abc%ndefgh%n|\n", &n, &n2);
  printf("n=%d n2=%d\n", n, n2);
  {
    signed char hn = 0;
    short sn = 0;
    long long lln = 0;
    printf("%s%hhn%s%hn%s%lln|\n", "12345", &hn, "678", &sn, "9", &lln);
    printf("hhn=%d hn=%d lln=%lld\n", hn, sn, lln);
  }
}

static void print_doubles(void) {
  size_t i;
  printf("[double]\n");
  for (i = 0; i < sizeof dvals / sizeof dvals[0]; i++) {
    double d = dvals[i];
    printf("%zu %016llx\n", i, (unsigned long long)dbits(d));
    printf("  e:%e E:%E f:%f F:%F g:%g G:%G a:%a A:%A\n", d, d, d, d, d, d, d, d);
    printf("  %.0e|%.0f|%.0g|%#.0e|%#.0f|%#.0g|%.17g|%.3a\n", d, d, d, d, d, d, d, d);
    printf("  [%15.4e][%-15.4f][%+015.3g][% .2E][%#g][%+a]\n", d, d, d, d, d, d);
  }
  {
    volatile double inf = INFINITY, zero = 0.0;
    double nan1 = zero / zero; /* the FPU's default NaN */
    double nan2 = NAN;
    printf("inf: %f %F %e %E %g %G %a %A [%8f][%-8f|] [%+f] [% f] %f\n", inf, inf, inf, inf, inf,
           inf, inf, inf, inf, inf, inf, inf, -inf);
    printf("nan: %f %F %e %g %a [%8f] [%-8F|] [%+f]\n", fabs(nan2), fabs(nan2), fabs(nan2),
           fabs(nan2), fabs(nan2), fabs(nan2), fabs(nan2), fabs(nan2));
    printf("nan bits: 0/0=%016llx NAN=%016llx -NAN=%016llx inf-inf=%016llx\n",
           (unsigned long long)dbits(nan1), (unsigned long long)dbits(nan2),
           (unsigned long long)dbits(-nan2), (unsigned long long)dbits(inf - inf));
    printf("nan sign: %d %d\n", signbit(nan1) != 0, signbit(-nan2) != 0);
    printf("isnan=%d isinf=%d isinf(-inf)=%d isfinite=%d fpclassify(1e-310)=%d\n", isnan(nan1),
           isinf(inf) != 0, isinf(-inf) != 0, isfinite(inf), fpclassify(dvals[11]) == FP_SUBNORMAL);
  }
  printf("[float] %f %e %g %a\n", (double)1.1f, (double)1e-40f, (double)3.4028235e38f,
         (double)0.1f);
  printf("%.20f\n%.30e\n%.40g\n", 0.1, 1e-310, 123456789.123456789);
  printf("%.100f\n", 1e-5);
  printf("%f\n", 1e300);
}

static void print_snprintf(void) {
  char buf[64];
  int r;
  volatile size_t cap; /* volatile: the truncation is deliberate */
  printf("[snprintf]\n");
  for (cap = 0; cap <= 12; cap += 3) {
    memset(buf, '#', sizeof buf);
    r = snprintf(buf, cap, "%s-%d-%.2f", "abcdef", 12345, 2.5);
    buf[sizeof buf - 1] = 0;
    printf("cap=%zu r=%d buf=[%.20s]\n", cap, r, buf);
  }
  r = snprintf(NULL, 0, "%0*d", 40, 9);
  printf("len=%d\n", r);
  r = sprintf(buf, "%08.3f|%-8.2e|%x", -3.14159, 6.02e23, 0xabcu);
  printf("sprintf r=%d [%s]\n", r, buf);
}

static void print_strto(void) {
  /* clang-format off */
  static const char *const strs[] = {
      "0", "-0", "0.1", "1e300", "1e-310", "1e-400", "1e400", "-1e400", "inf", "-Infinity",
      "nan", "0x1.8p3", "0x1p-1074", "  42.5xyz", "123456789.123456789", ".5e1",
      "1.7976931348623157e308", "2.2250738585072011e-308", "4.9e-324",
      "2.4703282292062328e-324", "abc",
  };
  /* clang-format on */
  /* clang-format off */
  static const char *const istrs[] = {
      "0", "-1", "2147483647", "2147483648", "-2147483648", "-2147483649", "0x7fffffff",
      "0777", "  +12abc", "zz", "9223372036854775807", "9223372036854775808", "-0x10",
  };
  /* clang-format on */
  size_t i;
  char buf[64];

  printf("[strtod]\n");
  for (i = 0; i < sizeof strs / sizeof strs[0]; i++) {
    char *end;
    double d = strtod(strs[i], &end);
    float f = strtof(strs[i], NULL);
    printf("%-26s -> %016llx %08x end+%d %.17g\n", strs[i],
           (unsigned long long)dbits(isnan(d) ? fabs(d) : d), fbits(isnan(f) ? fabsf(f) : f),
           (int)(end - strs[i]), d);
  }
  /* Round trip: %.17g of each value must read back to the same bits. */
  for (i = 0; i < sizeof dvals / sizeof dvals[0]; i++) {
    double d = dvals[i], back;
    snprintf(buf, sizeof buf, "%.17g", d);
    back = strtod(buf, NULL);
    printf("rt %s %s", buf, dbits(back) == dbits(d) ? "ok" : "MISMATCH");
    snprintf(buf, sizeof buf, "%a", d);
    back = atof(buf);
    printf(" %s %s\n", buf, dbits(back) == dbits(d) ? "ok" : "MISMATCH");
  }
  printf("[strtol]\n");
  for (i = 0; i < sizeof istrs / sizeof istrs[0]; i++) {
    char *end;
    long v = strtol(istrs[i], &end, 0);
    unsigned long uv = strtoul(istrs[i], NULL, 0);
    long long llv = strtoll(istrs[i], NULL, 0);
    unsigned long long ullv = strtoull(istrs[i], NULL, 10);
    printf("%-22s -> %ld end+%d %lu %lld %llu b36=%ld\n", istrs[i], v, (int)(end - istrs[i]), uv,
           llv, ullv, strtol(istrs[i], NULL, 36));
  }
  for (i = 0; i < 40; i++) {
    long long v = (long long)(0x9e3779b97f4a7c15ULL * (i + 1)) >> (i & 31);
    snprintf(buf, sizeof buf, "%lld", v);
    printf("%s%s", strtoll(buf, NULL, 10) == v ? "." : "X", i == 39 ? "\n" : "");
  }
  printf("atoi=%d atol=%ld atoll=%lld atof=%g\n", atoi("-77x"), atol("123456"),
         atoll("-9000000000"), atof("2.5e-3"));
}

static void print_arith(void) {
  volatile double a = 1.0 / 3.0, b = -2.75, c = 1e-310, big = 1e308;
  volatile float fa = 1.0f / 3.0f, fb = -2.75f, fc = 16777217.0f;
  volatile int i1 = -7, i2 = 2147483647;
  volatile unsigned u1 = 4294967295u;
  volatile long long l1 = -9007199254740993LL;
  volatile unsigned long long ul1 = 18446744073709551615ULL;
  double r[16];
  float f[8];
  int k;

  printf("[arith]\n");
  r[0] = a + b;
  r[1] = a - b;
  r[2] = a * b;
  r[3] = a / b;
  r[4] = __builtin_sqrt(a);
  r[5] = __builtin_sqrt(-b);
  r[6] = c * 0.5;    /* subnormal result */
  r[7] = c / 1e10;   /* underflow towards 0 */
  r[8] = big * 10.0; /* overflow -> inf */
  r[9] = -big * 10.0;
  r[10] = (a * 3.0) - 1.0;
  r[11] = fabs(b);
  r[12] = -a;
  r[13] = __builtin_sqrt(c);
  r[14] = b / 0.0;
  r[15] = __builtin_sqrt(-0.0 * a);
  for (k = 0; k < 16; k++)
    printf("r%d=%016llx %.17g\n", k, (unsigned long long)dbits(r[k]), r[k]);
  f[0] = fa + fb;
  f[1] = fa - fb;
  f[2] = fa * fb;
  f[3] = fa / fb;
  f[4] = __builtin_sqrtf(fa);
  f[5] = fc + 1.0f;
  f[6] = (float)a;
  f[7] = (float)c;
  for (k = 0; k < 8; k++)
    printf("f%d=%08x %.9g\n", k, fbits(f[k]), (double)f[k]);

  printf("cvt: %d %u %d %lld %llu %.17g %.17g %.17g %.17g %.9g\n", (int)b, (unsigned)(-b),
         (int)(a * 1e9), (long long)(big / 1e290), (unsigned long long)1e19, (double)i1, (double)i2,
         (double)u1, (double)l1, (double)(float)l1);
  printf("cvt2: %.17g %.9g %.9g %d %lld %u\n", (double)ul1, (double)(float)u1, (double)(float)i2,
         (int)fb, (long long)(fa * 1e10f), (unsigned)(fa * 1e9f));
  printf("cmp:");
  {
    volatile double x = 1.0, y = 2.0, z = 0.0, nz = -0.0, zero = 0.0;
    double nan = zero / zero;
    printf(" %d%d%d%d%d%d", x<y, x <= y, x> y, x >= y, x == y, x != y);
    printf(" %d%d%d", z == nz, z<nz, z> nz);
    printf(" %d%d%d%d%d%d", nan<x, nan <= x, nan> x, nan >= x, nan == nan, nan != nan);
    printf(" %d%d%d%d", isless(nan, x), isunordered(nan, x), islessgreater(x, y),
           isgreaterequal(y, x));
    printf(" %d%d%d\n", fa<fb, fa> fb, (float)x == 1.0f);
  }

  printf("[rounding]\n");
  {
    /* clang-format off */
    static const double rv[] = {
        0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999, -3.7, 1e10 + 0.5, 4503599627370497.0,
    };
    /* clang-format on */
    static const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
    static const char *const mname[] = {"near", "zero", "up", "down"};
    size_t i, m;
    for (i = 0; i < sizeof rv / sizeof rv[0]; i++) {
      volatile double v = rv[i];
      printf("%-18.17g lrint=%ld llrint=%lld lround=%ld llround=%lld round=%g trunc=%g "
             "floor=%g ceil=%g nearbyint=%g\n",
             v, lrint(v), llrint(v), lround(v), llround(v), round(v), trunc(v), floor(v), ceil(v),
             nearbyint(v));
    }
    for (m = 0; m < 4; m++) {
      volatile double one = 1.0, three = 3.0, mtwo = -2.0;
      double q, q2, s;
      if (fesetround(modes[m]) != 0) {
        printf("fesetround failed\n");
        continue;
      }
      q = one / three;
      q2 = mtwo / three;
      s = __builtin_sqrt(three);
      printf("%s: round=%d 1/3=%016llx -2/3=%016llx sqrt3=%016llx rint(2.5)=%g "
             "rint(-2.5)=%g lrint(-1.5)=%ld f=%08x\n",
             mname[m], fegetround() == modes[m], (unsigned long long)dbits(q),
             (unsigned long long)dbits(q2), (unsigned long long)dbits(s), rint(2.5 * one),
             rint(-2.5 * one), lrint(-1.5 * one), fbits((float)q));
    }
    fesetround(FE_TONEAREST);
    feclearexcept(FE_ALL_EXCEPT);
    {
      volatile double one = 1.0, three = 3.0, zero = 0.0, big = 1e308, tiny = 1e-308;
      volatile double t; /* volatile: each operation happens where it is written */
      t = one / three;
      printf("inexact=%d", fetestexcept(FE_INEXACT) != 0);
      feclearexcept(FE_ALL_EXCEPT);
      t += one / zero;
      printf(" divbyzero=%d", fetestexcept(FE_DIVBYZERO) != 0);
      feclearexcept(FE_ALL_EXCEPT);
      t += big * big;
      printf(" overflow=%d", fetestexcept(FE_OVERFLOW) != 0);
      feclearexcept(FE_ALL_EXCEPT);
      t += tiny * tiny;
      printf(" underflow=%d", fetestexcept(FE_UNDERFLOW) != 0);
      feclearexcept(FE_ALL_EXCEPT);
      t += zero / zero;
      printf(" invalid=%d t=%g\n", fetestexcept(FE_INVALID) != 0, fabs(t));
    }
  }
  printf("[fmod]\n");
  {
    static const double xs[] = {10.5, -10.5, 1e300, 5.0, 0.1, -0.0};
    static const double ys[] = {3.0, 3.0, 7.0, 0.5, 0.03, 2.0};
    size_t i;
    for (i = 0; i < sizeof xs / sizeof xs[0]; i++) {
      volatile double x = xs[i], y = ys[i];
      printf("fmod(%g,%g)=%.17g floor=%g ceil=%g floor(-x)=%g ceil(-x)=%g\n", x, y, fmod(x, y),
             floor(x), ceil(x), floor(-x), ceil(-x));
    }
  }
  {
    /* An accumulation loop: a long chain of dependent FPU operations. */
    double s = 0.0, p = 1.0;
    float fs = 0.0f;
    for (k = 1; k <= 2000; k++) {
      s += 1.0 / ((double)k * k);
      p *= 1.0 + 1.0 / (k + 1000.0);
      fs += (float)k / 7.0f;
    }
    printf("sum=%.17g prod=%.17g fsum=%.9g\n", s, p, (double)fs);
  }
}

int main(void) {
  print_conversions();
  print_doubles();
  print_snprintf();
  print_strto();
  print_arith();
  fprintf(stderr, "printf: stderr line %d %.3f %s\n", 42, 2.5, "done");
  return 0;
}
