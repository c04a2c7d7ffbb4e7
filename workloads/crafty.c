/*
 * crafty.c - hwprof workload modelled on SPEC CINT2000 186.crafty (Robert
 * Hyatt's bitboard chess program).
 *
 * The board is a set of 64-bit bitboards (one per piece type and colour, plus
 * occupancy) mirrored by a 64-square mailbox.  Knight, king and pawn attacks
 * come from tables precomputed at start-up; sliding attacks use classical ray
 * masks: the first blocker on a ray is found with a bit scan (de Bruijn
 * multiply on 32-bit halves, forward or reverse by ray direction) and the ray
 * behind it is masked off.  Moves are generated pseudo-legally and filtered by
 * a king-in-check test after make_move; make/unmake update the Zobrist hash
 * (keys from a fixed xorshift PRNG) incrementally.
 *
 * For each of several positions given as FEN strings (parsed by the program):
 *  - perft node counts to a fixed depth.  At every interior node make/unmake
 *    must restore the exact position and the incrementally kept hash must
 *    equal one computed from scratch; the counts for the start position and
 *    "position 3" are compared with the known values;
 *  - a check that alpha-beta (without table or null move) returns exactly the
 *    plain minimax value of the same tree at depth 1 plus quiescence;
 *  - an iterative-deepening negamax alpha-beta search to the position's depth,
 *    with a transposition table, null-move pruning, hash move / MVV-LVA /
 *    killer / history move ordering, and a quiescence search of the captures
 *    that static exchange evaluation (crafty's Swap) does not call losing.
 *    The evaluation is material, piece-square tables, mobility, rook files,
 *    the bishop pair and pawn structure (doubled, isolated, passed) cached in
 *    a pawn hash table.  The best move found must be legal.
 * Castling and en passant are omitted; pawns promote to queens only.
 *
 * Sizes (dynamic MIPS instructions): test ~19 M (perft depth 2, searches to
 * depth 2-3), train ~330 M (perft depth 3, searches to depth 4-6).
 * Usage: crafty [test|train]
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, NONE };
enum { WHITE, BLACK };

#define MAXPLY   64
#define MAXMOVES 256
#define INF      32000
#define MATE     30000
#define TT_BITS  15
#define TT_SIZE  (1u << TT_BITS)
#define BIT(sq)  ((uint64_t)1 << (sq))

/* A move: from (6 bits), to (6), moving piece (3), captured piece (3), promotion flag. */
#define MOVE(f, t, pc, cap, pr)                                                                    \
  ((uint32_t)(f) | (uint32_t)(t) << 6 | (uint32_t)(pc) << 12 | (uint32_t)(cap) << 15 |             \
   (uint32_t)(pr) << 18)
#define MV_FROM(m)  ((int)((m)&63))
#define MV_TO(m)    ((int)(((m) >> 6) & 63))
#define MV_PC(m)    ((int)(((m) >> 12) & 7))
#define MV_CAP(m)   ((int)(((m) >> 15) & 7))
#define MV_PROMO(m) ((int)(((m) >> 18) & 1))

typedef struct {
  uint64_t pcs[2][6]; /* [colour][piece] */
  uint64_t occ[2];
  uint64_t hash;
  uint8_t sq[64]; /* piece | colour << 3, or NONE */
  int side;       /* side to move */
} Board;

enum { TT_EXACT, TT_LOWER, TT_UPPER };
typedef struct {
  uint64_t key;
  uint32_t move;
  int16_t score;
  int8_t depth;
  uint8_t flag;
} TTEntry;

/* ---------------------------------------------------------------- tables */

static uint64_t knight_att[64], king_att[64], pawn_att[2][64];
static uint64_t rays[8][64]; /* directions 0-3 increase the square number, 4-7 decrease it */
static uint64_t file_mask[8], adj_files[8], passed_mask[2][64];
static uint64_t zobrist[2][6][64], zobrist_side;
static int lsb_tab[32], msb_tab[32];

static uint32_t rng_state = 2463534242u;
static uint32_t xorshift32(void) {
  uint32_t x = rng_state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return rng_state = x;
}

