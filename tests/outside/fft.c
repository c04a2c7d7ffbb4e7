/*
 * fft.c - an FP-heavy program from outside the suite: a radix-2 FFT of N complex
 * points (double), its inverse, and the error of the round trip, repeated; the
 * twiddle factors come from libm's sin and cos.  Prints a checksum of the
 * spectrum and the largest round-trip error, so a wrong FP result shows.
 *
 * Usage: fft [LOG2_N [ROUNDS]]   (default 12 and 4)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void fft(double *re, double *im, int n, int inverse) {
  for (int i = 1, j = 0; i < n; i++) { /* bit reversal */
    int bit = n >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j ^= bit;
    if (i < j) {
      double t = re[i];
      re[i] = re[j], re[j] = t;
      t = im[i], im[i] = im[j], im[j] = t;
    }
  }
  for (int len = 2; len <= n; len <<= 1) {
    double ang = 2 * M_PI / len * (inverse ? 1 : -1);
    for (int i = 0; i < n; i += len)
      for (int k = 0; k < len / 2; k++) {
        double wr = cos(ang * k), wi = sin(ang * k);
        double ur = re[i + k], ui = im[i + k];
        double vr = re[i + k + len / 2] * wr - im[i + k + len / 2] * wi;
        double vi = re[i + k + len / 2] * wi + im[i + k + len / 2] * wr;
        re[i + k] = ur + vr, im[i + k] = ui + vi;
        re[i + k + len / 2] = ur - vr, im[i + k + len / 2] = ui - vi;
      }
  }
  if (inverse)
    for (int i = 0; i < n; i++)
      re[i] /= n, im[i] /= n;
}

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 12, rounds = argc > 2 ? atoi(argv[2]) : 4;
  if (lg < 1 || lg > 20 || rounds < 1) {
    fprintf(stderr, "usage: fft [LOG2_N (1..20) [ROUNDS]]\n");
    return 2;
  }
  int n = 1 << lg;
  double *re = malloc(n * sizeof *re), *im = malloc(n * sizeof *im);
  double *r0 = malloc(n * sizeof *r0);
  if (!re || !im || !r0)
    return 1;
  double sum = 0, err = 0;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < n; i++) {
      r0[i] = re[i] = sin(0.01 * i * (r + 1)) + 0.5 * cos(0.003 * i);
      im[i] = 0;
    }
    fft(re, im, n, 0);
    for (int i = 0; i < n; i++)
      sum += sqrt(re[i] * re[i] + im[i] * im[i]) * (i % 7 + 1);
    fft(re, im, n, 1);
    for (int i = 0; i < n; i++)
      err = fmax(err, fabs(re[i] - r0[i]));
  }
  printf("fft: %d points, %d rounds, checksum %.6f, round-trip error %.3g\n", n, rounds, sum, err);
  return 0;
}
