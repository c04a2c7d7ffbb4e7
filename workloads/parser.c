/*
 * parser.c - hwprof workload modelled on SPEC CINT2000 197.parser, the link-grammar
 * parser of Sleator and Temperley.
 *
 * The program generates a dictionary in link-grammar's text format (words, macros such as
 * <noun-s> and connector formulas such as "Ss- & {E-} & O+ & {@MV+}"), reads it back with a
 * tokeniser and a recursive-descent formula parser into expression trees, and stores the
 * words in a chained string hash table.  It then generates many sentences from a small
 * English-like grammar (some deliberately corrupted), and for each one: tokenises it
 * (lower-casing and copying), looks every word up, expands each word's expression into
 * disjuncts (ordered left/right connector lists), prunes disjuncts whose connectors cannot
 * be matched, and counts the linkages with link grammar's recursive, memoised count()
 * (table keyed by (left word, right word, left connector, right connector)).
 *
 * Self-check: the dictionary must give back every generated word with its category's
 * formula; every uncorrupted sentence must have a linkage; for every parsed sentence one
 * linkage (chosen by index, like extract_links) is extracted and verified independently
 * (connectors match, links do not cross, the graph is connected, each word's links use
 * exactly its chosen disjunct's connectors in order); short sentences are recounted
 * without the memo table.
 *
 * Sizes (dynamic MIPS instructions): test ~20 M (105 sentences), train ~300 M (1680).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXTOK       36 /* longest sentence in tokens (the wall makes one more word) */
#define MAXW         (MAXTOK + 1)
#define MAXLINKS     (4 * MAXW)
#define DICT_BUCKETS 2048
#define TBUCKETS     (1 << 15)
#define MAX_LABELS   64
#define BRUTE_WORDS  7 /* sentences up to this many words are recounted without memo */

/* ---------------- utilities ---------------- */

static uint32_t rng_state = 0x2545f491u;
static uint32_t rnd(void) {
  uint32_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return rng_state = x;
}

static uint32_t checksum = 2166136261u; /* FNV-1a over the results */
static void ck_byte(uint32_t b) {
  checksum = (checksum ^ (b & 0xffu)) * 16777619u;
}
static void ck_u32(uint32_t v) {
  for (int i = 0; i < 4; i++)
    ck_byte(v >> (8 * i));
}
static void ck_str(const char *s) {
  while (*s)
    ck_byte((unsigned char)*s++);
}

static int failed;
static void check_fail(const char *msg, int sent) {
  if (!failed)
    fprintf(stderr, "parser: self-check failed: %s (sentence %d)\n", msg, sent);
  failed = 1;
}
static void fatal(const char *msg) {
  fprintf(stderr, "parser: %s\n", msg);
  exit(1);
}

/* Bump allocators: one permanent (dictionary), one reset for every sentence. */
typedef struct {
  char *base;
  size_t used, cap;
} Arena;
static Arena perm, sarena;

static void arena_init(Arena *a, size_t cap) {
  a->base = malloc(cap);
  if (!a->base)
    fatal("out of memory");
  a->used = 0;
  a->cap = cap;
}
static void *arena_alloc(Arena *a, size_t n) {
  n = (n + 7) & ~(size_t)7;
  if (a->used + n > a->cap)
    fatal("arena overflow");
  void *p = a->base + a->used;
  a->used += n;
  return p;
}
static char *arena_strdup(Arena *a, const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(arena_alloc(a, n), s, n);
}

/* Growable text buffer. */
typedef struct {
  char *buf;
  size_t len, cap;
} StrBuf;
static void sb_puts(StrBuf *b, const char *s) {
  size_t n = strlen(s);
  if (b->len + n + 1 > b->cap) {
    b->cap = 2 * (b->len + n + 1);
    b->buf = realloc(b->buf, b->cap);
    if (!b->buf)
      fatal("out of memory");
  }
  memcpy(b->buf + b->len, s, n + 1);
  b->len += n;
}

/* ---------------- connectors and expressions ---------------- */

/* Link-grammar connector matching: the upper-case parts must be equal; then subscripts
   match position by position ('*' matches anything, a shorter subscript matches). */
static int easy_match(const char *s, const char *t) {
  while ((*s >= 'A' && *s <= 'Z') || (*t >= 'A' && *t <= 'Z')) {
    if (*s != *t)
      return 0;
    s++, t++;
  }
  for (; *s && *t; s++, t++)
    if (*s != *t && *s != '*' && *t != '*')
      return 0;
  return 1;
}

/* Distinct connector labels, for pruning with bit masks. */
static const char *label_name[MAX_LABELS];
static uint64_t label_match[MAX_LABELS]; /* bit j set: label i matches label j */
static int n_labels;

static int intern_label(const char *s) {
  for (int i = 0; i < n_labels; i++)
    if (strcmp(label_name[i], s) == 0)
      return i;
  if (n_labels == MAX_LABELS)
    fatal("too many connector labels");
  label_name[n_labels] = arena_strdup(&perm, s);
  return n_labels++;
}

