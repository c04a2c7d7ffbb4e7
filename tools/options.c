/*
 * options.c - the options the commands share: numbers with their ranges, the
 * profiling modes, and the two-way options (--clock, --unaligned, --confine,
 * --caches, --ip-model; --runtime) with the help text each command prints for them
 * (options.h).
 */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vboard.h"

int tools_range(const char *cmd, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                uint64_t *v) {
  char *end;
  errno = 0;
  /* Decimal digits only: strtoull would take a sign ("-5" as 2^64 - 5) and blanks,
   * and with base 0 octal and hex (010 as 8); no option here is an address. */
  *v = isdigit((unsigned char)*s) ? strtoull(s, &end, 10) : 0;
  if (!isdigit((unsigned char)*s) || *end) {
    fprintf(stderr, "hwprof %s: %s wants a decimal number, not '%s'\n", cmd, opt, s);
    return -1;
  }
  if (errno == ERANGE || *v < lo || *v > hi) {
    fprintf(stderr, "hwprof %s: %s is %llu..%llu, not '%s'\n", cmd, opt, (unsigned long long)lo,
            (unsigned long long)hi, s);
    return -1;
  }
  return 0;
}

int tools_number(const char *cmd, const char *opt, const char *s, uint64_t *v) {
  return tools_range(cmd, opt, s, 0, UINT64_MAX, v);
}

static const char *const mode_names[] = {"none", "hw", "sw", "all"};

const char *prof_mode_name(int profile) {
  return profile >= 0 && profile < 4 ? mode_names[profile] : "?";
}

int prof_mode_parse(const char *s) {
  for (int i = 0; i < 4; i++)
    if (!strcmp(s, mode_names[i]))
      return i;
  return -1;
}

/* An option of two values: 0 for the first, 1 for the second, -1 (said why)
 * for anything else. */
static int two_way(const char *cmd, const char *opt, const char *s, const char *v0,
                   const char *v1) {
  if (!strcmp(s, v0) || !strcmp(s, v1))
    return !strcmp(s, v1);
  fprintf(stderr, "hwprof %s: %s is %s or %s, not '%s'\n", cmd, opt, v0, v1, s);
  return -1;
}

int prof_clock_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--clock", s, "board", "host");
  if (v >= 0)
    o->clock = v ? GUEST_CLOCK_HOST : GUEST_CLOCK_BOARD;
  return v < 0 ? -1 : 0;
}

int prof_sb_budget_parse(const char *cmd, const char *s, dbt_options *o) {
  uint64_t v;
  if (strcmp(s, "auto") == 0)
    o->sb_budget = -1;
  else if (tools_range(cmd, "--sb-budget", s, 0, UINT32_MAX, &v) < 0)
    return -1;
  else
    o->sb_budget = (int64_t)v;
  return 0;
}

int prof_unaligned_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--unaligned", s, "allow", "trap");
  if (v >= 0)
    o->unaligned_trap = v;
  return v < 0 ? -1 : 0;
}

int prof_confine_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--confine", s, "off", "on");
  if (v >= 0)
    o->confine = v;
  return v < 0 ? -1 : 0;
}

int prof_caches_parse(const char *cmd, const char *s, dbt_options *o) {
  int v = two_way(cmd, "--caches", s, "on", "off");
  if (v >= 0)
    o->no_caches = v;
  return v < 0 ? -1 : 0;
}

int prof_ip_model_parse(const char *cmd, const char *s) {
  int v = two_way(cmd, "--ip-model", s, "fast", "checked");
  if (v >= 0)
    vboard_use_ip_model(v ? HWPROF_SIM_CHECKED : HWPROF_SIM_FAST);
  return v < 0 ? -1 : 0;
}

/* --runtime's values, by DBT_RUNTIME_*. */
static const char *const runtime_names[] = {"host", "board", "checked"};

const char *prof_runtime_name(int runtime) {
  return runtime >= 0 && runtime < 3 ? runtime_names[runtime] : "?";
}

int prof_runtime_parse(const char *cmd, const char *s, dbt_options *o) {
  for (int i = 0; i < 3; i++)
    if (!strcmp(s, runtime_names[i])) {
      o->runtime = i;
      return 0;
    }
  fprintf(stderr, "hwprof %s: --runtime is host, board or checked, not '%s'\n", cmd, s);
  return -1;
}

int tools_board_option(const char *cmd, int c, const char *arg, const char **dtb_path,
                       dbt_options *o) {
  switch (c) {
  case OPT_DTB: *dtb_path = arg; return 1;
  case OPT_CACHES: return prof_caches_parse(cmd, arg, o) < 0 ? -1 : 1;
  case OPT_CLOCK: return prof_clock_parse(cmd, arg, o) < 0 ? -1 : 1;
  case OPT_UNALIGNED: return prof_unaligned_parse(cmd, arg, o) < 0 ? -1 : 1;
  case OPT_CONFINE: return prof_confine_parse(cmd, arg, o) < 0 ? -1 : 1;
  case OPT_IP_MODEL: return prof_ip_model_parse(cmd, arg) < 0 ? -1 : 1;
  case OPT_RUNTIME: return prof_runtime_parse(cmd, arg, o) < 0 ? -1 : 1;
  default: return 0;
  }
}
