// hwprof_axil - the hwprof profiling IP: an AXI4-Lite slave around hwprof_core.
//
// Register map (32-bit words; driver/hwprof_regs.h is the reference and
// tests/unit/test_ip_regs.c proves this file agrees with it):
//
//   0x000 ID            RO    0x48575046 ("HWPF")
//   0x004 VERSION       RO    major << 16 | minor
//   0x008 CONFIG        RO    [3:0] FIFO_LOG2 [7:4] HOT_LOG2 [12:8] INDEX_BITS
//                             [15:13] HASH [21:16] COUNT_WIDTH [25:22] SYSCALL_BITS
//                             [29:26] SLOT_CACHE
//   0x00C CONFIG2       RO    [16:0] MAX_PROBE [23:20] EDGE_BITS [24] CCT (the packet
//                             unit is built) [25] STATS (every statistic is built)
//                             [26] SPILL (the spill path is built) [30:27] WAYS (0: the
//                             linear-probe table; else the set-associative one, 1.8)
//   0x010 CTRL          RW    [0] ENABLE [1] CLEAR (queued, reads 0) [2] FREEZE
//                             [3] DROP_ON_FULL [4] STATS_CLEAR (queued, reads 0)
//                             [5] SYSCALL_CLEAR (reads 0) [6] EDGE_CLEAR (queued, reads 0)
//   0x014 STATUS        RO    [0] FIFO_EMPTY [1] FIFO_FULL [2] BUSY [3] TABLE_FULL
//                             [4] HOT_PENDING [5] HOT_OVERFLOW [6] DROPPED
//                             [7] LOOKUP_BUSY [8] IDLE [9] SPILL_PENDING
//                             [10] SPILL_FULL [11] SPILL_ERROR [12] CCT_PENDING
//                             [13] CCT_FULL
//   0x018 THRESHOLD     RW    queued; 0 disables hot detection
//   0x01C IRQ_ENABLE    RW    [0] HOT [1] TABLE_FULL [2] LOST [3] SPILL [4] SYSCALL
//                             [5] EDGE_HOT [6] EDGE [7] CCT
//   0x020 IRQ_STATUS    RW1C  same bits; HOT stays set while the hot FIFO is not empty,
//                             SPILL while the ring holds SPILL_MARK SPCs, SYSCALL while
//                             the system-call table holds SYSCALL_MARK entries, EDGE_HOT
//                             while the edge hot FIFO is not empty, EDGE while the edge
//                             table holds EDGE_MARK entries, CCT while the packet ring
//                             holds CCT_MARK words
//   0x024 SPILL_BASE    RW    ring address in RAM (only while IDLE)
//   0x028 SPILL_SIZE    RW    ring words: 0 (off) or 2^n, n in 1..24 (only while IDLE)
//   0x02C SPILL_HEAD    RO    words written to the ring (SPCs and evicted entries' records)
//   0x030 SPILL_TAIL    RW    words consumed by software (only forward, up to HEAD)
//   0x034 SPILL_MARK    RW    IRQ_SPILL level in words, 0 = never
//   0x038 EVENT_ORIGIN  RW    the event word of the EVENT window's first byte
//   0x040 EVENT         WO    push one SPC | flags[1:0] (queued; the key ignores the flags)
//   0x7000 + 4*w        WO    EVENT_W: the same with weight w (0..255; hwprof_cct)
//   0x044 HOT_POP       RO    pop the oldest hot SPC, 0 when empty
//   0x048 LOOKUP_KEY    RW    start a lookup (held while one is running)
//   0x04C LOOKUP_COUNT  RO    its count, 0 if absent (held until the lookup is done)
//   0x050 SYSCALL_SITE  RW    the call site of the next SYSCALL record
//   0x054 SYSCALL       WO    record system call number wd at SYSCALL_SITE (hwprof_syscall;
//                             held while a record is being placed)
//   0x058 SYSCALL_USED  RO    system-call table entries in use (this read, the two
//                             statistics' and the table's wait for a record being placed)
//   0x05C SYSCALL_MARK  RW    IRQ_SYSCALL level, 0 = never
//   0x060 EDGE_CTRL     RW    queued: [31] ALL [30:0] edge threshold (0 = off)
//   0x064 EDGE_USED     RO    edge table entries in use
//   0x068 EDGE_MARK     RW    IRQ_EDGE level, 0 = never
//   0x06C EDGE_HOT_SRC  RO    the oldest hot edge's source SPC, 0 when none
//   0x070 EDGE_HOT_DST  RO    the target of the edge the last EDGE_HOT_SRC read found,
//                             which this read removes; 0 if that read found none (1.8)
//   0x080..0x0BC        RO    statistics, see hwprof_core
//   0x0C0 STAT_SYSCALLS RO    system calls recorded; 0x0C4 STAT_SYSCALL_LOST: lost, table full
//   0x0C8 STAT_EDGES    RO    edge traversals counted; 0x0CC STAT_EDGE_LOST: lost, table
//                             full; 0x0D0 STAT_EDGE_HOT_LOST: crossings lost, hot FIFO full
//   0x0D4 STAT_EVICTED  RO    entries evicted to the spill ring (WAYS != 0; 1.8)
//   0x0E0 CCT_BASE      RW    call/return packet ring address in RAM (only while IDLE)
//   0x0E4 CCT_SIZE      RW    ring words: 0 (off) or 2^n, n in 2..24 (only while IDLE;
//                             only 0 when built with CCT = 0)
//   0x0E8 CCT_HEAD      RO    words written to the ring
//   0x0EC CCT_TAIL      RW    words consumed by software (only forward, up to HEAD)
//   0x0F0 CCT_MARK      RW    IRQ_CCT level, 0 = never
//   0x0F4 CCT_BLOCKS    RO    events counted while the ring is on (hwprof_cct)
//   0x0F8 CCT_INSNS     RO    their weights, summed
//   0x0FC STAT_CCT_ERRORS RO  ring words lost: a write answered an error
//   0x1000 + 16*i       RO    system-call entry i: +0 site, +4 number, +8 count (0 = empty)
//   0x2000 + 16*i       RO    edge entry i: +0 source SPC, +4 target SPC, +8 count (0 = empty)
//   0x40000 + o         WO    EVENT window (256 KiB): a store of any size pushes the
//                             event EVENT_ORIGIN + o (queued, as EVENT); reads 0
//   0x80000 + 8*i       RO    table entry i: +0 SPC, +4 count (0 = empty)
//
// Queued writes (EVENT, THRESHOLD, EDGE_CTRL, CTRL with CLEAR, EDGE_CLEAR or STATS_CLEAR) enter the core's
// command FIFO and are held (AWREADY/WREADY low) while it is full, unless the write is
// an EVENT and DROP_ON_FULL is set.  Any other write completes in one cycle.  Bad
// accesses answer SLVERR and change nothing: an unaligned address, a write strobe
// other than 4'b1111, a write to a read-only or unmapped offset.  Reads of unmapped
// offsets answer 0 with OKAY.  The EVENT window is the exception: any address in it
// and any strobes, so that one byte store is a probe whose address is the event,
// flags in its bits 1:0 (driver/hwprof_regs.h); its data byte, at the address's own
// big-endian lane, is the event's weight (hwprof_cct), the rest of the data ignored.
//
// Channel behaviour.  A write is accepted when AWVALID and WVALID are both high and
// the B channel is free (or being emptied this cycle), so back-to-back EVENT writes
// run at one per clock.  A read is accepted when no other read is in flight and
// answers one cycle later, or later for table-window reads, lookups and HOT_POP.
//
// Parameters: as hwprof_core (FIFO_LOG2, HOT_LOG2, INDEX_BITS, HASH, MAX_PROBE,
// COUNT_WIDTH, SLOT_CACHE, WAYS, STATS), passed through unchanged; SYSCALL_BITS, the system-call
// table's 2^SYSCALL_BITS entries (1..8; hwprof_syscall); EDGE_BITS, the edge table's
// 2^EDGE_BITS entries (1..10; hwprof_edge); CCT, the call/return packet unit.
//
// Units left out.  SYSCALL_BITS = 0, EDGE_BITS = 0, CCT = 0 and SPILL = 0 build the IP
// without the system-call table, the edge table, the packet unit or the spill path
// (CONFIG and CONFIG2 say so).  The registers of a unit not built are unmapped: they and
// its window read 0, and writes to them answer SLVERR -- except CCT_SIZE and SPILL_SIZE,
// which take 0 (off) while IDLE, as software that turns a ring off expects.  CTRL's
// SYSCALL_CLEAR and EDGE_CLEAR bits then do nothing, and the unit's interrupt never
// rises.  Without the spill path an event that finds no slot is lost and counted, as
// with SPILL_SIZE = 0.  STATS = 0 leaves out the statistics that only measure
// (hwprof_core): the counts of losses stay.  All of these, and no slot cache, make the
// counts-only IP (syn/syn.mk's PRESET=counts).
//
// The AXI4 write master (m_axi_*) is shared (hwprof_wrarb) by the spill path,
// hwprof_spill, which writes the SPCs that the table cannot place to the ring at
// SPILL_BASE, and the call/return packets, hwprof_cct, which go to the ring at
// CCT_BASE.  Tie AWREADY, WREADY and BVALID low if neither ring is ever enabled.
`default_nettype none

module hwprof_axil #(
  parameter integer FIFO_LOG2   = 9,
  parameter integer HOT_LOG2    = 4,
  parameter integer INDEX_BITS  = 12,
  parameter integer HASH        = 3,
  parameter integer MAX_PROBE   = 16,
  parameter integer COUNT_WIDTH = 32,
  parameter integer SYSCALL_BITS = 5,  // 0: no system-call unit
  parameter integer SLOT_CACHE  = 4,
  // 0: the linear-probe table; 1, 2, 4, 8: the set-associative table with eviction
  parameter integer WAYS        = 4,
  parameter integer EDGE_BITS   = 8,   // 0: no edge unit
  // 0: no call/return packet unit (hwprof_cct, its ring and the write arbiter): the
  // CCT registers read 0 and CCT_SIZE takes only 0; saves two block RAMs.
  parameter integer CCT         = 1,
  // 0: only the statistics of losses (hwprof_core)
  parameter integer STATS       = 1,
  // 0: no spill path (hwprof_spill and its ring): an event that finds no slot is lost
  // and counted, as with SPILL_SIZE = 0
  parameter integer SPILL       = 1
) (
  input  wire        clk,
  input  wire        rst,

  input  wire [19:0] s_axil_awaddr,
  input  wire [2:0]  s_axil_awprot,
  input  wire        s_axil_awvalid,
  output wire        s_axil_awready,
  input  wire [31:0] s_axil_wdata,
  input  wire [3:0]  s_axil_wstrb,
  input  wire        s_axil_wvalid,
  output wire        s_axil_wready,
  output wire [1:0]  s_axil_bresp,
  output wire        s_axil_bvalid,
  input  wire        s_axil_bready,

  input  wire [19:0] s_axil_araddr,
  input  wire [2:0]  s_axil_arprot,
  input  wire        s_axil_arvalid,
  output wire        s_axil_arready,
  output reg  [31:0] s_axil_rdata,
  output reg  [1:0]  s_axil_rresp,
  output wire        s_axil_rvalid,
  input  wire        s_axil_rready,

  // AXI4 write master: the spill ring (hwprof_spill)
  output wire [31:0] m_axi_awaddr,
  output wire [7:0]  m_axi_awlen,
  output wire [2:0]  m_axi_awsize,
  output wire [1:0]  m_axi_awburst,
  output wire [3:0]  m_axi_awcache,
  output wire [2:0]  m_axi_awprot,
  output wire        m_axi_awvalid,
  input  wire        m_axi_awready,
  output wire [31:0] m_axi_wdata,
  output wire [3:0]  m_axi_wstrb,
  output wire        m_axi_wlast,
  output wire        m_axi_wvalid,
  input  wire        m_axi_wready,
  input  wire [1:0]  m_axi_bresp,
  input  wire        m_axi_bvalid,
  output wire        m_axi_bready,

  output reg         irq
);

  localparam [1:0] OKAY   = 2'b00;
  localparam [1:0] SLVERR = 2'b10;

  localparam [19:0] A_ID           = 20'h00000;
  localparam [19:0] A_VERSION      = 20'h00004;
  localparam [19:0] A_CONFIG       = 20'h00008;
  localparam [19:0] A_CONFIG2      = 20'h0000C;
  localparam [19:0] A_CTRL         = 20'h00010;
  localparam [19:0] A_STATUS       = 20'h00014;
  localparam [19:0] A_THRESHOLD    = 20'h00018;
  localparam [19:0] A_IRQ_ENABLE   = 20'h0001C;
  localparam [19:0] A_IRQ_STATUS   = 20'h00020;
  localparam [19:0] A_SPILL_BASE   = 20'h00024;
  localparam [19:0] A_SPILL_SIZE   = 20'h00028;
  localparam [19:0] A_SPILL_HEAD   = 20'h0002C;
  localparam [19:0] A_SPILL_TAIL   = 20'h00030;
  localparam [19:0] A_SPILL_MARK   = 20'h00034;
  localparam [19:0] A_EVENT_ORIGIN = 20'h00038;
  localparam [19:0] A_EVENT        = 20'h00040;
  localparam [19:0] A_HOT_POP      = 20'h00044;
  localparam [19:0] A_LOOKUP_KEY   = 20'h00048;
  localparam [19:0] A_LOOKUP_COUNT = 20'h0004C;
  localparam [19:0] A_SYS_SITE     = 20'h00050;
  localparam [19:0] A_SYSCALL      = 20'h00054;
  localparam [19:0] A_SYS_USED     = 20'h00058;
  localparam [19:0] A_SYS_MARK     = 20'h0005C;
  localparam [19:0] A_EDGE_CTRL    = 20'h00060;
  localparam [19:0] A_EDGE_USED    = 20'h00064;
  localparam [19:0] A_EDGE_MARK    = 20'h00068;
  localparam [19:0] A_EDGE_HOT_SRC = 20'h0006C;
  localparam [19:0] A_EDGE_HOT_DST = 20'h00070;
  localparam [19:0] A_CYCLES_LO    = 20'h000B0;
  localparam [19:0] A_CYCLES_HI    = 20'h000B4;
  localparam [19:0] A_STAT_SYS     = 20'h000C0;
  localparam [19:0] A_STAT_SYS_LOST = 20'h000C4;
  localparam [19:0] A_STAT_EDGES   = 20'h000C8;
  localparam [19:0] A_STAT_EDGE_LOST = 20'h000CC;
  localparam [19:0] A_STAT_EDGE_HOT_LOST = 20'h000D0;
  localparam [19:0] A_STAT_EVICTED = 20'h000D4;
  localparam [19:0] A_CCT_BASE     = 20'h000E0;
  localparam [19:0] A_CCT_SIZE     = 20'h000E4;
  localparam [19:0] A_CCT_HEAD     = 20'h000E8;
  localparam [19:0] A_CCT_TAIL     = 20'h000EC;
  localparam [19:0] A_CCT_MARK     = 20'h000F0;
  localparam [19:0] A_CCT_BLOCKS   = 20'h000F4;
  localparam [19:0] A_CCT_INSNS    = 20'h000F8;
  localparam [19:0] A_STAT_CCT_ERR = 20'h000FC;

  localparam [31:0] ID_MAGIC = 32'h4857_5046;
  localparam [31:0] VERSION  = 32'h0001_0008;
  localparam [31:0] CONFIG   = (SLOT_CACHE << 26) | (SYSCALL_BITS << 22) | (COUNT_WIDTH << 16) |
                               (HASH << 13) | (INDEX_BITS << 8) | (HOT_LOG2 << 4) | FIFO_LOG2;
  localparam [31:0] CONFIG2  = (WAYS << 27) |
                               ((SPILL != 0 ? 1 : 0) << 26) | ((STATS != 0 ? 1 : 0) << 25) |
                               ((CCT != 0 ? 1 : 0) << 24) |
                               (EDGE_BITS << 20) | MAX_PROBE;
  // Which optional units are built, and the widths of their index wires (at least 1).
  localparam        HAS_SYS  = (SYSCALL_BITS != 0);
  localparam        HAS_EDGE = (EDGE_BITS != 0);
  localparam integer SYS_W   = HAS_SYS ? SYSCALL_BITS : 1;
  localparam integer EDGE_W  = HAS_EDGE ? EDGE_BITS : 1;
  localparam [31:0] EDGE_CTRL_RESET = HAS_EDGE ? 32'd5000 : 32'd0;
  localparam [31:0] ENTRIES  = 32'd1 << INDEX_BITS;

  localparam [1:0] OP_EVENT  = 2'd0;
  localparam [1:0] OP_THRESH = 2'd1;
  localparam [1:0] OP_CLEAR  = 2'd2;
  localparam [1:0] OP_EDGE   = 2'd3;

  localparam [7:0] IRQ_HOT        = 8'b00000001;
  localparam [7:0] IRQ_TABLE_FULL = 8'b00000010;
  localparam [7:0] IRQ_LOST       = 8'b00000100;
  localparam [7:0] IRQ_SPILL      = 8'b00001000;
  localparam [7:0] IRQ_SYSCALL    = 8'b00010000;
  localparam [7:0] IRQ_EDGE_HOT   = 8'b00100000;
  localparam [7:0] IRQ_EDGE       = 8'b01000000;
  localparam [7:0] IRQ_CCT        = 8'b10000000;

  // ---------------------------------------------------------------- registers
  reg        enable_q;
  reg        freeze_q;
  reg        drop_q;
  reg [31:0] threshold_q;     // the last value written; the core applies it in order
  reg [31:0] origin_q;        // EVENT_ORIGIN
  reg [7:0]  irq_enable_q;
  reg [7:0]  irq_status_q;
  reg [31:0] edge_ctrl_q;     // EDGE_CTRL as last written; the edge table applies it in order
  reg [31:0] edge_mark_q;     // EDGE_MARK
  reg [31:0] sys_site_q;      // SYSCALL_SITE
  reg [31:0] sys_mark_q;      // SYSCALL_MARK
  wire [31:0] spill_base_q;   // SPILL_BASE, SIZE, TAIL, MARK (u_spill_regs)
  wire [31:0] spill_size_q;
  wire [31:0] spill_tail_q;
  wire [31:0] spill_mark_q;
  reg        spill_error_q;
  wire [31:0] cct_base_q;     // CCT_BASE, SIZE, TAIL, MARK (u_cct_regs)
  wire [31:0] cct_size_q;
  wire [31:0] cct_tail_q;
  wire [31:0] cct_mark_q;
  wire        spill_on, spill_mark, spill_ok, cct_on, cct_mark, cct_ok;
  wire [31:0] spill_level, cct_level;
  reg [31:0] cct_errors_q;    // STAT_CCT_ERRORS
  reg [31:0] lookup_key_q;
  reg [31:0] lookup_count_q;
  reg        lookup_busy_q /*verilator public_flat_rd*/;
  reg        lookup_rq_q;     // lookup waiting for the core to take it
  reg [31:0] cycles_hi_q;     // CYCLES_HI as latched by the last CYCLES_LO read

  // ---------------------------------------------------------------- the bus
  // The handshakes (hwprof_axil_if); the register file is the rest of this module.
  wire w_req;     // a write offered, B free
  wire w_hold;    // ... that must wait (a queue full, a table busy)
  wire w_ok;      // ... and its response
  wire w_fire;    // ... accepted
  wire ar_fire;   // a read accepted
  wire r_ready;   // its answer is ready
  wire r_wait_q;  // a read accepted, not yet answered
  wire r_answer;  // answered now: s_axil_rdata and s_axil_rresp load

  hwprof_axil_if u_bus (
    .clk            (clk),
    .rst            (rst),
    .s_axil_awvalid (s_axil_awvalid),
    .s_axil_awready (s_axil_awready),
    .s_axil_wvalid  (s_axil_wvalid),
    .s_axil_wready  (s_axil_wready),
    .s_axil_bresp   (s_axil_bresp),
    .s_axil_bvalid  (s_axil_bvalid),
    .s_axil_bready  (s_axil_bready),
    .s_axil_arvalid (s_axil_arvalid),
    .s_axil_arready (s_axil_arready),
    .s_axil_rvalid  (s_axil_rvalid),
    .s_axil_rready  (s_axil_rready),
    .wr_req         (w_req),
    .wr_hold        (w_hold),
    .wr_ok          (w_ok),
    .wr_fire        (w_fire),
    .rd_start       (ar_fire),
    .rd_ready       (r_ready),
    .rd_wait_q      (r_wait_q),
    .rd_answer      (r_answer)
  );

  // ---------------------------------------------------------------- core
  wire        cmd_valid;
  wire        cmd_ready;
  wire [1:0]  cmd_op;
  wire [31:0] cmd_data;
  wire [7:0]  cmd_weight;
  wire        rq_valid;
  wire        rq_ready;
  wire        rq_lookup;
  wire [31:0] rq_data;
  wire        rs_valid;
  wire        rs_lookup;
  wire [31:0] rs_data;
  wire        hot_pop;
  wire        tap_valid;
  wire        tap_ready;
  wire [1:0]  tap_op;
  wire [31:0] tap_data;
  wire [7:0]  tap_weight;
  wire        edge_tap_ready;
  wire        cct_tap_ready;
  wire        hot_valid;
  wire        hot_pending;
  wire [31:0] hot_spc;
  wire        st_fifo_empty;
  wire        st_fifo_full;
  wire        st_busy;
  wire        core_idle;
  wire        st_table_full;
  wire        st_hot_overflow;
  wire        st_dropped;
  wire        ev_hot;
  wire        ev_table_full;
  wire        ev_lost;
  wire [3:0]  stat_sel;
  wire [31:0] stat_data;
  wire [31:0] cycles_hi;
  wire        spill_valid;
  wire        spill_ready;
  wire [31:0] spill_spc;
  wire        spill_rec;
  wire [31:0] spill_cnt;
  wire [31:0] stat_evicted;
  wire        spill_busy;
  wire        spill_err;
  wire        spill_done;
  wire [31:0] spill_head;
  wire        spill_ring_full;
  wire        spill_ring_reset;
  wire [31:0] sp_awaddr;
  wire        sp_awvalid, sp_awready, sp_wvalid, sp_wready, sp_bvalid, sp_bready;
  wire [31:0] sp_wdata;

  hwprof_core #(
    .FIFO_LOG2   (FIFO_LOG2),
    .HOT_LOG2    (HOT_LOG2),
    .INDEX_BITS  (INDEX_BITS),
    .HASH        (HASH),
    .MAX_PROBE   (MAX_PROBE),
    .COUNT_WIDTH (COUNT_WIDTH),
    .SLOT_CACHE  (SLOT_CACHE),
    .WAYS        (WAYS),
    .STATS       (STATS)
  ) u_core (
    .clk           (clk),
    .rst           (rst),
    .enable        (enable_q),
    .freeze        (freeze_q),
    .drop_on_full  (drop_q),
    .spill_on      (spill_size_q != 32'd0),
    .spill_valid   (spill_valid),
    .spill_ready   (spill_ready),
    .spill_spc     (spill_spc),
    .spill_rec     (spill_rec),
    .spill_cnt     (spill_cnt),
    .spill_busy    (spill_busy),
    .spill_err     (spill_err),
    .cmd_valid     (cmd_valid),
    .cmd_ready     (cmd_ready),
    .cmd_op        (cmd_op),
    .cmd_data      (cmd_data),
    .cmd_weight    (cmd_weight),
    .rq_valid      (rq_valid),
    .rq_ready      (rq_ready),
    .rq_lookup     (rq_lookup),
    .rq_data       (rq_data),
    .rs_valid      (rs_valid),
    .rs_lookup     (rs_lookup),
    .rs_data       (rs_data),
    .tap_valid     (tap_valid),
    .tap_ready     (tap_ready),
    .tap_op        (tap_op),
    .tap_data      (tap_data),
    .tap_weight    (tap_weight),
    .hot_pop       (hot_pop),
    .hot_valid     (hot_valid),
    .hot_pending   (hot_pending),
    .hot_spc       (hot_spc),
    .fifo_empty    (st_fifo_empty),
    .fifo_full     (st_fifo_full),
    .busy          (st_busy),
    .idle          (core_idle),
    .table_full    (st_table_full),
    .hot_overflow  (st_hot_overflow),
    .dropped       (st_dropped),
    .ev_hot        (ev_hot),
    .ev_table_full (ev_table_full),
    .ev_lost       (ev_lost),
    .stat_sel      (stat_sel),
    .stat_data     (stat_data),
    .stat_evicted  (stat_evicted),
    .cycles_hi     (cycles_hi)
  );

  generate
    if (SPILL != 0 && SPILL != 1) begin : g_check_spill
      hwprof_error_SPILL_must_be_0_or_1 u_error ();
    end
    if (SPILL != 0) begin : g_spill
      hwprof_spill #(
        .RECORDS ((WAYS != 0) ? 1 : 0)
      ) u_spill (
        .clk           (clk),
        .rst           (rst),
        .base          (spill_base_q),
        .size          (spill_size_q),
        .tail          (spill_tail_q),
        .ring_reset    (spill_ring_reset),
        .spill_valid   (spill_valid),
        .spill_ready   (spill_ready),
        .spill_spc     (spill_spc),
        .spill_rec     (spill_rec),
        .spill_cnt     (spill_cnt),
        .head          (spill_head),
        .ring_full     (spill_ring_full),
        .busy          (spill_busy),
        .done_pulse    (spill_done),
        .err_pulse     (spill_err),
        .m_axi_awaddr  (sp_awaddr),
        .m_axi_awlen   (m_axi_awlen),
        .m_axi_awsize  (m_axi_awsize),
        .m_axi_awburst (m_axi_awburst),
        .m_axi_awcache (m_axi_awcache),
        .m_axi_awprot  (m_axi_awprot),
        .m_axi_awvalid (sp_awvalid),
        .m_axi_awready (sp_awready),
        .m_axi_wdata   (sp_wdata),
        .m_axi_wstrb   (m_axi_wstrb),
        .m_axi_wlast   (m_axi_wlast),
        .m_axi_wvalid  (sp_wvalid),
        .m_axi_wready  (sp_wready),
        .m_axi_bresp   (m_axi_bresp),
        .m_axi_bvalid  (sp_bvalid),
        .m_axi_bready  (sp_bready)
      );
    end else begin : g_no_spill
      // No spill path: an event that finds no slot is lost and counted (STAT_LOST_TABLE,
      // IRQ_LOST), as with SPILL_SIZE = 0.  The master, if the packet unit has it, writes
      // single beats with the same attributes.
      assign spill_ready      = 1'b1;
      assign spill_head       = 32'd0;
      assign spill_ring_full  = 1'b0;
      assign spill_busy       = 1'b0;
      assign spill_done       = 1'b0;
      assign spill_err        = 1'b0;
      assign sp_awaddr        = 32'd0;
      assign sp_awvalid       = 1'b0;
      assign sp_wdata         = 32'd0;
      assign sp_wvalid        = 1'b0;
      assign sp_bready        = 1'b0;
      assign m_axi_awlen      = 8'd0;
      assign m_axi_awsize     = 3'b010;
      assign m_axi_awburst    = 2'b01;
      assign m_axi_awcache    = 4'b0011;
      assign m_axi_awprot     = 3'b000;
      assign m_axi_wstrb      = 4'b1111;
      assign m_axi_wlast      = 1'b1;
      wire unused_no_spill = &{1'b0, spill_valid, spill_spc, spill_rec, spill_cnt, sp_awready, sp_wready, sp_bvalid,
                               spill_base_q, spill_tail_q, spill_ring_reset};
    end
  endgenerate

  // ---------------------------------------------------------------- call/return packets
  wire [31:0] cct_head;
  wire        cct_ring_full;
  wire [31:0] cct_blocks;
  wire [31:0] cct_insns;
  wire        cct_busy;
  wire        cct_err;
  wire        cct_restart;

  generate
    if (CCT != 0 && CCT != 1) begin : g_check_cct
      hwprof_error_CCT_must_be_0_or_1 u_error ();
    end
    if (CCT != 0) begin : g_cct
      wire [31:0] cc_awaddr;
      wire        cc_awvalid, cc_awready, cc_wvalid, cc_wready, cc_bvalid, cc_bready;
      wire [31:0] cc_wdata;
      wire [7:0]  unused_cc_awlen;
      wire [2:0]  unused_cc_awsize, unused_cc_awprot;
      wire [1:0]  unused_cc_awburst;
      wire [3:0]  unused_cc_awcache, unused_cc_wstrb;
      wire        unused_cc_wlast;

      hwprof_cct u_cct (
        .clk           (clk),
        .rst           (rst),
        .base          (cct_base_q),
        .size          (cct_size_q),
        .tail          (cct_tail_q),
        .restart       (cct_restart),
        .tap_valid     (tap_valid && edge_tap_ready),
        .tap_ready     (cct_tap_ready),
        .tap_op        (tap_op),
        .tap_data      (tap_data),
        .tap_weight    (tap_weight),
        .head          (cct_head),
        .ring_full     (cct_ring_full),
        .blocks        (cct_blocks),
        .insns         (cct_insns),
        .busy          (cct_busy),
        .err_pulse     (cct_err),
        .m_axi_awaddr  (cc_awaddr),
        .m_axi_awlen   (unused_cc_awlen),
        .m_axi_awsize  (unused_cc_awsize),
        .m_axi_awburst (unused_cc_awburst),
        .m_axi_awcache (unused_cc_awcache),
        .m_axi_awprot  (unused_cc_awprot),
        .m_axi_awvalid (cc_awvalid),
        .m_axi_awready (cc_awready),
        .m_axi_wdata   (cc_wdata),
        .m_axi_wstrb   (unused_cc_wstrb),
        .m_axi_wlast   (unused_cc_wlast),
        .m_axi_wvalid  (cc_wvalid),
        .m_axi_wready  (cc_wready),
        .m_axi_bresp   (m_axi_bresp),
        .m_axi_bvalid  (cc_bvalid),
        .m_axi_bready  (cc_bready)
      );

      // Both rings write single beats with the same AW/W attributes (hwprof_spill's).
      hwprof_wrarb u_wrarb (
        .clk       (clk),
        .rst       (rst),
        .a_awaddr  (sp_awaddr),
        .a_awvalid (sp_awvalid),
        .a_awready (sp_awready),
        .a_wdata   (sp_wdata),
        .a_wvalid  (sp_wvalid),
        .a_wready  (sp_wready),
        .a_bvalid  (sp_bvalid),
        .a_bready  (sp_bready),
        .b_awaddr  (cc_awaddr),
        .b_awvalid (cc_awvalid),
        .b_awready (cc_awready),
        .b_wdata   (cc_wdata),
        .b_wvalid  (cc_wvalid),
        .b_wready  (cc_wready),
        .b_bvalid  (cc_bvalid),
        .b_bready  (cc_bready),
        .m_awaddr  (m_axi_awaddr),
        .m_awvalid (m_axi_awvalid),
        .m_awready (m_axi_awready),
        .m_wdata   (m_axi_wdata),
        .m_wvalid  (m_axi_wvalid),
        .m_wready  (m_axi_wready),
        .m_bvalid  (m_axi_bvalid),
        .m_bready  (m_axi_bready)
      );
      wire unused_cc = &{1'b0, unused_cc_awlen, unused_cc_awsize, unused_cc_awprot,
                         unused_cc_awburst, unused_cc_awcache, unused_cc_wstrb, unused_cc_wlast};
    end else begin : g_no_cct
      // No packet unit: the spill path has the write master to itself.
      assign cct_tap_ready   = 1'b1;
      assign cct_head        = 32'd0;
      assign cct_ring_full   = 1'b0;
      assign cct_blocks      = 32'd0;
      assign cct_insns       = 32'd0;
      assign cct_busy        = 1'b0;
      assign cct_err         = 1'b0;
      wire unused_no_cct = &{1'b0, cct_restart, tap_weight};
      assign m_axi_awaddr    = sp_awaddr;
      assign m_axi_awvalid   = sp_awvalid;
      assign sp_awready      = m_axi_awready;
      assign m_axi_wdata     = sp_wdata;
      assign m_axi_wvalid    = sp_wvalid;
      assign sp_wready       = m_axi_wready;
      assign sp_bvalid       = m_axi_bvalid;
      assign m_axi_bready    = sp_bready;
    end
  endgenerate

  // ---------------------------------------------------------------- system calls
  wire                    sys_rec_valid;
  wire                    sys_rec_ready;
  wire                    sys_clear;
  wire                    sys_stats_clear;
  wire                    sys_rd_valid;
  wire                    sys_rd_ready;
  wire [SYS_W-1:0]        sys_rd_index;
  wire [31:0]             sys_rd_site;
  wire [31:0]             sys_rd_number;
  wire [31:0]             sys_rd_count;
  wire                    sys_idle;
  wire [SYS_W:0]          sys_used;
  wire [31:0]             sys_stat_records;
  wire [31:0]             sys_stat_lost;
  wire                    sys_lost;

  generate
    if (SYSCALL_BITS < 0 || SYSCALL_BITS > 8) begin : g_check_sys
      hwprof_error_SYSCALL_BITS_must_be_0_to_8 u_error ();
    end
    if (HAS_SYS) begin : g_sys
      hwprof_syscall #(
        .BITS        (SYSCALL_BITS),
        .COUNT_WIDTH (COUNT_WIDTH)
      ) u_syscall (
        .clk          (clk),
        .rst          (rst),
        .rec_valid    (sys_rec_valid),
        .rec_ready    (sys_rec_ready),
        .rec_site     (sys_site_q),
        .rec_number   (s_axil_wdata),
        .clear        (sys_clear),
        .stats_clear  (sys_stats_clear),
        .rd_valid     (sys_rd_valid),
        .rd_ready     (sys_rd_ready),
        .rd_index     (sys_rd_index),
        .rd_site      (sys_rd_site),
        .rd_number    (sys_rd_number),
        .rd_count     (sys_rd_count),
        .idle         (sys_idle),
        .used         (sys_used),
        .stat_records (sys_stat_records),
        .stat_lost    (sys_stat_lost),
        .lost_pulse   (sys_lost)
      );
    end else begin : g_no_sys
      // No system-call unit: its registers are unmapped (no write reaches it).
      assign sys_rec_ready    = 1'b1;
      assign sys_rd_ready     = 1'b1;
      assign sys_rd_site      = 32'd0;
      assign sys_rd_number    = 32'd0;
      assign sys_rd_count     = 32'd0;
      assign sys_idle         = 1'b1;
      assign sys_used         = {(SYS_W + 1){1'b0}};
      assign sys_stat_records = 32'd0;
      assign sys_stat_lost    = 32'd0;
      assign sys_lost         = 1'b0;
      wire unused_no_sys = &{1'b0, sys_rec_valid, sys_clear, sys_stats_clear, sys_rd_valid,
                             sys_rd_index, sys_site_q};
    end
  endgenerate

  // ---------------------------------------------------------------- indirect edges
  wire                 edge_rd_valid;
  wire                 edge_rd_ready;
  wire [EDGE_W-1:0]    edge_rd_index;
  wire [31:0]          edge_rd_src;
  wire [31:0]          edge_rd_dst;
  wire [31:0]          edge_rd_count;
  wire                 edge_hot_pop;
  wire                 edge_hot_valid;
  wire [31:0]          edge_hot_src;
  wire [31:0]          edge_hot_dst;
  wire                 edge_idle;
  wire [EDGE_W:0]      edge_used;
  wire [31:0]          edge_stat_edges;
  wire [31:0]          edge_stat_lost;
  wire [31:0]          edge_stat_hot_lost;
  wire                 edge_lost;
  wire                 edge_hot;

  generate
    if (EDGE_BITS < 0 || EDGE_BITS > 10) begin : g_check_edge
      hwprof_error_EDGE_BITS_must_be_0_to_10 u_error ();
    end
    if (HAS_EDGE) begin : g_edge
      hwprof_edge #(
        .BITS        (EDGE_BITS),
        .COUNT_WIDTH (COUNT_WIDTH)
      ) u_edge (
        .clk           (clk),
        .rst           (rst),
        .tap_valid     (tap_valid && cct_tap_ready),
        .tap_ready     (edge_tap_ready),
        .tap_op        (tap_op),
        .tap_data      (tap_data),
        .rd_valid      (edge_rd_valid),
        .rd_ready      (edge_rd_ready),
        .rd_index      (edge_rd_index),
        .rd_src        (edge_rd_src),
        .rd_dst        (edge_rd_dst),
        .rd_count      (edge_rd_count),
        .hot_pop       (edge_hot_pop),
        .hot_valid     (edge_hot_valid),
        .hot_src       (edge_hot_src),
        .hot_dst       (edge_hot_dst),
        .idle          (edge_idle),
        .used          (edge_used),
        .stat_edges    (edge_stat_edges),
        .stat_lost     (edge_stat_lost),
        .stat_hot_lost (edge_stat_hot_lost),
        .lost_pulse    (edge_lost),
        .hot_pulse     (edge_hot)
      );
    end else begin : g_no_edge
      // No edge unit: the tap only waits for the packet unit; its registers are unmapped.
      assign edge_tap_ready     = 1'b1;
      assign edge_rd_ready      = 1'b1;
      assign edge_rd_src        = 32'd0;
      assign edge_rd_dst        = 32'd0;
      assign edge_rd_count      = 32'd0;
      assign edge_hot_valid     = 1'b0;
      assign edge_hot_src       = 32'd0;
      assign edge_hot_dst       = 32'd0;
      assign edge_idle          = 1'b1;
      assign edge_used          = {(EDGE_W + 1){1'b0}};
      assign edge_stat_edges    = 32'd0;
      assign edge_stat_lost     = 32'd0;
      assign edge_stat_hot_lost = 32'd0;
      assign edge_lost          = 1'b0;
      assign edge_hot           = 1'b0;
      wire unused_no_edge = &{1'b0, edge_rd_valid, edge_rd_index, edge_hot_pop};
    end
  endgenerate

  wire [31:0] edge_used32 = {{(31 - EDGE_W){1'b0}}, edge_used};
  wire        edge_mark   = (edge_mark_q != 32'd0) && (edge_used32 >= edge_mark_q);

  // The tap moves when both its takers are ready, and each sees a command as valid
  // only then (neither readiness depends on the other's valid: no loop).
  assign tap_ready = edge_tap_ready && cct_tap_ready;

  wire [31:0] sys_used32 = {{(31 - SYS_W){1'b0}}, sys_used};
  wire        sys_mark   = (sys_mark_q != 32'd0) && (sys_used32 >= sys_mark_q);

  wire unused_spill_done  = spill_done;
  // IDLE: nothing queued or in flight anywhere, packets and both rings included (the
  // simulator reads it, to skip idle stretches).
  wire        st_idle /*verilator public_flat_rd*/ = core_idle && sys_idle && edge_idle &&
                                                     !cct_busy;

  wire [31:0] status = {18'd0, cct_on && cct_ring_full, cct_level != 32'd0, spill_error_q, spill_on && spill_ring_full,
                        spill_level != 32'd0, st_idle, lookup_busy_q, st_dropped,
                        st_hot_overflow, hot_pending, st_table_full, st_busy, st_fifo_full,
                        st_fifo_empty};

  // ---------------------------------------------------------------- write channel
  wire [19:0] wa = s_axil_awaddr;
  wire [31:0] wd = s_axil_wdata;

  wire w_ctrl   = (wa == A_CTRL);
  wire w_thr    = (wa == A_THRESHOLD);
  wire w_irq_en = (wa == A_IRQ_ENABLE);
  wire w_irq_st = (wa == A_IRQ_STATUS);
  wire w_window = (wa[19:18] == 2'b01);   // 0x40000..0x7FFFF, any address and strobes
  // EVENT_W: 0x7000 + 4*w, w = 0..255: an EVENT write of weight w (hwprof_cct).
  wire w_eventw = (wa[19:10] == 10'h01C);
  wire w_event  = (wa == A_EVENT) || w_eventw || w_window;
  wire w_origin = (wa == A_EVENT_ORIGIN);
  wire w_lkey   = (wa == A_LOOKUP_KEY);
  wire w_sbase  = (wa == A_SPILL_BASE);
  wire w_ssize  = (wa == A_SPILL_SIZE);
  wire w_stail  = (wa == A_SPILL_TAIL);
  wire w_smark  = (wa == A_SPILL_MARK);
  // (A unit not built: its registers are unmapped.)
  wire w_ssite  = HAS_SYS && (wa == A_SYS_SITE);
  wire w_sys    = HAS_SYS && (wa == A_SYSCALL);
  wire w_symark = HAS_SYS && (wa == A_SYS_MARK);
  wire w_ectrl  = HAS_EDGE && (wa == A_EDGE_CTRL);
  wire w_emark  = HAS_EDGE && (wa == A_EDGE_MARK);
  wire w_cbase  = (wa == A_CCT_BASE);
  wire w_csize  = (wa == A_CCT_SIZE);
  wire w_ctail  = (wa == A_CCT_TAIL);
  wire w_cmark  = (wa == A_CCT_MARK);
  wire w_word   = (s_axil_wstrb == 4'b1111);
  assign w_ok   = w_window ||
                  (w_word &&
                   (w_ctrl || w_thr || w_irq_en || w_irq_st || w_event || w_lkey || spill_ok ||
                    w_origin || w_ssite || w_sys || w_symark || w_ectrl || w_emark || cct_ok));
  wire w_clear  = w_ctrl && (wd[1] || wd[4] || wd[6]);
  // Which writes are queued, and which wait, without the SPILL_TAIL range test in
  // w_ok (neither depends on it): that keeps its 32-bit compare off the path to
  // AWREADY and into the core's command FIFO.
  wire w_queued = w_window || (w_word && (w_event || w_thr || w_clear || w_ectrl));

  // A SYSCALL record waits for the system-call table (one search at a time); it is
  // recorded only while ENABLE is set.
  assign w_hold = w_queued ? !cmd_ready :
                  w_word && ((w_lkey && lookup_busy_q) || (w_sys && !sys_rec_ready));
  // A register write: each register under its own condition (its address, and for the
  // rings' BASE/SIZE/TAIL their tests, hwprof_ring_regs), so that SPILL_TAIL's range
  // compare and SPILL_SIZE's value test stay on those registers' enables and BRESP, off
  // every other register's (w_ok, the OR of all of them, decides only the response).
  wire w_set  = w_fire && w_word;

  assign cmd_valid = w_req && w_queued;

  // (A CTRL write is good exactly when it is a word write: no SPILL_TAIL range test on
  // the path into the system-call table.)
  assign sys_rec_valid   = w_req && w_word && w_sys && enable_q;
  assign sys_clear       = w_fire && w_word && w_ctrl && (wd[1] || wd[5]);
  assign sys_stats_clear = w_fire && w_word && w_ctrl && wd[4];
  assign cmd_op    = w_event ? OP_EVENT : (w_thr ? OP_THRESH : (w_ectrl ? OP_EDGE : OP_CLEAR));
  assign cmd_data  = w_window ? origin_q + {14'd0, wa[17:0]} :
                     w_ctrl   ? {29'd0, wd[6], wd[4], wd[1]} : wd;
  // A window store's weight: its byte at the address's own big-endian lane.
  assign cmd_weight = w_eventw       ? wa[9:2] :
                      !w_window      ? 8'd0 :
                      wa[1:0] == 2'd0 ? wd[31:24] :
                      wa[1:0] == 2'd1 ? wd[23:16] :
                      wa[1:0] == 2'd2 ? wd[15:8] : wd[7:0];

  always @(posedge clk) begin
    if (rst) begin
      enable_q     <= 1'b0;
      freeze_q     <= 1'b0;
      drop_q       <= 1'b0;
      threshold_q  <= 32'd0;
      irq_enable_q <= 8'd0;
      edge_ctrl_q  <= EDGE_CTRL_RESET;
      edge_mark_q  <= 32'd0;
      sys_site_q   <= 32'd0;
      sys_mark_q   <= 32'd0;
      origin_q     <= 32'd0;
    end else if (w_set) begin
      if (w_ctrl) begin
        enable_q <= wd[0];
        freeze_q <= wd[2];
        drop_q   <= wd[3];
      end
      if (w_thr) begin
        threshold_q <= wd;
      end
      if (w_irq_en) begin
        irq_enable_q <= wd[7:0];
      end
      if (w_ectrl) begin
        edge_ctrl_q <= wd;
      end
      if (w_emark) begin
        edge_mark_q <= wd;
      end
      if (w_ssite) begin
        sys_site_q <= wd;
      end
      if (w_symark) begin
        sys_mark_q <= wd;
      end
      if (w_origin) begin
        origin_q <= wd;
      end
    end
  end

  // The rings' registers.  SPILL_SIZE: 0 or a power of two from 2 to 2^24; CCT_SIZE
  // from 4 (whole packets); each only 0 without its unit (the others unmapped then).
  hwprof_ring_regs #(.MIN_SIZE(2), .BUILT(SPILL)) u_spill_regs (
    .clk     (clk),
    .rst     (rst),
    .set     (w_set),
    .wd      (wd),
    .w_base  (w_sbase),
    .w_size  (w_ssize),
    .w_tail  (w_stail),
    .w_mark  (w_smark),
    .idle    (st_idle),
    .head    (spill_head),
    .base_q  (spill_base_q),
    .size_q  (spill_size_q),
    .tail_q  (spill_tail_q),
    .mark_q  (spill_mark_q),
    .on      (spill_on),
    .level   (spill_level),
    .mark    (spill_mark),
    .ok      (spill_ok),
    .restart (spill_ring_reset)
  );

  hwprof_ring_regs #(.MIN_SIZE(4), .BUILT(CCT)) u_cct_regs (
    .clk     (clk),
    .rst     (rst),
    .set     (w_set),
    .wd      (wd),
    .w_base  (w_cbase),
    .w_size  (w_csize),
    .w_tail  (w_ctail),
    .w_mark  (w_cmark),
    .idle    (st_idle),
    .head    (cct_head),
    .base_q  (cct_base_q),
    .size_q  (cct_size_q),
    .tail_q  (cct_tail_q),
    .mark_q  (cct_mark_q),
    .on      (cct_on),
    .level   (cct_level),
    .mark    (cct_mark),
    .ok      (cct_ok),
    .restart (cct_restart)
  );

  // STAT_CCT_ERRORS: ring words lost to write errors (saturating; reset and STATS_CLEAR
  // -- when the CTRL write is accepted -- zero it).
  always @(posedge clk) begin
    if (rst || (w_set && w_ctrl && wd[4])) begin
      cct_errors_q <= 32'd0;
    end else if (cct_err && cct_errors_q != 32'hFFFF_FFFF) begin
      cct_errors_q <= cct_errors_q + 32'd1;
    end
  end

  // SPILL_ERROR: set by a failed ring write, cleared when a CTRL.CLEAR is accepted.
  always @(posedge clk) begin
    if (rst) begin
      spill_error_q <= 1'b0;
    end else if (w_set && w_ctrl && wd[1]) begin
      spill_error_q <= 1'b0;
    end else if (spill_err) begin
      spill_error_q <= 1'b1;
    end
  end

  // IRQ_STATUS: set by the core's pulses, cleared by writing 1; HOT cannot be cleared
  // while the hot FIFO still holds SPCs, nor SPILL while the ring holds SPILL_MARK SPCs,
  // so an acknowledge never hides one.
  wire [7:0] irq_set = (ev_hot ? IRQ_HOT : 8'd0) | (ev_table_full ? IRQ_TABLE_FULL : 8'd0) |
                       ((ev_lost || sys_lost || edge_lost || cct_err) ? IRQ_LOST : 8'd0) |
                       (spill_mark ? IRQ_SPILL : 8'd0) | (sys_mark ? IRQ_SYSCALL : 8'd0) |
                       ((edge_hot || edge_hot_valid) ? IRQ_EDGE_HOT : 8'd0) |
                       (edge_mark ? IRQ_EDGE : 8'd0) | (cct_mark ? IRQ_CCT : 8'd0);
  wire [7:0] irq_w1c = (w_set && w_irq_st) ? (wd[7:0] & ~(hot_pending ? IRQ_HOT : 8'd0))
                                          : 8'd0;

  always @(posedge clk) begin
    if (rst) begin
      irq_status_q <= 8'd0;
      irq          <= 1'b0;
    end else begin
      irq_status_q <= (irq_status_q & ~irq_w1c) | irq_set;
      irq          <= ((irq_status_q & irq_enable_q) != 8'd0);
    end
  end

  // ---------------------------------------------------------------- read channel
  reg [19:0] r_addr_q;
  reg        win_rq_q;     // window read waiting for the core to take it
  reg        sys_rq_q;     // system-call window read waiting for the table
  reg        sys_ans_q;    // ... which answers this cycle
  reg        edge_rq_q;    // edge window read waiting for the table
  reg        edge_ans_q;   // ... which answers this cycle

  wire [19:0] ra       = r_addr_q;
  wire        r_align  = (ra[1:0] == 2'b00);
  wire        r_window = (ra[19] == 1'b1);
  wire [15:0] r_entry  = ra[18:3];
  reg         r_in_tab_q;    // the accepted read is inside the table (decoded at AR)
  wire        r_in_tab = r_in_tab_q;
  wire        r_stat   = (ra[19:6] == 14'h0002);      // 0x080..0x0BC
  wire        ar_win   = s_axil_araddr[19] && (s_axil_araddr[1:0] == 2'b00) &&
                         ({16'd0, s_axil_araddr[18:3]} < ENTRIES);
  // The system-call window, 0x1000 + 16*i for the table's 2^SYSCALL_BITS entries.
  localparam [8:0] SYS_ENTRIES = 9'd1 << SYSCALL_BITS;
  wire        ar_sys   = HAS_SYS && (s_axil_araddr[19:12] == 8'h01) &&
                         (s_axil_araddr[1:0] == 2'b00) &&
                         ({1'b0, s_axil_araddr[11:4]} < SYS_ENTRIES);
  reg         r_sys_q;      // the accepted read is an entry of the system-call window
  assign sys_rd_valid = sys_rq_q;
  assign sys_rd_index = ra[SYS_W+3:4];
  // The edge window, 0x2000 + 16*i for the table's 2^EDGE_BITS entries.
  localparam [19:0] EDGE_WINDOW = 20'h02000;
  localparam [19:0] EDGE_BYTES  = 20'd16 << EDGE_BITS;
  wire [19:0] ar_edge_off = s_axil_araddr - EDGE_WINDOW;
  wire        ar_edge     = HAS_EDGE && (s_axil_araddr >= EDGE_WINDOW) &&
                            (ar_edge_off < EDGE_BYTES) &&
                            (s_axil_araddr[1:0] == 2'b00);
  wire [19:0] r_edge_off  = ra - EDGE_WINDOW;
  reg         r_edge_q;     // the accepted read is an entry of the edge window
  assign edge_rd_valid = edge_rq_q;
  assign edge_rd_index = r_edge_off[EDGE_W+3:4];
  wire        unused_edge_off = &{1'b0, r_edge_off};

  assign stat_sel = ra[5:2];

  // When the answer to the accepted read is ready.
  reg r_ready_now;
  always @* begin
    r_ready_now = 1'b1;
    if (r_align && r_window && r_in_tab) begin
      r_ready_now = rs_valid && !rs_lookup;   // answered the cycle the core has it
    end else if (r_sys_q) begin
      r_ready_now = sys_ans_q;
    end else if (r_edge_q) begin
      r_ready_now = edge_ans_q;
    end else if (r_align && (ra == A_SYS_USED || ra == A_STAT_SYS || ra == A_STAT_SYS_LOST)) begin
      r_ready_now = sys_idle;   // after the record being placed, as the table reads
    end else if (r_align && ra == A_LOOKUP_COUNT) begin
      r_ready_now = !lookup_busy_q;
    end else if (r_align && ra == A_HOT_POP) begin
      r_ready_now = hot_valid || !hot_pending;
    end
  end

  assign r_ready = r_ready_now;
  assign hot_pop = r_answer && r_align && (ra == A_HOT_POP) && hot_valid;
  // EDGE_HOT_DST answers, and removes, the edge whose source the last EDGE_HOT_SRC read
  // returned; 0, removing nothing, if that read found the FIFO empty.  An edge that
  // reaches the empty FIFO between the two reads waits for the next pair instead of
  // being returned with the source 0 (the pair of reads is not atomic on the bus).
  reg edge_src_read_q;
  always @(posedge clk) begin
    if (rst) begin
      edge_src_read_q <= 1'b0;
    end else if (r_answer && ra == A_EDGE_HOT_SRC) begin
      edge_src_read_q <= edge_hot_valid;
    end else if (r_answer && ra == A_EDGE_HOT_DST) begin
      edge_src_read_q <= 1'b0;
    end
  end
  assign edge_hot_pop = r_answer && (ra == A_EDGE_HOT_DST) && edge_src_read_q && edge_hot_valid;

  // The answer's word: the multiplexer is here, in the clocked block behind r_answer, so
  // that the simulation evaluates it once per read, not in every cycle (as an always @*
  // block it was a tenth of the fast model's time); synthesis makes the multiplexer in
  // front of the same enabled register.
  always @(posedge clk) begin
    if (r_answer) begin
      s_axil_rresp <= r_align ? OKAY : SLVERR;
      if (!r_align) begin
        s_axil_rdata <= 32'd0;
      end else if (r_window) begin
        s_axil_rdata <= r_in_tab ? rs_data : 32'd0;
      end else if (r_sys_q) begin
        case (ra[3:2])
          2'd0:    s_axil_rdata <= sys_rd_site;
          2'd1:    s_axil_rdata <= sys_rd_number;
          2'd2:    s_axil_rdata <= sys_rd_count;
          default: s_axil_rdata <= 32'd0;
        endcase
      end else if (r_edge_q) begin
        case (ra[3:2])
          2'd0:    s_axil_rdata <= edge_rd_src;
          2'd1:    s_axil_rdata <= edge_rd_dst;
          2'd2:    s_axil_rdata <= edge_rd_count;
          default: s_axil_rdata <= 32'd0;
        endcase
      end else if (r_stat) begin
        s_axil_rdata <= (ra == A_CYCLES_HI) ? cycles_hi_q : stat_data;
      end else begin
        case (ra)
          A_ID:           s_axil_rdata <= ID_MAGIC;
          A_VERSION:      s_axil_rdata <= VERSION;
          A_CONFIG:       s_axil_rdata <= CONFIG;
          A_CONFIG2:      s_axil_rdata <= CONFIG2;
          A_CTRL:         s_axil_rdata <= {28'd0, drop_q, freeze_q, 1'b0, enable_q};
          A_SYS_SITE:     s_axil_rdata <= sys_site_q;
          A_SYS_USED:     s_axil_rdata <= sys_used32;
          A_SYS_MARK:     s_axil_rdata <= sys_mark_q;
          A_STAT_SYS:     s_axil_rdata <= sys_stat_records;
          A_STAT_SYS_LOST: s_axil_rdata <= sys_stat_lost;
          A_EDGE_CTRL:    s_axil_rdata <= edge_ctrl_q;
          A_EDGE_USED:    s_axil_rdata <= edge_used32;
          A_EDGE_MARK:    s_axil_rdata <= edge_mark_q;
          A_EDGE_HOT_SRC: s_axil_rdata <= edge_hot_src;
          A_EDGE_HOT_DST: s_axil_rdata <= edge_src_read_q ? edge_hot_dst : 32'd0;
          A_STAT_EDGES:   s_axil_rdata <= edge_stat_edges;
          A_STAT_EDGE_LOST: s_axil_rdata <= edge_stat_lost;
          A_STAT_EDGE_HOT_LOST: s_axil_rdata <= edge_stat_hot_lost;
          A_STAT_EVICTED: s_axil_rdata <= stat_evicted;
          A_STATUS:       s_axil_rdata <= status;
          A_THRESHOLD:    s_axil_rdata <= threshold_q;
          A_IRQ_ENABLE:   s_axil_rdata <= {24'd0, irq_enable_q};
          A_IRQ_STATUS:   s_axil_rdata <= {24'd0, irq_status_q};
          A_CCT_BASE:     s_axil_rdata <= cct_base_q;
          A_CCT_SIZE:     s_axil_rdata <= cct_size_q;
          A_CCT_HEAD:     s_axil_rdata <= cct_head;
          A_CCT_TAIL:     s_axil_rdata <= cct_tail_q;
          A_CCT_MARK:     s_axil_rdata <= cct_mark_q;
          A_CCT_BLOCKS:   s_axil_rdata <= cct_blocks;
          A_CCT_INSNS:    s_axil_rdata <= cct_insns;
          A_STAT_CCT_ERR: s_axil_rdata <= cct_errors_q;
          A_SPILL_BASE:   s_axil_rdata <= spill_base_q;
          A_SPILL_SIZE:   s_axil_rdata <= spill_size_q;
          A_SPILL_HEAD:   s_axil_rdata <= spill_head;
          A_SPILL_TAIL:   s_axil_rdata <= spill_tail_q;
          A_SPILL_MARK:   s_axil_rdata <= spill_mark_q;
          A_EVENT_ORIGIN: s_axil_rdata <= origin_q;
          A_HOT_POP:      s_axil_rdata <= hot_valid ? hot_spc : 32'd0;
          A_LOOKUP_KEY:   s_axil_rdata <= lookup_key_q;
          A_LOOKUP_COUNT: s_axil_rdata <= lookup_count_q;
          default:        s_axil_rdata <= 32'd0;
        endcase
      end
    end
  end

  always @(posedge clk) begin
    if (ar_fire) begin
      r_addr_q   <= s_axil_araddr;
      r_in_tab_q <= ({16'd0, s_axil_araddr[18:3]} < ENTRIES);
    end
    if (rst) begin
      r_sys_q    <= 1'b0;
      sys_rq_q   <= 1'b0;
      sys_ans_q  <= 1'b0;
      r_edge_q   <= 1'b0;
      edge_rq_q  <= 1'b0;
      edge_ans_q <= 1'b0;
    end else begin
      if (ar_fire) begin
        r_sys_q  <= ar_sys;
        r_edge_q <= ar_edge;
      end
      sys_rq_q   <= (ar_fire && ar_sys) || (sys_rq_q && !sys_rd_ready);
      sys_ans_q  <= sys_rq_q && sys_rd_ready;
      edge_rq_q  <= (ar_fire && ar_edge) || (edge_rq_q && !edge_rd_ready);
      edge_ans_q <= edge_rq_q && edge_rd_ready;
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      cycles_hi_q <= 32'd0;
    end else if (r_answer && ra == A_CYCLES_LO) begin
      cycles_hi_q <= cycles_hi;
    end
  end

  // ---------------------------------------------------------------- table requests
  // One lookup and one window read may wait at once; the lookup goes first.
  assign rq_valid  = lookup_rq_q || win_rq_q;
  assign rq_lookup = lookup_rq_q;
  assign rq_data   = lookup_rq_q ? lookup_key_q : {ra[2], 15'd0, r_entry};

  always @(posedge clk) begin
    if (rst) begin
      win_rq_q <= 1'b0;
    end else if (ar_fire && ar_win) begin
      win_rq_q <= 1'b1;
    end else if (rq_ready && !lookup_rq_q) begin
      win_rq_q <= 1'b0;
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      lookup_key_q   <= 32'd0;
      lookup_count_q <= 32'd0;
      lookup_busy_q  <= 1'b0;
      lookup_rq_q    <= 1'b0;
    end else begin
      if (w_set && w_lkey) begin
        lookup_key_q  <= wd;
        lookup_busy_q <= 1'b1;
        lookup_rq_q   <= 1'b1;
      end else begin
        if (rq_ready && lookup_rq_q) begin
          lookup_rq_q <= 1'b0;
        end
        if (rs_valid && rs_lookup) begin
          lookup_count_q <= rs_data;
          lookup_busy_q  <= 1'b0;
        end
      end
    end
  end

  wire unused_inputs = &{1'b0, s_axil_awprot, s_axil_arprot};
  // (Read by no unit when the edge unit, the packet unit and the spill path are all left out.)
  wire unused_bare   = &{1'b0, tap_valid, tap_op, tap_data, m_axi_bresp};
  wire unused_r_wait = r_wait_q;   // (the bus checks' only: HWPROF_ASSERT)

`ifdef HWPROF_ASSERT
`include "hwprof_check.vh"
  // Bus protocol, slave side: a response is held until it is taken, and stays still.
  reg        prev_bvalid_q;
  reg        prev_bready_q;
  reg [1:0]  prev_bresp_q;
  reg        prev_rvalid_q;
  reg        prev_rready_q;
  reg [31:0] prev_rdata_q;
  reg [1:0]  prev_rresp_q;

  // Bus protocol, master side: a VALID stays high, with its payload still, until READY.
  reg        prev_aw_wait_q;
  reg        prev_w_wait_q;
  reg        prev_ar_wait_q;
  reg [19:0] prev_awaddr_q;
  reg [31:0] prev_wdata_q;
  reg [3:0]  prev_wstrb_q;
  reg [19:0] prev_araddr_q;

  always @(posedge clk) begin
    prev_aw_wait_q <= !rst && s_axil_awvalid && !s_axil_awready;
    prev_w_wait_q  <= !rst && s_axil_wvalid && !s_axil_wready;
    prev_ar_wait_q <= !rst && s_axil_arvalid && !s_axil_arready;
    prev_awaddr_q  <= s_axil_awaddr;
    prev_wdata_q   <= s_axil_wdata;
    prev_wstrb_q   <= s_axil_wstrb;
    prev_araddr_q  <= s_axil_araddr;
    if (!rst) begin
      if (prev_aw_wait_q) begin
        `HWPROF_ENV(s_axil_awvalid && s_axil_awaddr == prev_awaddr_q,
          "hwprof_axil: master dropped or changed AW before AWREADY");
      end
      if (prev_w_wait_q) begin
        `HWPROF_ENV(s_axil_wvalid && s_axil_wdata == prev_wdata_q && s_axil_wstrb == prev_wstrb_q,
          "hwprof_axil: master dropped or changed W before WREADY");
      end
      if (prev_ar_wait_q) begin
        `HWPROF_ENV(s_axil_arvalid && s_axil_araddr == prev_araddr_q,
          "hwprof_axil: master dropped or changed AR before ARREADY");
      end
    end
  end

  always @(posedge clk) begin
    prev_bvalid_q <= rst ? 1'b0 : s_axil_bvalid;
    prev_bready_q <= s_axil_bready;
    prev_bresp_q  <= s_axil_bresp;
    prev_rvalid_q <= rst ? 1'b0 : s_axil_rvalid;
    prev_rready_q <= s_axil_rready;
    prev_rdata_q  <= s_axil_rdata;
    prev_rresp_q  <= s_axil_rresp;
    if (!rst) begin
      if (prev_bvalid_q && !prev_bready_q) begin
        `HWPROF_CHECK(s_axil_bvalid && s_axil_bresp == prev_bresp_q,
          "hwprof_axil: B response dropped or changed before BREADY");
      end
      if (prev_rvalid_q && !prev_rready_q) begin
        `HWPROF_CHECK(s_axil_rvalid && s_axil_rdata == prev_rdata_q && s_axil_rresp == prev_rresp_q,
          "hwprof_axil: R response dropped or changed before RREADY");
      end
      `HWPROF_CHECK(!(s_axil_awready && !s_axil_awvalid),
          "hwprof_axil: AWREADY alone");
      `HWPROF_CHECK(!(rs_valid && !rs_lookup && !win_wait_any),
          "hwprof_axil: window result nobody asked for");
      `HWPROF_CHECK(!(rs_valid && rs_lookup && !lookup_busy_q),
          "hwprof_axil: lookup result nobody asked for");
      `HWPROF_CHECK(!edge_src_read_q || edge_hot_valid,
          "hwprof_axil: the hot edge EDGE_HOT_SRC found left before EDGE_HOT_DST");
    end
  end

  wire win_wait_any = r_wait_q && r_window;

  // Every response answers exactly one request: at most one write and one read are
  // outstanding, and BVALID / RVALID only while one is.
  reg [1:0] g_w_out_q;
  reg [1:0] g_r_out_q;

  always @(posedge clk) begin
    if (rst) begin
      g_w_out_q <= 2'd0;
      g_r_out_q <= 2'd0;
    end else begin
      g_w_out_q <= g_w_out_q + {1'b0, w_fire} - {1'b0, s_axil_bvalid && s_axil_bready};
      g_r_out_q <= g_r_out_q + {1'b0, ar_fire} - {1'b0, s_axil_rvalid && s_axil_rready};
    end
    if (!rst) begin
      `HWPROF_CHECK(g_w_out_q <= 2'd1 && (!s_axil_bvalid || g_w_out_q == 2'd1),
          "hwprof_axil: a write response without a write");
      `HWPROF_CHECK(g_r_out_q <= 2'd1 && (!s_axil_rvalid || g_r_out_q == 2'd1),
          "hwprof_axil: a read response without a read");
    end
  end

`ifdef FORMAL
  // The proof starts in reset.
  reg f_started_q = 1'b0;
  always @(posedge clk) begin
    f_started_q <= 1'b1;
  end
  always @* begin
    if (!f_started_q) begin
      assume (rst);
    end
  end
`endif
`endif

endmodule

`default_nettype wire
