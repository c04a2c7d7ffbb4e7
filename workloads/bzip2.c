/*
 * bzip2.c - hwprof workload modelled on SPEC CINT2000 256.bzip2.
 *
 * Compresses several generated blocks (text-like, binary-like and highly repetitive data) into
 * one bzip2-format bit stream and decompresses it again, as 256.bzip2 does in memory:
 *   compress:   initial run-length coding (runs of 4..255), Burrows-Wheeler transform with
 *               bzip2's main sort (2-byte radix buckets, multikey quicksort on rotations,
 *               shell sort at depth, and the bucket-copying trick that derives the order of
 *               one bucket from another) under a work budget, falling back to a prefix-doubling
 *               sort when the budget runs out or the block is small; move-to-front with RUNA/RUNB
 *               coding of zero runs; Huffman coding with 2-6 tables chosen per 50 symbols and
 *               refined in 4 passes, code lengths limited to 17 bits.
 *   decompress: canonical Huffman decoding (limit/base/perm tables), inverse MTF, inverse BWT
 *               through the linked "tt" vector, inverse run-length coding, CRC check, and a
 *               byte-for-byte comparison with the input.
 * Sizes (dynamic MIPS instructions): test ~20 M (blocks of 8000, 3000, 2800 and 1500 bytes),
 * train ~300 M (200000, 130000, 55000 and 1900 bytes); only the block sizes differ.
 * Usage: bzip2 [test|train]
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ALPHA    258
#define N_GROUPS     6
#define G_SIZE       50
#define N_ITERS      4
#define MAX_CODE_LEN 17 /* encoder limit; the decoder accepts up to 20 as bzip2 does */
#define RUNA         0
#define RUNB         1
#define SETMASK      (1u << 21)
#define CLEARMASK    (~SETMASK)
#define QS_SMALL     20 /* main sort: shell sort below this many rotations ... */
#define QS_DEPTH     14 /* ... or beyond this depth */
#define FB_SMALL     10
#define STACK_SIZE   512
#define SMALL_BLOCK  2000 /* smaller blocks go straight to the fallback sort (bzip2: 10000) */

enum { KIND_TEXT, KIND_BINARY, KIND_REPEAT };
static const char *const kind_name[] = {"text", "binary", "repeat"};

static void fail(const char *msg) {
  fprintf(stderr, "bzip2: self-check failed: %s\n", msg);
  exit(1);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    fail("out of memory");
  return p;
}

/* ---- PRNG (xorshift32) and CRC-32 (MSB first, as bzip2) ---- */
static uint32_t rng_state;
static uint32_t rng_next(void) {
  uint32_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return rng_state = x;
}
static uint32_t rng_below(uint32_t n) {
  return rng_next() % n;
}

static uint32_t crc_table[256];
static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i << 24;
    for (int k = 0; k < 8; k++)
      c = (c & 0x80000000u) ? (c << 1) ^ 0x04c11db7u : c << 1;
    crc_table[i] = c;
  }
}
static uint32_t crc_update(uint32_t crc, uint8_t b) {
  return (crc << 8) ^ crc_table[(crc >> 24) ^ b];
}

/* ---- input generators ---- */
#define N_WORDS 512
static char vocab[N_WORDS][20];
static void make_vocab(void) {
  static const char *const syl[] = {"th",  "e",  "an",  "re", "in",  "on", "er", "st", "qu", "al",
                                    "ing", "ou", "ch",  "ea", "is",  "or", "es", "ti", "le", "ma",
                                    "co",  "de", "pro", "un", "ver", "ra", "lo", "mi", "sa", "tu"};
  rng_state = 0x2545f491u;
  for (int w = 0; w < N_WORDS; w++) {
    int ns = 1 + (int)rng_below(3) + (rng_below(4) == 0);
    vocab[w][0] = 0;
    for (int s = 0; s < ns; s++)
      strcat(vocab[w], syl[rng_below(sizeof syl / sizeof syl[0])]);
  }
}

/* English-like prose: skewed word choice, punctuation, line breaks, some repeated lines. */
static void gen_text(uint8_t *buf, int32_t n) {
  int32_t pos = 0, col = 0;
  while (pos < n) {
    if (pos > 400 && rng_below(16) == 0) { /* quote an earlier passage */
      int32_t len = 30 + (int32_t)rng_below(120), from = (int32_t)rng_below((uint32_t)(pos - len));
      for (int32_t k = 0; k < len && pos < n; k++)
        buf[pos++] = buf[from + k];
      continue;
    }
    int nw = 4 + (int)rng_below(12);
    for (int w = 0; w < nw && pos < n; w++) {
      char tmp[24];
      const char *word = vocab[rng_below(rng_below(N_WORDS) + 1)];
      if (rng_below(24) == 0) {
        snprintf(tmp, sizeof tmp, "%" PRIu32, rng_below(rng_below(100000) + 1));
        word = tmp;
      }
      for (int k = 0; word[k] && pos < n; k++, col++)
        buf[pos++] = (uint8_t)(w == 0 && k == 0 && word[k] >= 'a' ? word[k] - 32 : word[k]);
      if (pos < n && w + 1 < nw && rng_below(8) == 0)
        buf[pos++] = ',';
      if (pos < n && w + 1 < nw) {
        buf[pos++] = col > 64 ? '\n' : ' ';
        col = col > 64 ? 0 : col + 1;
      }
    }
    if (pos < n)
      buf[pos++] = rng_below(5) == 0 ? '?' : '.';
    if (pos < n) {
      buf[pos++] = col > 50 ? '\n' : ' ';
      col = col > 50 ? 0 : col + 1;
    }
  }
}

/* Binary-like: fixed records, skewed bytes, fills and "machine code" words, in sections. */
static void gen_binary(uint8_t *buf, int32_t n) {
  static const uint8_t ops[] = {0x8f, 0xaf, 0x27, 0x00, 0x10, 0x14, 0x0c, 0x03, 0x24, 0x3c};
  uint32_t id = 1000, value = 5000;
  int32_t pos = 0;
  while (pos < n) {
    int32_t end = pos + 256 + (int32_t)rng_below(2048);
    if (end > n)
      end = n;
    uint32_t mode = rng_below(4);
    while (pos < end) {
      uint8_t rec[16];
      int rl = 16;
      uint32_t r = rng_next();
      memset(rec, 0, sizeof rec);
      if (mode == 0) { /* 16-byte record, big-endian fields */
        id++;
        value += (r & 63) - 28;
        rec[0] = (uint8_t)(id >> 24), rec[1] = (uint8_t)(id >> 16);
        rec[2] = (uint8_t)(id >> 8), rec[3] = (uint8_t)id;
        rec[4] = (uint8_t) "\1\2\3\7"[(r >> 8) & 3];
        rec[5] = (r >> 10 & 15) == 0;
        rec[6] = (uint8_t)(value >> 24), rec[7] = (uint8_t)(value >> 16);
        rec[8] = (uint8_t)(value >> 8), rec[9] = (uint8_t)value;
      } else if (mode == 1) { /* skewed small values */
        rl = 1;
        rec[0] = (uint8_t)((r & 0xff) >> ((r >> 8) % 8));
      } else if (mode == 2) { /* fill run */
        rl = 1 + (int)(r % 12);
        memset(rec, (r >> 8 & 1) ? 0xff : 0, (size_t)rl);
      } else { /* 32-bit "instructions" */
        rl = 4;
        rec[0] = ops[(r >> 4) % 10], rec[1] = (uint8_t)(0xa0 | (r >> 8 & 7));
        rec[2] = (r >> 12 & 1) ? 0 : 0xff, rec[3] = (uint8_t)((r >> 16) & 0xfc);
      }
      for (int k = 0; k < rl && pos < end; k++)
        buf[pos++] = rec[k];
    }
  }
}

