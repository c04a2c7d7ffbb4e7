/*
 * coremark.c - hwprof workload modelled on EEMBC CoreMark: the figure a user of
 * an embedded core reads first, iterations per second of its own clock.
 *
 * Written here, not CoreMark's code, but with its structure: every iteration
 * runs the same three kernels over one block of memory and folds their results
 * into a CRC-16, so the compiler cannot drop any of them.
 *   - list: a linked list of (value, index) items, searched for values and
 *     indexes, reversed, and merge-sorted by value and back by index;
 *   - matrix: N x N 16-bit matrices: add and multiply by a constant, matrix
 *     times vector, matrix times matrix, and the same with bit fields extracted
 *     from each product;
 *   - state: a state machine scanning a text of numbers ("+1.25e3", "-17",
 *     "0x1f" and malformed ones), counting its transitions and final states.
 * The inputs come from a seed read at run time (a volatile variable), and
 * the final CRC of each kernel is printed and checked against the one computed
 * for the first iteration, so a wrong translation shows as a wrong CRC.
 *
 * Usage: coremark [test|train] [score]
 *   test   60 iterations (~20 M MIPS instructions), train 900 (~300 M).
 *   score  also time the iterations with clock_gettime(CLOCK_MONOTONIC) and print
 *          iterations per second.  Without it the output does not depend on the
 *          clock (so it can be compared with qemu-mips's); under hwprof run's
 *          default --clock board the time is the board's, and the score is that
 *          of the simulated PPC405.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------ CRC-16 */

static uint16_t crc_u8(uint8_t data, uint16_t crc) {
  for (int i = 0; i < 8; i++) {
    unsigned x = (data & 1) ^ (crc & 1);
    data >>= 1;
    crc = (uint16_t)(x ? (crc ^ 0x4002) >> 1 | 0x8000 : crc >> 1);
  }
  return crc;
}

static uint16_t crc_u16(uint16_t v, uint16_t crc) {
  return crc_u8((uint8_t)(v >> 8), crc_u8((uint8_t)v, crc));
}

static uint16_t crc_u32(uint32_t v, uint16_t crc) {
  return crc_u16((uint16_t)(v >> 16), crc_u16((uint16_t)v, crc));
}

/* ------------------------------------------------------------------ list */

typedef struct item {
  struct item *next;
  int16_t value, index;
} item;

#define LIST_N 80

static item *list_build(item *pool, int n, uint16_t seed) {
  item *head = NULL;
  for (int i = n - 1; i >= 0; i--) {
    pool[i].index = (int16_t)i;
    pool[i].value = (int16_t)(((i * 0x2f1) ^ seed) & 0x7fff);
    pool[i].next = head;
    head = &pool[i];
  }
  return head;
}

static item *list_find(item *l, int16_t value, int16_t index) {
  for (; l; l = l->next)
    if (index >= 0 ? l->index == index : (l->value & 0xff) == (value & 0xff))
      return l;
  return NULL;
}

static item *list_reverse(item *l) {
  item *prev = NULL;
  while (l) {
    item *next = l->next;
    l->next = prev;
    prev = l;
    l = next;
  }
  return prev;
}

static int by_value(const item *a, const item *b) {
  return a->value != b->value ? a->value - b->value : a->index - b->index;
}

static int by_index(const item *a, const item *b) {
  return a->index - b->index;
}

/* Bottom-up merge sort of a singly linked list (no recursion, no allocation). */
static item *list_sort(item *l, int (*cmp)(const item *, const item *)) {
  for (int k = 1;; k *= 2) {
    item *p = l, *tail = NULL;
    int merges = 0;
    l = NULL;
    while (p) {
      merges++;
      item *q = p;
      int ps = 0, qs = k;
      while (ps < k && q)
        ps++, q = q->next;
      while (ps > 0 || (qs > 0 && q)) {
        item *e;
        if (!ps)
          e = q, q = q->next, qs--;
        else if (!qs || !q || cmp(p, q) <= 0)
          e = p, p = p->next, ps--;
        else
          e = q, q = q->next, qs--;
        if (tail)
          tail->next = e;
        else
          l = e;
        tail = e;
      }
      p = q;
    }
    tail->next = NULL;
    if (merges <= 1)
      return l;
  }
}