enum { E_CONN, E_AND, E_OR, E_EMPTY };
typedef struct Exp {
  int type, id;
  struct Exp *a, *b;
  const char *label; /* E_CONN: name without '@' and direction */
  int lid, multi;
  char dir; /* '+' links to the right, '-' to the left */
} Exp;
static int n_exps;

static Exp *new_exp(int type, Exp *a, Exp *b) {
  Exp *e = arena_alloc(&perm, sizeof *e);
  memset(e, 0, sizeof *e);
  e->type = type;
  e->id = n_exps++;
  e->a = a;
  e->b = b;
  return e;
}

/* ---------------- dictionary: chained string hash table ---------------- */

typedef struct DictNode {
  const char *word;
  Exp *exp;
  struct DictNode *next;
} DictNode;
typedef struct {
  DictNode *bucket[DICT_BUCKETS];
  int count;
} Dict;
static Dict dict, seen;

static uint32_t str_hash(const char *s) {
  uint32_t h = 5381;
  while (*s)
    h = h * 33 + (unsigned char)*s++;
  return h ^ (h >> 11);
}
static DictNode *dict_lookup(const Dict *d, const char *w) {
  for (DictNode *n = d->bucket[str_hash(w) & (DICT_BUCKETS - 1)]; n; n = n->next)
    if (strcmp(n->word, w) == 0)
      return n;
  return NULL;
}
static DictNode *dict_insert(Dict *d, const char *w, Exp *e) {
  if (dict_lookup(d, w))
    return NULL;
  DictNode *n = arena_alloc(&perm, sizeof *n);
  uint32_t h = str_hash(w) & (DICT_BUCKETS - 1);
  n->word = arena_strdup(&perm, w);
  n->exp = e;
  n->next = d->bucket[h];
  d->bucket[h] = n;
  d->count++;
  return n;
}

/* ---------------- reading the dictionary text ---------------- */

typedef struct {
  const char *p;
  char tok[64];
} Lexer;

static void lex_next(Lexer *lx) {
  static const char special[] = "(){}&;:";
  const char *p = lx->p;
  int n = 0;
  while (*p == ' ' || *p == '\n' || *p == '\t')
    p++;
  if (*p && strchr(special, *p)) {
    lx->tok[n++] = *p++;
  } else if (*p == '<') { /* macro name, brackets included */
    while (*p && *p != '>' && n < 62)
      lx->tok[n++] = *p++;
    if (*p != '>')
      fatal("dictionary: bad macro name");
    lx->tok[n++] = *p++;
  } else {
    while (*p && *p != ' ' && *p != '\n' && *p != '\t' && !strchr(special, *p)) {
      if (n == 63)
        fatal("dictionary: token too long");
      lx->tok[n++] = *p++;
    }
  }
  lx->tok[n] = '\0';
  lx->p = p;
}
static void lex_expect(Lexer *lx, const char *t) {
  if (strcmp(lx->tok, t) != 0)
    fatal("dictionary: syntax error");
  lex_next(lx);
}

static Exp *parse_connector(const char *t) {
  Exp *e = new_exp(E_CONN, NULL, NULL);
  char name[64];
  int n = 0;
  if (*t == '@')
    e->multi = 1, t++;
  if (!(*t >= 'A' && *t <= 'Z'))
    fatal("dictionary: bad connector");
  while ((*t >= 'A' && *t <= 'Z') || (*t >= 'a' && *t <= 'z') || *t == '*')
    name[n++] = *t++;
  name[n] = '\0';
  if ((*t != '+' && *t != '-') || t[1] != '\0')
    fatal("dictionary: bad connector direction");
  e->dir = *t;
  e->lid = intern_label(name);
  e->label = label_name[e->lid];
  return e;
}

/* Formula grammar: or-expr := and-expr ("or" and-expr)*;  and-expr := factor ("&" factor)*;
   factor := "(" or-expr ")" | "()" | "{" or-expr "}" (optional) | <macro> | connector. */
static Exp *parse_or(Lexer *lx);
static Exp *parse_factor(Lexer *lx) {
  Exp *e;
  if (strcmp(lx->tok, "(") == 0) {
    lex_next(lx);
    if (strcmp(lx->tok, ")") == 0) {
      e = new_exp(E_EMPTY, NULL, NULL);
    } else {
      e = parse_or(lx);
    }
    lex_expect(lx, ")");
  } else if (strcmp(lx->tok, "{") == 0) {
    lex_next(lx);
    e = parse_or(lx);
    lex_expect(lx, "}");
    e = new_exp(E_OR, e, new_exp(E_EMPTY, NULL, NULL));
  } else if (lx->tok[0] == '<') {
    DictNode *m = dict_lookup(&dict, lx->tok);
    if (!m)
      fatal("dictionary: undefined macro");
    e = m->exp;
    lex_next(lx);
  } else {
    e = parse_connector(lx->tok);
    lex_next(lx);
  }
  return e;
}
static Exp *parse_and(Lexer *lx) {
  Exp *e = parse_factor(lx);
  while (strcmp(lx->tok, "&") == 0) {
    lex_next(lx);
    e = new_exp(E_AND, e, parse_factor(lx));
  }
  return e;
}
static Exp *parse_or(Lexer *lx) {
  Exp *e = parse_and(lx);
  while (strcmp(lx->tok, "or") == 0) {
    lex_next(lx);
    e = new_exp(E_OR, e, parse_and(lx));
  }
  return e;
}