/* Highly repetitive: a slowly mutating pattern repeated; defeats the main sort's budget. */
static void gen_repeat(uint8_t *buf, int32_t n) {
  uint8_t pat[1024];
  int32_t plen = 300 + (int32_t)rng_below(400), until = 0;
  for (int32_t k = 0; k < plen; k++)
    pat[k] = (uint8_t)('a' + rng_below(rng_below(26) + 1));
  for (int32_t pos = 0; pos < n; pos++) {
    if (pos >= until) { /* mutate the pattern now and then */
      pat[rng_below((uint32_t)plen)] = (uint8_t)('a' + rng_below(26));
      until = pos + 200 + (int32_t)rng_below(600);
    }
    buf[pos] = pat[pos % plen];
  }
}

/* ---- bit stream writer and reader (MSB first) ---- */
typedef struct {
  uint8_t *buf;
  int32_t cap, pos, nlive;
  uint32_t live;
} BitW;

/* Appends the low nbits (at most 24) of v. */
static void bw_put(BitW *w, int nbits, uint32_t v) {
  while (w->nlive >= 8) {
    if (w->pos >= w->cap)
      fail("output buffer overflow");
    w->buf[w->pos++] = (uint8_t)(w->live >> 24);
    w->live <<= 8;
    w->nlive -= 8;
  }
  w->live |= v << (32 - w->nlive - nbits);
  w->nlive += nbits;
}
static void bw_put32(BitW *w, uint32_t v) {
  bw_put(w, 16, v >> 16);
  bw_put(w, 16, v & 0xffff);
}
static void bw_flush(BitW *w) {
  for (; w->nlive > 0; w->nlive -= 8) {
    if (w->pos >= w->cap)
      fail("output buffer overflow");
    w->buf[w->pos++] = (uint8_t)(w->live >> 24);
    w->live <<= 8;
  }
  w->nlive = 0;
}
static int32_t bw_bits(const BitW *w) {
  return w->pos * 8 + w->nlive;
}

typedef struct {
  const uint8_t *buf;
  int32_t len, pos, nlive;
  uint32_t live;
} BitR;

/* Reads nbits (at most 24). */
static uint32_t br_get(BitR *r, int nbits) {
  while (r->nlive < nbits) {
    if (r->pos >= r->len)
      fail("compressed stream truncated");
    r->live = (r->live << 8) | r->buf[r->pos++];
    r->nlive += 8;
  }
  r->nlive -= nbits;
  return (r->live >> r->nlive) & ((1u << nbits) - 1);
}
static uint32_t br_get32(BitR *r) {
  uint32_t hi = br_get(r, 16);
  return (hi << 16) | br_get(r, 16);
}

/* ---- run-length coding 1: runs of 4..255 equal bytes become 4 bytes + a count ---- */
static int32_t rle1_encode(const uint8_t *in, int32_t n, uint8_t *out) {
  int32_t o = 0;
  for (int32_t i = 0; i < n;) {
    uint8_t c = in[i];
    int32_t run = 1;
    while (i + run < n && in[i + run] == c && run < 255)
      run++;
    for (int32_t k = 0; k < (run < 4 ? run : 4); k++)
      out[o++] = c;
    if (run >= 4)
      out[o++] = (uint8_t)(run - 4);
    i += run;
  }
  return o;
}

/* Undoes rle1_encode; returns the output length, or -1 when it would exceed cap. */
static int32_t rle1_decode(const uint8_t *in, int32_t n, uint8_t *out, int32_t cap, uint32_t *crc) {
  int32_t o = 0, same = 0, prev = -1;
  uint32_t c = 0xffffffffu;
  for (int32_t i = 0; i < n; i++) {
    int32_t rep = 1, b = in[i];
    if (same == 4) { /* count byte */
      rep = b, b = prev, same = 0, prev = -1;
    } else {
      same = b == prev ? same + 1 : 1;
      prev = b;
    }
    if (o + rep > cap)
      return -1;
    while (rep-- > 0) {
      out[o++] = (uint8_t)b;
      c = crc_update(c, (uint8_t)b);
    }
  }
  *crc = ~c;
  return o;
}

/* ---- BWT: main sort (radix + multikey quicksort on rotations) ---- */
typedef struct {
  int32_t n;
  const uint8_t *blk; /* the block twice, so that rotations need no wrap-around */
  uint32_t *ptr;
  int32_t budget;
} MainSort;

/* Is the rotation at a greater than the one at b (len bytes compared)? The first 12 bytes are
   free; each further 8 cost one unit of budget, as in bzip2's mainGtU. */
static int main_gtu(const uint8_t *a, const uint8_t *b, int32_t len, int32_t *budget) {
#define CMP1(k)                                                                                    \
  do {                                                                                             \
    if (a[k] != b[k])                                                                              \
      return a[k] > b[k];                                                                          \
  } while (0)
  // clang-format off
  if (len >= 12) {
    CMP1(0); CMP1(1); CMP1(2); CMP1(3); CMP1(4); CMP1(5);
    CMP1(6); CMP1(7); CMP1(8); CMP1(9); CMP1(10); CMP1(11);
    a += 12, b += 12, len -= 12;
  }
  for (; len >= 8; a += 8, b += 8, len -= 8) {
    CMP1(0); CMP1(1); CMP1(2); CMP1(3); CMP1(4); CMP1(5); CMP1(6); CMP1(7);
    (*budget)--;
  }
  // clang-format on
  for (; len > 0; a++, b++, len--)
    CMP1(0);
#undef CMP1
  return 0;
}

static const int32_t incs[] = {1, 4, 13, 40, 121, 364, 1093, 3280, 9841, 29524, 88573, 265720};

