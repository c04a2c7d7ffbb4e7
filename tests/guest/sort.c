/*
 * sort.c - qsort and bsearch (callbacks through function pointers) on ints,
 * strings and structs, plus a hand-written merge sort and insertion sort to
 * cross-check qsort.  The data come from a deterministic LCG.  Prints the
 * first few sorted elements, checksums and bsearch results.  Exit status 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t seed = 1;

static uint32_t lcg(void) {
  seed = seed * 1664525u + 1013904223u;
  return seed;
}

static uint32_t fnv(uint32_t h, const void *p, size_t n) {
  const unsigned char *b = p;
  while (n--)
    h = (h ^ *b++) * 16777619u;
  return h;
}

/* ---- ints ---- */

static unsigned long ncompares;

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  ncompares++;
  return (x > y) - (x < y);
}

static int cmp_int_desc(const void *a, const void *b) {
  return cmp_int(b, a);
}

static int cmp_uint(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

static void merge_sort(int *a, int *tmp, size_t n) {
  size_t mid, i, j, k;
  if (n < 2)
    return;
  mid = n / 2;
  merge_sort(a, tmp, mid);
  merge_sort(a + mid, tmp, n - mid);
  for (i = 0, j = mid, k = 0; k < n; k++)
    tmp[k] = (j >= n || (i < mid && a[i] <= a[j])) ? a[i++] : a[j++];
  memcpy(a, tmp, n * sizeof *a);
}

#define NINT 2000
static int ia[NINT], ib[NINT], itmp[NINT];

static void sort_ints(void) {
  size_t i, found = 0, sorted = 1;
  uint32_t h;
  for (i = 0; i < NINT; i++)
    ia[i] = ib[i] = (int)(lcg() % 20001) - 10000; /* duplicates and negatives */
  ncompares = 0;
  qsort(ia, NINT, sizeof ia[0], cmp_int);
  merge_sort(ib, itmp, NINT);
  for (i = 1; i < NINT; i++)
    sorted &= ia[i - 1] <= ia[i];
  h = fnv(2166136261u, ia, sizeof ia);
  printf("ints: sorted=%zu same_as_mergesort=%d hash=%08x min=%d max=%d median=%d\n", sorted,
         memcmp(ia, ib, sizeof ia) == 0, h, ia[0], ia[NINT - 1], ia[NINT / 2]);
  printf("ints: first:");
  for (i = 0; i < 10; i++)
    printf(" %d", ia[i]);
  printf("\n");
  for (i = 0; i < 200; i++) {
    int key = (int)(i * 101) - 10000;
    int *p = bsearch(&key, ia, NINT, sizeof ia[0], cmp_int);
    if (p != NULL) {
      found++;
      if (*p != key)
        printf("bsearch returned a wrong element\n");
    }
  }
  printf("ints: bsearch found %zu of 200\n", found);
  {
    int k1 = -10001, k2 = 10001, k3 = ia[0], k4 = ia[NINT - 1];
    printf("ints: bsearch below=%s above=%s first=%s last=%s\n",
           bsearch(&k1, ia, NINT, sizeof(int), cmp_int) ? "found" : "none",
           bsearch(&k2, ia, NINT, sizeof(int), cmp_int) ? "found" : "none",
           bsearch(&k3, ia, NINT, sizeof(int), cmp_int) ? "found" : "none",
           bsearch(&k4, ia, NINT, sizeof(int), cmp_int) ? "found" : "none");
  }
  qsort(ia, NINT, sizeof ia[0], cmp_int_desc);
  printf("ints: desc first=%d last=%d hash=%08x\n", ia[0], ia[NINT - 1],
         fnv(2166136261u, ia, sizeof ia));
  /* Already sorted, reverse sorted, all equal, tiny arrays. */
  for (i = 0; i < NINT; i++)
    ia[i] = (int)(NINT - i);
  qsort(ia, NINT, sizeof ia[0], cmp_int);
  printf("ints: reversed->%d..%d ", ia[0], ia[NINT - 1]);
  for (i = 0; i < NINT; i++)
    ia[i] = 7;
  qsort(ia, NINT, sizeof ia[0], cmp_int);
  printf("equal->%d\n", ia[NINT / 3]);
  qsort(ia, 0, sizeof ia[0], cmp_int);
  qsort(ia, 1, sizeof ia[0], cmp_int);
  {
    unsigned u[6] = {0xffffffffu, 0, 0x80000000u, 1, 0x7fffffffu, 0x80000001u};
    qsort(u, 6, sizeof u[0], cmp_uint);
    printf("unsigned: %x %x %x %x %x %x\n", u[0], u[1], u[2], u[3], u[4], u[5]);
  }
}

/* ---- strings ---- */

#define NSTR 1000
static char words[NSTR][12];
static char *wp[NSTR];

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_str_len(const void *a, const void *b) {
  size_t la = strlen(*(char *const *)a), lb = strlen(*(char *const *)b);
  if (la != lb)
    return la < lb ? -1 : 1;
  return cmp_str(a, b);
}

static void sort_strings(void) {
  size_t i, j;
  uint32_t h = 2166136261u;
  char *key;
  for (i = 0; i < NSTR; i++) {
    size_t len = 1 + lcg() % 10;
    for (j = 0; j < len; j++)
      words[i][j] = (char)('a' + (lcg() >> 16) % 26);
    words[i][len] = 0;
    wp[i] = words[i];
  }
  qsort(wp, NSTR, sizeof wp[0], cmp_str);
  for (i = 0; i < NSTR; i++)
    h = fnv(h, wp[i], strlen(wp[i]) + 1);
  printf("strings: first=%s %s %s last=%s hash=%08x\n", wp[0], wp[1], wp[2], wp[NSTR - 1], h);
  for (i = 1; i < NSTR; i++)
    if (strcmp(wp[i - 1], wp[i]) > 0)
      printf("strings: not sorted at %zu\n", i);
  key = words[123];
  printf("strings: bsearch(%s)=%s ", key,
         bsearch(&key, wp, NSTR, sizeof wp[0], cmp_str) ? "found" : "none");
  key = "zzzzzzzzzzz";
  printf("bsearch(%s)=%s\n", key,
         bsearch(&key, wp, NSTR, sizeof wp[0], cmp_str) ? "found" : "none");
  qsort(wp, NSTR, sizeof wp[0], cmp_str_len);
  h = 2166136261u;
  for (i = 0; i < NSTR; i++)
    h = fnv(h, wp[i], strlen(wp[i]) + 1);
  printf("strings by length: first=%s last=%s hash=%08x\n", wp[0], wp[NSTR - 1], h);
}

/* ---- structs ---- */

struct rec {
  char name[13];
  short age;
  double score;
  long long id;
  unsigned char flags;
};

static int cmp_rec(const void *a, const void *b) {
  const struct rec *x = a, *y = b;
  if (x->score != y->score)
    return x->score < y->score ? 1 : -1; /* descending score */
  if (x->age != y->age)
    return x->age - y->age;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  return strcmp(x->name, y->name);
}

static int cmp_rec_id(const void *a, const void *b) {
  const struct rec *x = a, *y = b;
  return (x->id > y->id) - (x->id < y->id);
}

#define NREC 700
static struct rec recs[NREC];

static void sort_structs(void) {
  size_t i;
  uint32_t h = 2166136261u;
  struct rec key;
  for (i = 0; i < NREC; i++) {
    memset(&recs[i], 0, sizeof recs[i]);
    snprintf(recs[i].name, sizeof recs[i].name, "n%05u", (unsigned)(lcg() % 100000));
    recs[i].age = (short)(lcg() % 90);
    recs[i].score = (double)(lcg() % 1000) / 8.0;
    recs[i].id = ((long long)lcg() << 20) ^ (long long)i;
    recs[i].flags = (unsigned char)i;
  }
  qsort(recs, NREC, sizeof recs[0], cmp_rec);
  for (i = 0; i < NREC; i++) {
    h = fnv(h, recs[i].name, strlen(recs[i].name));
    h = fnv(h, &recs[i].age, sizeof recs[i].age);
    h = fnv(h, &recs[i].id, sizeof recs[i].id);
    h = fnv(h, &recs[i].flags, 1);
  }
  printf("structs: hash=%08x size=%zu\n", h, sizeof(struct rec));
  for (i = 0; i < 4; i++)
    printf("  %s age=%d score=%.3f id=%lld flags=%u\n", recs[i].name, recs[i].age, recs[i].score,
           recs[i].id, recs[i].flags);
  qsort(recs, NREC, sizeof recs[0], cmp_rec_id);
  key.id = recs[NREC / 2].id;
  {
    struct rec *r = bsearch(&key, recs, NREC, sizeof recs[0], cmp_rec_id);
    printf("structs: bsearch id=%lld -> %s flags=%u\n", key.id, r ? r->name : "none",
           r ? r->flags : 0);
  }
  key.id = -1;
  printf("structs: bsearch id=-1 -> %s\n",
         bsearch(&key, recs, NREC, sizeof recs[0], cmp_rec_id) ? "found" : "none");
}

/* An element size that is not a multiple of 4 (qsort's byte-wise swap). */
static int cmp_3(const void *a, const void *b) {
  return memcmp(a, b, 3);
}

static void sort_odd(void) {
  unsigned char buf[3 * 301];
  size_t i;
  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char)(lcg() >> 24);
  qsort(buf, 301, 3, cmp_3);
  printf("3-byte elements: hash=%08x first=%02x%02x%02x\n", fnv(2166136261u, buf, sizeof buf),
         buf[0], buf[1], buf[2]);
}

int main(void) {
  sort_ints();
  sort_strings();
  sort_structs();
  sort_odd();
  return 0;
}