/* Each entry: "word word ... : formula ;".  Returns the number of entries. */
static int read_dictionary(const char *text) {
  Lexer lx = {text, {0}};
  const char *names[64];
  int entries = 0;
  lex_next(&lx);
  while (lx.tok[0]) {
    int nn = 0;
    while (strcmp(lx.tok, ":") != 0) {
      if (!lx.tok[0] || nn == 64)
        fatal("dictionary: bad word list");
      names[nn++] = arena_strdup(&perm, lx.tok);
      lex_next(&lx);
    }
    lex_next(&lx);
    Exp *e = parse_or(&lx);
    lex_expect(&lx, ";");
    for (int i = 0; i < nn; i++)
      if (!dict_insert(&dict, names[i], e))
        fatal("dictionary: duplicate word");
    entries++;
  }
  for (int i = 0; i < n_labels; i++)
    for (int j = 0; j < n_labels; j++)
      if (easy_match(label_name[i], label_name[j]))
        label_match[i] |= (uint64_t)1 << j;
  return entries;
}

/* ---------------- generating the dictionary ---------------- */

/* Connector order in a formula follows word order: '-' connectors are listed from the
   farthest word to the nearest, '+' connectors from the nearest to the farthest. */
static const char macros[] = "LEFT-WALL: Wd+;\n"
                             "<n-mods>: {@M+};\n"
                             "<noun-s>: ((Wd- or Wc-) & Ds- & {@A-} & <n-mods> & Ss+)\n"
                             "  or ((O- or J-) & Ds- & {@A-} & <n-mods>);\n"
                             "<noun-p>: ((Wd- or Wc-) & {Dp-} & {@A-} & <n-mods> & Sp+)\n"
                             "  or ((O- or J-) & {Dp-} & {@A-} & <n-mods>);\n"
                             "<pron-s>: ((Wd- or Wc-) & Ss+) or O- or J-;\n"
                             "<pron-p>: ((Wd- or Wc-) & Sp+) or O- or J-;\n"
                             "<vp-tail>: {@MV+} & {CJ+};\n"
                             "<verb-ts>: Ss- & {E-} & O+ & <vp-tail>;\n"
                             "<verb-tp>: Sp- & {E-} & O+ & <vp-tail>;\n"
                             "<verb-tx>: S- & {E-} & O+ & <vp-tail>;\n"
                             "<verb-is>: Ss- & {E-} & <vp-tail>;\n"
                             "<verb-ip>: Sp- & {E-} & <vp-tail>;\n"
                             "<verb-ix>: S- & {E-} & <vp-tail>;\n"
                             "<cop-s>: Ss- & {E-} & (Pa+ or O+) & <vp-tail>;\n"
                             "<cop-p>: Sp- & {E-} & (Pa+ or O+) & <vp-tail>;\n"
                             "<adj>: A+ or Pa-;\n"
                             "<adv>: E+ or MV-;\n";
#define N_MACROS 17 /* entries in macros[] (LEFT-WALL included) */

/* Word categories: closed classes (listed in fixed_words) first, then generated ones. */
enum {
  C_DET_S,
  C_DET,
  C_DET_P,
  C_PRON_S,
  C_PRON_P,
  C_COP_S,
  C_COP_P,
  C_PREP,
  C_CONJ,
  C_NOUN_S,
  C_NOUN_P,
  C_VT_P,
  C_VT_S,
  C_VT_X,
  C_VI_P,
  C_VI_S,
  C_VI_X,
  C_ADJ,
  C_ADV,
  NCAT
};
static const char *const cat_formula[NCAT] = {
    "Ds+",       "D+",        "Dp+",       "<pron-s>",
    "<pron-p>",  "<cop-s>",   "<cop-p>",   "(M- or MV-) & J+",
    "CJ- & Wc+", "<noun-s>",  "<noun-p>",  "<verb-tp>",
    "<verb-ts>", "<verb-tx>", "<verb-ip>", "<verb-is>",
    "<verb-ix>", "<adj>",     "<adv>"};

static const char *fixed_words[C_CONJ + 1][9] = {
    {"a", "an", "every", "each", "this", "that"},
    {"the"},
    {"some", "many", "these", "those", "several"},
    {"he", "she", "it"},
    {"they", "we"},
    {"is", "was"},
    {"are", "were"},
    {"in", "on", "with", "near", "under", "over", "behind", "from"},
    {"and", "but", "yet"}};

/* Generated open-class words: a stem and its inflected forms. */
static const struct {
  int nforms, count;
  int cat[3];
  const char *suffix[3];
} groups[] = {
    {2, 400, {C_NOUN_S, C_NOUN_P}, {"", "s"}},
    {3, 150, {C_VT_P, C_VT_S, C_VT_X}, {"", "s", "ed"}},
    {3, 100, {C_VI_P, C_VI_S, C_VI_X}, {"", "s", "ed"}},
    {1, 150, {C_ADJ}, {"ic"}},
    {1, 60, {C_ADV}, {"ly"}},
};