static void main_simple_sort(MainSort *s, int32_t lo, int32_t hi, int32_t d) {
  int32_t big_n = hi - lo + 1, hp = 0, len = s->n - d;
  if (big_n < 2)
    return;
  while (incs[hp] < big_n)
    hp++;
  for (hp--; hp >= 0; hp--) {
    int32_t h = incs[hp];
    for (int32_t i = lo + h; i <= hi; i++) {
      uint32_t v = s->ptr[i];
      int32_t j = i;
      while (main_gtu(s->blk + s->ptr[j - h] + d, s->blk + v + d, len, &s->budget)) {
        s->ptr[j] = s->ptr[j - h];
        j -= h;
        if (j < lo + h)
          break;
      }
      s->ptr[j] = v;
      if (s->budget < 0)
        return;
    }
  }
}

static uint8_t med3(uint8_t a, uint8_t b, uint8_t c) {
  if (a > b) {
    uint8_t t = a;
    a = b, b = t;
  }
  if (b > c)
    b = c < a ? a : c;
  return b;
}

static void vswap(uint32_t *p, int32_t a, int32_t b, int32_t n) {
  for (; n > 0; n--, a++, b++) {
    uint32_t t = p[a];
    p[a] = p[b], p[b] = t;
  }
}

/* Multikey (three-way radix) quicksort of ptr[lo..hi], all sharing their first d bytes. */
static void main_qsort3(MainSort *s, int32_t lo0, int32_t hi0, int32_t d0) {
  int32_t st_lo[STACK_SIZE], st_hi[STACK_SIZE], st_d[STACK_SIZE], sp = 0;
  uint32_t *ptr = s->ptr;
  const uint8_t *blk = s->blk;
  st_lo[sp] = lo0, st_hi[sp] = hi0, st_d[sp++] = d0;
  while (sp > 0) {
    if (sp > STACK_SIZE - 3)
      fail("main sort stack overflow");
    sp--;
    int32_t lo = st_lo[sp], hi = st_hi[sp], d = st_d[sp];
    if (d >= s->n)
      continue; /* rotations identical (periodic block): any order will do */
    if (hi - lo < QS_SMALL || d > QS_DEPTH) {
      main_simple_sort(s, lo, hi, d);
      if (s->budget < 0)
        return;
      continue;
    }
    int32_t med = med3(blk[ptr[lo] + d], blk[ptr[hi] + d], blk[ptr[(lo + hi) >> 1] + d]);
    int32_t un_lo = lo, lt_lo = lo, un_hi = hi, gt_hi = hi;
    for (;;) {
      for (; un_lo <= un_hi; un_lo++) {
        int32_t c = blk[ptr[un_lo] + d] - med;
        if (c > 0)
          break;
        if (c == 0)
          vswap(ptr, un_lo, lt_lo++, 1);
      }
      for (; un_lo <= un_hi; un_hi--) {
        int32_t c = blk[ptr[un_hi] + d] - med;
        if (c < 0)
          break;
        if (c == 0)
          vswap(ptr, un_hi, gt_hi--, 1);
      }
      if (un_lo > un_hi)
        break;
      vswap(ptr, un_lo++, un_hi--, 1);
    }
    if (gt_hi < lt_lo) { /* all equal at this depth: go one byte deeper */
      st_lo[sp] = lo, st_hi[sp] = hi, st_d[sp++] = d + 1;
      continue;
    }
    int32_t n = lt_lo - lo < un_lo - lt_lo ? lt_lo - lo : un_lo - lt_lo;
    vswap(ptr, lo, un_lo - n, n);
    int32_t m = hi - gt_hi < gt_hi - un_hi ? hi - gt_hi : gt_hi - un_hi;
    vswap(ptr, un_lo, hi - m + 1, m);
    n = lo + un_lo - lt_lo - 1;
    m = hi - (gt_hi - un_hi) + 1;
    /* push the largest part first so that the smallest is sorted next */
    int32_t nl[3] = {lo, m, n + 1}, nh[3] = {n, hi, m - 1}, nd[3] = {d, d, d + 1};
    for (int a = 0; a < 2; a++)
      for (int b = a + 1; b < 3; b++)
        if (nh[a] - nl[a] < nh[b] - nl[b]) {
          int32_t t = nl[a];
          nl[a] = nl[b], nl[b] = t, t = nh[a], nh[a] = nh[b], nh[b] = t;
          t = nd[a], nd[a] = nd[b], nd[b] = t;
        }
    for (int a = 0; a < 3; a++)
      st_lo[sp] = nl[a], st_hi[sp] = nh[a], st_d[sp++] = nd[a];
  }
}

#define BIGFREQ(b) (ftab[((b) + 1) << 8] - ftab[(b) << 8])

/* bzip2's mainSort, without its "quadrant" cache of partial sort keys. Returns 0 on success,
   -1 when the work budget ran out. */
static int main_sort(MainSort *s, uint32_t *ftab) {
  int32_t n = s->n, used[256], n_used = 0, copy_start[256], copy_end[256];
  const uint8_t *blk = s->blk;
  uint32_t *ptr = s->ptr;
  uint8_t big_done[256] = {0};

  /* 1. radix sort on the first two bytes: ftab[j] = start of bucket j */
  memset(ftab, 0, 65537 * sizeof ftab[0]);
  for (int32_t i = 0; i < n; i++)
    ftab[(blk[i] << 8) | blk[i + 1]]++;
  for (int32_t i = 1; i <= 65536; i++)
    ftab[i] += ftab[i - 1];
  for (int32_t i = n - 1; i >= 0; i--)
    ptr[--ftab[(blk[i] << 8) | blk[i + 1]]] = (uint32_t)i;

  /* 2. process the big buckets (first byte) from smallest to largest; only byte values that
     occur matter (bzip2 walks all 256, which costs nothing with its 900 KB blocks) */
  for (int32_t c = 0; c < 256; c++)
    if (BIGFREQ(c) > 0)
      used[n_used++] = c;
  for (int32_t h = 121; h > 0; h /= 3)
    for (int32_t i = h; i < n_used; i++) {
      int32_t v = used[i], j = i;
      while (j >= h && BIGFREQ(used[j - h]) > BIGFREQ(v)) {
        used[j] = used[j - h];
        j -= h;
      }
      used[j] = v;
    }
  for (int32_t i = 0; i < n_used; i++) {
    int32_t ss = used[i];
    /* sort the small buckets [ss, j], j != ss, that no earlier step has sorted */
    for (int32_t u = 0; u < n_used; u++) {
      int32_t j = used[u], sb = (ss << 8) + j;
      if (j == ss || (ftab[sb] & SETMASK))
        continue;
      int32_t lo = (int32_t)(ftab[sb] & CLEARMASK), hi = (int32_t)(ftab[sb + 1] & CLEARMASK) - 1;
      if (hi > lo) {
        main_qsort3(s, lo, hi, 2);
        if (s->budget < 0)
          return -1;
      }
      ftab[sb] |= SETMASK;
    }
    /* the sorted big bucket ss gives the order of every bucket [c, ss] (incl. [ss, ss]):
       rotation k-1 precedes rotation j-1 iff k precedes j, when both start with the same c */
    for (int32_t u = 0; u < n_used; u++) {
      int32_t j = used[u];
      copy_start[j] = (int32_t)(ftab[(j << 8) + ss] & CLEARMASK);
      copy_end[j] = (int32_t)(ftab[(j << 8) + ss + 1] & CLEARMASK) - 1;
    }
    for (int32_t j = (int32_t)(ftab[ss << 8] & CLEARMASK); j < copy_start[ss]; j++) {
      int32_t k = (int32_t)ptr[j] - 1 + (ptr[j] == 0 ? n : 0);
      if (!big_done[blk[k]])
        ptr[copy_start[blk[k]]++] = (uint32_t)k;
    }
    for (int32_t j = (int32_t)(ftab[(ss + 1) << 8] & CLEARMASK) - 1; j > copy_end[ss]; j--) {
      int32_t k = (int32_t)ptr[j] - 1 + (ptr[j] == 0 ? n : 0);
      if (!big_done[blk[k]])
        ptr[copy_end[blk[k]]--] = (uint32_t)k;
    }
    if (copy_start[ss] - 1 != copy_end[ss] && !(copy_start[ss] == 0 && copy_end[ss] == n - 1))
      fail("main sort: bucket copy mismatch");
    for (int32_t u = 0; u < n_used; u++)
      ftab[(used[u] << 8) + ss] |= SETMASK;
    big_done[ss] = 1;
  }
  return 0;
}

