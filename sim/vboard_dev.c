/*
 * vboard_dev.c - the devices on the board's bus: the IP (its registers through
 * the simulated AXI4-Lite bus, posted stores, held stores) and the UART; the
 * external interrupt, taken at a block boundary.
 */
#define _POSIX_C_SOURCE 200809L
#include "vboard_int.h"

#include <errno.h>
#include <libfdt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "errf.h"
#include "hwprof.h"
#include "hwprof_fdt.h"
#include "hwprof_sim_bus.h"
#include "slurp.h"
#include "vcache.h"

/* --------------------------------------------------------------- interrupts */

void vb_take_interrupt(vboard *b, uint32_t at) {
  uint32_t r3, r4, msr;
  uint8_t save[8];
  b->msr_known = 0; /* (written below) */
  uc_reg_read(b->uc, UC_PPC_REG_3, &r3);
  uc_reg_read(b->uc, UC_PPC_REG_4, &r4);
  uc_reg_read(b->uc, UC_PPC_REG_MSR, &msr);
  put_be32(save, r3);
  put_be32(save + 4, r4);
  uc_mem_write(b->uc, SCRATCH_R3, save, 8);
  r3 = at;
  r4 = msr;
  msr &= ~(MSR_WE | MSR_EE | MSR_PR | MSR_IR | MSR_DR);
  uc_reg_write(b->uc, UC_PPC_REG_3, &r3);
  uc_reg_write(b->uc, UC_PPC_REG_4, &r4);
  uc_reg_write(b->uc, UC_PPC_REG_MSR, &msr);
  uint32_t t = TRAMPOLINE;
  uc_reg_write(b->uc, UC_PPC_REG_PC, &t);
  b->in_irq_entry = 1;
  b->cycles += VBOARD_IRQ_ENTRY;
  b->r->irqs++;
}

void vb_hook_tramp_end(uc_engine *uc, uint64_t addr, uint32_t size, void *user) {
  uint8_t w[4];
  (void)addr, (void)size, (void)user;
  uc_mem_read(uc, SCRATCH_EVPR, w, 4);
  uint32_t vec = (be32(w) & 0xFFFF0000u) + 0x500;
  uc_reg_write(uc, UC_PPC_REG_PC, &vec);
}

/* A host service (vboard_set_service): runs before the instruction at its address. */
void vb_hook_service(uc_engine *uc, uint64_t addr, uint32_t size, void *user) {
  vboard *b = user;
  (void)uc, (void)addr, (void)size;
  if (!b->stop) {
    b->r->service_calls++;
    b->service(b->service_ctx);
  }
}

/* --------------------------------------------------------------- devices */

/* A posted store answered SLVERR is a bus error: on the 405 a machine check. */
void vb_check_posted(vboard *b) {
  if (hwprof_sim_post_errors(b->ip) && !b->stop) {
    uint32_t addr, data;
    hwprof_sim_post_error(b->ip, &addr, &data);
    fault(b, "store of %#x to hwprof IP offset %#x answered SLVERR (bus error, detected at pc %#x)",
          data, addr, pc(b));
  }
}

uint64_t vb_ip_read(uc_engine *uc, uint64_t off, unsigned size, void *user) {
  vboard *b = user;
  (void)uc;
  uint32_t v = 0;
  if (size != 4 || (off & 3)) {
    fault(b, "%u-byte load from the hwprof IP at offset %#llx (pc %#x): word access only", size,
          (unsigned long long)off, pc(b));
    return 0;
  }
  uint64_t now = vb_cpu_now(b);
  vb_sync_ip(b, now);
  hwprof_sim_xfer x;
  int rc = hwprof_sim_read(b->ip, (uint32_t)off, &v, &x);
  b->r->ip_reads++;
  if (rc != HWPROF_RESP_OKAY)
    fault(b, "load from hwprof IP offset %#llx (pc %#x) %s", (unsigned long long)off, pc(b),
          rc == HWPROF_SIM_ETIMEDOUT ? "timed out" : "answered SLVERR");
  vb_check_posted(b);
  /* A load blocks for the whole transaction. */
  vb_wait_until(b, vb_cpu_cycle_at(b, hwprof_sim_cycle(b->ip)), now, &b->r->load_cycles);
  return v;
}

/* The IP's AXI4 write master (its spill ring) reaches the board's RAM: a word
 * store in the CPU's byte order.  Anything else answers SLVERR. */