static uint16_t bench_list(item *pool, uint16_t seed, uint16_t crc) {
  item *l = list_build(pool, LIST_N, seed);
  int found = 0, missed = 0;
  for (int i = 0; i < 24; i++) {
    item *f = list_find(l, (int16_t)(seed + i * 7), (int16_t)(i & 1 ? -1 : (i * 5) % 97));
    if (f) {
      found++;
      crc = crc_u16((uint16_t)f->value, crc);
    } else {
      missed++;
    }
    l = list_reverse(l);
  }
  l = list_sort(l, by_value);
  for (item *p = l; p; p = p->next)
    crc = crc_u16((uint16_t)p->value, crc);
  l = list_sort(l, by_index);
  for (item *p = l; p; p = p->next)
    crc = crc_u16((uint16_t)p->index, crc);
  return crc_u16((uint16_t)(found << 8 | missed), crc);
}

/* ------------------------------------------------------------------ matrix */

#define MAT_N 12

static uint16_t bench_matrix(int16_t *a, int16_t *b, int32_t *c, uint16_t seed, uint16_t crc) {
  int16_t k = (int16_t)(seed | 0xf000);
  for (int i = 0; i < MAT_N * MAT_N; i++) {
    a[i] = (int16_t)((seed + i * 31) & 0xff);
    b[i] = (int16_t)(((seed ^ (i * 17)) & 0x1ff) - 0x100);
  }
  for (int i = 0; i < MAT_N * MAT_N; i++) /* add a constant */
    a[i] = (int16_t)(a[i] + k);
  for (int i = 0; i < MAT_N * MAT_N; i++) { /* multiply by a constant */
    c[i] = (int32_t)a[i] * k;
    crc = crc_u32((uint32_t)c[i], crc);
  }
  for (int i = 0; i < MAT_N; i++) { /* matrix times vector (b's first column) */
    int32_t s = 0;
    for (int j = 0; j < MAT_N; j++)
      s += (int32_t)a[i * MAT_N + j] * b[j * MAT_N];
    c[i] = s;
    crc = crc_u32((uint32_t)s, crc);
  }
  for (int i = 0; i < MAT_N; i++) /* matrix times matrix */
    for (int j = 0; j < MAT_N; j++) {
      int32_t s = 0;
      for (int x = 0; x < MAT_N; x++)
        s += (int32_t)a[i * MAT_N + x] * b[x * MAT_N + j];
      c[i * MAT_N + j] = s;
    }
  for (int i = 0; i < MAT_N * MAT_N; i++)
    crc = crc_u32((uint32_t)c[i], crc);
  for (int i = 0; i < MAT_N; i++) /* the same, with bit fields of each product */
    for (int j = 0; j < MAT_N; j++) {
      int32_t s = 0;
      for (int x = 0; x < MAT_N; x++) {
        int32_t p = (int32_t)a[i * MAT_N + x] * b[x * MAT_N + j];
        s += (p >> 2 & 0x0f) * (p >> 5 & 0x7f);
      }
      crc = crc_u32((uint32_t)s, crc);
    }
  for (int i = 0; i < MAT_N * MAT_N; i++) /* undo the constant */
    a[i] = (int16_t)(a[i] - k);
  return crc;
}

/* ------------------------------------------------------------------ state */

enum { START, INT, SIGN, HEX0, HEX, FRAC, EXP, EXPSIGN, SCI, INVALID, NSTATES };

static int next_state(int s, char c) {
  int digit = c >= '0' && c <= '9';
  switch (s) {
  case START:
    return c == '+' || c == '-' ? SIGN : c == '0' ? HEX0 : digit ? INT : c == '.' ? FRAC : INVALID;
  case SIGN: return digit ? INT : c == '.' ? FRAC : INVALID;
  case HEX0: return c == 'x' ? HEX : digit ? INT : c == '.' ? FRAC : INVALID;
  case HEX: return digit || (c >= 'a' && c <= 'f') ? HEX : INVALID;
  case INT: return digit ? INT : c == '.' ? FRAC : c == 'e' || c == 'E' ? EXP : INVALID;
  case FRAC: return digit ? FRAC : c == 'e' || c == 'E' ? EXP : INVALID;
  case EXP: return c == '+' || c == '-' ? EXPSIGN : digit ? SCI : INVALID;
  case EXPSIGN: return digit ? SCI : INVALID;
  case SCI: return digit ? SCI : INVALID;
  default: return INVALID;
  }
}