/* ---- BWT: fallback sort (prefix doubling with bucket-header bits) ---- */
#define SET_BH(z)   (bhtab[(z) >> 5] |= 1u << ((z)&31))
#define CLEAR_BH(z) (bhtab[(z) >> 5] &= ~(1u << ((z)&31)))
#define ISSET_BH(z) (bhtab[(z) >> 5] & (1u << ((z)&31)))
#define WORD_BH(z)  bhtab[(z) >> 5]

static void fallback_simple_sort(uint32_t *fmap, const uint32_t *ec, int32_t lo, int32_t hi) {
  for (int32_t i = hi - 1; i >= lo; i--) {
    uint32_t t = fmap[i], e = ec[t];
    int32_t j = i + 1;
    for (; j <= hi && e > ec[fmap[j]]; j++)
      fmap[j - 1] = fmap[j];
    fmap[j - 1] = t;
  }
}

/* Three-way quicksort of fmap[lo..hi] by eclass, with bzip2's pseudo-random pivot choice. */
static void fallback_qsort3(uint32_t *fmap, const uint32_t *ec, int32_t lo0, int32_t hi0) {
  int32_t st_lo[STACK_SIZE], st_hi[STACK_SIZE], sp = 0;
  uint32_t r = 0;
  st_lo[sp] = lo0, st_hi[sp++] = hi0;
  while (sp > 0) {
    if (sp > STACK_SIZE - 2)
      fail("fallback sort stack overflow");
    sp--;
    int32_t lo = st_lo[sp], hi = st_hi[sp];
    if (hi - lo < FB_SMALL) {
      fallback_simple_sort(fmap, ec, lo, hi);
      continue;
    }
    r = (r * 7621 + 1) % 32768;
    uint32_t med = ec[fmap[r % 3 == 0 ? lo : r % 3 == 1 ? (lo + hi) >> 1 : hi]];
    int32_t un_lo = lo, lt_lo = lo, un_hi = hi, gt_hi = hi;
    for (;;) {
      for (; un_lo <= un_hi; un_lo++) {
        uint32_t e = ec[fmap[un_lo]];
        if (e > med)
          break;
        if (e == med)
          vswap(fmap, un_lo, lt_lo++, 1);
      }
      for (; un_lo <= un_hi; un_hi--) {
        uint32_t e = ec[fmap[un_hi]];
        if (e < med)
          break;
        if (e == med)
          vswap(fmap, un_hi, gt_hi--, 1);
      }
      if (un_lo > un_hi)
        break;
      vswap(fmap, un_lo++, un_hi--, 1);
    }
    if (gt_hi < lt_lo)
      continue;
    int32_t n = lt_lo - lo < un_lo - lt_lo ? lt_lo - lo : un_lo - lt_lo;
    vswap(fmap, lo, un_lo - n, n);
    int32_t m = hi - gt_hi < gt_hi - un_hi ? hi - gt_hi : gt_hi - un_hi;
    vswap(fmap, un_lo, hi - m + 1, m);
    n = lo + un_lo - lt_lo - 1;
    m = hi - (gt_hi - un_hi) + 1;
    if (n - lo > hi - m) {
      st_lo[sp] = lo, st_hi[sp++] = n, st_lo[sp] = m, st_hi[sp++] = hi;
    } else {
      st_lo[sp] = m, st_hi[sp++] = hi, st_lo[sp] = lo, st_hi[sp++] = n;
    }
  }
}

/* Sorts the rotations of blk[0..n-1] into fmap. Sorted groups of rotations equal in their first
   h bytes are delimited by bits in bhtab; each pass doubles h by ranking on the next h bytes. */
static void fallback_sort(uint32_t *fmap, uint32_t *eclass, uint32_t *bhtab, const uint8_t *blk,
                          int32_t n) {
  int32_t ftab[257] = {0}, n_not_done;
  for (int32_t i = 0; i < n; i++)
    ftab[blk[i]]++;
  for (int32_t i = 1; i < 257; i++)
    ftab[i] += ftab[i - 1];
  for (int32_t i = 0; i < n; i++)
    fmap[--ftab[blk[i]]] = (uint32_t)i;
  memset(bhtab, 0, (size_t)(n / 32 + 4) * sizeof bhtab[0]);
  for (int32_t i = 0; i < 256; i++)
    SET_BH(ftab[i]);
  for (int32_t i = 0; i < 32; i++) { /* sentinels 1010... past the end stop the scans */
    SET_BH(n + 2 * i);
    CLEAR_BH(n + 2 * i + 1);
  }
  for (int32_t h = 1;; h *= 2) {
    for (int32_t i = 0, j = 0; i < n; i++) {
      if (ISSET_BH(i))
        j = i;
      int32_t k = (int32_t)fmap[i] - h;
      if (k < 0)
        k += n;
      eclass[k] = (uint32_t)j;
    }
    n_not_done = 0;
    for (int32_t r = -1;;) {
      /* find the next group [l, r] of two or more rotations */
      int32_t k = r + 1, l;
      while (ISSET_BH(k) && (k & 31))
        k++;
      if (ISSET_BH(k)) {
        while (WORD_BH(k) == 0xffffffffu)
          k += 32;
        while (ISSET_BH(k))
          k++;
      }
      l = k - 1;
      if (l >= n)
        break;
      while (!ISSET_BH(k) && (k & 31))
        k++;
      if (!ISSET_BH(k)) {
        while (WORD_BH(k) == 0)
          k += 32;
        while (!ISSET_BH(k))
          k++;
      }
      r = k - 1;
      if (r >= n)
        break;
      if (r > l) {
        n_not_done += r - l + 1;
        fallback_qsort3(fmap, eclass, l, r);
        for (int32_t i = l, cc = -1; i <= r; i++) /* split into new groups */
          if (cc != (int32_t)eclass[fmap[i]]) {
            SET_BH(i);
            cc = (int32_t)eclass[fmap[i]];
          }
      }
    }
    if (h > n / 2 || n_not_done == 0)
      break;
  }
}

