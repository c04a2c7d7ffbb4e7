/*
 * gzip.c - hwprof workload modelled on SPEC CINT2000 164.gzip.
 *
 * A deflate-style compressor and decompressor in the manner of gzip 1.2.4:
 *   - LZ77 over a 32 KB window with a 3-byte rolling hash, head[]/prev[] hash
 *     chains, gzip's level table (good/lazy/nice/max_chain), deflate_fast for
 *     levels 1-3 and lazy matching for levels 4-9;
 *   - literal/length (286 symbols) and distance (30 symbols) Huffman trees built
 *     per block from symbol frequencies with gzip's heap, limited to 15 bits,
 *     canonical codes sent LSB-first; the code lengths are stored as 4-bit fields
 *     (simpler than deflate's code-length code);
 *   - CRC-32 of the input in a gzip-like header/trailer;
 *   - inflate with a 9-bit lookup table plus a bit-serial canonical decoder for
 *     longer codes, then CRC, size and byte-by-byte comparison with the input.
 * Inputs are generated: text (words from a Zipf-distributed vocabulary, spaces,
 * punctuation, newlines) and binary records (small integers plus noise), each
 * compressed at levels 1, 6 and 9.
 *
 * Sizes (dynamic MIPS instructions): "test" about 21 million (text 20 KB +
 * binary 10 KB), "train" about 295 million (text 192 KB + binary 96 KB). The
 * test inputs fit in the 32 KB window, so their hash chains stay shorter and
 * train spends relatively more time in longest_match at level 9.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *msg) {
  fprintf(stderr, "gzip: self-check failed: %s\n", msg);
  exit(1);
}

/* ---- deterministic PRNG (xorshift32) ---- */
static uint32_t rng_state = 0x2545f491u;

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

/* ---- CRC-32 (table driven, as gzip's updcrc) ---- */
static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
}