static const char *const tokens[] = {"5012",  "+1.25e3", "-17",     "0x1f", "3.1415", "-.5",
                                     "12e",   "7.0E-2",  "0xfg",    "++3",  "0",      "1e+10",
                                     "-0x10", "42.",     "9999999", "e5",   ".e1",    "0x"};
#define NTOKENS (sizeof tokens / sizeof *tokens)
#define TEXT_N  600

static void state_text(char *text, uint16_t seed) {
  size_t n = 0;
  for (unsigned i = 0; n + 12 < TEXT_N; i++) {
    const char *t = tokens[(i * 7 + seed) % NTOKENS];
    size_t len = strlen(t);
    memcpy(text + n, t, len);
    n += len;
    text[n++] = ',';
  }
  text[n] = 0;
}

static uint16_t bench_state(char *text, uint16_t seed, uint16_t crc) {
  unsigned final[NSTATES] = {0}, transitions[NSTATES] = {0};
  for (int pass = 0; pass < 2; pass++) {
    for (char *p = text; *p;) {
      int s = START;
      for (; *p && *p != ','; p++) {
        int t = next_state(s, *p);
        transitions[s] += t != s;
        s = t;
      }
      final[s]++;
      if (*p)
        p++;
    }
    /* corrupt every 13th character (CoreMark's second pass), then undo it */
    for (size_t i = seed % 13; text[i]; i += 13)
      text[i] ^= pass ? 0 : 0x01;
  }
  for (size_t i = seed % 13; text[i]; i += 13)
    text[i] ^= 0x01;
  for (int s = 0; s < NSTATES; s++)
    crc = crc_u32(final[s] << 16 | transitions[s], crc);
  return crc;
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv) {
  int train = argc >= 2 && !strcmp(argv[1], "train");
  int score = argc == 3 && !strcmp(argv[2], "score");
  if (argc > 3 || (argc >= 2 && !train && strcmp(argv[1], "test")) || (argc == 3 && !score)) {
    fprintf(stderr, "usage: coremark [test|train] [score]\n");
    return 2;
  }
  unsigned iterations = train ? 900 : 60;
  /* The seed is read at run time (CoreMark's volatile seeds): nothing is folded. */
  static volatile uint16_t seed_at_run_time = 0x3415;
  uint16_t seed = seed_at_run_time;
  static item pool[LIST_N];
  static int16_t a[MAT_N * MAT_N], b[MAT_N * MAT_N];
  static int32_t c[MAT_N * MAT_N];
  static char text[TEXT_N];
  state_text(text, seed);

  struct timespec t0, t1;
  if (score)
    clock_gettime(CLOCK_MONOTONIC, &t0);
  uint16_t crc = 0, first[3] = {0, 0, 0};
  int bad = 0;
  for (unsigned it = 0; it < iterations; it++) {
    uint16_t l = bench_list(pool, seed, 0);
    uint16_t m = bench_matrix(a, b, c, seed, 0);
    uint16_t s = bench_state(text, seed, 0);
    if (it == 0)
      first[0] = l, first[1] = m, first[2] = s;
    else if (l != first[0] || m != first[1] || s != first[2])
      bad++;
    crc = crc_u16(l, crc_u16(m, crc_u16(s, crc)));
  }
  if (score)
    clock_gettime(CLOCK_MONOTONIC, &t1);

  printf("coremark: %u iterations; list crc 0x%04x, matrix crc 0x%04x, state crc 0x%04x, "
         "final crc 0x%04x\n",
         iterations, first[0], first[1], first[2], crc);
  if (bad) {
    printf("coremark: %d iterations computed a different crc: ERROR\n", bad);
    return 1;
  }
  if (score) {
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("coremark: %.6f s; %.2f iterations/s\n", secs, secs > 0 ? iterations / secs : 0.0);
  }
  return 0;
}