static const char **cat_words[NCAT];
static int cat_n[NCAT];

static void make_stem(char *out) {
  static const char cons[] = "bdfgklmnprstvz", vow[] = "aeiou";
  int nsyl = 2 + (int)(rnd() % 2), n = 0;
  for (int i = 0; i < nsyl; i++) {
    out[n++] = cons[rnd() % 14];
    out[n++] = vow[rnd() % 5];
  }
  out[n] = '\0';
}

static void generate_words(void) {
  for (int c = 0; c <= C_CONJ; c++) {
    cat_words[c] = fixed_words[c];
    while (cat_n[c] < 9 && fixed_words[c][cat_n[c]])
      dict_insert(&seen, fixed_words[c][cat_n[c]++], NULL);
  }
  for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
    for (int f = 0; f < groups[g].nforms; f++)
      cat_words[groups[g].cat[f]] = malloc(groups[g].count * sizeof(char *));
    while (cat_n[groups[g].cat[0]] < groups[g].count) {
      char stem[16], forms[3][20];
      int fresh = 1;
      make_stem(stem);
      for (int f = 0; f < groups[g].nforms; f++) {
        strcpy(forms[f], stem);
        strcat(forms[f], groups[g].suffix[f]);
        if (dict_lookup(&seen, forms[f]))
          fresh = 0;
      }
      if (!fresh)
        continue;
      for (int f = 0; f < groups[g].nforms; f++) {
        int c = groups[g].cat[f];
        cat_words[c][cat_n[c]++] = dict_insert(&seen, forms[f], NULL)->word;
      }
    }
  }
}

/* Writes the dictionary as text, several words per line like the real dictionary files. */
static void write_dictionary(StrBuf *sb) {
  sb_puts(sb, macros);
  for (int c = 0; c < NCAT; c++) {
    for (int i = 0; i < cat_n[c]; i += 12) {
      for (int j = i; j < cat_n[c] && j < i + 12; j++) {
        sb_puts(sb, cat_words[c][j]);
        sb_puts(sb, " ");
      }
      sb_puts(sb, ": ");
      sb_puts(sb, cat_formula[c]);
      sb_puts(sb, ";\n");
    }
  }
}

/* Every generated word must come back with one formula per category, distinct ones. */
static int check_dictionary(int entries) {
  int words = 0;
  int first_id[NCAT];
  for (int c = 0; c < NCAT; c++) {
    for (int i = 0; i < cat_n[c]; i++) {
      DictNode *n = dict_lookup(&dict, cat_words[c][i]);
      if (!n || strcmp(n->word, cat_words[c][i]) != 0)
        return 0;
      if (i == 0)
        first_id[c] = n->exp->id;
      else if (n->exp->id != first_id[c])
        return 0;
      words++;
    }
    for (int d = 0; d < c; d++)
      if (first_id[d] == first_id[c])
        return 0;
  }
  return dict.count == words + N_MACROS && entries >= N_MACROS + NCAT;
}

/* ---------------- sentences: generation and tokenising ---------------- */

static const char *gen_words[MAXTOK + 1];
static int gen_n;

static void emit(int cat) {
  if (gen_n <= MAXTOK)
    gen_words[gen_n] = cat_words[cat][rnd() % cat_n[cat]];
  gen_n++;
}
static void gen_np(int plural, int depth);
static void gen_pp(int depth) {
  emit(C_PREP);
  gen_np(rnd() & 1, depth);
}
static void gen_np(int plural, int depth) {
  if (rnd() % 8 == 0) {
    emit(plural ? C_PRON_P : C_PRON_S);
    return;
  }
  uint32_t r = rnd() % 3;
  if (!plural)
    emit(r ? C_DET_S : C_DET);
  else if (r)
    emit(r == 1 ? C_DET_P : C_DET);
  for (int k = (int)(rnd() % 5); k > 2; k--)
    emit(C_ADJ);
  emit(plural ? C_NOUN_P : C_NOUN_S);
  if (depth < 2 && rnd() % 3 == 0)
    gen_pp(depth + 1);
}
static void gen_clause(void) {
  int pl = rnd() & 1;
  gen_np(pl, 1);
  if (rnd() % 6 == 0)
    emit(C_ADV);
  uint32_t r = rnd() % 10;
  if (r < 5) {
    emit(r == 0 ? C_VT_X : pl ? C_VT_P : C_VT_S);
    gen_np(rnd() & 1, 0);
  } else if (r < 8) {
    emit(r == 5 ? C_VI_X : pl ? C_VI_P : C_VI_S);
  } else {
    emit(pl ? C_COP_P : C_COP_S);
    if (rnd() & 1)
      emit(C_ADJ);
    else
      gen_np(rnd() & 1, 1);
  }
  while (rnd() % 2 == 0) /* trailing prepositional phrases: attachment ambiguity */
    gen_pp(1);
  if (rnd() % 5 == 0)
    emit(C_ADV);
}