enum { SORT_MAIN, SORT_OVER_BUDGET, SORT_SMALL };
static const char *const sort_name[] = {"main sort", "main sort over budget, fallback sort",
                                        "fallback sort (small block)"};

/* BWT of data[0..n-1]: the last column into last[], returns the row of the original string. */
static int32_t bwt(const uint8_t *data, int32_t n, uint8_t *last, int *sort_kind) {
  uint8_t *blk = xmalloc((size_t)2 * n + 8);
  uint32_t *ptr = xmalloc((size_t)n * sizeof *ptr);
  memcpy(blk, data, (size_t)n);
  memcpy(blk + n, data, (size_t)n);
  *sort_kind = SORT_SMALL;
  if (n >= SMALL_BLOCK) {
    uint32_t *ftab = xmalloc(65537 * sizeof *ftab);
    MainSort s = {n, blk, ptr, n * 9}; /* budget: bzip2's default work factor 30 */
    *sort_kind = main_sort(&s, ftab) != 0 ? SORT_OVER_BUDGET : SORT_MAIN;
    free(ftab);
  }
  if (*sort_kind != SORT_MAIN) {
    uint32_t *eclass = xmalloc((size_t)n * sizeof *eclass);
    uint32_t *bhtab = xmalloc((size_t)(n / 32 + 4) * sizeof *bhtab);
    fallback_sort(ptr, eclass, bhtab, blk, n);
    free(eclass);
    free(bhtab);
  }
  int32_t orig = -1;
  for (int32_t i = 0; i < n; i++) {
    if (ptr[i] == 0)
      orig = i;
    last[i] = blk[ptr[i] + n - 1];
  }
  free(blk);
  free(ptr);
  return orig;
}

/* ---- move-to-front + RUNA/RUNB zero-run coding ---- */
static void put_zero_run(uint16_t *mtfv, int32_t *wr, int32_t *freq, int32_t z) {
  for (z--;; z = (z - 2) / 2) { /* bijective base 2: RUNA = 1, RUNB = 2 */
    int sym = (z & 1) ? RUNB : RUNA;
    mtfv[(*wr)++] = (uint16_t)sym;
    freq[sym]++;
    if (z < 2)
      break;
  }
}

static int32_t mtf_encode(const uint8_t *last, int32_t n, const uint8_t *unseq_to_seq,
                          int32_t n_in_use, uint16_t *mtfv, int32_t *freq) {
  uint8_t yy[256];
  int32_t wr = 0, zpend = 0;
  for (int32_t i = 0; i < n_in_use; i++)
    yy[i] = (uint8_t)i;
  for (int32_t i = 0; i < n; i++) {
    uint8_t ll = unseq_to_seq[last[i]];
    if (yy[0] == ll) {
      zpend++;
      continue;
    }
    if (zpend > 0)
      put_zero_run(mtfv, &wr, freq, zpend);
    zpend = 0;
    int32_t j = 1;
    uint8_t t = yy[1];
    yy[1] = yy[0];
    while (ll != t) { /* shift the list down until ll is found */
      uint8_t t2 = t;
      t = yy[++j];
      yy[j] = t2;
    }
    yy[0] = ll;
    mtfv[wr++] = (uint16_t)(j + 1);
    freq[j + 1]++;
  }
  if (zpend > 0)
    put_zero_run(mtfv, &wr, freq, zpend);
  mtfv[wr++] = (uint16_t)(n_in_use + 1); /* end of block */
  freq[n_in_use + 1]++;
  return wr;
}

/* ---- Huffman code construction (bzip2's hbMakeCodeLengths / hbAssignCodes) ---- */
#define WEIGHTOF(z) ((z)&0xffffff00)
#define DEPTHOF(z)  ((z)&0xff)

static void make_code_lengths(uint8_t *len, const int32_t *freq, int32_t alpha, int32_t max_len) {
  int32_t heap[MAX_ALPHA + 2], weight[MAX_ALPHA * 2], parent[MAX_ALPHA * 2];
  for (int32_t i = 0; i < alpha; i++)
    weight[i + 1] = (freq[i] == 0 ? 1 : freq[i]) << 8;
  for (;;) {
    int32_t n_nodes = alpha, n_heap = 0, too_long = 0;
    heap[0] = 0, weight[0] = 0, parent[0] = -2;
    for (int32_t i = 1; i <= alpha; i++) { /* build a min-heap of the leaves */
      int32_t z = ++n_heap;
      parent[i] = -1;
      while (weight[i] < weight[heap[z >> 1]]) {
        heap[z] = heap[z >> 1];
        z >>= 1;
      }
      heap[z] = i;
    }
    while (n_heap > 1) { /* merge the two lightest nodes */
      int32_t two[2];
      for (int k = 0; k < 2; k++) {
        two[k] = heap[1];
        int32_t z = 1, t = heap[1] = heap[n_heap--];
        for (;;) {
          int32_t y = z << 1;
          if (y > n_heap)
            break;
          if (y < n_heap && weight[heap[y + 1]] < weight[heap[y]])
            y++;
          if (weight[t] < weight[heap[y]])
            break;
          heap[z] = heap[y];
          z = y;
        }
        heap[z] = t;
      }
      n_nodes++;
      parent[two[0]] = parent[two[1]] = n_nodes;
      int32_t d0 = DEPTHOF(weight[two[0]]), d1 = DEPTHOF(weight[two[1]]);
      weight[n_nodes] =
          (WEIGHTOF(weight[two[0]]) + WEIGHTOF(weight[two[1]])) | (1 + (d0 > d1 ? d0 : d1));
      parent[n_nodes] = -1;
      int32_t z = ++n_heap;
      while (weight[n_nodes] < weight[heap[z >> 1]]) {
        heap[z] = heap[z >> 1];
        z >>= 1;
      }
      heap[z] = n_nodes;
    }
    for (int32_t i = 1; i <= alpha; i++) {
      int32_t j = 0;
      for (int32_t k = i; parent[k] >= 0; k = parent[k])
        j++;
      len[i - 1] = (uint8_t)j;
      too_long |= j > max_len;
    }
    if (!too_long)
      break;
    for (int32_t i = 1; i <= alpha; i++) /* flatten the frequencies and try again */
      weight[i] = (1 + (weight[i] >> 8) / 2) << 8;
  }
}

