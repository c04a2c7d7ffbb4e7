/*
 * recursion.c - control flow: deep and mutual recursion (Ackermann, Fibonacci,
 * Towers of Hanoi, even/odd), calls through function pointers (tables of them,
 * and pointers passed as arguments), a switch-heavy bytecode interpreter (dense
 * switches compile to jump tables, i.e. indirect jumps through jr), a threaded
 * interpreter using computed goto, and a string-switch state machine.
 * Prints results.  Exit status 0.  Sized for the test suite's time (15 M guest
 * instructions; a dozen tests run it, profiled and compared).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static unsigned long calls;

static __attribute__((noinline)) unsigned ackermann(unsigned m, unsigned n) {
  calls++;
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}

static __attribute__((noinline)) unsigned fib(unsigned n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned hanoi_moves;
static uint32_t hanoi_hash;

static void hanoi(int n, int from, int to, int via) {
  if (n == 0)
    return;
  hanoi(n - 1, from, via, to);
  hanoi_moves++;
  hanoi_hash = (hanoi_hash * 31u) ^ (uint32_t)(n << 4 | from << 2 | to);
  hanoi(n - 1, via, to, from);
}

static int is_odd(unsigned n);
static __attribute__((noinline)) int is_even(unsigned n) {
  return n == 0 ? 1 : is_odd(n - 1);
}
static __attribute__((noinline)) int is_odd(unsigned n) {
  return n == 0 ? 0 : is_even(n - 1);
}

/* Deep non-tail recursion: the stack grows to a few hundred KiB. */
static __attribute__((noinline)) long deep(int n, volatile int *sink) {
  volatile int local[8];
  local[n & 7] = n;
  *sink += local[n & 7];
  if (n == 0)
    return 0;
  return deep(n - 1, sink) + (n & 0xff) + local[n & 7] % 3;
}

/* ---- function pointers ---- */

typedef int (*binop)(int, int);
static int op_add(int a, int b) {
  return a + b;
}
static int op_sub(int a, int b) {
  return a - b;
}
static int op_mul(int a, int b) {
  return a * b;
}
static int op_div(int a, int b) {
  return b ? a / b : 0;
}
static int op_mod(int a, int b) {
  return b ? a % b : 0;
}
static int op_and(int a, int b) {
  return a & b;
}
static int op_or(int a, int b) {
  return a | b;
}
static int op_xor(int a, int b) {
  return a ^ b;
}
static int op_shl(int a, int b) {
  return (int)((unsigned)a << (b & 31));
}
static int op_sar(int a, int b) {
  return a >> (b & 31);
}

/* clang-format off */
static const binop ops[] = {
    op_add, op_sub, op_mul, op_div, op_mod, op_and, op_or, op_xor, op_shl, op_sar,
};
/* clang-format on */

static int fold(const int *v, int n, binop f, int init) {
  int i, acc = init;
  for (i = 0; i < n; i++)
    acc = f(acc, v[i]);
  return acc;
}

/* ---- a switch-based bytecode interpreter (a small stack machine) ---- */

/* clang-format off */
enum {
  OP_PUSH, OP_POP, OP_DUP, OP_SWAP, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_NEG,
  OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_LT, OP_EQ, OP_JMP, OP_JZ, OP_JNZ,
  OP_LOAD, OP_STORE, OP_INC, OP_DEC, OP_PRINT, OP_CALL, OP_RET, OP_OVER, OP_HALT
};
/* clang-format on */

