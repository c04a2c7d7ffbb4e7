/*
 * sbplan.c - the superblocks of an earlier run, read back from its JSON report
 * with cJSON.  The report lists each superblock as the path recorded from its
 * head:
 *
 *   "superblocks":[{"head":"0x0040a1c0","blocks":["0x0040a1c0","0x0040a1d4"],
 *                   "next":"0x0040a1c0"}, ...]
 *
 * (next = head: the path closed a loop).  See sbplan.h.
 */
#define _GNU_SOURCE
#include "sbplan.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errf.h"
#include "io.h"

/* A "0x..." address; 0 when it is not one. */
static int address(const cJSON *j, uint32_t *v) {
  if (!cJSON_IsString(j))
    return 0;
  char *end;
  errno = 0;
  unsigned long x = strtoul(j->valuestring, &end, 16);
  if (errno || *end || end == j->valuestring || strncmp(j->valuestring, "0x", 2) || x > UINT32_MAX)
    return 0;
  *v = (uint32_t)x;
  return 1;
}

int sbplan_read(const char *path, dbt_trace **out, size_t *n, char *err, size_t errlen) {
  *out = NULL;
  *n = 0;
  size_t len;
  const char *why;
  char *text = slurp(path, 0, &len, &why); /* (NUL-terminated) */
  if (!text)
    return errf(err, errlen, "%s: %s", path, why), -1;
  cJSON *root = cJSON_Parse(text);
  free(text);
  const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "superblocks");
  if (!root || !cJSON_IsArray(list)) {
    errf(err, errlen, "%s: %s", path,
         root ? "no \"superblocks\" list (a report of hwprof run --json is wanted)" : "not JSON");
    cJSON_Delete(root);
    return -1;
  }
  int count = cJSON_GetArraySize(list), k = 0;
  dbt_trace *v = calloc(count ? (size_t)count : 1, sizeof *v);
  const cJSON *sb;
  cJSON_ArrayForEach(sb, list) {
    const cJSON *blocks = cJSON_GetObjectItemCaseSensitive(sb, "blocks"), *b;
    int nb = cJSON_GetArraySize(blocks),
        ok = v && cJSON_IsArray(blocks) && nb >= 1 && nb <= DBT_TRACE_MAX &&
             address(cJSON_GetObjectItemCaseSensitive(sb, "next"), &v[k].next);
    cJSON_ArrayForEach(b, blocks) {
      if (ok)
        ok = address(b, &v[k].pc[v[k].n++]);
    }
    if (!ok) {
      errf(err, errlen,
           "%s: superblock %d: wants \"blocks\" (1 to %d addresses \"0x...\") and \"next\"", path,
           k + 1, DBT_TRACE_MAX);
      free(v);
      cJSON_Delete(root);
      return -1;
    }
    k++;
  }
  cJSON_Delete(root);
  *out = v;
  *n = (size_t)k;
  return 0;
}