static void assign_codes(uint32_t *code, const uint8_t *len, int32_t alpha) {
  uint32_t vec = 0;
  for (int32_t l = 1; l <= MAX_CODE_LEN; l++, vec <<= 1)
    for (int32_t i = 0; i < alpha; i++)
      if (len[i] == l)
        code[i] = vec++;
}

typedef struct {
  int kind, sort;
  int32_t size, nmtf, ngroups, bits;
  uint32_t crc;
} BlockInfo;

/* Chooses tables and selectors, then writes the coding tables and the symbols. */
static void send_mtf_values(BitW *w, const uint16_t *mtfv, int32_t nmtf, const int32_t *mtf_freq,
                            int32_t alpha, const uint8_t *in_use, BlockInfo *info) {
  static uint8_t len[N_GROUPS][MAX_ALPHA];
  static uint32_t code[N_GROUPS][MAX_ALPHA];
  static int32_t rfreq[N_GROUPS][MAX_ALPHA];
  int32_t ngroups = nmtf < 200 ? 2 : nmtf < 600 ? 3 : nmtf < 1200 ? 4 : nmtf < 2400 ? 5 : 6;
  int32_t nsel = 0, max_sel = nmtf / G_SIZE + 1;
  uint8_t *selector = xmalloc((size_t)max_sel), *sel_mtf = xmalloc((size_t)max_sel);

  /* initial tables: each covers a slice of the alphabet holding ~1/ngroups of the symbols */
  for (int32_t n_part = ngroups, rem = nmtf, gs = 0; n_part > 0; n_part--) {
    int32_t target = rem / n_part, ge = gs - 1, a = 0;
    while (a < target && ge < alpha - 1)
      a += mtf_freq[++ge];
    if (ge > gs && n_part != ngroups && n_part != 1 && (ngroups - n_part) % 2 == 1)
      a -= mtf_freq[ge--];
    for (int32_t v = 0; v < alpha; v++)
      len[n_part - 1][v] = v >= gs && v <= ge ? 0 : 15;
    gs = ge + 1;
    rem -= a;
  }
  /* refine: give each group of 50 symbols to its cheapest table, rebuild tables from that */
  for (int iter = 0; iter < N_ITERS; iter++) {
    /* costs of two tables packed in one word (16 bits each), as bzip2's 6-table fast path */
    static uint32_t pack[MAX_ALPHA][N_GROUPS / 2];
    for (int32_t v = 0; v < alpha; v++)
      for (int32_t t = 0; t < N_GROUPS; t += 2)
        pack[v][t / 2] =
            (t < ngroups ? len[t][v] : 0) | (uint32_t)(t + 1 < ngroups ? len[t + 1][v] : 0) << 16;
    memset(rfreq, 0, sizeof rfreq);
    nsel = 0;
    for (int32_t gs = 0; gs < nmtf; gs += G_SIZE) {
      int32_t ge = gs + G_SIZE < nmtf ? gs + G_SIZE : nmtf, cost[N_GROUPS], bt = 0;
      uint32_t c01 = 0, c23 = 0, c45 = 0;
      for (int32_t i = gs; i < ge; i++) {
        const uint32_t *p = pack[mtfv[i]];
        c01 += p[0], c23 += p[1], c45 += p[2];
      }
      cost[0] = c01 & 0xffff, cost[1] = c01 >> 16, cost[2] = c23 & 0xffff;
      cost[3] = c23 >> 16, cost[4] = c45 & 0xffff, cost[5] = c45 >> 16;
      for (int32_t t = 1; t < ngroups; t++)
        if (cost[t] < cost[bt])
          bt = t;
      selector[nsel++] = (uint8_t)bt;
      for (int32_t i = gs; i < ge; i++)
        rfreq[bt][mtfv[i]]++;
    }
    for (int32_t t = 0; t < ngroups; t++)
      make_code_lengths(len[t], rfreq[t], alpha, MAX_CODE_LEN);
  }
  for (int32_t t = 0; t < ngroups; t++)
    assign_codes(code[t], len[t], alpha);
  /* move-to-front code the selectors */
  uint8_t pos[N_GROUPS];
  for (int32_t t = 0; t < ngroups; t++)
    pos[t] = (uint8_t)t;
  for (int32_t i = 0; i < nsel; i++) {
    int32_t j = 0;
    uint8_t v = selector[i], t = pos[0];
    while (v != t) {
      uint8_t t2 = t;
      t = pos[++j];
      pos[j] = t2;
    }
    pos[0] = t;
    sel_mtf[i] = (uint8_t)j;
  }

  /* the symbol map: 16 bits for 16-byte ranges in use, then 16 bits per range used */
  uint32_t in_use16 = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      if (in_use[i * 16 + j])
        in_use16 |= 0x8000u >> i;
  bw_put(w, 16, in_use16);
  for (int i = 0; i < 16; i++)
    if (in_use16 & (0x8000u >> i)) {
      uint32_t bits = 0;
      for (int j = 0; j < 16; j++)
        if (in_use[i * 16 + j])
          bits |= 0x8000u >> j;
      bw_put(w, 16, bits);
    }
  bw_put(w, 3, (uint32_t)ngroups);
  bw_put(w, 15, (uint32_t)nsel);
  for (int32_t i = 0; i < nsel; i++) {
    for (int32_t j = 0; j < sel_mtf[i]; j++)
      bw_put(w, 1, 1);
    bw_put(w, 1, 0);
  }
  for (int32_t t = 0; t < ngroups; t++) { /* code lengths, delta coded */
    int32_t cur = len[t][0];
    bw_put(w, 5, (uint32_t)cur);
    for (int32_t i = 0; i < alpha; i++) {
      for (; cur < len[t][i]; cur++)
        bw_put(w, 2, 2);
      for (; cur > len[t][i]; cur--)
        bw_put(w, 2, 3);
      bw_put(w, 1, 0);
    }
  }
  for (int32_t gs = 0, s = 0; gs < nmtf; gs += G_SIZE, s++) {
    int32_t ge = gs + G_SIZE < nmtf ? gs + G_SIZE : nmtf, t = selector[s];
    for (int32_t i = gs; i < ge; i++)
      bw_put(w, len[t][mtfv[i]], code[t][mtfv[i]]);
  }
  info->ngroups = ngroups;
  free(selector);
  free(sel_mtf);
}

