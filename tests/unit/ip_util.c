/* ip_util.c - see ip_util.h. */
#include "ip_util.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

#ifndef HWPROF_IP_PARAMS
#define HWPROF_IP_PARAMS ""
#endif

void ip_built_params(hwprof_model_params *p) {
  hwprof_model_params d = HWPROF_MODEL_DEFAULTS;
  const char *s = HWPROF_IP_PARAMS;
  *p = d;
  while ((s = strstr(s, "-G")) != NULL) {
    char name[32];
    unsigned i = 0;
    s += 2;
    while (*s && *s != '=' && i < sizeof name - 1)
      name[i++] = *s++;
    name[i] = 0;
    if (*s == '=')
      s++;
    unsigned v = (unsigned)strtoul(s, NULL, 0);
    if (!strcmp(name, "FIFO_LOG2"))
      p->fifo_log2 = v;
    else if (!strcmp(name, "HOT_LOG2"))
      p->hot_log2 = v;
    else if (!strcmp(name, "INDEX_BITS"))
      p->index_bits = v;
    else if (!strcmp(name, "HASH"))
      p->hash = v;
    else if (!strcmp(name, "MAX_PROBE"))
      p->max_probe = v;
    else if (!strcmp(name, "COUNT_WIDTH"))
      p->count_width = v;
    else if (!strcmp(name, "SYSCALL_BITS"))
      p->syscall_bits = v;
    else if (!strcmp(name, "SLOT_CACHE"))
      p->slot_cache = v;
    else if (!strcmp(name, "EDGE_BITS"))
      p->edge_bits = v;
    else if (!strcmp(name, "CCT"))
      p->cct = v;
    else if (!strcmp(name, "STATS"))
      p->stats = v;
    else if (!strcmp(name, "SPILL"))
      p->spill = v;
    else if (!strcmp(name, "WAYS"))
      p->ways = v;
  }
}

/* A register access that times out leaves the IP holding the bus: every later
 * access would time out too (each after the harness's timeout in cycles), so the
 * test binary stops there, failed, instead of spinning through the rest. */
static void bus_held(const char *what, uint32_t off) {
  fprintf(stderr, "%s of %#x timed out: the IP holds the bus; stopping%s%s\n", what, off,
          check_context ? " " : "", check_context ? check_context : "");
  printf("FAIL: the bus was held (%s of %#x)\n", what, off);
  exit(1);
}

uint32_t ip_rd(hwprof_sim *s, uint32_t off) {
  uint32_t v = 0;
  int rc = hwprof_sim_read(s, off, &v, NULL);
  if (rc == HWPROF_SIM_ETIMEDOUT)
    bus_held("read", off);
  CHECK(rc == HWPROF_RESP_OKAY, "read of %#x answered %d\n", off, rc);
  return v;
}

void ip_wr(hwprof_sim *s, uint32_t off, uint32_t val) {
  int rc = hwprof_sim_write(s, off, val, 0xF, NULL);
  if (rc == HWPROF_SIM_ETIMEDOUT)
    bus_held("write", off);
  CHECK(rc == HWPROF_RESP_OKAY, "write of %#x to %#x answered %d\n", val, off, rc);
}

int ip_wait_idle(hwprof_sim *s, uint64_t limit) {
  uint64_t start = hwprof_sim_cycle(s);
  for (;;) {
    uint32_t st = ip_rd(s, HWPROF_STATUS_OFFSET);
    if ((st & HWPROF_STATUS_IDLE) && !(st & HWPROF_STATUS_BUSY))
      return 0;
    if (hwprof_sim_cycle(s) - start > limit)
      return -1;
    hwprof_sim_step(s, 8);
  }
}

uint64_t ip_rand(uint64_t *x) {
  *x ^= *x >> 12;
  *x ^= *x << 25;
  *x ^= *x >> 27;
  return *x * 0x2545F4914F6CDD1Dull;
}

uint32_t ip_home_entry(const hwprof_model_params *p, uint32_t key) {
  return hwprof_model_home(p, key) * (p->ways ? p->ways : 1u);
}

uint32_t ip_home_room(const hwprof_model_params *p) {
  return p->ways ? p->ways : p->max_probe;
}

void ip_colliding_keys(const hwprof_model_params *p, uint32_t index, uint32_t *out, unsigned n,
                       uint64_t *rng) {
  unsigned have = 0;
  if (p->hash == HWPROF_HASH_LOW16 && (index & HWPROF_EVENT_FLAGS))
    abort(); /* no SPC has that index */
  while (have < n) {
    uint32_t k = (uint32_t)ip_rand(rng) & ~HWPROF_EVENT_FLAGS;
    unsigned j;
    if (hwprof_model_home(p, k) != index)
      continue;
    for (j = 0; j < have && out[j] != k; j++)
      ;
    if (j == have)
      out[have++] = k;
  }
}