static int vm_run(const int *code, int *mem, int trace) {
  int stack[256], rstack[64];
  int sp = 0, rsp = 0, pc = 0, steps = 0;
  for (;;) {
    int op = code[pc++], a, b;
    steps++;
    switch (op) {
    case OP_PUSH: stack[sp++] = code[pc++]; break;
    case OP_POP: sp--; break;
    case OP_DUP:
      stack[sp] = stack[sp - 1];
      sp++;
      break;
    case OP_OVER:
      stack[sp] = stack[sp - 2];
      sp++;
      break;
    case OP_SWAP:
      a = stack[sp - 1];
      stack[sp - 1] = stack[sp - 2];
      stack[sp - 2] = a;
      break;
    case OP_ADD:
      b = stack[--sp];
      stack[sp - 1] += b;
      break;
    case OP_SUB:
      b = stack[--sp];
      stack[sp - 1] -= b;
      break;
    case OP_MUL:
      b = stack[--sp];
      stack[sp - 1] *= b;
      break;
    case OP_DIV:
      b = stack[--sp];
      stack[sp - 1] = b ? stack[sp - 1] / b : 0;
      break;
    case OP_MOD:
      b = stack[--sp];
      stack[sp - 1] = b ? stack[sp - 1] % b : 0;
      break;
    case OP_NEG: stack[sp - 1] = -stack[sp - 1]; break;
    case OP_AND:
      b = stack[--sp];
      stack[sp - 1] &= b;
      break;
    case OP_OR:
      b = stack[--sp];
      stack[sp - 1] |= b;
      break;
    case OP_XOR:
      b = stack[--sp];
      stack[sp - 1] ^= b;
      break;
    case OP_SHL:
      b = stack[--sp];
      stack[sp - 1] = (int)((unsigned)stack[sp - 1] << (b & 31));
      break;
    case OP_SHR:
      b = stack[--sp];
      stack[sp - 1] = (int)((unsigned)stack[sp - 1] >> (b & 31));
      break;
    case OP_LT:
      b = stack[--sp];
      stack[sp - 1] = stack[sp - 1] < b;
      break;
    case OP_EQ:
      b = stack[--sp];
      stack[sp - 1] = stack[sp - 1] == b;
      break;
    case OP_JMP: pc = code[pc]; break;
    case OP_JZ: pc = stack[--sp] == 0 ? code[pc] : pc + 1; break;
    case OP_JNZ: pc = stack[--sp] != 0 ? code[pc] : pc + 1; break;
    case OP_LOAD: stack[sp++] = mem[code[pc++]]; break;
    case OP_STORE: mem[code[pc++]] = stack[--sp]; break;
    case OP_INC: mem[code[pc++]]++; break;
    case OP_DEC: mem[code[pc++]]--; break;
    case OP_PRINT:
      if (trace)
        printf("vm: %d\n", stack[sp - 1]);
      sp--;
      break;
    case OP_CALL:
      rstack[rsp++] = pc + 1;
      pc = code[pc];
      break;
    case OP_RET: pc = rstack[--rsp]; break;
    case OP_HALT: return steps;
    default: printf("vm: bad opcode %d at %d\n", op, pc - 1); return -1;
    }
  }
}

/* ---- a threaded interpreter with computed goto (GNU C) ---- */

static uint32_t threaded(const unsigned char *prog, int n) {
  static void *const dispatch[] = {&&l_inc, &&l_dbl, &&l_xor, &&l_rot, &&l_end};
  uint32_t acc = 1;
  int pc = 0, loops = 0;
#define NEXT goto *dispatch[prog[pc++]]
  NEXT;
l_inc:
  acc += 1;
  NEXT;
l_dbl:
  acc *= 2;
  NEXT;
l_xor:
  acc ^= 0x5bd1e995u;
  NEXT;
l_rot:
  acc = acc << 7 | acc >> 25;
  NEXT;
l_end:
  if (++loops < n) {
    pc = 0;
    NEXT;
  }
#undef NEXT
  return acc;
}

/* ---- a sparse switch (compare chain / binary search rather than a table) ---- */

static int sparse(int x) {
  switch (x) {
  case -1000000: return 1;
  case -7: return 2;
  case 0: return 3;
  case 13: return 4;
  case 1000: return 5;
  case 65536: return 6;
  case 0x7fffffff: return 7;
  default: return 0;
  }
}