static void compress_block(BitW *w, const uint8_t *data, int32_t size, BlockInfo *info) {
  uint32_t crc = 0xffffffffu;
  int32_t bits0 = bw_bits(w), mtf_freq[MAX_ALPHA] = {0}, n_in_use = 0;
  uint8_t in_use[256] = {0}, unseq_to_seq[256];
  for (int32_t i = 0; i < size; i++)
    crc = crc_update(crc, data[i]);
  info->crc = ~crc;

  uint8_t *rle = xmalloc((size_t)size * 5 / 4 + 8);
  int32_t n = rle1_encode(data, size, rle);
  uint8_t *last = xmalloc((size_t)n);
  int32_t orig = bwt(rle, n, last, &info->sort);
  for (int32_t i = 0; i < n; i++)
    in_use[last[i]] = 1;
  for (int32_t i = 0; i < 256; i++)
    if (in_use[i])
      unseq_to_seq[i] = (uint8_t)n_in_use++;
  uint16_t *mtfv = xmalloc(((size_t)n + 1) * sizeof *mtfv);
  int32_t nmtf = mtf_encode(last, n, unseq_to_seq, n_in_use, mtfv, mtf_freq);

  bw_put(w, 24, 0x314159), bw_put(w, 24, 0x265359); /* block magic (pi) */
  bw_put32(w, info->crc);
  bw_put(w, 1, 0); /* not randomised */
  bw_put(w, 24, (uint32_t)orig);
  send_mtf_values(w, mtfv, nmtf, mtf_freq, n_in_use + 2, in_use, info);
  info->nmtf = nmtf, info->bits = bw_bits(w) - bits0;
  free(rle);
  free(last);
  free(mtfv);
}

/* ---- decompression ---- */
typedef struct {
  int32_t limit[24], base[24], perm[MAX_ALPHA], min_len;
} DecodeTable;

static void make_decode_table(DecodeTable *dt, const uint8_t *len, int32_t alpha) {
  int32_t min_len = 32, max_len = 0, pp = 0, vec = 0;
  for (int32_t i = 0; i < alpha; i++) {
    min_len = len[i] < min_len ? len[i] : min_len;
    max_len = len[i] > max_len ? len[i] : max_len;
  }
  for (int32_t l = min_len; l <= max_len; l++)
    for (int32_t i = 0; i < alpha; i++)
      if (len[i] == l)
        dt->perm[pp++] = i;
  memset(dt->base, 0, sizeof dt->base);
  memset(dt->limit, 0, sizeof dt->limit);
  for (int32_t i = 0; i < alpha; i++)
    dt->base[len[i] + 1]++;
  for (int32_t i = 1; i < 24; i++)
    dt->base[i] += dt->base[i - 1];
  for (int32_t l = min_len; l <= max_len; l++) { /* limit[l]: largest l-bit code */
    vec += dt->base[l + 1] - dt->base[l];
    dt->limit[l] = vec - 1;
    vec <<= 1;
  }
  for (int32_t l = min_len + 1; l <= max_len; l++)
    dt->base[l] = ((dt->limit[l - 1] + 1) << 1) - dt->base[l];
  for (int32_t l = max_len + 1; l < 24; l++)
    dt->limit[l] = 0x7fffffff;
  dt->min_len = min_len;
}

static int32_t decode_sym(BitR *r, const DecodeTable *dt, int32_t alpha) {
  int32_t zn = dt->min_len, zvec = (int32_t)br_get(r, zn);
  while (zvec > dt->limit[zn]) {
    if (++zn > 20)
      fail("bad Huffman code");
    zvec = (zvec << 1) | (int32_t)br_get(r, 1);
  }
  int32_t k = zvec - dt->base[zn];
  if (k < 0 || k >= alpha)
    fail("bad Huffman code");
  return dt->perm[k];
}

/* Decodes one block's symbols into ll[] (the BWT last column); returns its length. */
static int32_t decode_block(BitR *r, uint8_t *ll, int32_t cap) {
  static DecodeTable tables[N_GROUPS];
  uint8_t seq_to_unseq[256], len[MAX_ALPHA], pos[N_GROUPS], yy[256];
  int32_t n_in_use = 0, nblock = 0;
  uint32_t in_use16 = br_get(r, 16);
  for (int i = 0; i < 16; i++)
    if (in_use16 & (0x8000u >> i)) {
      uint32_t bits = br_get(r, 16);
      for (int j = 0; j < 16; j++)
        if (bits & (0x8000u >> j))
          seq_to_unseq[n_in_use++] = (uint8_t)(i * 16 + j);
    }
  if (n_in_use == 0)
    fail("empty symbol map");
  int32_t alpha = n_in_use + 2, ngroups = (int32_t)br_get(r, 3), nsel = (int32_t)br_get(r, 15);
  if (ngroups < 2 || ngroups > N_GROUPS || nsel < 1)
    fail("bad table header");
  uint8_t *selector = xmalloc((size_t)nsel);
  for (int32_t t = 0; t < ngroups; t++)
    pos[t] = (uint8_t)t;
  for (int32_t i = 0; i < nsel; i++) { /* selectors: unary MTF indices */
    int32_t j = 0;
    while (br_get(r, 1))
      if (++j >= ngroups)
        fail("bad selector");
    uint8_t v = pos[j];
    for (; j > 0; j--)
      pos[j] = pos[j - 1];
    selector[i] = pos[0] = v;
  }
  for (int32_t t = 0; t < ngroups; t++) {
    int32_t cur = (int32_t)br_get(r, 5);
    for (int32_t i = 0; i < alpha; i++) {
      for (;;) {
        if (cur < 1 || cur > 20)
          fail("bad code length");
        if (!br_get(r, 1))
          break;
        cur += br_get(r, 1) ? -1 : 1;
      }
      len[i] = (uint8_t)cur;
    }
    make_decode_table(&tables[t], len, alpha);
  }

  for (int32_t i = 0; i < n_in_use; i++)
    yy[i] = (uint8_t)i;
  int32_t group = -1, group_left = 0, eob = n_in_use + 1, sym;
  const DecodeTable *dt = NULL;
#define NEXT_SYM()                                                                                 \
  do {                                                                                             \
    if (group_left == 0) {                                                                         \
      if (++group >= nsel)                                                                         \
        fail("selector overrun");                                                                  \
      group_left = G_SIZE;                                                                         \
      dt = &tables[selector[group]];                                                               \
    }                                                                                              \
    group_left--;                                                                                  \
    sym = decode_sym(r, dt, alpha);                                                                \
  } while (0)
  NEXT_SYM();
  while (sym != eob) {
    if (sym == RUNA || sym == RUNB) { /* a run of the front symbol */
      int32_t es = 0, nn = 1;
      do {
        es += (sym + 1) * nn;
        nn <<= 1;
        if (nn > (1 << 24))
          fail("run too long");
        NEXT_SYM();
      } while (sym == RUNA || sym == RUNB);
      if (nblock + es > cap)
        fail("block overrun");
      uint8_t uc = seq_to_unseq[yy[0]];
      while (es-- > 0)
        ll[nblock++] = uc;
      continue;
    }
    int32_t nn = sym - 1;
    if (nn >= n_in_use || nblock >= cap)
      fail("bad MTF symbol");
    uint8_t v = yy[nn];
    for (; nn > 3; nn -= 4) { /* shift the list up by one, unrolled as in bzip2 */
      yy[nn] = yy[nn - 1], yy[nn - 1] = yy[nn - 2];
      yy[nn - 2] = yy[nn - 3], yy[nn - 3] = yy[nn - 4];
    }
    for (; nn > 0; nn--)
      yy[nn] = yy[nn - 1];
    yy[0] = v;
    ll[nblock++] = seq_to_unseq[v];
    NEXT_SYM();
  }
#undef NEXT_SYM
  free(selector);
  return nblock;
}