/* Generates one sentence as text; returns 1 if it was corrupted (may then be ungrammatical). */
static int gen_sentence(char *text) {
  int corrupt = 0;
  do {
    gen_n = 0;
    gen_clause();
    if (rnd() % 3 == 0) {
      emit(C_CONJ);
      gen_clause();
    }
  } while (gen_n > MAXTOK - 1);
  if (rnd() % 6 == 0) { /* swap, delete or duplicate a word */
    int i = (int)(rnd() % (uint32_t)(gen_n - 1)), op = (int)(rnd() % 3);
    const char *t = gen_words[i];
    corrupt = 1;
    if (op == 0) {
      gen_words[i] = gen_words[i + 1];
      gen_words[i + 1] = t;
    } else if (op == 1) {
      memmove(&gen_words[i], &gen_words[i + 1], (gen_n - i - 1) * sizeof(char *));
      gen_n--;
    } else {
      memmove(&gen_words[i + 1], &gen_words[i], (gen_n - i) * sizeof(char *));
      gen_n++;
    }
  }
  char *p = text;
  for (int i = 0; i < gen_n; i++) {
    uint32_t r = rnd() % 32;
    const char *w = gen_words[i];
    if (i)
      *p++ = ' ';
    for (int j = 0; w[j]; j++) /* capitalise the first word, shout the odd one */
      *p++ = (char)((r == 0 || (i == 0 && j == 0)) ? w[j] - 'a' + 'A' : w[j]);
    if (r == 1 && i + 1 < gen_n)
      *p++ = ',';
  }
  strcpy(p, ".");
  return corrupt;
}

/* Splits on blanks, lower-cases, drops punctuation. */
static int tokenize(const char *text, char tok[][32]) {
  int n = 0;
  while (*text) {
    int len = 0;
    while (*text == ' ')
      text++;
    while (*text && *text != ' ') {
      char c = *text++;
      if (c >= 'A' && c <= 'Z')
        c = (char)(c - 'A' + 'a');
      if (((c >= 'a' && c <= 'z') || c == '-') && len < 31)
        tok[n][len++] = c;
    }
    if (len) {
      if (n == MAXTOK)
        return -1;
      tok[n++][len] = '\0';
    }
  }
  return n;
}

/* ---------------- disjuncts ---------------- */

typedef struct Connector {
  const char *label;
  int id, lid, multi;
  struct Connector *next;
} Connector;
typedef struct Disjunct {
  Connector *left, *right; /* both lists start with the connector to the farthest word */
  struct Disjunct *next;
} Disjunct;

typedef struct CList {
  Exp *c;
  struct CList *next;
} CList;
typedef struct Clause {
  CList *conns; /* in formula order */
  struct Clause *next;
} Clause;

static Clause *new_clause(CList *conns, Clause *next) {
  Clause *c = arena_alloc(&sarena, sizeof *c);
  c->conns = conns;
  c->next = next;
  return c;
}
/* Copy of x followed by y (y is shared). */
static CList *clist_concat(CList *x, CList *y) {
  if (!x)
    return y;
  CList *n = arena_alloc(&sarena, sizeof *n);
  n->c = x->c;
  n->next = clist_concat(x->next, y);
  return n;
}
/* Expands an expression into its clauses: "or" unites, "&" takes the cross product. */
static Clause *build_clauses(Exp *e) {
  Clause *a, *b, *out = NULL, **tail = &out;
  switch (e->type) {
  case E_CONN: {
    CList *n = arena_alloc(&sarena, sizeof *n);
    n->c = e;
    n->next = NULL;
    return new_clause(n, NULL);
  }
  case E_EMPTY: return new_clause(NULL, NULL);
  case E_OR:
    a = build_clauses(e->a);
    for (out = a; a->next; a = a->next)
      ;
    a->next = build_clauses(e->b);
    return out;
  default:
    a = build_clauses(e->a);
    b = build_clauses(e->b);
    for (; a; a = a->next)
      for (Clause *y = b; y; y = y->next) {
        *tail = new_clause(clist_concat(a->conns, y->conns), NULL);
        tail = &(*tail)->next;
      }
    return out;
  }
}

typedef struct {
  const char *str;
  Disjunct *d;
} Word;
static Word words[MAXW];
static int nwords, n_conn_ids;

static Disjunct *build_disjuncts(Exp *e) {
  Disjunct *list = NULL, **tail = &list;
  for (Clause *c = build_clauses(e); c; c = c->next) {
    Disjunct *d = arena_alloc(&sarena, sizeof *d);
    Connector **ltail = &d->left;
    d->right = NULL;
    for (CList *l = c->conns; l; l = l->next) {
      Connector *k = arena_alloc(&sarena, sizeof *k);
      k->label = l->c->label;
      k->lid = l->c->lid;
      k->multi = l->c->multi;
      k->id = n_conn_ids++;
      if (l->c->dir == '-') { /* keep order: farthest first */
        *ltail = k;
        ltail = &k->next;
      } else { /* reverse: the last '+' connector reaches farthest */
        k->next = d->right;
        d->right = k;
      }
    }
    *ltail = NULL;
    *tail = d;
    tail = &d->next;
  }
  *tail = NULL;
  return list;
}