/* ---- a character-class state machine (a switch on chars) ---- */

static void lex(const char *s) {
  int nums = 0, idents = 0, ops = 0, spaces = 0, state = 0;
  long sum = 0, cur = 0;
  for (;; s++) {
    char c = *s;
    switch (state) {
    case 0:
      switch (c) {
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        state = 1;
        cur = c - '0';
        break;
      case '+':
      case '-':
      case '*':
      case '/':
      case '=':
      case '(':
      case ')': ops++; break;
      case ' ':
      case '\t':
      case '\n': spaces++; break;
      case 0: goto done;
      default: state = 2; break;
      }
      break;
    case 1:
      if (c >= '0' && c <= '9') {
        cur = cur * 10 + (c - '0');
      } else {
        nums++;
        sum += cur;
        state = 0;
        s--;
      }
      break;
    case 2:
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
            (c >= '0' && c <= '9'))) {
        idents++;
        state = 0;
        s--;
      }
      break;
    }
  }
done:
  printf("lex: nums=%d sum=%ld idents=%d ops=%d spaces=%d\n", nums, sum, idents, ops, spaces);
}

int main(void) {
  int m, n, i;

  for (m = 0; m <= 3; m++)
    for (n = 0; n <= 5; n++) {
      calls = 0;
      printf("A(%d,%d)=%u calls=%lu\n", m, n, ackermann(m, n), calls);
    }
  calls = 0;
  printf("A(3,6)=%u calls=%lu\n", ackermann(3, 6), calls);
  for (n = 0; n <= 24; n += 3)
    printf("fib(%d)=%u\n", n, fib(n));
  hanoi(16, 0, 2, 1);
  printf("hanoi(16): moves=%u hash=%08x\n", hanoi_moves, hanoi_hash);
  printf("even/odd: %d %d %d %d\n", is_even(10000), is_odd(10000), is_even(7777), is_odd(7777));
  {
    volatile int sink = 0;
    long r = deep(20000, &sink);
    printf("deep(20000)=%ld sink=%d\n", r, sink);
  }

  {
    int v[16];
    for (i = 0; i < 16; i++)
      v[i] = (i * 37 + 5) % 23 - 9;
    for (i = 0; i < (int)(sizeof ops / sizeof ops[0]); i++)
      printf("fold op%d: %d %d\n", i, fold(v, 16, ops[i], 1000), fold(v, 7, ops[i], -3));
    {
      int acc = 12345;
      for (i = 0; i < 10000; i++)
        acc = ops[(unsigned)(acc ^ i) % 10](acc, (i % 29) + 1) ^ i;
      printf("fp chain: %d\n", acc);
    }
  }

  {
    /* Program 1: count and sum the primes below 1000 by trial division (a
     * subroutine), printing every 50th prime.  mem: 0=i 1=sum 2=count 3=d.
     * Program 2: a hash loop using the remaining opcodes.  mem: 5=n 6=h. */
    int code[256], mem[8] = {0}, pc = 0, steps;
    int l_loop, l_next, l_isprime, l_ploop, l_yes, l_no, l_hl;
    int f_end, f_next1, f_next2, f_isprime, f_yes, f_no;
#define E(x) (code[pc++] = (x))
    E(OP_PUSH), E(2), E(OP_STORE), E(0);
    E(OP_PUSH), E(0), E(OP_STORE), E(1);
    E(OP_PUSH), E(0), E(OP_STORE), E(2);
    l_loop = pc;
    E(OP_LOAD), E(0), E(OP_PUSH), E(1000), E(OP_LT), E(OP_JZ), f_end = pc, E(0);
    E(OP_CALL), f_isprime = pc, E(0);
    E(OP_JZ), f_next1 = pc, E(0);
    E(OP_INC), E(2), E(OP_LOAD), E(1), E(OP_LOAD), E(0), E(OP_ADD), E(OP_STORE), E(1);
    E(OP_LOAD), E(2), E(OP_PUSH), E(50), E(OP_MOD), E(OP_JNZ), f_next2 = pc, E(0);
    E(OP_LOAD), E(0), E(OP_PRINT);
    l_next = pc;
    E(OP_INC), E(0), E(OP_JMP), E(l_loop);
    code[f_end] = pc;
    E(OP_LOAD), E(2), E(OP_PRINT), E(OP_LOAD), E(1), E(OP_PRINT), E(OP_HALT);
    l_isprime = pc;
    E(OP_PUSH), E(2), E(OP_STORE), E(3);
    l_ploop = pc;
    /* if (i < d*d) prime */
    E(OP_LOAD), E(3), E(OP_DUP), E(OP_MUL), E(OP_LOAD), E(0), E(OP_SWAP), E(OP_LT);
    E(OP_JNZ), f_yes = pc, E(0);
    /* if (i % d == 0) not prime */
    E(OP_LOAD), E(0), E(OP_LOAD), E(3), E(OP_MOD), E(OP_JZ), f_no = pc, E(0);
    E(OP_INC), E(3), E(OP_JMP), E(l_ploop);
    l_yes = pc;
    E(OP_PUSH), E(1), E(OP_RET);
    l_no = pc;
    E(OP_PUSH), E(0), E(OP_RET);
    code[f_next1] = code[f_next2] = l_next;
    code[f_isprime] = l_isprime;
    code[f_yes] = l_yes;
    code[f_no] = l_no;
    steps = vm_run(code, mem, 1);
    printf("vm1: steps=%d count=%d sum=%d\n", steps, mem[2], mem[1]);

    /* h = rotl(h, 5) ^ n; h += (-h & 0xffff) / 3 - (n == 77); n-- */
    pc = 0;
    E(OP_PUSH), E(3000), E(OP_STORE), E(5), E(OP_PUSH), E(0x1234), E(OP_STORE), E(6);
    l_hl = pc;
    E(OP_LOAD), E(6), E(OP_PUSH), E(5), E(OP_SHL), E(OP_LOAD), E(6), E(OP_PUSH), E(27);
    E(OP_SHR), E(OP_OR), E(OP_LOAD), E(5), E(OP_XOR), E(OP_STORE), E(6);
    E(OP_LOAD), E(6), E(OP_NEG), E(OP_PUSH), E(0xffff), E(OP_AND), E(OP_PUSH), E(3);
    E(OP_DIV), E(OP_LOAD), E(5), E(OP_PUSH), E(77), E(OP_EQ), E(OP_SUB);
    E(OP_OVER), E(OP_POP), E(OP_LOAD), E(6), E(OP_ADD), E(OP_STORE), E(6);
    E(OP_DEC), E(5), E(OP_LOAD), E(5), E(OP_JNZ), E(l_hl);
    E(OP_LOAD), E(6), E(OP_PRINT), E(OP_HALT);
#undef E
    steps = vm_run(code, mem, 1);
    printf("vm2: steps=%d h=%08x\n", steps, (unsigned)mem[6]);
    code[0] = 99; /* an invalid opcode: the default case */
    printf("vm3: %d\n", vm_run(code, mem, 0));
  }

  {
    static const unsigned char prog[] = {0, 1, 2, 3, 1, 0, 3, 2, 2, 4};
    printf("threaded: %08x %08x\n", threaded(prog, 1), threaded(prog, 5000));
  }
  {
    static const int keys[] = {-1000000, -7, 0, 13, 1000, 65536, 0x7fffffff, 5, -8, 14};
    printf("sparse:");
    for (i = 0; i < 10; i++)
      printf(" %d", sparse(keys[i]));
    printf("\n");
  }
  lex("x1 = (12 + foo_bar) * 345 - y2/ 6789 ;; zz 0 007\n");
  return 0;
}