int vb_ip_mem_write(void *ctx, uint32_t addr, uint32_t data) {
  vboard *b = ctx;
  if (addr < b->ram_base || addr - b->ram_base > b->ram_size - 4 || (addr & 3))
    return -1;
  put_be32(b->ram + (addr - b->ram_base), data);
  return 0;
}

/* Stores to the IP are words, except in its EVENT window (hwprof_regs.h), where the
 * address is the event and a byte or halfword store is the one-instruction probe. */
void vb_ip_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *user) {
  vboard *b = user;
  (void)uc;
  unsigned lane = (unsigned)(off & 3);
  int window = HWPROF_EVENT_IN_WINDOW(off);
  if (window ? lane + size > 4 : size != 4 || lane) {
    fault(b, "%u-byte store to the hwprof IP at offset %#llx (pc %#x): %s", size,
          (unsigned long long)off, pc(b),
          window ? "crosses a word of the EVENT window" : "word access only");
    return;
  }
  uint64_t now = vb_cpu_now(b);
  vb_sync_ip(b, now);
  /* The write buffer: wait while it is full (the IP holds the bus).  An IP that
   * holds it for VBOARD_BUS_HOLD_MAX cycles would hang real hardware: a fault. */
  uint64_t held = hwprof_sim_cycle(b->ip);
  while (hwprof_sim_pending(b->ip) >= VBOARD_WRITE_BUFFER) {
    if (hwprof_sim_cycle(b->ip) - held >= VBOARD_BUS_HOLD_MAX) {
      fault(b,
            "the hwprof IP held the bus for %u cycles at pc %#x (its spill ring full and not "
            "drained?)",
            VBOARD_BUS_HOLD_MAX, pc(b));
      return;
    }
    hwprof_sim_step(b->ip, 1);
  }
  vb_wait_until(b, vb_cpu_cycle_at(b, hwprof_sim_cycle(b->ip)), now, &b->r->stall_cycles);
  vb_check_posted(b);
  /* Big-endian: byte k of a word is wdata[31-8k:24-8k], strobe bit 3-k. */
  unsigned shift = 4 - size - lane;
  hwprof_sim_post_strb(b->ip, (uint32_t)off, (uint32_t)val << (8 * shift),
                       ((1u << size) - 1) << shift);
  b->r->ip_writes++;
  b->r->ip_events += window || off == HWPROF_EVENT_OFFSET;
}

/* Every write the IP accepts, the CPU's and the host-side driver's, in bus order:
 * the event trace, with EVENT_ORIGIN as the IP has it for the window's stores, by key
 * when the translator maps words back (vboard_trace_keys). */
static void trace(vboard *b, uint32_t word) {
  fprintf(b->event_trace, "%08x\n", b->trace_key ? b->trace_key(b->trace_key_ctx, word) : word);
}

void vb_ip_accepted(void *ctx, uint32_t addr, uint32_t data, int dropped) {
  vboard *b = ctx;
  (void)dropped;
  if (addr == HWPROF_EVENT_ORIGIN_OFFSET)
    b->event_origin = data;
  else if (b->event_trace && addr == HWPROF_EVENT_OFFSET)
    trace(b, data);
  else if (b->event_trace && HWPROF_EVENT_IN_WINDOW(addr))
    trace(b, HWPROF_EVENT_WINDOW_WORD(b->event_origin, addr));
}

uint64_t vb_uart_read(uc_engine *uc, uint64_t off, unsigned size, void *user) {
  (void)uc, (void)size, (void)user;
  return off == VBOARD_UART_STATUS ? 1 : 0;
}

void vb_uart_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t val, void *user) {
  vboard *b = user;
  (void)uc, (void)size;
  if (off == VBOARD_UART_TX) {
    b->outbuf[b->outlen++] = (char)val;
    if (b->outlen == sizeof b->outbuf || (char)val == '\n')
      flush_console(b);
  } else if (off == VBOARD_UART_EXIT) {
    b->r->stop = VBOARD_EXITED;
    b->r->exit_status = (int)(uint32_t)val;
    b->stop = 1;
    uc_emu_stop(b->uc);
  } else {
    fault(b, "store to UART offset %#llx (pc %#x): no such register", (unsigned long long)off,
          pc(b));
  }
}