static int lsb32(uint32_t x) {
  return lsb_tab[((x & -x) * 0x077CB531u) >> 27];
}
static int msb32(uint32_t x) {
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  return msb_tab[(x * 0x07C4ACDDu) >> 27];
}
/* Bit scans of a non-zero bitboard, done on 32-bit halves as on a 32-bit host. */
static int lsb(uint64_t b) {
  uint32_t lo = (uint32_t)b;
  return lo ? lsb32(lo) : 32 + lsb32((uint32_t)(b >> 32));
}
static int msb(uint64_t b) {
  uint32_t hi = (uint32_t)(b >> 32);
  return hi ? 32 + msb32(hi) : msb32((uint32_t)b);
}
static int popcount32(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static int popcount(uint64_t b) {
  return popcount32((uint32_t)b) + popcount32((uint32_t)(b >> 32));
}

static uint64_t steps(int sq, const int (*d)[2], int n, int slide) {
  uint64_t r = 0;
  for (int i = 0; i < n; i++) {
    int rk = (sq >> 3) + d[i][0], fl = (sq & 7) + d[i][1];
    while (rk >= 0 && rk < 8 && fl >= 0 && fl < 8) {
      r |= BIT(rk * 8 + fl);
      if (!slide)
        break;
      rk += d[i][0];
      fl += d[i][1];
    }
  }
  return r;
}

static void init_tables(void) {
  static const int kn[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                               {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static const int kg[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                               {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  /* N, NE, E, NW (increasing), S, SW, W, SE (decreasing) */
  static const int dir[8][2] = {{1, 0},  {1, 1},   {0, 1},  {1, -1},
                                {-1, 0}, {-1, -1}, {0, -1}, {-1, 1}};
  static const int wp[2][2] = {{1, -1}, {1, 1}}, bp[2][2] = {{-1, -1}, {-1, 1}};
  for (int i = 0; i < 32; i++) {
    lsb_tab[((1u << i) * 0x077CB531u) >> 27] = i;
    msb_tab[((uint32_t)(((uint64_t)2 << i) - 1) * 0x07C4ACDDu) >> 27] = i;
  }
  for (int f = 0; f < 8; f++)
    file_mask[f] = 0x0101010101010101ull << f;
  for (int f = 0; f < 8; f++)
    adj_files[f] = (f > 0 ? file_mask[f - 1] : 0) | (f < 7 ? file_mask[f + 1] : 0);
  for (int sq = 0; sq < 64; sq++) {
    knight_att[sq] = steps(sq, kn, 8, 0);
    king_att[sq] = steps(sq, kg, 8, 0);
    pawn_att[WHITE][sq] = steps(sq, wp, 2, 0);
    pawn_att[BLACK][sq] = steps(sq, bp, 2, 0);
    for (int d = 0; d < 8; d++)
      rays[d][sq] = steps(sq, &dir[d], 1, 1);
    /* a pawn is passed if no enemy pawn is ahead of it on its own or an adjacent file */
    uint64_t span = file_mask[sq & 7] | adj_files[sq & 7];
    passed_mask[WHITE][sq] = span & (sq < 56 ? ~0ull << ((sq | 7) + 1) : 0);
    passed_mask[BLACK][sq] = span & (sq >= 8 ? ~0ull >> (64 - (sq & ~7)) : 0);
  }
  for (int c = 0; c < 2; c++)
    for (int p = 0; p < 6; p++)
      for (int sq = 0; sq < 64; sq++) {
        uint64_t hi = xorshift32();
        zobrist[c][p][sq] = hi << 32 | xorshift32();
      }
  zobrist_side = (uint64_t)xorshift32() << 32 | xorshift32();
}

/* ------------------------------------------------------- attacks, board */

static uint64_t ray_att(int d, int sq, uint64_t occ) {
  uint64_t a = rays[d][sq], blk = a & occ;
  if (blk)
    a ^= rays[d][d < 4 ? lsb(blk) : msb(blk)]; /* drop the squares behind the first blocker */
  return a;
}
static uint64_t bishop_att(int sq, uint64_t occ) {
  return ray_att(1, sq, occ) | ray_att(3, sq, occ) | ray_att(5, sq, occ) | ray_att(7, sq, occ);
}
static uint64_t rook_att(int sq, uint64_t occ) {
  return ray_att(0, sq, occ) | ray_att(2, sq, occ) | ray_att(4, sq, occ) | ray_att(6, sq, occ);
}
static uint64_t piece_att(int pc, int sq, uint64_t occ) {
  switch (pc) {
  case KNIGHT: return knight_att[sq];
  case BISHOP: return bishop_att(sq, occ);
  case ROOK: return rook_att(sq, occ);
  case QUEEN: return bishop_att(sq, occ) | rook_att(sq, occ);
  default: return king_att[sq];
  }
}

/* Is square sq attacked by colour by? */
static int attacked(const Board *b, int sq, int by) {
  const uint64_t *p = b->pcs[by];
  uint64_t occ = b->occ[0] | b->occ[1];
  if ((pawn_att[by ^ 1][sq] & p[PAWN]) || (knight_att[sq] & p[KNIGHT]) || (king_att[sq] & p[KING]))
    return 1;
  uint64_t bq = p[BISHOP] | p[QUEEN], rq = p[ROOK] | p[QUEEN];
  return (bq && (bishop_att(sq, occ) & bq)) || (rq && (rook_att(sq, occ) & rq));
}
static int king_sq(const Board *b, int c) {
  return lsb(b->pcs[c][KING]);
}
/* After make_move: did the side that just moved leave its king in check? */
static int illegal(const Board *b) {
  return attacked(b, king_sq(b, b->side ^ 1), b->side);
}

static uint64_t compute_hash(const Board *b) {
  uint64_t h = b->side == BLACK ? zobrist_side : 0;
  for (int c = 0; c < 2; c++)
    for (int p = 0; p < 6; p++)
      for (uint64_t bb = b->pcs[c][p]; bb; bb &= bb - 1)
        h ^= zobrist[c][p][lsb(bb)];
  return h;
}

static int board_equal(const Board *a, const Board *b) {
  for (int c = 0; c < 2; c++) {
    if (a->occ[c] != b->occ[c])
      return 0;
    for (int p = 0; p < 6; p++)
      if (a->pcs[c][p] != b->pcs[c][p])
        return 0;
  }
  return a->hash == b->hash && a->side == b->side && memcmp(a->sq, b->sq, 64) == 0;
}

/* Bitboards, occupancy and mailbox must describe the same position. */
static int board_consistent(const Board *b) {
  for (int c = 0; c < 2; c++) {
    uint64_t all = 0;
    for (int p = 0; p < 6; p++) {
      if (b->pcs[c][p] & all)
        return 0;
      all |= b->pcs[c][p];
    }
    if (all != b->occ[c] || popcount(b->pcs[c][KING]) != 1)
      return 0;
  }
  for (int sq = 0; sq < 64; sq++) {
    int code = b->sq[sq], p = code & 7, c = code >> 3;
    if (p == NONE ? ((b->occ[0] | b->occ[1]) & BIT(sq)) != 0 : !(b->pcs[c][p] & BIT(sq)))
      return 0;
  }
  return 1;
}

/* Parses the board and side-to-move fields of a FEN string; the rest is ignored. */
static int parse_fen(Board *b, const char *fen) {
  memset(b, 0, sizeof *b);
  memset(b->sq, NONE, 64);
  int rank = 7, file = 0;
  const char *p = fen;
  for (; *p && *p != ' '; p++) {
    if (*p == '/') {
      if (file != 8)
        return 0;
      rank--, file = 0;
    } else if (*p >= '1' && *p <= '8') {
      file += *p - '0';
    } else {
      const char *k = strchr("pnbrqk", *p | 0x20);
      int c = *p >= 'a' ? BLACK : WHITE;
      if (!k || rank < 0 || file > 7)
        return 0;
      int sq = rank * 8 + file++, pc = (int)(k - "pnbrqk");
      b->pcs[c][pc] |= BIT(sq);
      b->occ[c] |= BIT(sq);
      b->sq[sq] = (uint8_t)(pc | c << 3);
    }
  }
  if (rank != 0 || file != 8 || *p != ' ' || (p[1] != 'w' && p[1] != 'b'))
    return 0;
  b->side = p[1] == 'w' ? WHITE : BLACK;
  b->hash = compute_hash(b);
  return board_consistent(b);
}

static void make_move(Board *b, uint32_t m) {
  int us = b->side, them = us ^ 1, from = MV_FROM(m), to = MV_TO(m);
  int pc = MV_PC(m), cap = MV_CAP(m), npc = MV_PROMO(m) ? QUEEN : pc;
  uint64_t fb = BIT(from), tb = BIT(to);
  if (cap != NONE) {
    b->pcs[them][cap] ^= tb;
    b->occ[them] ^= tb;
    b->hash ^= zobrist[them][cap][to];
  }
  b->pcs[us][pc] ^= fb;
  b->pcs[us][npc] ^= tb;
  b->occ[us] ^= fb | tb;
  b->hash ^= zobrist[us][pc][from] ^ zobrist[us][npc][to] ^ zobrist_side;
  b->sq[from] = NONE;
  b->sq[to] = (uint8_t)(npc | us << 3);
  b->side = them;
}

static void unmake_move(Board *b, uint32_t m) {
  int them = b->side, us = them ^ 1, from = MV_FROM(m), to = MV_TO(m);
  int pc = MV_PC(m), cap = MV_CAP(m), npc = MV_PROMO(m) ? QUEEN : pc;
  uint64_t fb = BIT(from), tb = BIT(to);
  b->side = us;
  b->pcs[us][npc] ^= tb;
  b->pcs[us][pc] ^= fb;
  b->occ[us] ^= fb | tb;
  b->hash ^= zobrist[us][pc][from] ^ zobrist[us][npc][to] ^ zobrist_side;
  b->sq[from] = (uint8_t)(pc | us << 3);
  b->sq[to] = cap == NONE ? NONE : (uint8_t)(cap | them << 3);
  if (cap != NONE) {
    b->pcs[them][cap] ^= tb;
    b->occ[them] ^= tb;
    b->hash ^= zobrist[them][cap][to];
  }
}

/* Pseudo-legal moves; with caps_only, captures and queen promotions only. */
static int gen_moves(const Board *b, uint32_t *list, int caps_only) {
  int us = b->side, n = 0;
  uint64_t own = b->occ[us], opp = b->occ[us ^ 1], all = own | opp;
  uint64_t targets = caps_only ? opp : ~own;
  int fwd = us == WHITE ? 8 : -8, last = us == WHITE ? 7 : 0, second = us == WHITE ? 1 : 6;
  for (uint64_t pawns = b->pcs[us][PAWN]; pawns; pawns &= pawns - 1) {
    int from = lsb(pawns), to = from + fwd;
    if (!(all & BIT(to))) {
      if (to >> 3 == last) {
        list[n++] = MOVE(from, to, PAWN, NONE, 1);
      } else if (!caps_only) {
        list[n++] = MOVE(from, to, PAWN, NONE, 0);
        if (from >> 3 == second && !(all & BIT(to + fwd)))
          list[n++] = MOVE(from, to + fwd, PAWN, NONE, 0);
      }
    }
    for (uint64_t a = pawn_att[us][from] & opp; a; a &= a - 1) {
      to = lsb(a);
      list[n++] = MOVE(from, to, PAWN, b->sq[to] & 7, to >> 3 == last);
    }
  }
  for (int pc = KNIGHT; pc <= KING; pc++)
    for (uint64_t bb = b->pcs[us][pc]; bb; bb &= bb - 1) {
      int from = lsb(bb);
      for (uint64_t a = piece_att(pc, from, all) & targets; a; a &= a - 1) {
        int to = lsb(a);
        list[n++] = MOVE(from, to, pc, b->sq[to] & 7, 0);
      }
    }
  return n;
}

/* ------------------------------------------------------------- perft */

static int check_failed;

/* Leaf count to depth.  At every interior node make/unmake must restore the exact
 * position, and the incrementally updated hash must equal one computed from scratch. */
static uint64_t perft(Board *b, int depth) {
  uint32_t list[MAXMOVES];
  int n = gen_moves(b, list, 0);
  uint64_t count = 0;
  if (depth == 1) { /* bulk count at the frontier: legality only */
    for (int i = 0; i < n; i++) {
      make_move(b, list[i]);
      count += !illegal(b);
      unmake_move(b, list[i]);
    }
    return count;
  }
  Board saved = *b;
  for (int i = 0; i < n; i++) {
    make_move(b, list[i]);
    if (b->hash != compute_hash(b))
      check_failed = 1;
    if (!illegal(b))
      count += perft(b, depth - 1);
    unmake_move(b, list[i]);
    if (!board_equal(b, &saved))
      check_failed = 1;
  }
  return count;
}

/* --------------------------------------------------------- evaluation */

static const int value[6] = {100, 320, 330, 500, 900, 0};
/* Piece-square tables, drawn with rank 8 first (from White's side). */
/* clang-format off */
static const int8_t pst[7][64] = {
  { /* pawn */
       0,   0,   0,   0,   0,   0,   0,   0,
      50,  50,  50,  50,  50,  50,  50,  50,
      10,  10,  20,  30,  30,  20,  10,  10,
       5,   5,  10,  25,  25,  10,   5,   5,
       0,   0,   0,  20,  20,   0,   0,   0,
       5,  -5, -10,   0,   0, -10,  -5,   5,
       5,  10,  10, -20, -20,  10,  10,   5,
       0,   0,   0,   0,   0,   0,   0,   0,
  },
  { /* knight */
     -50, -40, -30, -30, -30, -30, -40, -50,
     -40, -20,   0,   0,   0,   0, -20, -40,
     -30,   0,  10,  15,  15,  10,   0, -30,
     -30,   5,  15,  20,  20,  15,   5, -30,
     -30,   0,  15,  20,  20,  15,   0, -30,
     -30,   5,  10,  15,  15,  10,   5, -30,
     -40, -20,   0,   5,   5,   0, -20, -40,
     -50, -40, -30, -30, -30, -30, -40, -50,
  },
  { /* bishop */
     -20, -10, -10, -10, -10, -10, -10, -20,
     -10,   0,   0,   0,   0,   0,   0, -10,
     -10,   0,   5,  10,  10,   5,   0, -10,
     -10,   5,   5,  10,  10,   5,   5, -10,
     -10,   0,  10,  10,  10,  10,   0, -10,
     -10,  10,  10,  10,  10,  10,  10, -10,
     -10,   5,   0,   0,   0,   0,   5, -10,
     -20, -10, -10, -10, -10, -10, -10, -20,
  },
  { /* rook */
       0,   0,   0,   0,   0,   0,   0,   0,
       5,  10,  10,  10,  10,  10,  10,   5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
       0,   0,   0,   5,   5,   0,   0,   0,
  },
  { /* queen */
     -20, -10, -10,  -5,  -5, -10, -10, -20,
     -10,   0,   0,   0,   0,   0,   0, -10,
     -10,   0,   5,   5,   5,   5,   0, -10,
      -5,   0,   5,   5,   5,   5,   0,  -5,
       0,   0,   5,   5,   5,   5,   0,  -5,
     -10,   5,   5,   5,   5,   5,   0, -10,
     -10,   0,   5,   0,   0,   0,   0, -10,
     -20, -10, -10,  -5,  -5, -10, -10, -20,
  },
  { /* king, middlegame */
     -30, -40, -40, -50, -50, -40, -40, -30,
     -30, -40, -40, -50, -50, -40, -40, -30,
     -30, -40, -40, -50, -50, -40, -40, -30,
     -30, -40, -40, -50, -50, -40, -40, -30,
     -20, -30, -30, -40, -40, -30, -30, -20,
     -10, -20, -20, -20, -20, -20, -20, -10,
      20,  20,   0,   0,   0,   0,  20,  20,
      20,  30,  10,   0,   0,  10,  30,  20,
  },
  { /* king, endgame */
     -50, -40, -30, -20, -20, -30, -40, -50,
     -30, -20, -10,   0,   0, -10, -20, -30,
     -30, -10,  20,  30,  30,  20, -10, -30,
     -30, -10,  30,  40,  40,  30, -10, -30,
     -30, -10,  30,  40,  40,  30, -10, -30,
     -30, -10,  20,  30,  30,  20, -10, -30,
     -30, -30,   0,   0,   0,   0, -30, -30,
     -50, -30, -30, -30, -30, -30, -30, -50,
  },
};
/* clang-format on */
static const int passed_bonus[8] = {0, 5, 10, 20, 35, 60, 100, 0};

/* Pawn hash table: the pawn-structure score depends on the pawns only, so it is cached
 * (as crafty does), keyed by both pawn bitboards. */
#define PAWN_BITS 12
typedef struct {
  uint64_t pawns[2];
  int32_t score; /* White's point of view */
  int32_t valid;
} PawnEntry;
static PawnEntry pawn_tt[1u << PAWN_BITS];
static uint64_t pawn_hits, pawn_probes;

static int pawn_side(uint64_t mine, uint64_t theirs, int c) {
  uint64_t x = mine | mine >> 32;
  x |= x >> 16;
  x |= x >> 8;
  int s = -15 * (popcount(mine) - popcount32((uint32_t)x & 0xff)); /* doubled */
  for (uint64_t bb = mine; bb; bb &= bb - 1) {
    int sq = lsb(bb);
    if (!(mine & adj_files[sq & 7]))
      s -= 12; /* isolated */
    if (!(passed_mask[c][sq] & theirs))
      s += passed_bonus[c == WHITE ? sq >> 3 : 7 - (sq >> 3)];
  }
  return s;
}

static int pawn_eval(const Board *b) {
  uint64_t w = b->pcs[WHITE][PAWN], k = b->pcs[BLACK][PAWN];
  uint32_t h = (uint32_t)w * 0x9E3779B1u ^ (uint32_t)(w >> 32) * 0x85EBCA77u ^
               (uint32_t)k * 0xC2B2AE3Du ^ (uint32_t)(k >> 32) * 0x27D4EB2Fu;
  PawnEntry *e = &pawn_tt[(h ^ h >> 15) & ((1u << PAWN_BITS) - 1)];
  pawn_probes++;
  if (e->valid && e->pawns[WHITE] == w && e->pawns[BLACK] == k) {
    pawn_hits++;
    return e->score;
  }
  e->pawns[WHITE] = w, e->pawns[BLACK] = k, e->valid = 1;
  return e->score = pawn_side(w, k, WHITE) - pawn_side(k, w, BLACK);
}

/* Static evaluation in centipawns from the side to move's point of view. */
static int evaluate(const Board *b) {
  uint64_t all = b->occ[0] | b->occ[1], pawns_all = b->pcs[0][PAWN] | b->pcs[1][PAWN];
  uint64_t minors = b->pcs[0][KNIGHT] | b->pcs[0][BISHOP] | b->pcs[1][KNIGHT] | b->pcs[1][BISHOP];
  int phase = popcount(minors) + 2 * popcount(b->pcs[0][ROOK] | b->pcs[1][ROOK]) +
              4 * popcount(b->pcs[0][QUEEN] | b->pcs[1][QUEEN]);
  int score[2] = {0, 0};
  for (int c = 0; c < 2; c++) {
    int s = 0, flip = c == WHITE ? 56 : 0;
    uint64_t own = b->occ[c], mine = b->pcs[c][PAWN];
    for (int pc = PAWN; pc <= KING; pc++)
      for (uint64_t bb = b->pcs[c][pc]; bb; bb &= bb - 1) {
        int sq = lsb(bb), t = pc == KING && phase < 8 ? 6 : pc;
        s += value[pc] + pst[t][sq ^ flip];
        switch (pc) {
        case KNIGHT: s += 4 * popcount(knight_att[sq] & ~own); break;
        case BISHOP: s += 4 * popcount(bishop_att(sq, all) & ~own); break;
        case ROOK:
          s += 2 * popcount(rook_att(sq, all) & ~own);
          if (!(file_mask[sq & 7] & pawns_all))
            s += 20; /* open file */
          else if (!(file_mask[sq & 7] & mine))
            s += 10; /* half-open file */
          break;
        default: break;
        }
      }
    if (b->pcs[c][BISHOP] & (b->pcs[c][BISHOP] - 1))
      s += 30; /* bishop pair */
    score[c] = s;
  }
  int v = score[WHITE] - score[BLACK] + pawn_eval(b);
  return b->side == WHITE ? v : -v;
}

/* Static exchange evaluation of a capture on its target square (crafty's Swap()):
 * both sides recapture with their least valuable attacker, x-rays included, and
 * either side may stop.  Returns the material balance for the side making move m. */
static int see(const Board *b, uint32_t m) {
  static const int sv[6] = {100, 300, 300, 500, 900, 5000};
  int to = MV_TO(m), side = b->side, gain[32], d = 0;
  uint64_t occ = (b->occ[0] | b->occ[1]) ^ BIT(MV_FROM(m));
  uint64_t diag = b->pcs[0][BISHOP] | b->pcs[0][QUEEN] | b->pcs[1][BISHOP] | b->pcs[1][QUEEN];
  uint64_t orth = b->pcs[0][ROOK] | b->pcs[0][QUEEN] | b->pcs[1][ROOK] | b->pcs[1][QUEEN];
  uint64_t att = (pawn_att[BLACK][to] & b->pcs[WHITE][PAWN]) |
                 (pawn_att[WHITE][to] & b->pcs[BLACK][PAWN]) |
                 (knight_att[to] & (b->pcs[0][KNIGHT] | b->pcs[1][KNIGHT])) |
                 (king_att[to] & (b->pcs[0][KING] | b->pcs[1][KING]));
  gain[0] = MV_CAP(m) == NONE ? 0 : sv[MV_CAP(m)];
  int on_sq = sv[MV_PC(m)]; /* value of the piece now standing on the target */
  for (;;) {
    /* sliders are recomputed with the current occupancy, so x-rays appear */
    uint64_t live = (att | (bishop_att(to, occ) & diag) | (rook_att(to, occ) & orth)) & occ;
    side ^= 1;
    int pc = PAWN;
    uint64_t mine = 0;
    for (; pc <= KING; pc++)
      if ((mine = live & b->pcs[side][pc]) != 0)
        break;
    if (!mine || d == 30)
      break;
    d++;
    gain[d] = on_sq - gain[d - 1];
    on_sq = sv[pc];
    occ ^= mine & -mine;
  }
  while (d > 0) {
    if (-gain[d] < gain[d - 1]) /* the side to capture at d may decline */
      gain[d - 1] = -gain[d];
    d--;
  }
  return gain[0];
}

/* ------------------------------------------------------------- search */

static TTEntry tt[TT_SIZE];
static uint32_t killers[MAXPLY][2];
static int32_t history[2][64][64];
static uint64_t nodes, qnodes, tt_hits;
static int plain; /* verification mode: no transposition table, no null move */
static int qmax;  /* the quiescence search stops after this many capture plies */
static uint32_t root_best;
static uint8_t null_ply[MAXPLY]; /* null_ply[p]: the move made at ply p was a null move */

/* Move ordering scores: hash move, then captures/promotions by MVV/LVA, killers, history. */
static void score_moves(const Board *b, const uint32_t *list, int32_t *sc, int n, uint32_t hmove,
                        int ply) {
  for (int i = 0; i < n; i++) {
    uint32_t m = list[i];
    int cap = MV_CAP(m);
    if (m == hmove)
      sc[i] = 1 << 30;
    else if (cap != NONE || MV_PROMO(m))
      sc[i] = (1 << 24) + (cap == NONE ? 0 : value[cap] * 8) + MV_PROMO(m) * 800 - MV_PC(m);
    else if (m == killers[ply][0])
      sc[i] = (1 << 23) + 1;
    else if (m == killers[ply][1])
      sc[i] = 1 << 23;
    else
      sc[i] = history[b->side][MV_FROM(m)][MV_TO(m)];
  }
}

/* Quiescence searches only captures that do not lose material by static exchange. */
static int losing_capture(const Board *b, uint32_t m) {
  return MV_CAP(m) != NONE && value[MV_PC(m)] > value[MV_CAP(m)] && see(b, m) < 0;
}

/* Selection step: bring the best remaining move to position i. */
static uint32_t pick(uint32_t *list, int32_t *sc, int i, int n) {
  int best = i;
  for (int j = i + 1; j < n; j++)
    if (sc[j] > sc[best])
      best = j;
  uint32_t m = list[best];
  int32_t s = sc[best];
  list[best] = list[i], sc[best] = sc[i];
  list[i] = m, sc[i] = s;
  return m;
}

static int quiesce(Board *b, int alpha, int beta, int ply, int qdepth) {
  nodes++, qnodes++;
  int best = evaluate(b); /* stand pat */
  if (best >= beta || ply >= MAXPLY - 1 || qdepth >= qmax)
    return best;
  if (best > alpha)
    alpha = best;
  uint32_t list[MAXMOVES];
  int32_t sc[MAXMOVES];
  int n = gen_moves(b, list, 1);
  score_moves(b, list, sc, n, 0, ply);
  for (int i = 0; i < n; i++) {
    uint32_t m = pick(list, sc, i, n);
    if (losing_capture(b, m))
      continue;
    make_move(b, m);
    if (illegal(b)) {
      unmake_move(b, m);
      continue;
    }
    int s = -quiesce(b, -beta, -alpha, ply + 1, qdepth + 1);
    unmake_move(b, m);
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        if (s >= beta)
          break;
      }
    }
  }
  return best;
}

/* Mate scores are stored relative to the node, not the root. */
static int to_tt(int s, int ply) {
  return s > MATE - MAXPLY ? s + ply : s < MAXPLY - MATE ? s - ply : s;
}
static int from_tt(int s, int ply) {
  return s > MATE - MAXPLY ? s - ply : s < MAXPLY - MATE ? s + ply : s;
}

/* Fail-soft negamax alpha-beta. */
static int search(Board *b, int depth, int alpha, int beta, int ply) {
  if (depth <= 0)
    return quiesce(b, alpha, beta, ply, 0);
  nodes++;
  if (ply >= MAXPLY - 1)
    return evaluate(b);
  uint32_t hmove = 0;
  TTEntry *e = &tt[(uint32_t)b->hash & (TT_SIZE - 1)];
  if (!plain && e->key == b->hash) {
    tt_hits++;
    hmove = e->move;
    if (e->depth >= depth && ply > 0) {
      int s = from_tt(e->score, ply);
      if (e->flag == TT_EXACT || (e->flag == TT_LOWER && s >= beta) ||
          (e->flag == TT_UPPER && s <= alpha))
        return s;
    }
  }
  int in_check = attacked(b, king_sq(b, b->side), b->side ^ 1);
  /* Null move (R = 2): if passing still fails high, so will a real move.  Not when in
   * check, nor with only pawns left (zugzwang), nor twice in a row. */
  uint64_t pieces = b->occ[b->side] ^ b->pcs[b->side][PAWN] ^ b->pcs[b->side][KING];
  if (!plain && !in_check && depth >= 2 && ply > 0 && pieces && !null_ply[ply - 1] &&
      beta < MATE - MAXPLY) {
    b->side ^= 1, b->hash ^= zobrist_side, null_ply[ply] = 1;
    int s = -search(b, depth - 3, -beta, 1 - beta, ply + 1);
    b->side ^= 1, b->hash ^= zobrist_side, null_ply[ply] = 0;
    if (s >= beta)
      return s;
  }
  uint32_t list[MAXMOVES];
  int32_t sc[MAXMOVES];
  int n = gen_moves(b, list, 0), legal = 0, best = -INF, alpha0 = alpha;
  uint32_t bmove = 0;
  score_moves(b, list, sc, n, hmove, ply);
  for (int i = 0; i < n; i++) {
    uint32_t m = pick(list, sc, i, n);
    make_move(b, m);
    if (illegal(b)) {
      unmake_move(b, m);
      continue;
    }
    legal++;
    int s = -search(b, depth - 1, -beta, -alpha, ply + 1);
    unmake_move(b, m);
    if (s > best) {
      best = s, bmove = m;
      if (s > alpha) {
        alpha = s;
        if (ply == 0)
          root_best = m;
        if (s >= beta) {
          if (MV_CAP(m) == NONE && !MV_PROMO(m)) {
            if (killers[ply][0] != m)
              killers[ply][1] = killers[ply][0], killers[ply][0] = m;
            int32_t *h = &history[b->side][MV_FROM(m)][MV_TO(m)];
            if ((*h += depth * depth) > (1 << 20))
              *h >>= 1;
          }
          break;
        }
      }
    }
  }
  if (!legal)
    return in_check ? ply - MATE : 0;
  if (!plain) {
    e->key = b->hash;
    e->move = bmove;
    e->score = (int16_t)to_tt(best, ply);
    e->depth = (int8_t)depth;
    e->flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
  }
  return best;
}

/* Plain minimax over the same tree (same leaves and quiescence), for the self-check. */
static int minimax(Board *b, int depth, int ply, int qdepth) {
  int quiet = depth <= 0, best = quiet ? evaluate(b) : -INF, legal = 0;
  if (ply >= MAXPLY - 1 || (quiet && qdepth >= qmax))
    return quiet ? best : evaluate(b);
  uint32_t list[MAXMOVES];
  int n = gen_moves(b, list, quiet);
  for (int i = 0; i < n; i++) {
    if (quiet && losing_capture(b, list[i]))
      continue;
    make_move(b, list[i]);
    if (!illegal(b)) {
      legal++;
      int s = -minimax(b, depth - 1, ply + 1, qdepth + quiet);
      if (s > best)
        best = s;
    }
    unmake_move(b, list[i]);
  }
  if (!quiet && !legal)
    return attacked(b, king_sq(b, b->side), b->side ^ 1) ? ply - MATE : 0;
  return best;
}

static void clear_search(void) {
  memset(tt, 0, sizeof tt);
  memset(killers, 0, sizeof killers);
  memset(history, 0, sizeof history);
  memset(pawn_tt, 0, sizeof pawn_tt);
}

/* ---------------------------------------------------------- driver */

/* Test positions with their search depths (test, train), as in crafty's SPEC input, and
 * their perft counts where known for a game without castling and en passant. */
static const struct {
  const char *name, *fen;
  int depth[2];
  uint64_t known[3]; /* perft 1..3, or 0 */
} positions[] = {
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", {3, 5}, {20, 400, 8902}},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w", {2, 4}, {0}},
    {"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w", {3, 5}, {14, 191, 2810}},
    {"kia", "r2q1rk1/ppp2ppp/2n1bn2/2b1p3/3pP3/3P1NPP/PPP1NPB1/R1BQ1RK1 b", {2, 4}, {0}},
    {"promo", "8/1P4k1/8/5p2/8/2K5/6p1/8 w", {3, 6}, {0}},
};
#define NPOS ((int)(sizeof positions / sizeof positions[0]))

static uint32_t fnv = 2166136261u;
static void emit(const char *line) {
  for (const char *p = line; *p; p++)
    fnv = (fnv ^ (uint8_t)*p) * 16777619u;
  fputs(line, stdout);
}

static void move_str(uint32_t m, char *s) {
  s[0] = (char)('a' + (MV_FROM(m) & 7)), s[1] = (char)('1' + (MV_FROM(m) >> 3));
  s[2] = (char)('a' + (MV_TO(m) & 7)), s[3] = (char)('1' + (MV_TO(m) >> 3));
  s[4] = MV_PROMO(m) ? 'q' : '\0', s[5] = '\0';
}

static int fail(const char *pos, const char *what) {
  fprintf(stderr, "crafty: self-check failed (%s): %s\n", pos, what);
  return 1;
}

int main(int argc, char **argv) {
  int train = 0;
  if (argc > 2 || (argc == 2 && strcmp(argv[1], "test") != 0 && strcmp(argv[1], "train") != 0)) {
    fprintf(stderr, "usage: crafty [test|train]\n");
    return 2;
  }
  if (argc == 2 && strcmp(argv[1], "train") == 0)
    train = 1;
  const int perft_depth = train ? 3 : 2;
  const int verify_depth = 1, verify_qmax = train ? 2 : 1, search_qmax = 12;

  init_tables();
  char line[256], mv[6];
  uint64_t total_nodes = 0, total_q = 0, total_tt = 0, total_perft = 0;
  snprintf(line, sizeof line, "crafty %s: %d positions, perft depth %d\n", train ? "train" : "test",
           NPOS, perft_depth);
  emit(line);
  for (int pi = 0; pi < NPOS; pi++) {
    const char *name = positions[pi].name;
    Board b;
    if (!parse_fen(&b, positions[pi].fen))
      return fail(name, "bad FEN");
    Board start = b;

    /* move generator: perft counts, checked against known values */
    int len = snprintf(line, sizeof line, "%-8s perft", name);
    for (int d = 1; d <= perft_depth; d++) {
      uint64_t c = perft(&b, d);
      total_perft += c;
      if (check_failed || !board_equal(&b, &start))
        return fail(name, "make/unmake did not restore the position or hash");
      if (d <= 3 && positions[pi].known[d - 1] && positions[pi].known[d - 1] != c)
        return fail(name, "perft count differs from the known value");
      len += snprintf(line + len, sizeof line - (size_t)len, " %" PRIu64, c);
    }

    /* alpha-beta without the table must equal plain minimax */
    clear_search(); /* once per position: the check below neither reads nor fills the table */
    plain = 1;
    qmax = verify_qmax;
    int ab = search(&b, verify_depth, -INF, INF, 0);
    int mm = minimax(&b, verify_depth, 0, 0);
    if (ab != mm || !board_equal(&b, &start))
      return fail(name, "alpha-beta value differs from minimax");

    /* iterative deepening with the transposition table */
    plain = 0;
    root_best = 0;
    qmax = search_qmax;
    nodes = qnodes = tt_hits = 0;
    int score = 0, search_depth = positions[pi].depth[train];
    for (int d = 1; d <= search_depth; d++)
      score = search(&b, d, -INF, INF, 0);
    if (!board_equal(&b, &start) || !board_consistent(&b))
      return fail(name, "search did not restore the position");

    /* the best move must be one of the legal moves */
    uint32_t list[MAXMOVES];
    int n = gen_moves(&b, list, 0), found = 0;
    for (int i = 0; i < n; i++) {
      make_move(&b, list[i]);
      found |= list[i] == root_best && !illegal(&b);
      unmake_move(&b, list[i]);
    }
    if (!found || score <= -INF || score >= INF)
      return fail(name, "best move is not legal");
    total_nodes += nodes, total_q += qnodes, total_tt += tt_hits;
    move_str(root_best, mv);
    snprintf(line + len, sizeof line - (size_t)len,
             "; minimax %d; depth %d best %s score %d nodes %" PRIu64 "\n", mm, search_depth, mv,
             score, nodes);
    emit(line);
  }
  snprintf(line, sizeof line, "perft leaves %" PRIu64 "; search nodes %" PRIu64 "\n", total_perft,
           total_nodes);
  emit(line);
  snprintf(line, sizeof line,
           "quiescence nodes %" PRIu64 ", hash hits %" PRIu64 ", pawn hash hits %" PRIu64
           "/%" PRIu64 "\n",
           total_q, total_tt, pawn_hits, pawn_probes);
  emit(line);
  printf("checksum: 0x%08" PRIx32 "\n", fnv);
  return 0;
}