/* Inverse BWT: tt[i] holds ll[i] in its low byte and, above it, the row that follows row i. */
static void inverse_bwt(const uint8_t *ll, int32_t n, int32_t orig, uint32_t *tt, uint8_t *out) {
  int32_t cftab[257] = {0};
  for (int32_t i = 0; i < n; i++)
    cftab[ll[i] + 1]++;
  for (int32_t i = 1; i < 257; i++)
    cftab[i] += cftab[i - 1];
  for (int32_t i = 0; i < n; i++)
    tt[i] = ll[i];
  for (int32_t i = 0; i < n; i++)
    tt[cftab[ll[i]]++] |= (uint32_t)i << 8;
  uint32_t t = tt[orig] >> 8;
  for (int32_t i = 0; i < n; i++) {
    t = tt[t];
    out[i] = (uint8_t)t;
    t >>= 8;
  }
}

/* Decompresses the whole stream and compares every block with the original data. */
static void decompress_and_verify(const uint8_t *stream, int32_t len, uint8_t **data,
                                  const BlockInfo *info, int nblocks) {
  BitR r = {stream, len, 0, 0, 0};
  uint32_t combined = 0;
  if (br_get(&r, 24) != 0x425a68 || br_get(&r, 8) != '9') /* "BZh9" */
    fail("bad stream header");
  for (int b = 0;; b++) {
    uint32_t m1 = br_get(&r, 24), m2 = br_get(&r, 24);
    if (m1 == 0x177245 && m2 == 0x385090) { /* end of stream (sqrt(pi)) */
      if (b != nblocks || br_get32(&r) != combined)
        fail("bad stream trailer");
      return;
    }
    if (m1 != 0x314159 || m2 != 0x265359 || b >= nblocks)
      fail("bad block header");
    uint32_t crc = br_get32(&r), crc2 = 0;
    br_get(&r, 1);
    int32_t orig = (int32_t)br_get(&r, 24), cap = info[b].size * 5 / 4 + 8;
    uint8_t *ll = xmalloc((size_t)cap), *rle = xmalloc((size_t)cap);
    uint8_t *out = xmalloc((size_t)info[b].size);
    uint32_t *tt = xmalloc((size_t)cap * sizeof *tt);
    int32_t n = decode_block(&r, ll, cap);
    if (orig >= n)
      fail("bad original pointer");
    inverse_bwt(ll, n, orig, tt, rle);
    if (rle1_decode(rle, n, out, info[b].size, &crc2) != info[b].size || crc2 != crc)
      fail("block CRC mismatch");
    if (memcmp(out, data[b], (size_t)info[b].size) != 0)
      fail("decompressed data differ from the input");
    combined = ((combined << 1) | (combined >> 31)) ^ crc;
    free(ll);
    free(rle);
    free(out);
    free(tt);
  }
}

int main(int argc, char **argv) {
  /* block kinds and sizes (bytes) for each run size; the last block is short, like the tail of
     a file, and goes straight to the fallback sort */
  static const int kinds[] = {KIND_TEXT, KIND_BINARY, KIND_REPEAT, KIND_TEXT};
  static const int32_t test_sizes[] = {8000, 3000, 2800, 1500};
  static const int32_t train_sizes[] = {200000, 130000, 55000, 1900};
  enum { NBLOCKS = 4 };
  const int32_t *sizes = test_sizes;
  if (argc > 2 || (argc == 2 && strcmp(argv[1], "test") != 0 && strcmp(argv[1], "train") != 0)) {
    fprintf(stderr, "usage: bzip2 [test|train]\n");
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "train") == 0)
    sizes = train_sizes;

  crc_init();
  make_vocab();
  uint8_t *data[NBLOCKS];
  BlockInfo info[NBLOCKS];
  int32_t total = 0;
  for (int b = 0; b < NBLOCKS; b++) {
    total += sizes[b];
    data[b] = xmalloc((size_t)sizes[b]);
    rng_state = 0x9e3779b9u * (uint32_t)(b + 1);
    if (kinds[b] == KIND_TEXT)
      gen_text(data[b], sizes[b]);
    else if (kinds[b] == KIND_BINARY)
      gen_binary(data[b], sizes[b]);
    else
      gen_repeat(data[b], sizes[b]);
    info[b].kind = kinds[b];
    info[b].size = sizes[b];
  }

  BitW w = {xmalloc((size_t)total * 2 + 4096), total * 2 + 4096, 0, 0, 0};
  uint32_t combined = 0;
  bw_put(&w, 24, 0x425a68), bw_put(&w, 8, '9');
  for (int b = 0; b < NBLOCKS; b++) {
    compress_block(&w, data[b], sizes[b], &info[b]);
    combined = ((combined << 1) | (combined >> 31)) ^ info[b].crc;
  }
  bw_put(&w, 24, 0x177245), bw_put(&w, 24, 0x385090);
  bw_put32(&w, combined);
  bw_flush(&w);

  decompress_and_verify(w.buf, w.pos, data, info, NBLOCKS);

  uint32_t h = 2166136261u; /* FNV-1a over the compressed stream */
  for (int32_t i = 0; i < w.pos; i++)
    h = (h ^ w.buf[i]) * 16777619u;
  for (int b = 0; b < NBLOCKS; b++)
    printf("block %d: %-6s %6" PRId32 " bytes, %6" PRId32 " symbols, %d tables, %6" PRId32
           " bytes out, %s\n",
           b, kind_name[info[b].kind], info[b].size, info[b].nmtf, info[b].ngroups,
           (info[b].bits + 7) / 8, sort_name[info[b].sort]);
  printf("compressed %" PRId32 " bytes into %" PRId32 " (%" PRId32 ".%02" PRId32
         " bits/byte), round trip ok\n",
         total, w.pos, w.pos * 8 / total, w.pos * 800 / total % 100);
  printf("stream crc 0x%08" PRIx32 "\n", combined);
  printf("checksum: 0x%08" PRIx32 "\n", h);
  for (int b = 0; b < NBLOCKS; b++)
    free(data[b]);
  free(w.buf);
  return 0;
}