/* Removes disjuncts with a connector that no word on that side could satisfy, until nothing
   changes.  Returns the number of disjuncts left. */
static int prune(void) {
  uint64_t rmask[MAXW], lmask[MAXW], before[MAXW + 1], after[MAXW + 1];
  int changed = 1, left = 0;
  while (changed) {
    changed = 0;
    for (int w = 0; w < nwords; w++) {
      rmask[w] = lmask[w] = 0;
      for (Disjunct *d = words[w].d; d; d = d->next) {
        for (Connector *c = d->left; c; c = c->next)
          lmask[w] |= label_match[c->lid];
        for (Connector *c = d->right; c; c = c->next)
          rmask[w] |= label_match[c->lid];
      }
    }
    before[0] = after[nwords] = 0;
    for (int w = 0; w < nwords; w++)
      before[w + 1] = before[w] | rmask[w];
    for (int w = nwords - 1; w >= 0; w--)
      after[w] = after[w + 1] | lmask[w];
    left = 0;
    for (int w = 0; w < nwords; w++) {
      for (Disjunct **dp = &words[w].d; *dp;) {
        int ok = 1;
        for (Connector *c = (*dp)->left; c && ok; c = c->next)
          ok = (before[w] >> c->lid) & 1;
        for (Connector *c = (*dp)->right; c && ok; c = c->next)
          ok = (after[w + 1] >> c->lid) & 1;
        if (ok) {
          dp = &(*dp)->next;
          left++;
        } else {
          *dp = (*dp)->next;
          changed = 1;
        }
      }
    }
  }
  return left;
}

/* ---------------- counting linkages ---------------- */

typedef struct {
  int lw, rw, le, re, next;
  uint64_t count;
} TEntry;
static TEntry *tpool;
static int tused, tcap, use_memo = 1;
static int tbucket[TBUCKETS];
static uint64_t table_entries;

static uint32_t thash(int lw, int rw, int le, int re) {
  uint32_t h = (uint32_t)lw * 0x9e3779b1u + (uint32_t)rw * 0x85ebca6bu +
               (uint32_t)(le + 1) * 0xc2b2ae35u + (uint32_t)(re + 1) * 0x27d4eb2fu;
  return (h ^ (h >> 15)) & (TBUCKETS - 1);
}
static void table_reset(void) {
  for (int i = 0; i < tused; i++)
    tbucket[thash(tpool[i].lw, tpool[i].rw, tpool[i].le, tpool[i].re)] = -1;
  table_entries += (uint64_t)tused;
  tused = 0;
}

/* Number of ways to link the words strictly between lw and rw, given that connector list
   le (of word lw, pointing right) and re (of word rw, pointing left) must be satisfied
   there.  Some word w in between takes the link from le and/or re; each case splits the
   range at w into two independent subproblems (as in link grammar's count()). */
static uint64_t count(int lw, int rw, Connector *le, Connector *re) {
  int lid = le ? le->id : -1, rid = re ? re->id : -1;
  uint32_t h = 0;
  if (use_memo) {
    h = thash(lw, rw, lid, rid);
    for (int i = tbucket[h]; i >= 0; i = tpool[i].next)
      if (tpool[i].lw == lw && tpool[i].rw == rw && tpool[i].le == lid && tpool[i].re == rid)
        return tpool[i].count;
  }
  uint64_t total = 0;
  if (rw == lw + 1) {
    total = (le == NULL && re == NULL);
  } else if (le != NULL || re != NULL) {
    for (int w = lw + 1; w < rw; w++) {
      for (Disjunct *d = words[w].d; d; d = d->next) {
        uint64_t lc = 0, rc = 0;
        if (le && d->left && easy_match(le->label, d->left->label)) {
          lc = count(lw, w, le->next, d->left->next);
          if (le->multi)
            lc += count(lw, w, le, d->left->next);
          if (d->left->multi)
            lc += count(lw, w, le->next, d->left);
          if (le->multi && d->left->multi)
            lc += count(lw, w, le, d->left);
        }
        if (re && d->right && easy_match(d->right->label, re->label)) {
          rc = count(w, rw, d->right->next, re->next);
          if (d->right->multi)
            rc += count(w, rw, d->right, re->next);
          if (re->multi)
            rc += count(w, rw, d->right->next, re);
          if (d->right->multi && re->multi)
            rc += count(w, rw, d->right, re);
        }
        total += lc * rc;
        if (lc)
          total += lc * count(w, rw, d->right, re);
        if (le == NULL && rc)
          total += rc * count(lw, w, NULL, d->left);
      }
    }
  }
  if (use_memo) {
    if (tused == tcap) {
      tcap = tcap ? 2 * tcap : 4096;
      tpool = realloc(tpool, (size_t)tcap * sizeof *tpool);
      if (!tpool)
        fatal("out of memory");
    }
    TEntry *t = &tpool[tused];
    t->lw = lw, t->rw = rw, t->le = lid, t->re = rid, t->count = total;
    t->next = tbucket[h];
    tbucket[h] = tused++;
  }
  return total;
}