bool vb_hook_unmapped(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t v,
                      void *user) {
  vboard *b = user;
  (void)uc, (void)v;
  const char *what = type == UC_MEM_WRITE_UNMAPPED   ? "store to"
                     : type == UC_MEM_FETCH_UNMAPPED ? "instruction fetch from"
                                                     : "load from";
  if (!b->stop) {
    b->r->unmapped = 1;
    b->r->fault_addr = (uint32_t)addr;
    b->r->fault_pc = pc(b);
  }
  fault(b, "%d-byte %s unmapped address %#llx (pc %#x)", size, what, (unsigned long long)addr,
        pc(b));
  return false;
}

/* The PPC405 instructions Unicorn's 405 model lacks, executed here as the 405 does
 * them (1), at the cost the cycle model gave them in their block; 0 for any other
 * word.  dlmzb[.] rA,rS,rB (gcc -mcpu=405 inlines string code with it): the 1-based
 * index of the leftmost zero byte of rS || rB, 8 when there is none, into rA and
 * XER's byte count; with Rc, CR0 says where it was (GT: rS, LT: rB, EQ: none) and
 * copies XER[SO] (the PPC405 manual; QEMU's helper_dlmzb, whose 405 lacks it).
 * Unicorn 2.0.1 reads and writes XER without its SO, OV and CA bits (QEMU keeps
 * them apart), so SO is taken as 0 here: CR0[SO] is wrong after an overflow-
 * recording instruction (addo. and the like, which gcc does not emit) set it. */
static int exec_missing(uc_engine *uc, uint32_t w) {
  if (w >> 26 != 31 || (w >> 1 & 0x3FF) != 78)
    return 0;
  int rs = (int)(w >> 21 & 31), ra = (int)(w >> 16 & 31), rb = (int)(w >> 11 & 31);
  uint32_t hi = 0, lo = 0, xer = 0, cr = 0, i, field = 0x2;
  uc_reg_read(uc, UC_PPC_REG_0 + rs, &hi);
  uc_reg_read(uc, UC_PPC_REG_0 + rb, &lo);
  uc_reg_read(uc, UC_PPC_REG_XER, &xer);
  uint64_t v = (uint64_t)hi << 32 | lo;
  for (i = 1; i <= 8 && (v >> (64 - 8 * i) & 0xFF); i++)
    ;
  if (i <= 8)
    field = i <= 4 ? 0x4 : 0x8;
  else
    i = 8;
  xer = (xer & ~0x7Fu) | i;
  uc_reg_write(uc, UC_PPC_REG_0 + ra, &i);
  uc_reg_write(uc, UC_PPC_REG_XER, &xer);
  if (w & 1) {
    uc_reg_read(uc, UC_PPC_REG_CR, &cr);
    cr = (cr & 0x0FFFFFFFu) | field << 28;
    uc_reg_write(uc, UC_PPC_REG_CR, &cr);
  }
  return 1;
}

void vb_hook_intr(uc_engine *uc, uint32_t intno, void *user) {
  vboard *b = user;
  (void)uc;
  b->msr_known = 0; /* (the exception's entry wrote it) */
  if (b->stop)
    return;
  /* Unicorn reports sc and an illegal instruction with the PC past it. */
  if (intno == PPC_EXCP_ILLEGAL) {
    uint8_t w[4] = {0};
    if (uc_mem_read(uc, pc(b) - 4, w, 4) == UC_ERR_OK && exec_missing(uc, be32(w)))
      return;
  }
  if ((intno == PPC_EXCP_SYSCALL || intno == PPC_EXCP_ILLEGAL) && b->on_exc &&
      b->on_exc(b->exc_ctx, intno == PPC_EXCP_SYSCALL ? VBOARD_EXC_SYSCALL : VBOARD_EXC_ILLEGAL,
                pc(b) - 4))
    return;
  if (intno == PPC_EXCP_ILLEGAL) {
    uint32_t at = pc(b) - 4;
    uint8_t w[4] = {0};
    uc_mem_read(uc, at, w, 4);
    fault(b, "illegal instruction %#010x at pc %#x (not a PPC405 instruction)", be32(w), at);
    return;
  }
  if (intno == PPC_EXCP_PROGRAM) { /* a trap (tw, twi): its pc is exact */
    b->r->trapped = 1;
    b->r->fault_pc = pc(b);
    fault(b, "program exception (a trap) at pc %#x", b->r->fault_pc);
    return;
  }
  fault(b,
        "unexpected PowerPC exception %u at pc %#x (the board models external interrupts "
        "only)",
        intno, pc(b));
}