static uint32_t crc32_buf(const uint8_t *p, uint32_t n) {
  uint32_t c = 0xffffffffu;
  while (n--)
    c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

/* ---- deflate constants and code tables ---- */
#define WSIZE         32768
#define WMASK         (WSIZE - 1)
#define HASH_BITS     15
#define HASH_SIZE     (1 << HASH_BITS)
#define HASH_MASK     (HASH_SIZE - 1)
#define H_SHIFT       ((HASH_BITS + MIN_MATCH - 1) / MIN_MATCH)
#define MIN_MATCH     3
#define MAX_MATCH     258
#define MIN_LOOKAHEAD (MAX_MATCH + MIN_MATCH + 1)
#define MAX_DIST      (WSIZE - MIN_LOOKAHEAD)
#define TOO_FAR       4096
#define NIL           0      /* end of a hash chain (so position 0 is never matched) */
#define LIT_BUFSIZE   0x4000 /* symbols per block */

#define MAX_BITS     15
#define LENGTH_CODES 29
#define LITERALS     256
#define END_BLOCK    256
#define L_CODES      (LITERALS + 1 + LENGTH_CODES)
#define D_CODES      30
#define HEAP_SIZE    (2 * L_CODES + 1)

static const uint8_t extra_lbits[LENGTH_CODES] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                  2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint8_t extra_dbits[D_CODES] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                             6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static uint8_t length_code[MAX_MATCH - MIN_MATCH + 1]; /* match length - 3 -> code */
static uint8_t dist_code[512];                         /* see d_code() */
static uint16_t base_length[LENGTH_CODES];
static uint16_t base_dist[D_CODES];

#define d_code(dist) ((dist) < 256 ? dist_code[dist] : dist_code[256 + ((dist) >> 7)])

static void tables_init(void) {
  unsigned length = 0, dist = 0, code;
  for (code = 0; code < LENGTH_CODES - 1; code++) {
    base_length[code] = (uint16_t)length;
    for (unsigned n = 0; n < (1u << extra_lbits[code]); n++)
      length_code[length++] = (uint8_t)code;
  }
  /* length 258 (lc 255) has its own code with no extra bits */
  length_code[length - 1] = (uint8_t)code;
  base_length[code] = 255;
  for (code = 0; code < 16; code++) {
    base_dist[code] = (uint16_t)dist;
    for (unsigned n = 0; n < (1u << extra_dbits[code]); n++)
      dist_code[dist++] = (uint8_t)code;
  }
  dist >>= 7; /* from now on, all distances are divided by 128 */
  for (; code < D_CODES; code++) {
    base_dist[code] = (uint16_t)(dist << 7);
    for (unsigned n = 0; n < (1u << (extra_dbits[code] - 7)); n++)
      dist_code[256 + dist++] = (uint8_t)code;
  }
}

/* gzip's configuration table: levels 1-3 use deflate_fast, 4-9 lazy matching */
typedef struct {
  uint16_t good_length, max_lazy, nice_length, max_chain;
} Config;

static const Config config_table[10] = {
    {0, 0, 0, 0},         {4, 4, 8, 4},        {4, 5, 16, 8},     {4, 6, 32, 32},
    {4, 4, 16, 16},       {8, 16, 32, 32},     {8, 16, 128, 128}, {8, 32, 128, 256},
    {32, 128, 258, 1024}, {32, 258, 258, 4096}};

/* ---- compressor state (globals, like gzip) ---- */
static const uint8_t *window; /* whole input, padded with MAX_MATCH zero bytes */
static uint32_t head[HASH_SIZE], prev_pos[WSIZE];
static uint32_t ins_h, strstart, lookahead, match_start, prev_length;
static unsigned max_chain_length, max_lazy_match, good_match, nice_match;
static uint8_t l_buf[LIT_BUFSIZE];  /* literal or match length - 3 */
static uint16_t d_buf[LIT_BUFSIZE]; /* match distance, 0 for a literal */
static unsigned last_lit;

#define UPDATE_HASH(h, c) (h = (((h) << H_SHIFT) ^ (c)) & HASH_MASK)

/* Insert string s in the dictionary; return the previous head of its chain. */
static inline uint32_t insert_string(uint32_t s) {
  UPDATE_HASH(ins_h, window[s + MIN_MATCH - 1]);
  uint32_t match_head = head[ins_h];
  prev_pos[s & WMASK] = match_head;
  head[ins_h] = s;
  return match_head;
}

/* Walk the hash chain from cur_match; return the best length, set match_start. */
static unsigned longest_match(uint32_t cur_match) {
  unsigned chain_length = max_chain_length;
  const uint8_t *scan = window + strstart;
  unsigned best_len = prev_length;
  uint32_t limit = strstart > MAX_DIST ? strstart - MAX_DIST : NIL;

  if (prev_length >= good_match)
    chain_length >>= 2; /* already have a good match: search less */
  do {
    const uint8_t *match = window + cur_match;
    /* cheap rejection: the bytes at the current best length must match first */
    if (match[best_len] != scan[best_len] || match[best_len - 1] != scan[best_len - 1] ||
        match[0] != scan[0] || match[1] != scan[1])
      continue;
    unsigned len = 2;
    while (len < MAX_MATCH && match[len] == scan[len])
      len++;
    if (len > best_len) {
      match_start = cur_match;
      best_len = len;
      if (len >= nice_match)
        break;
    }
  } while ((cur_match = prev_pos[cur_match & WMASK]) > limit && --chain_length != 0);
  return best_len;
}

/* ---- bit output ---- */
static uint8_t *outbuf;
static uint32_t outcnt, outcap;
static uint32_t bi_buf;
static unsigned bi_valid;

static inline void put_byte(unsigned c) {
  if (outcnt >= outcap)
    fail("compressed buffer overflow");
  outbuf[outcnt++] = (uint8_t)c;
}

static inline void send_bits(uint32_t value, unsigned length) {
  bi_buf |= value << bi_valid;
  bi_valid += length;
  while (bi_valid >= 8) {
    put_byte(bi_buf & 0xff);
    bi_buf >>= 8;
    bi_valid -= 8;
  }
}

static void bi_windup(void) {
  if (bi_valid > 0)
    put_byte(bi_buf & 0xff);
  bi_buf = 0;
  bi_valid = 0;
}

static unsigned bi_reverse(unsigned code, unsigned len) {
  unsigned res = 0;
  do {
    res |= code & 1;
    code >>= 1;
    res <<= 1;
  } while (--len > 0);
  return res >> 1;
}

/* ---- Huffman trees (gzip's trees.c) ---- */
typedef struct {
  uint32_t freq[HEAP_SIZE]; /* leaves, then internal nodes */
  uint16_t code[HEAP_SIZE];
  uint16_t dad[HEAP_SIZE];
  uint8_t len[HEAP_SIZE];
  int elems, max_code;
} Tree;

static Tree ltree, dtree;
static int heap[HEAP_SIZE], heap_len, heap_max;
static uint8_t depth[HEAP_SIZE];
static unsigned bl_count[MAX_BITS + 1];
static uint32_t overflow_fixes; /* how often the 15-bit limit had to be enforced */

static void init_block(void) {
  memset(ltree.freq, 0, sizeof ltree.freq);
  memset(dtree.freq, 0, sizeof dtree.freq);
  ltree.freq[END_BLOCK] = 1;
  last_lit = 0;
}

#define SMALLER(t, n, m)                                                                           \
  ((t)->freq[n] < (t)->freq[m] || ((t)->freq[n] == (t)->freq[m] && depth[n] <= depth[m]))

/* Restore the heap property by moving down from node k. */
static void pqdownheap(const Tree *t, int k) {
  int v = heap[k], j = k << 1;
  while (j <= heap_len) {
    if (j < heap_len && SMALLER(t, heap[j + 1], heap[j]))
      j++;
    if (SMALLER(t, v, heap[j]))
      break;
    heap[k] = heap[j];
    k = j;
    j <<= 1;
  }
  heap[k] = v;
}

/* Compute code lengths from the tree in heap[heap_max..], limiting them to MAX_BITS. */
static void gen_bitlen(Tree *t) {
  int overflow = 0, h, bits;
  memset(bl_count, 0, sizeof bl_count);
  t->len[heap[heap_max]] = 0; /* root */
  for (h = heap_max + 1; h < HEAP_SIZE; h++) {
    int n = heap[h];
    bits = t->len[t->dad[n]] + 1;
    if (bits > MAX_BITS)
      bits = MAX_BITS, overflow++;
    t->len[n] = (uint8_t)bits;
    if (n <= t->max_code)
      bl_count[bits]++; /* a leaf */
  }
  if (overflow == 0)
    return;
  overflow_fixes++;
  /* Move leaves up from the deepest level: each step fixes two overflowed leaves. */
  do {
    bits = MAX_BITS - 1;
    while (bl_count[bits] == 0)
      bits--;
    bl_count[bits]--;
    bl_count[bits + 1] += 2;
    bl_count[MAX_BITS]--;
    overflow -= 2;
  } while (overflow > 0);
  /* Reassign lengths to leaves in order of increasing frequency. */
  h = HEAP_SIZE;
  for (bits = MAX_BITS; bits != 0; bits--) {
    unsigned n = bl_count[bits];
    while (n != 0) {
      int m = heap[--h];
      if (m > t->max_code)
        continue;
      t->len[m] = (uint8_t)bits;
      n--;
    }
  }
}

/* Assign canonical codes (bit-reversed for LSB-first output). */
static void gen_codes(Tree *t) {
  unsigned next_code[MAX_BITS + 1], code = 0;
  for (int bits = 1; bits <= MAX_BITS; bits++)
    next_code[bits] = code = (code + bl_count[bits - 1]) << 1;
  for (int n = 0; n <= t->max_code; n++) {
    unsigned len = t->len[n];
    if (len != 0)
      t->code[n] = (uint16_t)bi_reverse(next_code[len]++, len);
  }
}

static void build_tree(Tree *t) {
  int n, m, node = t->elems, max_code = -1;
  heap_len = 0;
  heap_max = HEAP_SIZE;
  for (n = 0; n < t->elems; n++) {
    if (t->freq[n] != 0) {
      heap[++heap_len] = max_code = n;
      depth[n] = 0;
    } else {
      t->len[n] = 0;
    }
  }
  /* Force at least two codes so that every used symbol gets a nonzero length. */
  while (heap_len < 2) {
    int nw = heap[++heap_len] = (max_code < 2 ? ++max_code : 0);
    t->freq[nw] = 1;
    depth[nw] = 0;
  }
  t->max_code = max_code;
  for (n = heap_len / 2; n >= 1; n--)
    pqdownheap(t, n);
  /* Repeatedly combine the two least frequent nodes. */
  do {
    n = heap[1];
    heap[1] = heap[heap_len--];
    pqdownheap(t, 1);
    m = heap[1];
    heap[--heap_max] = n;
    heap[--heap_max] = m;
    t->freq[node] = t->freq[n] + t->freq[m];
    depth[node] = (uint8_t)((depth[n] >= depth[m] ? depth[n] : depth[m]) + 1);
    t->dad[n] = t->dad[m] = (uint16_t)node;
    heap[1] = node++;
    pqdownheap(t, 1);
  } while (heap_len >= 2);
  heap[--heap_max] = heap[1];
  gen_bitlen(t);
  gen_codes(t);
}

/* Record a literal (dist == 0) or a match; return nonzero when the block is full. */
static int ct_tally(unsigned dist, unsigned lc) {
  l_buf[last_lit] = (uint8_t)lc;
  d_buf[last_lit] = (uint16_t)dist;
  if (dist == 0) {
    ltree.freq[lc]++;
  } else {
    dist--;
    ltree.freq[length_code[lc] + LITERALS + 1]++;
    dtree.freq[d_code(dist)]++;
  }
  last_lit++;
  return last_lit == LIT_BUFSIZE - 1;
}

#define SEND_CODE(c, t) send_bits((t)->code[c], (t)->len[c])

/* Build both trees, send the code lengths, then the block's symbols. */
static void flush_block(int eof) {
  build_tree(&ltree);
  build_tree(&dtree);
  send_bits(eof ? 1 : 0, 1);
  for (int n = 0; n < L_CODES; n++)
    send_bits(n <= ltree.max_code ? ltree.len[n] : 0, 4);
  for (int n = 0; n < D_CODES; n++)
    send_bits(n <= dtree.max_code ? dtree.len[n] : 0, 4);
  for (unsigned i = 0; i < last_lit; i++) {
    unsigned dist = d_buf[i], lc = l_buf[i];
    if (dist == 0) {
      SEND_CODE(lc, &ltree);
    } else {
      unsigned code = length_code[lc];
      SEND_CODE(code + LITERALS + 1, &ltree);
      if (extra_lbits[code] != 0)
        send_bits(lc - base_length[code], extra_lbits[code]);
      dist--;
      code = d_code(dist);
      SEND_CODE(code, &dtree);
      if (extra_dbits[code] != 0)
        send_bits(dist - base_dist[code], extra_dbits[code]);
    }
  }
  SEND_CODE(END_BLOCK, &ltree);
  init_block();
}

/* Levels 1-3: take the first match found, insert only short matches' strings. */
static void deflate_fast(void) {
  unsigned match_length = 0;
  prev_length = MIN_MATCH - 1;
  while (lookahead != 0) {
    uint32_t hash_head = insert_string(strstart);
    if (hash_head != NIL && strstart - hash_head <= MAX_DIST) {
      match_length = longest_match(hash_head);
      if (match_length > lookahead)
        match_length = lookahead;
    }
    int flush;
    if (match_length >= MIN_MATCH) {
      flush = ct_tally(strstart - match_start, match_length - MIN_MATCH);
      lookahead -= match_length;
      if (match_length <= max_lazy_match && lookahead >= MIN_MATCH) {
        match_length--;
        do {
          strstart++;
          insert_string(strstart);
        } while (--match_length != 0);
        strstart++;
      } else {
        strstart += match_length;
        match_length = 0;
        ins_h = window[strstart];
        UPDATE_HASH(ins_h, window[strstart + 1]);
      }
    } else {
      flush = ct_tally(0, window[strstart]);
      lookahead--;
      strstart++;
    }
    if (flush)
      flush_block(0);
  }
  flush_block(1);
}

/* Levels 4-9: lazy evaluation, emit a match only if the next position has no better one. */
static void deflate_lazy(void) {
  unsigned match_length = MIN_MATCH - 1;
  int match_available = 0;
  while (lookahead != 0) {
    uint32_t hash_head = insert_string(strstart);
    uint32_t prev_match = match_start;
    prev_length = match_length;
    match_length = MIN_MATCH - 1;
    if (hash_head != NIL && prev_length < max_lazy_match && strstart - hash_head <= MAX_DIST) {
      match_length = longest_match(hash_head);
      if (match_length > lookahead)
        match_length = lookahead;
      if (match_length == MIN_MATCH && strstart - match_start > TOO_FAR)
        match_length--; /* a distant 3-byte match is not worth it */
    }
    if (prev_length >= MIN_MATCH && match_length <= prev_length) {
      int flush = ct_tally(strstart - 1 - prev_match, prev_length - MIN_MATCH);
      lookahead -= prev_length - 1;
      prev_length -= 2;
      do {
        strstart++;
        insert_string(strstart);
      } while (--prev_length != 0);
      match_available = 0;
      match_length = MIN_MATCH - 1;
      strstart++;
      if (flush)
        flush_block(0);
    } else if (match_available) {
      if (ct_tally(0, window[strstart - 1]))
        flush_block(0);
      strstart++;
      lookahead--;
    } else {
      match_available = 1;
      strstart++;
      lookahead--;
    }
  }
  if (match_available)
    ct_tally(0, window[strstart - 1]);
  flush_block(1);
}

static void put_u32le(uint32_t v) {
  for (int i = 0; i < 4; i++)
    put_byte((v >> (8 * i)) & 0xff);
}

/* Compress in[0..n) (padded with MAX_MATCH zeros) into out; return the size. */
static uint32_t gz_compress(const uint8_t *in, uint32_t n, int level, uint8_t *out, uint32_t cap) {
  const Config *c = &config_table[level];
  window = in;
  outbuf = out;
  outcnt = 0;
  outcap = cap;
  bi_buf = 0;
  bi_valid = 0;
  max_chain_length = c->max_chain;
  max_lazy_match = c->max_lazy;
  good_match = c->good_length;
  nice_match = c->nice_length;
  ltree.elems = L_CODES;
  dtree.elems = D_CODES;
  memset(head, 0, sizeof head);
  init_block();
  strstart = 0;
  match_start = 0;
  lookahead = n;
  ins_h = window[0];
  UPDATE_HASH(ins_h, window[1]);

  put_byte(0x1f); /* header: magic, method, level */
  put_byte(0x8b);
  put_byte(8);
  put_byte((unsigned)level);
  if (level <= 3)
    deflate_fast();
  else
    deflate_lazy();
  bi_windup();
  put_u32le(crc32_buf(in, n)); /* trailer: CRC-32 and size */
  put_u32le(n);
  return outcnt;
}

/* ---- decompressor ---- */
#define FAST_BITS 9

typedef struct {
  uint16_t count[MAX_BITS + 1];  /* codes of each length */
  uint16_t symbol[L_CODES];      /* symbols in canonical order */
  uint32_t fast[1 << FAST_BITS]; /* (len << 16) | symbol, or 0: use the slow path */
} Huff;

static const uint8_t *in_buf;
static uint32_t in_len, in_pos, bitbuf;
static unsigned bitcnt;

static inline void refill(void) {
  while (bitcnt <= 24) {
    uint32_t b = in_pos < in_len ? in_buf[in_pos] : 0; /* zeros past the end */
    in_pos++;
    bitbuf |= b << bitcnt;
    bitcnt += 8;
  }
}

static inline unsigned getbits(unsigned n) {
  if (bitcnt < n)
    refill();
  unsigned v = bitbuf & ((1u << n) - 1);
  bitbuf >>= n;
  bitcnt -= n;
  return v;
}

static int huff_build(Huff *h, const uint8_t *lens, int n) {
  unsigned offs[MAX_BITS + 1], next[MAX_BITS + 1], code = 0;
  int left = 1, len;
  memset(h->count, 0, sizeof h->count);
  for (int s = 0; s < n; s++)
    h->count[lens[s]]++;
  h->count[0] = 0;
  for (len = 1; len <= MAX_BITS; len++) {
    left = (left << 1) - h->count[len];
    if (left < 0)
      return -1; /* over-subscribed */
  }
  offs[1] = 0;
  for (len = 1; len < MAX_BITS; len++)
    offs[len + 1] = offs[len] + h->count[len];
  for (len = 1; len <= MAX_BITS; len++)
    next[len] = code = (code + h->count[len - 1]) << 1;
  memset(h->fast, 0, sizeof h->fast);
  for (int s = 0; s < n; s++) {
    len = lens[s];
    if (len == 0)
      continue;
    h->symbol[offs[len]++] = (uint16_t)s;
    unsigned c = next[len]++;
    if (len <= FAST_BITS) /* replicate over all FAST_BITS-bit suffixes */
      for (unsigned k = bi_reverse(c, (unsigned)len); k < (1u << FAST_BITS); k += 1u << len)
        h->fast[k] = ((uint32_t)len << 16) | (uint32_t)s;
  }
  return 0;
}

static int huff_decode(const Huff *h) {
  if (bitcnt < MAX_BITS)
    refill();
  uint32_t e = h->fast[bitbuf & ((1u << FAST_BITS) - 1)];
  if (e != 0) {
    bitbuf >>= e >> 16;
    bitcnt -= e >> 16;
    return (int)(e & 0xffff);
  }
  /* long code: canonical decoding one bit at a time */
  int code = 0, first = 0, index = 0;
  for (int len = 1; len <= MAX_BITS; len++) {
    code |= (int)(bitbuf & 1);
    bitbuf >>= 1;
    bitcnt--;
    int count = h->count[len];
    if (code - count < first)
      return h->symbol[index + (code - first)];
    index += count;
    first = (first + count) << 1;
    code <<= 1;
  }
  return -1;
}

static Huff lhuff, dhuff;

/* Decompress in[0..n) into out (capacity cap); return the size or fail. */
static uint32_t gz_decompress(const uint8_t *in, uint32_t n, uint8_t *out, uint32_t cap) {
  uint8_t lens[L_CODES + D_CODES];
  uint32_t o = 0;
  int last;
  in_buf = in;
  in_len = n;
  in_pos = 0;
  bitbuf = 0;
  bitcnt = 0;
  if (getbits(8) != 0x1f || getbits(8) != 0x8b || getbits(8) != 8)
    fail("bad header");
  getbits(8); /* level */
  do {
    last = (int)getbits(1);
    for (int i = 0; i < L_CODES + D_CODES; i++)
      lens[i] = (uint8_t)getbits(4);
    if (huff_build(&lhuff, lens, L_CODES) || huff_build(&dhuff, lens + L_CODES, D_CODES))
      fail("bad code lengths");
    for (;;) {
      int sym = huff_decode(&lhuff);
      if (sym < 0)
        fail("bad literal/length code");
      if (sym < LITERALS) {
        if (o >= cap)
          fail("output overflow");
        out[o++] = (uint8_t)sym;
        continue;
      }
      if (sym == END_BLOCK)
        break;
      sym -= LITERALS + 1;
      if (sym >= LENGTH_CODES)
        fail("bad length symbol");
      unsigned len = base_length[sym] + MIN_MATCH + getbits(extra_lbits[sym]);
      int dsym = huff_decode(&dhuff);
      if (dsym < 0 || dsym >= D_CODES)
        fail("bad distance code");
      uint32_t dist = base_dist[dsym] + 1 + getbits(extra_dbits[dsym]);
      if (dist > o || len > cap - o)
        fail("bad match");
      const uint8_t *from = out + o - dist; /* may overlap: copy forwards */
      for (unsigned k = 0; k < len; k++)
        out[o + k] = from[k];
      o += len;
    }
  } while (!last);
  getbits(bitcnt & 7); /* to a byte boundary */
  uint32_t crc = 0, size = 0;
  for (int i = 0; i < 4; i++)
    crc |= (uint32_t)getbits(8) << (8 * i);
  for (int i = 0; i < 4; i++)
    size |= (uint32_t)getbits(8) << (8 * i);
  if (in_pos - bitcnt / 8 != n)
    fail("compressed size mismatch");
  if (size != o)
    fail("length mismatch");
  if (crc != crc32_buf(out, o))
    fail("CRC mismatch");
  return o;
}

/* ---- input generation ---- */
#define VOCAB 600

static char vocab[VOCAB][10];
static uint8_t vocab_len[VOCAB];
static uint32_t vocab_cum[VOCAB]; /* cumulative Zipf weights */

static void vocab_init(void) {
  static const char letters[] = "etaoinshrdlucmfwypvbgkjqxz";
  uint32_t total = 0;
  for (int i = 0; i < VOCAB; i++) {
    int len = 2 + (int)rng_below(4) + (int)rng_below(5);
    for (int k = 0; k < len; k++) {
      uint32_t a = rng_below(26), b = rng_below(26); /* min of two: favour common letters */
      vocab[i][k] = letters[a < b ? a : b];
    }
    vocab_len[i] = (uint8_t)len;
    total += 120000u / (uint32_t)(i + 1);
    vocab_cum[i] = total;
  }
}

static int pick_word(void) {
  uint32_t r = rng_below(vocab_cum[VOCAB - 1]);
  int lo = 0, hi = VOCAB - 1;
  while (lo < hi) { /* first index with vocab_cum > r */
    int mid = (lo + hi) / 2;
    if (vocab_cum[mid] > r)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

static void gen_text(uint8_t *buf, uint32_t n) {
  uint32_t pos = 0, col = 0;
  int cap = 1;
#define EMIT(c) (pos < n ? (void)(buf[pos++] = (uint8_t)(c)) : (void)0)
  while (pos < n) {
    int w = pick_word();
    for (int k = 0; k < vocab_len[w]; k++)
      EMIT(k == 0 && cap ? vocab[w][k] - 'a' + 'A' : vocab[w][k]);
    col += vocab_len[w];
    cap = 0;
    uint32_t r = rng_below(100);
    if (r < 6) {
      EMIT('.');
      cap = 1;
    } else if (r < 11) {
      EMIT(',');
    } else if (r < 12) {
      EMIT(';');
    }
    if (cap && rng_below(8) == 0) { /* end of paragraph */
      EMIT('\n');
      EMIT('\n');
      col = 0;
    } else if (col > 62 + rng_below(12)) {
      EMIT('\n');
      col = 0;
    } else {
      EMIT(' ');
      col++;
    }
  }
#undef EMIT
}

/* 32-byte records: sequence, type, slowly varying value, timestamp, small fields, noise */
static void gen_binary(uint8_t *buf, uint32_t n) {
  static const char tags[8][4] = {"HDR", "DAT", "IDX", "LOG", "ACK", "REQ", "RSP", "END"};
  uint8_t rec[32];
  uint32_t seq = 1000, t = 0x40000000u, value = 5000;
  for (uint32_t pos = 0; pos < n; pos += 32, seq++) {
    uint32_t type = rng_below(4) * rng_below(3); /* skewed towards small types */
    value += rng_below(9) - 4;
    t += 1 + rng_below(20);
    memset(rec, 0, sizeof rec);
    for (int i = 0; i < 4; i++) {
      rec[i] = (uint8_t)(seq >> (24 - 8 * i));
      rec[8 + i] = (uint8_t)(t >> (24 - 8 * i));
    }
    rec[4] = (uint8_t)type;
    rec[6] = (uint8_t)(value >> 8);
    rec[7] = (uint8_t)value;
    for (int j = 0; j < 8; j++)
      rec[12 + j] = (uint8_t)((type * (uint32_t)j + rng_below(3)) & 15);
    memcpy(rec + 20, tags[type], 3);
    if (rng_below(8) == 0) /* noise */
      for (int j = 24; j < 32; j++)
        rec[j] = (uint8_t)rng_next();
    uint32_t m = n - pos < 32 ? n - pos : 32;
    memcpy(buf + pos, rec, m);
  }
}

/* ---- driver ---- */
static uint32_t fnv = 0x811c9dc5u;

static void fnv_byte(uint32_t b) {
  fnv = (fnv ^ (b & 0xff)) * 0x01000193u;
}

static void fnv_u32(uint32_t v) {
  for (int i = 0; i < 4; i++)
    fnv_byte(v >> (8 * i));
}

int main(int argc, char **argv) {
  uint32_t text_len = 20 * 1024, bin_len = 10 * 1024;
  if (argc > 2 || (argc == 2 && strcmp(argv[1], "test") != 0 && strcmp(argv[1], "train") != 0)) {
    fprintf(stderr, "usage: gzip [test|train]\n");
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "train") == 0) {
    text_len = 192 * 1024;
    bin_len = 96 * 1024;
  }
  static const int levels[] = {1, 6, 9};
  crc_init();
  tables_init();
  vocab_init();

  struct {
    const char *name;
    uint32_t len;
  } inputs[2] = {{"text", text_len}, {"binary", bin_len}};
  uint32_t total_in = 0, total_out = 0;
  for (int i = 0; i < 2; i++) {
    uint32_t n = inputs[i].len, cap = n + n / 2 + 4096;
    uint8_t *in = calloc(n + MAX_MATCH + 8, 1); /* zero padding for the match scan */
    uint8_t *comp = malloc(cap), *dec = malloc(n);
    if (!in || !comp || !dec) {
      fprintf(stderr, "gzip: out of memory\n");
      return 1;
    }
    if (i == 0)
      gen_text(in, n);
    else
      gen_binary(in, n);
    for (unsigned l = 0; l < sizeof levels / sizeof levels[0]; l++) {
      uint32_t clen = gz_compress(in, n, levels[l], comp, cap);
      uint32_t dlen = gz_decompress(comp, clen, dec, n);
      if (dlen != n)
        fail("decompressed size differs");
      for (uint32_t k = 0; k < n; k++)
        if (dec[k] != in[k])
          fail("decompressed data differs");
      for (uint32_t k = 0; k < clen; k++)
        fnv_byte(comp[k]);
      fnv_u32(clen);
      total_in += n;
      total_out += clen;
      printf("%-6s level %d: %" PRIu32 " -> %" PRIu32 " bytes (%" PRIu32 ".%" PRIu32 "%%)\n",
             inputs[i].name, levels[l], n, clen, clen * 100 / n, clen * 1000 / n % 10);
    }
    free(in);
    free(comp);
    free(dec);
  }
  fnv_u32(overflow_fixes);
  printf("total: %" PRIu32 " -> %" PRIu32 " bytes, round trips ok, %" PRIu32
         " length-limited trees\n",
         total_in, total_out, overflow_fixes);
  printf("checksum: 0x%08" PRIx32 "\n", fnv);
  return 0;
}