static uint64_t count_sentence(void) {
  uint64_t total = 0;
  for (Disjunct *d = words[0].d; d; d = d->next)
    if (d->left == NULL)
      total += count(0, nwords, d->right, NULL);
  return total;
}

/* ---------------- extracting and verifying one linkage ---------------- */

typedef struct {
  int lw, rw;
  Connector *lc, *rc; /* lc on word lw (pointing right), rc on word rw */
} Link;
static Link links[MAXLINKS];
static int nlinks;
static Disjunct *chosen[MAXW];

static void add_link(int lw, int rw, Connector *lc, Connector *rc) {
  if (nlinks == MAXLINKS)
    fatal("too many links");
  links[nlinks++] = (Link){lw, rw, lc, rc};
}

/* The connector pairs left after a and b link: either may stay if it is a multi-connector. */
static int link_options(Connector *a, Connector *b, Connector *o[4][2]) {
  int n = 0;
  o[n][0] = a->next, o[n++][1] = b->next;
  if (a->multi)
    o[n][0] = a, o[n++][1] = b->next;
  if (b->multi)
    o[n][0] = a->next, o[n++][1] = b;
  if (a->multi && b->multi)
    o[n][0] = a, o[n++][1] = b;
  return n;
}

/* Builds linkage number k of count(lw, rw, le, re) by walking the same cases in the same
   order; returns 0 if k is out of range (the counts are inconsistent). */
static int extract(int lw, int rw, Connector *le, Connector *re, uint64_t k) {
  if (rw == lw + 1)
    return k == 0 && le == NULL && re == NULL;
  for (int w = lw + 1; w < rw; w++) {
    for (Disjunct *d = words[w].d; d; d = d->next) {
      Connector *lo[4][2], *ro[4][2];
      uint64_t lcnt[4], rcnt[4], lsum = 0, rsum = 0, t;
      int nl = 0, nr = 0;
      if (le && d->left && easy_match(le->label, d->left->label))
        nl = link_options(le, d->left, lo);
      if (re && d->right && easy_match(d->right->label, re->label))
        nr = link_options(d->right, re, ro);
      for (int i = 0; i < nl; i++)
        lsum += lcnt[i] = count(lw, w, lo[i][0], lo[i][1]);
      for (int j = 0; j < nr; j++)
        rsum += rcnt[j] = count(w, rw, ro[j][0], ro[j][1]);
      for (int i = 0; i < nl; i++)
        for (int j = 0; j < nr; j++) {
          if (k < (t = lcnt[i] * rcnt[j])) {
            chosen[w] = d;
            add_link(lw, w, le, d->left);
            add_link(w, rw, d->right, re);
            return extract(lw, w, lo[i][0], lo[i][1], k % lcnt[i]) &&
                   extract(w, rw, ro[j][0], ro[j][1], k / lcnt[i]);
          }
          k -= t;
        }
      if (lsum) {
        uint64_t c = count(w, rw, d->right, re);
        for (int i = 0; i < nl; i++) {
          if (k < (t = lcnt[i] * c)) {
            chosen[w] = d;
            add_link(lw, w, le, d->left);
            return extract(lw, w, lo[i][0], lo[i][1], k % lcnt[i]) &&
                   extract(w, rw, d->right, re, k / lcnt[i]);
          }
          k -= t;
        }
      }
      if (le == NULL && rsum) {
        uint64_t c = count(lw, w, NULL, d->left);
        for (int j = 0; j < nr; j++) {
          if (k < (t = rcnt[j] * c)) {
            chosen[w] = d;
            add_link(w, rw, d->right, re);
            return extract(lw, w, NULL, d->left, k % c) &&
                   extract(w, rw, ro[j][0], ro[j][1], k / c);
          }
          k -= t;
        }
      }
    }
  }
  return 0;
}

static int extract_sentence(uint64_t k) {
  nlinks = 0;
  memset(chosen, 0, sizeof chosen);
  for (Disjunct *d = words[0].d; d; d = d->next) {
    if (d->left != NULL)
      continue;
    uint64_t t = count(0, nwords, d->right, NULL);
    if (k < t) {
      chosen[0] = d;
      return extract(0, nwords, d->right, NULL, k);
    }
    k -= t;
  }
  return 0;
}

static int find_root(int *parent, int x) {
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

/* Checks that the links of one side of word x are exactly the connector list c (farthest
   first; a multi-connector takes one or more consecutive links). */
static int check_side(int x, Connector *c, int right) {
  int idx[MAXLINKS], m = 0, i = 0;
  for (int l = 0; l < nlinks; l++)
    if ((right ? links[l].lw : links[l].rw) == x) {
      int j = m++; /* insertion sort, farthest word first */
      int far = right ? links[l].rw : -links[l].lw;
      while (j > 0 && (right ? links[idx[j - 1]].rw : -links[idx[j - 1]].lw) < far) {
        idx[j] = idx[j - 1];
        j--;
      }
      idx[j] = l;
    }
#define SIDE(l) (right ? links[l].lc : links[l].rc)
  for (; c; c = c->next) {
    if (i == m || SIDE(idx[i])->id != c->id)
      return 0;
    for (i++; c->multi && i < m && SIDE(idx[i])->id == c->id; i++)
      ;
  }
#undef SIDE
  return i == m;
}

static const char *verify_linkage(void) {
  int parent[MAXW];
  for (int x = 0; x < nwords; x++) {
    if (!chosen[x])
      return "word without a disjunct";
    parent[x] = x;
  }
  for (int i = 0; i < nlinks; i++) {
    Link *a = &links[i];
    if (a->lw < 0 || a->lw >= a->rw || a->rw >= nwords || !easy_match(a->lc->label, a->rc->label))
      return "bad link";
    for (int j = i + 1; j < nlinks; j++) {
      Link *b = &links[j];
      if ((a->lw < b->lw && b->lw < a->rw && a->rw < b->rw) ||
          (b->lw < a->lw && a->lw < b->rw && b->rw < a->rw))
        return "crossing links";
    }
    parent[find_root(parent, a->lw)] = find_root(parent, a->rw);
  }
  for (int x = 0; x < nwords; x++) {
    if (find_root(parent, x) != find_root(parent, 0))
      return "linkage not connected";
    if (!check_side(x, chosen[x]->left, 0) || !check_side(x, chosen[x]->right, 1))
      return "links do not match the disjunct";
  }
  return NULL;
}

/* ---------------- driver ---------------- */

int main(int argc, char **argv) {
  int nsent = 105;
  if (argc > 2 || (argc == 2 && strcmp(argv[1], "test") != 0 && strcmp(argv[1], "train") != 0)) {
    fprintf(stderr, "usage: parser [test|train]\n");
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "train") == 0)
    nsent = 1680;

  arena_init(&perm, 1 << 20);
  arena_init(&sarena, 1 << 21);
  memset(tbucket, 0xff, sizeof tbucket);

  StrBuf text = {NULL, 0, 0};
  generate_words();
  write_dictionary(&text);
  int entries = read_dictionary(text.buf);
  if (!check_dictionary(entries))
    check_fail("dictionary lookup", -1);
  printf("dictionary: %d words and macros in %d entries, %d connector labels, %u bytes\n",
         dict.count, entries, n_labels, (unsigned)text.len);
  free(text.buf);

  uint64_t total_linkages = 0, disj_before = 0, disj_after = 0;
  int parsed = 0, ntokens = 0, ncorrupt = 0, corrupt_parsed = 0, brute = 0;
  for (int s = 0; s < nsent; s++) {
    char sentence[MAXTOK * 24], tok[MAXTOK][32];
    int corrupt = gen_sentence(sentence);
    int n = tokenize(sentence, tok);
    if (n < 0)
      fatal("sentence too long");
    ck_str(sentence);

    sarena.used = 0;
    table_reset();
    n_conn_ids = 0;
    nwords = n + 1;
    words[0].str = "LEFT-WALL";
    for (int i = 0; i <= n; i++) {
      DictNode *dn = dict_lookup(&dict, i ? tok[i - 1] : words[0].str);
      if (!dn)
        fatal("unknown word");
      words[i].str = dn->word;
      words[i].d = build_disjuncts(dn->exp);
      for (Disjunct *d = words[i].d; d; d = d->next)
        disj_before++;
    }
    disj_after += (uint64_t)prune();

    uint64_t total = count_sentence();
    ntokens += n;
    ncorrupt += corrupt;
    if (total) {
      parsed++;
      corrupt_parsed += corrupt;
    } else if (!corrupt) {
      check_fail("grammatical sentence has no linkage", s);
    }
    total_linkages += total;
    ck_u32((uint32_t)n);
    ck_u32((uint32_t)total);
    ck_u32((uint32_t)(total >> 32));

    if (total) { /* extract and check one linkage, chosen by a hash of the sentence */
      const char *err;
      if (!extract_sentence((uint64_t)str_hash(sentence) % total))
        check_fail("linkage index out of range", s);
      else if ((err = verify_linkage()) != NULL)
        check_fail(err, s);
      for (int i = 0; i < nlinks; i++) {
        ck_u32((uint32_t)(links[i].lw << 8 | links[i].rw));
        ck_str(links[i].lc->label);
        ck_str(links[i].rc->label);
      }
    }
    if (nwords <= BRUTE_WORDS) { /* recount without the memo table */
      use_memo = 0;
      if (count_sentence() != total)
        check_fail("memoised count differs from plain recursion", s);
      use_memo = 1;
      brute++;
    }
  }
  table_reset();

  printf("sentences: %d (%d corrupted), words: %d, parsed: %d (%d corrupted ones)\n", nsent,
         ncorrupt, ntokens, parsed, corrupt_parsed);
  printf("disjuncts: %" PRIu64 " built, %" PRIu64 " after pruning; count table entries: %" PRIu64
         "; %d recounted without memo\n",
         disj_before, disj_after, table_entries, brute);
  printf("total linkages: %" PRIu64 "\n", total_linkages);
  ck_u32((uint32_t)total_linkages);
  ck_u32((uint32_t)(total_linkages >> 32));
  printf("checksum: 0x%08x\n", checksum);
  return failed ? 1 : 0;
}
