// hwprof_core - the profiling engine: command FIFO, hash, counter table, hot FIFO.
//
// Every translated block stores its guest address (SPC) into the EVENT register; the
// bus slave (hwprof_axil) turns that store into a command here.  The core keeps one
// saturating counter per distinct SPC in a table of 2^INDEX_BITS entries held in block
// RAM, found by hashing the SPC and probing linearly on collision.  When a counter
// becomes equal to the threshold the SPC goes to the hot FIFO (once per entry) and the
// slave raises the interrupt.
//
// Commands.  The event FIFO carries {op, data}: EVENT (data = SPC), THRESH (data = the
// new threshold), CLEAR (data[0] = clear the table, data[1] = clear the statistics,
// data[2] = clear only the edge table) and EDGE (EDGE_CTRL, for hwprof_edge; the core
// passes it through).  Every command leaves the queue through the tap, where the edge
// table (hwprof_edge) sees the commands in the same order.
// Because threshold changes and clears travel in the same queue as the events, they
// apply in bus order and the result never depends on timing.  When the queue is full a
// command is held (cmd_ready low); an EVENT is instead dropped and counted when
// drop_on_full is set, and ignored and counted while enable is low.
//
// Pipeline (one event per clock on hits, a bubble per probe):
//
//   FIFO out  ->  H: hash the key, register the table index, present it to the RAM
//                    (a skid buffer: its ready upstream is a register)
//             ->  C: compare the RAM word (or the word written one cycle earlier,
//                    forwarded) with the key:
//                      match      count + 1 (saturating), write back
//                      empty slot insert {key, count = 1}
//                      other key  probe: read index + 1 while C holds, up to MAX_PROBE
//                                 slots; then the SPC goes to the spill path (spill_on:
//                                 hwprof_spill writes it to a ring in RAM; C holds while
//                                 that path is full) or, with spilling off, the event is
//                                 lost (counted, never silent)
//
// A back-to-back repeat of one SPC (a tight loop) reads its entry in the same cycle the
// previous event writes it; the forwarding register supplies the new word, so repeats
// run at one per clock.  Table reads for the bus (window reads and key lookups) enter
// stage H ahead of the FIFO, run through the same compare and probe logic, and are not
// stopped by freeze.  A table clear writes one RAM word (an entry, or a set) per clock;
// reset starts one too, because block RAM has no reset.
//
// The slot cache.  An event whose key needed probes (it sits past its home slot, or
// found no slot at all) would pay them again at every later event: in a hot loop that
// is most of the IP's cycles.  So its resolution -- the key, the slot where it was found
// or inserted (or the last slot examined, when there was none) and the probes that took
// -- goes into a small fully associative cache, SLOT_CACHE entries replaced round-robin.
// An event whose key is there starts C at that slot with that probe count: a hit there
// is one cycle, and a key with no slot reaches the spill path (or its loss) in one.  A
// slot never changes owner until a table clear, which empties the cache, so a cached
// mapping is always right.  The cache is consulted as an event moves from H to C, with
// the resolution C makes in that same cycle forwarded, so every event sees the
// resolutions of all events before it: what the cache saves never depends on timing,
// and the C model predicts STAT_PROBES exactly.  Lookups and window reads neither use
// nor fill it.
//
// Table word: {hot, count[COUNT_WIDTH-1:0], key[31:0]}.  count == 0 marks an empty slot.
//
// The set-associative table (WAYS != 0).  The entries form 2^INDEX_BITS / WAYS sets of
// WAYS entries, one RAM word per set ({ages, way WAYS-1, ..., way 0}); the hash's low
// bits choose the set and C compares the key with every way at once, so no event
// probes and the slot cache is not built.  An event whose key no way holds takes the
// lowest free way; when there is none it evicts the least recently counted way (each
// way keeps its age, 0 for the last one counted; the ages of the ways in use are a
// permutation) and takes its place with count 1.  The evicted entry is not lost: it
// goes to the spill path as a record of two words, {key[31:2], hot, 1} and its count,
// which software adds to the key's count there (hwprof_regs.h, "Spill ring").  So the
// table keeps what ran last, whatever arrived first, and a key's count is its on-chip
// count plus the counts of its records.  With spilling off nothing is evicted: an
// event that finds its set full is lost and counted (LOST_TABLE), as in the linear
// table.  Lookups compare every way of the key's set; window reads take entry i from
// way i mod WAYS of set i / WAYS.
//
// Parameters
//   FIFO_LOG2   (default = 9)   event FIFO depth 2^n, n in 1..10
//   HOT_LOG2    (default = 4)   hot FIFO depth 2^n, n in 1..10
//   INDEX_BITS  (default = 12)  table entries 2^n, n in 4..16
//   HASH        (default = 3)   hash kind, see hwprof_hash.v
//   MAX_PROBE   (default = 16)  slots one event may examine, 1..2^INDEX_BITS
//   COUNT_WIDTH (default = 32)  counter bits, 4..32; counters saturate
//   SLOT_CACHE  (default = 4)   slot-cache entries, 0..8 (0: none)
//   WAYS        (default = 4)   0: the linear-probe table above; 1, 2, 4 or 8: the
//                               set-associative table with eviction (MAX_PROBE and
//                               SLOT_CACHE then have no effect)
//   STATS       (default = 1)   0: only the statistics of losses are built (LOST_FIFO,
//                               LOST_TABLE, HOT_LOST, SPILL_ERRORS); the others, which
//                               only measure, read 0 (synthesis then removes their
//                               counters; a simulation keeps them, unread)
`default_nettype none

module hwprof_core #(
  parameter integer FIFO_LOG2   = 9,
  parameter integer HOT_LOG2    = 4,
  parameter integer INDEX_BITS  = 12,
  parameter integer HASH        = 3,
  parameter integer MAX_PROBE   = 16,
  parameter integer COUNT_WIDTH = 32,
  parameter integer SLOT_CACHE  = 4,
  parameter integer WAYS        = 4,
  parameter integer STATS       = 1
) (
  input  wire        clk,
  input  wire        rst,

  // CTRL bits, applied as they change
  input  wire        enable,
  input  wire        freeze,
  input  wire        drop_on_full,
  input  wire        spill_on,      // SPILL_SIZE != 0; changes only while idle

  // Spill path (hwprof_spill): SPCs that found no slot, or (WAYS != 0) evicted
  // entries, each a record of two words: spill_spc = {key[31:2], hot, 1}, spill_cnt
  output wire        spill_valid,
  input  wire        spill_ready,
  output wire [31:0] spill_spc,
  output wire        spill_rec,
  output wire [31:0] spill_cnt,
  input  wire        spill_busy,
  input  wire        spill_err,     // one-cycle pulse: a ring write failed, its SPC lost

  // Command queue
  input  wire        cmd_valid,
  output wire        cmd_ready,
  input  wire [1:0]  cmd_op,
  input  wire [31:0] cmd_data,
  input  wire [7:0]  cmd_weight,    // an event's weight, carried to the tap (hwprof_cct)

  // Table reads: rq_lookup = 1 looks up key rq_data and answers its count (0: absent);
  // rq_lookup = 0 reads entry rq_data[INDEX_BITS-1:0] and answers its count when
  // rq_data[31] is set, else its SPC.
  input  wire        rq_valid,
  output wire        rq_ready,
  input  wire        rq_lookup,
  input  wire [31:0] rq_data,
  output reg         rs_valid,
  output reg         rs_lookup,
  output reg  [31:0] rs_data,

  // The tap: every command as it leaves the queue, in bus order (hwprof_edge).  The
  // queue waits while tap_ready is low.
  output wire        tap_valid,
  input  wire        tap_ready,
  output wire [1:0]  tap_op,
  output wire [31:0] tap_data,
  output wire [7:0]  tap_weight,

  // Hot FIFO
  input  wire        hot_pop,
  output wire        hot_valid,
  output wire        hot_pending,
  output wire [31:0] hot_spc,

  // Status
  output wire        fifo_empty,
  output wire        fifo_full,
  output wire        busy,
  output wire        idle,
  output reg         table_full,
  output reg         hot_overflow,
  output reg         dropped,

  // Interrupt causes, one-cycle pulses
  output reg         ev_hot,
  output reg         ev_table_full,
  output reg         ev_lost,

  // Statistics: word stat_sel of the block at HWPROF_STAT_FIRST_OFFSET
  input  wire [3:0]  stat_sel,
  output reg  [31:0] stat_data,
  output wire [31:0] stat_evicted, // STAT_EVICTED (0 unless WAYS != 0)
  output wire [31:0] cycles_hi     // upper half of the cycle counter
);

  // ---------------------------------------------------------------- parameters
  localparam [1:0] OP_EVENT  = 2'd0;
  localparam [1:0] OP_CLEAR  = 2'd2;
  // pipeline ops: the three commands plus the bus's table reads
  localparam [2:0] P_EVENT  = 3'd0;
  localparam [2:0] P_THRESH = 3'd1;
  localparam [2:0] P_CLEAR  = 3'd2;
  localparam [2:0] P_WINDOW = 3'd4;
  localparam [2:0] P_LOOKUP = 3'd5;

  localparam integer CW      = COUNT_WIDTH;
  localparam integer ENTRY_W = 33 + CW;
  localparam integer Q_W     = 42;   // {weight, op, data}
  localparam integer IB      = INDEX_BITS;
  // The set-associative table: WB way bits, AW age bits per way, a set per RAM word.
  localparam integer SA      = (WAYS != 0) ? 1 : 0;
  localparam integer NW      = (WAYS != 0) ? WAYS : 1;
  localparam integer WB      = (NW > 1) ? $clog2(NW) : 0;
  localparam integer AW      = (WB > 0) ? WB : 1;
  localparam integer RA      = IB - WB;                    // RAM address bits
  localparam integer RAM_W   = (SA != 0) ? NW * (ENTRY_W + AW) : ENTRY_W;
  localparam integer SCN     = (SA != 0) ? 0 : SLOT_CACHE; // slot-cache entries built

  localparam integer  LAST_PROBE_I = MAX_PROBE - 1;
  localparam [16:0]   LAST_PROBE = LAST_PROBE_I[16:0];
  localparam [RA-1:0] LAST_WORD  = {RA{1'b1}};
  localparam [CW-1:0] COUNT_MAX  = {CW{1'b1}};
  localparam [32:0]   COUNT_MAX33 = (33'd1 << CW) - 33'd1;

  // Out-of-range parameters stop elaboration with a module name that says why.
  generate
    if (FIFO_LOG2 < 1 || FIFO_LOG2 > 10) begin : g_check_fifo
      hwprof_error_FIFO_LOG2_must_be_1_to_10 u_error ();
    end
    if (HOT_LOG2 < 1 || HOT_LOG2 > 10) begin : g_check_hot
      hwprof_error_HOT_LOG2_must_be_1_to_10 u_error ();
    end
    if (INDEX_BITS < 4 || INDEX_BITS > 16) begin : g_check_index
      hwprof_error_INDEX_BITS_must_be_4_to_16 u_error ();
    end
    if (MAX_PROBE < 1 || MAX_PROBE > (1 << INDEX_BITS)) begin : g_check_probe
      hwprof_error_MAX_PROBE_must_be_1_to_table_size u_error ();
    end
    if (COUNT_WIDTH < 4 || COUNT_WIDTH > 32) begin : g_check_count
      hwprof_error_COUNT_WIDTH_must_be_4_to_32 u_error ();
    end
    if (SLOT_CACHE < 0 || SLOT_CACHE > 8) begin : g_check_slot_cache
      hwprof_error_SLOT_CACHE_must_be_0_to_8 u_error ();
    end
    if (HASH < 0 || HASH > 3) begin : g_check_hash
      hwprof_error_HASH_must_be_0_to_3 u_error ();
    end
    if (WAYS != 0 && WAYS != 1 && WAYS != 2 && WAYS != 4 && WAYS != 8) begin : g_check_ways
      hwprof_error_WAYS_must_be_0_1_2_4_or_8 u_error ();
    end
    if (STATS != 0 && STATS != 1) begin : g_check_stats
      hwprof_error_STATS_must_be_0_or_1 u_error ();
    end
  endgenerate

  function [31:0] sat_inc;
    input [31:0] v;
    begin
      // Adds 0 at the top instead of muxing after the adder: no LUT per bit.
      sat_inc = v + {31'd0, ~&v};
    end
  endfunction

  // ---------------------------------------------------------------- command queue
  wire            q_full;
  wire [FIFO_LOG2:0] q_level;
  wire            q_out_valid;
  wire            q_out_ready;
  wire [Q_W-1:0]  q_out_data;

  wire in_event  = (cmd_op == OP_EVENT);
  wire in_ignore = in_event && !enable;
  wire in_drop   = in_event && enable && drop_on_full && q_full;
  wire q_push    = cmd_valid && !in_ignore && !in_drop && !q_full;
  wire in_stats_clear = q_push && (cmd_op == OP_CLEAR) && cmd_data[1];
  wire in_table_clear = q_push && (cmd_op == OP_CLEAR) && cmd_data[0];

  assign cmd_ready = in_ignore || in_drop || !q_full;

  hwprof_fifo #(
    .WIDTH (Q_W),
    .LOG2  (FIFO_LOG2)
  ) u_event_fifo (
    .clk       (clk),
    .rst       (rst),
    .wr_en     (q_push),
    .wr_data   ({cmd_weight, cmd_op, cmd_data}),
    .full      (q_full),
    .level     (q_level),
    .out_valid (q_out_valid),
    .out_ready (q_out_ready),
    .out_data  (q_out_data)
  );

  // ---------------------------------------------------------------- stage H: hash
  // H is a skid buffer: its ready to the FIFO and to the table-read requests is a
  // register (!s_valid_q), so the compare-and-probe decision in C never reaches back
  // past H in the same cycle.  An op that arrives while C stalls H waits in the skid
  // register s_* and enters H next.
  reg           h_valid_q;
  reg [2:0]     h_op_q;
  reg [31:0]    h_key_q;
  reg [IB-1:0]  h_idx_q;
  reg           s_valid_q;
  reg [2:0]     s_op_q;
  reg [31:0]    s_key_q;

  wire h_advance;
  wire in_ready   = !s_valid_q;
  wire in_take_rq = in_ready && rq_valid;
  assign tap_valid = in_ready && !rq_valid && q_out_valid && !freeze;
  assign tap_op    = q_out_data[33:32];
  assign tap_data  = q_out_data[31:0];
  assign tap_weight = q_out_data[41:34];
  wire in_take_q  = tap_valid && tap_ready;
  wire in_fire    = in_take_rq || in_take_q;
  wire h_load     = !h_valid_q || h_advance;

  assign rq_ready    = in_ready;
  assign q_out_ready = in_take_q;

  // An event's or a lookup's key is the SPC without the EVENT word's flags (bits 1:0,
  // driver/hwprof_regs.h): the IP counts a block by its address, however it ends.
  wire [31:0] rq_key = rq_lookup ? {rq_data[31:2], 2'b00} : rq_data;
  wire [31:0] q_key  = (q_out_data[33:32] == OP_EVENT) ? {q_out_data[31:2], 2'b00}
                                                       : q_out_data[31:0];
  wire [31:0] in_key = in_take_rq ? rq_key : q_key;
  wire [2:0]  in_op  = in_take_rq ? (rq_lookup ? P_LOOKUP : P_WINDOW)
                                  : {1'b0, q_out_data[33:32]};

  // The op entering H: from the skid register if it holds one, else from upstream.
  wire [31:0] ld_key = s_valid_q ? s_key_q : in_key;
  wire [2:0]  ld_op  = s_valid_q ? s_op_q : in_op;
  wire [15:0] ld_hash;

  hwprof_hash #(
    .HASH (HASH)
  ) u_hash (
    .spc  (ld_key),
    .hash (ld_hash)
  );

  wire          unused_hash = &{1'b0, ld_hash};  // INDEX_BITS < 16 uses the low bits
  // An entry's index; with sets, a key's set is the hash's low bits and its way is
  // found in C (way bits 0), and the RAM word is the index without its way bits.
  wire [IB-1:0] ld_idx = (ld_op == P_WINDOW) ? ld_key[IB-1:0] : (ld_hash[IB-1:0] << WB);

  always @(posedge clk) begin
    if (rst) begin
      h_valid_q <= 1'b0;
      s_valid_q <= 1'b0;
    end else if (h_load) begin
      h_valid_q <= s_valid_q || in_fire;
      s_valid_q <= 1'b0;
    end else begin
      s_valid_q <= s_valid_q || in_fire;
    end
  end

  always @(posedge clk) begin
    if (h_load) begin
      h_op_q  <= ld_op;
      h_key_q <= ld_key;
      h_idx_q <= ld_idx;
    end
    if (!h_load && !s_valid_q) begin
      s_op_q  <= in_op;
      s_key_q <= in_key;
    end
  end

  // ---------------------------------------------------------------- table RAM
  wire               ram_we;
  wire [RA-1:0]      ram_waddr;
  wire [RAM_W-1:0]   ram_wdata;
  wire [RA-1:0]      ram_raddr;
  wire [RAM_W-1:0]   ram_rdata;

  hwprof_sdpram #(
    .DATA_W (RAM_W),
    .ADDR_W (RA)
  ) u_table (
    .clk   (clk),
    .we    (ram_we),
    .waddr (ram_waddr),
    .wdata (ram_wdata),
    .re    (1'b1),
    .raddr (ram_raddr),
    .rdata (ram_rdata)
  );

  // The last write, for a read issued in the same cycle (read-during-write).  Whether C
  // needs it is decided a cycle early, when both addresses are known, so the compare is
  // not on the path from the RAM.
  reg               fwd_sel_q;
  reg [RAM_W-1:0]   fwd_data_q;

  // ---------------------------------------------------------------- stage C: compare
  reg           c_valid_q;
  reg [2:0]     c_op_q;
  reg [31:0]    c_key_q;
  reg [IB-1:0]  c_idx_q;
  reg [16:0]    c_probe_q;      // extra slots examined so far
  // The threshold in force for the op in C, kept in the forms the compare needs, so that
  // "count + 1 == THRESHOLD" is decided without waiting for the adder.
  reg           thr_on_q;       // THRESHOLD != 0
  reg           thr_is1_q;      // THRESHOLD == 1
  reg           thr_ismax_q;    // THRESHOLD == the saturated count
  reg [31:0]    thr_m1_q;       // THRESHOLD - 1
  reg           clr_active_q;
  reg [RA-1:0]  clr_idx_q;

  // The word C reads (a set, or one entry), and the entry C works on: the one that
  // holds the key (e_match); else, for an event, a free one (e_free: the linear
  // table's empty slot or the lowest free way) or, in a full set, the least recently
  // counted way, evicted (e_victim); for a window read, the entry it names.
  wire [RAM_W-1:0]   word = fwd_sel_q ? fwd_data_q : ram_rdata;
  wire [ENTRY_W-1:0] ent;
  wire               e_match;
  wire               e_free;
  wire               e_victim;
  wire [31:0]   e_key   = ent[31:0];
  wire [CW-1:0] e_count = ent[32 +: CW];
  wire          e_hot   = ent[ENTRY_W-1];
  wire          e_empty = (e_count == {CW{1'b0}});
  wire [31:0]   e_count32;

  generate
    if (CW == 32) begin : g_count32
      assign e_count32 = e_count;
    end else begin : g_count_pad
      assign e_count32 = {{(32 - CW){1'b0}}, e_count};
    end
  endgenerate

  reg           c_cached_q;     // the op came through the slot cache (or its forward)

  wire c_event  = c_valid_q && (c_op_q == P_EVENT);
  wire c_lookup = c_valid_q && (c_op_q == P_LOOKUP);
  wire c_window = c_valid_q && (c_op_q == P_WINDOW);
  wire c_thresh = c_valid_q && (c_op_q == P_THRESH);
  wire c_clear  = c_valid_q && (c_op_q == P_CLEAR);

  // ---------------------------------------------------------------- the entry C works on
  reg  [WB:0] sel_way;     // sets: the way of ent
  wire [AW*NW-1:0] ages;   // sets: the ages of the ways, as read

  generate
    if (SA == 0) begin : g_linear
      assign ent      = word[ENTRY_W-1:0];
      assign e_match  = !e_empty && (e_key == c_key_q);
      assign e_free   = e_empty;
      assign e_victim = 1'b0;
      assign ages     = {AW*NW{1'b0}};
      always @* sel_way = {(WB + 1){1'b0}};
      wire unused_sets = &{1'b0, sel_way, ages};
    end else begin : g_sets
      localparam integer  LAST_WAY = NW - 1;
      localparam [AW-1:0] OLDEST   = LAST_WAY[AW-1:0];
      localparam [WB:0]   WAY_MASK = LAST_WAY[WB:0];
      wire [NW-1:0] w_match;
      wire [NW-1:0] w_free;
      wire [NW-1:0] w_lru;
      genvar w;
      for (w = 0; w < NW; w = w + 1) begin : g_way
        assign w_free[w]  = (word[w * ENTRY_W + 32 +: CW] == {CW{1'b0}});
        assign w_match[w] = !w_free[w] && (word[w * ENTRY_W +: 32] == c_key_q);
        assign w_lru[w]   = (ages[w * AW +: AW] == OLDEST) || (NW == 1);
      end
      assign ages = word[NW * ENTRY_W +: AW * NW];

      // The way: the window read's, the key's, the lowest free one, or the oldest.
      integer i;
      always @* begin
        sel_way = {(WB + 1){1'b0}};
        if (c_window) begin
          sel_way = c_idx_q[WB:0] & WAY_MASK;
        end else if (|w_match) begin
          for (i = NW - 1; i >= 0; i = i - 1) if (w_match[i]) sel_way = i[WB:0];
        end else if (|w_free) begin
          for (i = NW - 1; i >= 0; i = i - 1) if (w_free[i]) sel_way = i[WB:0];
        end else begin
          for (i = NW - 1; i >= 0; i = i - 1) if (w_lru[i]) sel_way = i[WB:0];
        end
      end
      // The way's entry: a multiplexer of the ways (a variable part-select would be a
      // shifter over the whole set).
      reg [ENTRY_W-1:0] ent_r;
      integer u;
      always @* begin
        ent_r = word[ENTRY_W-1:0];
        for (u = 1; u < NW; u = u + 1) begin
          if (sel_way == u[WB:0]) begin
            ent_r = word[u * ENTRY_W +: ENTRY_W];
          end
        end
      end
      assign ent      = ent_r;
      assign e_match  = |w_match;
      assign e_free   = !(|w_match) && (|w_free);
      assign e_victim = !(|w_match) && !(|w_free);
    end
  endgenerate

  wire last_probe = (c_probe_q == LAST_PROBE);
  wire collide    = !e_match && !e_empty;
  wire probe      = (SA == 0) && (c_event || c_lookup) && collide && !last_probe;
  wire ev_hit     = c_event && e_match;
  wire ev_insert  = c_event && e_free;
  wire ev_nospace = c_event && ((SA == 0) ? (collide && last_probe) : e_victim);
  wire ev_out     = ev_nospace && spill_on && spill_ready;   // to the spill path
  wire ev_spill   = (SA == 0) && ev_out;                     // the event's SPC
  wire ev_evict   = (SA != 0) && ev_out;                     // the victim, then the event
  wire counted    = ev_hit || ev_insert || ev_evict;
  wire spill_wait = ev_nospace && spill_on && !spill_ready;  // C holds its op
  wire ev_lose    = ev_nospace && !spill_on;

  assign spill_valid = ev_out;
  assign spill_rec   = (SA != 0);
  assign spill_spc   = (SA != 0) ? {e_key[31:2], e_hot, 1'b1} : c_key_q;
  assign spill_cnt   = e_count32;

  // ---------------------------------------------------------------- slot cache
  // (see the header).  Entries {key, slot, probes}; fills round-robin.
  localparam integer SC  = (SCN > 0) ? SCN : 1;
  localparam integer SCW = (SC > 1) ? $clog2(SC) : 1;
  localparam integer SC_LAST_I = SC - 1;
  localparam [3:0]   SC_LAST   = SC_LAST_I[3:0];

  // Flat vectors, entry e at [e*W +: W]: registers read all at once, not a memory.
  reg [SC-1:0]      sc_valid_q;
  reg [32*SC-1:0]   sc_key_q;
  reg [IB*SC-1:0]   sc_idx_q;
  reg [17*SC-1:0]   sc_probe_q;
  reg [3:0]         sc_next_q;   // the entry the next fill replaces

  // C resolves an event that needed probes and did not come from the cache: a fill.
  // The forms below that read only registers (c_pending_fill) serve the H -> C
  // transfer: an event in C that is not probing or waiting resolves in the cycle H
  // advances, so they are exact there and stay off the path from the RAM.
  wire c_pending_fill = (SCN > 0) && c_event && !c_cached_q && (c_probe_q != 17'd0);
  wire sc_fill        = c_pending_fill && (counted || ev_spill || ev_lose);

  // The op moving into C: an event whose key C resolves this cycle takes that
  // resolution (the forward); else one the cache holds -- not the entry this cycle's
  // fill replaces, which the event after the fill no longer sees -- starts at its slot.
  wire h_event = (h_op_q == P_EVENT);
  wire sc_fwd  = h_event && c_pending_fill && (c_key_q == h_key_q);
  reg           sc_hit;
  reg [IB-1:0]  sc_hit_idx;
  reg [16:0]    sc_hit_probe;
  integer       k;

  always @* begin
    sc_hit       = 1'b0;
    sc_hit_idx   = h_idx_q;
    sc_hit_probe = 17'd0;
    for (k = 0; k < SC; k = k + 1) begin
      if (SCN > 0 && h_event && sc_valid_q[k] && sc_key_q[32*k +: 32] == h_key_q &&
          !(c_pending_fill && sc_next_q == k[3:0])) begin
        sc_hit       = 1'b1;
        sc_hit_idx   = sc_idx_q[IB*k +: IB];
        sc_hit_probe = sc_probe_q[17*k +: 17];
      end
    end
  end

  wire [IB-1:0] x_idx    = sc_fwd ? c_idx_q : sc_hit_idx;
  wire [16:0]   x_probe  = sc_fwd ? c_probe_q : sc_hit_probe;
  wire          x_cached = sc_fwd || sc_hit;

  always @(posedge clk) begin
    if (rst || clr_start) begin
      sc_valid_q <= {SC{1'b0}};
      sc_next_q  <= 4'd0;
    end else if (sc_fill) begin
      sc_valid_q[sc_next_q[SCW-1:0]] <= 1'b1;
      sc_next_q <= (sc_next_q == SC_LAST) ? 4'd0 : sc_next_q + 4'd1;
    end
  end

  integer j;
  always @(posedge clk) begin
    for (j = 0; j < SC; j = j + 1) begin
      if (sc_fill && sc_next_q == j[3:0]) begin
        sc_key_q[32*j +: 32]   <= c_key_q;
        sc_idx_q[IB*j +: IB]   <= c_idx_q;
        sc_probe_q[17*j +: 17] <= c_probe_q;
      end
    end
  end

  // The key's entry counts one more (a full counter stays); a new one starts at 1.
  wire e_full = (e_count == COUNT_MAX);
  wire [CW-1:0] new_count = e_match ? e_count + {{(CW - 1){1'b0}}, ~e_full}
                                    : {{(CW - 1){1'b0}}, 1'b1};
  wire reach  = !e_match ? thr_is1_q : (e_full ? thr_ismax_q : (e_count32 == thr_m1_q));
  wire fire   = counted && !(e_match && e_hot) && thr_on_q && reach;
  wire [ENTRY_W-1:0] new_ent = {(e_match && e_hot) | fire, new_count, c_key_q};

  // The word written back: the entry, and with sets the others and the ages (the way
  // counted becomes 0; the ways in use younger than it, or all of them when it was
  // free, age by one; a victim was the oldest, so all the others age).
  wire [RAM_W-1:0] new_word;

  generate
    if (SA == 0) begin : g_write_linear
      assign new_word = new_ent;
    end else begin : g_write_sets
      reg [RAM_W-1:0] nw;
      reg [AW-1:0]    sel_age;   // the age of the way counted
      integer v;
      always @* begin
        sel_age = ages[AW-1:0];
        for (v = 1; v < NW; v = v + 1) begin
          if (v[WB:0] == sel_way) begin
            sel_age = ages[v * AW +: AW];
          end
        end
        nw = word;
        for (v = 0; v < NW; v = v + 1) begin
          if (v[WB:0] == sel_way) begin
            nw[v * ENTRY_W +: ENTRY_W] = new_ent;
            nw[NW * ENTRY_W + v * AW +: AW] = {AW{1'b0}};
          end else if (word[v * ENTRY_W + 32 +: CW] != {CW{1'b0}} &&
                       (e_free || ages[v * AW +: AW] < sel_age)) begin
            nw[NW * ENTRY_W + v * AW +: AW] = ages[v * AW +: AW] + 1'b1;
          end
        end
      end
      assign new_word = nw;
    end
  endgenerate

  wire clr_start   = c_clear && c_key_q[0];
  wire stats_clear = c_clear && c_key_q[1];
  wire c_accept    = (!c_valid_q || (!probe && !spill_wait)) && !clr_active_q && !clr_start;
  assign h_advance = h_valid_q && c_accept;

  assign ram_we    = clr_active_q || counted;
  wire [IB-1:0] c_next  = probe ? c_idx_q + {{(IB - 1){1'b0}}, 1'b1} :
                         (spill_wait ? c_idx_q : x_idx);
  wire          unused_next = &{1'b0, c_next};  // with sets its way bits are not read
  wire [RA-1:0] c_word  = c_idx_q[IB-1:WB];
  wire [RA-1:0] x_word  = x_idx[IB-1:WB];
  assign ram_waddr = clr_active_q ? clr_idx_q : c_word;
  assign ram_wdata = clr_active_q ? {RAM_W{1'b0}} : new_word;
  assign ram_raddr = c_next[IB-1:WB];

  // C's next index is the address read this cycle: c_idx + 1 while probing, c_idx while
  // waiting for the spill path (and in both cases nothing is written), else x_idx (H's
  // index, or the slot cache's).  So the forwarding test is (written index == x_idx),
  // of registers that do not wait for the probe decision.
  wire fwd_sel_d = clr_active_q ? (clr_idx_q == x_word)
                                 : (counted && (c_word == x_word));

  always @(posedge clk) begin
    if (rst) begin
      fwd_sel_q <= 1'b0;
    end else begin
      fwd_sel_q <= fwd_sel_d;
    end
  end

  always @(posedge clk) begin
    fwd_data_q <= ram_wdata;
  end

  always @(posedge clk) begin
    if (rst) begin
      c_valid_q <= 1'b0;
    end else if (!probe && !spill_wait) begin
      c_valid_q <= h_advance;
    end
  end

  always @(posedge clk) begin
    if (probe) begin
      c_idx_q   <= c_idx_q + {{(IB - 1){1'b0}}, 1'b1};
      c_probe_q <= c_probe_q + 17'd1;
    end else if (h_advance) begin
      c_op_q     <= h_op_q;
      c_key_q    <= h_key_q;
      c_idx_q    <= x_idx;
      c_probe_q  <= x_probe;
      c_cached_q <= x_cached;
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      thr_on_q    <= 1'b0;
      thr_is1_q   <= 1'b0;
      thr_ismax_q <= 1'b0;
      thr_m1_q    <= 32'd0;
    end else if (c_thresh) begin
      thr_on_q    <= (c_key_q != 32'd0);
      thr_is1_q   <= (c_key_q == 32'd1);
      thr_ismax_q <= ({1'b0, c_key_q} == COUNT_MAX33);
      thr_m1_q    <= c_key_q - 32'd1;
    end
  end

  // Table clear: one entry per clock; reset starts one because the RAM has no reset.
  always @(posedge clk) begin
    if (rst) begin
      clr_active_q <= 1'b1;
      clr_idx_q    <= {RA{1'b0}};
    end else if (clr_start) begin
      clr_active_q <= 1'b1;
      clr_idx_q    <= {RA{1'b0}};
    end else if (clr_active_q) begin
      clr_idx_q <= clr_idx_q + {{(RA - 1){1'b0}}, 1'b1};
      if (clr_idx_q == LAST_WORD) begin
        clr_active_q <= 1'b0;
      end
    end
  end

  // Table clears queued but not yet started (BUSY).
  reg [FIFO_LOG2+1:0] clr_queued_q;

  always @(posedge clk) begin
    if (rst) begin
      clr_queued_q <= {(FIFO_LOG2 + 2){1'b0}};
    end else begin
      clr_queued_q <= clr_queued_q + {{(FIFO_LOG2 + 1){1'b0}}, in_table_clear}
                                   - {{(FIFO_LOG2 + 1){1'b0}}, clr_start};
    end
  end

  // Table read results.
  always @(posedge clk) begin
    if (rst) begin
      rs_valid <= 1'b0;
    end else begin
      rs_valid <= c_window || (c_lookup && !probe);
    end
  end

  always @(posedge clk) begin
    rs_lookup <= c_lookup;
    if (c_lookup) begin
      rs_data <= e_match ? e_count32 : 32'd0;
    end else begin
      rs_data <= c_key_q[31] ? e_count32 : e_key;
    end
  end

  // ---------------------------------------------------------------- hot FIFO
  wire              hot_full;
  wire [HOT_LOG2:0] hot_level;
  // A crossing reaches the hot FIFO one cycle after C (off C's critical path).
  reg               fire_q;
  reg  [31:0]       fire_spc_q;
  wire              hot_push = fire_q && !hot_full;
  wire              hot_lost = fire_q && hot_full;

  always @(posedge clk) begin
    if (rst) begin
      fire_q <= 1'b0;
    end else begin
      fire_q <= fire;
    end
  end

  always @(posedge clk) begin
    fire_spc_q <= c_key_q;
  end

  hwprof_fifo #(
    .WIDTH (32),
    .LOG2  (HOT_LOG2)
  ) u_hot_fifo (
    .clk       (clk),
    .rst       (rst),
    .wr_en     (hot_push),
    .wr_data   (fire_spc_q),
    .full      (hot_full),
    .level     (hot_level),
    .out_valid (hot_valid),
    .out_ready (hot_pop),
    .out_data  (hot_spc)
  );

  assign hot_pending = (hot_level != {(HOT_LOG2 + 1){1'b0}});

  // ---------------------------------------------------------------- status
  assign fifo_empty = (q_level == {(FIFO_LOG2 + 1){1'b0}});
  assign fifo_full  = q_full;
  assign busy       = clr_active_q || (clr_queued_q != {(FIFO_LOG2 + 2){1'b0}});
  assign idle       = fifo_empty && !s_valid_q && !h_valid_q && !c_valid_q && !clr_active_q &&
                      !fire_q && !spill_busy;

  // Sticky bits: the pipeline's are cleared when a table clear executes, the input
  // side's when it is accepted, so each is ordered with the events that set it.
  always @(posedge clk) begin
    if (rst) begin
      table_full   <= 1'b0;
      hot_overflow <= 1'b0;
      dropped      <= 1'b0;
    end else begin
      if (clr_start) begin
        table_full   <= 1'b0;
        hot_overflow <= 1'b0;
      end else begin
        table_full   <= table_full || ev_lose || ev_out;
        hot_overflow <= hot_overflow || hot_lost;
      end
      if (in_table_clear) begin
        dropped <= 1'b0;
      end else begin
        dropped <= dropped || (cmd_valid && in_drop);
      end
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      ev_hot        <= 1'b0;
      ev_table_full <= 1'b0;
      ev_lost       <= 1'b0;
    end else begin
      ev_hot        <= hot_push;
      ev_table_full <= ev_lose || ev_out;
      ev_lost       <= hot_lost || (cmd_valid && in_drop) || ev_lose || spill_err;
    end
  end

  // ---------------------------------------------------------------- statistics
  // Input side (cleared when a STATS_CLEAR is accepted)
  reg [31:0] st_events_in_q;
  reg [31:0] st_lost_fifo_q /*verilator public_flat_rd*/;  // the simulator reports drops
  reg [31:0] st_ignored_q;
  reg [31:0] st_stall_q;
  reg [31:0] st_fifo_high_q;
  // Pipeline side (cleared when a STATS_CLEAR reaches stage C)
  reg [31:0] st_events_q;
  reg [31:0] st_lost_table_q;
  reg [31:0] st_hot_q;
  reg [31:0] st_hot_lost_q;
  reg [31:0] st_probes_q;
  reg [31:0] st_max_probe_q;
  reg [31:0] st_spilled_q;
  reg [31:0] st_spill_err_q;
  reg [31:0] st_evicted_q;
  // Table state
  reg [IB:0] st_occupied_q;      // at most 2^INDEX_BITS
  reg [63:0] cycles_q /*verilator public_flat_rw*/;  // the simulator skips idle cycles

  wire [31:0] q_level32 = {{(31 - FIFO_LOG2){1'b0}}, q_level};

  always @(posedge clk) begin
    if (rst || in_stats_clear) begin
      st_events_in_q <= 32'd0;
      st_lost_fifo_q <= 32'd0;
      st_ignored_q   <= 32'd0;
      st_stall_q     <= 32'd0;
      st_fifo_high_q <= rst ? 32'd0 : q_level32;
    end else begin
      if (q_push && in_event) begin
        st_events_in_q <= sat_inc(st_events_in_q);
      end
      if (cmd_valid && in_drop) begin
        st_lost_fifo_q <= sat_inc(st_lost_fifo_q);
      end
      if (cmd_valid && in_ignore) begin
        st_ignored_q <= sat_inc(st_ignored_q);
      end
      if (cmd_valid && !cmd_ready) begin
        st_stall_q <= sat_inc(st_stall_q);
      end
      if (q_level32 > st_fifo_high_q) begin
        st_fifo_high_q <= q_level32;
      end
    end
  end

  always @(posedge clk) begin
    if (rst || stats_clear) begin
      st_events_q     <= 32'd0;
      st_lost_table_q <= 32'd0;
      st_hot_q        <= 32'd0;
      st_hot_lost_q   <= 32'd0;
      st_probes_q     <= 32'd0;
      st_max_probe_q  <= 32'd0;
      st_spilled_q    <= 32'd0;
      st_spill_err_q  <= 32'd0;
      st_evicted_q    <= 32'd0;
    end else begin
      if (counted) begin
        st_events_q <= sat_inc(st_events_q);
      end
      if (ev_lose) begin
        st_lost_table_q <= sat_inc(st_lost_table_q);
      end
      if (ev_spill) begin
        st_spilled_q <= sat_inc(st_spilled_q);
      end
      if (spill_err) begin
        st_spill_err_q <= sat_inc(st_spill_err_q);
      end
      if (ev_evict) begin
        st_evicted_q <= sat_inc(st_evicted_q);
      end
      if (fire_q) begin
        st_hot_q <= sat_inc(st_hot_q);
      end
      if (hot_lost) begin
        st_hot_lost_q <= sat_inc(st_hot_lost_q);
      end
      if (probe && c_event) begin
        st_probes_q <= sat_inc(st_probes_q);
      end
      if ((counted || ev_lose || ev_spill) && {15'd0, c_probe_q} > st_max_probe_q) begin
        st_max_probe_q <= {15'd0, c_probe_q};
      end
    end
  end

  always @(posedge clk) begin
    if (rst || clr_start) begin
      st_occupied_q <= {(IB + 1){1'b0}};
    end else if (ev_insert) begin
      st_occupied_q <= st_occupied_q + {{IB{1'b0}}, 1'b1};
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      cycles_q <= 64'd0;
    end else begin
      // Two 32-bit halves: the high half counts when the low one wraps, so no carry
      // chain is longer than 32 bits.
      cycles_q[31:0] <= cycles_q[31:0] + 32'd1;
      if (cycles_q[31:0] == 32'hFFFF_FFFF) begin
        cycles_q[63:32] <= cycles_q[63:32] + 32'd1;
      end
    end
  end

  // STATS = 0 keeps only the losses (LOST_FIFO, LOST_TABLE, HOT_LOST, SPILL_ERRORS).
  localparam MEASURE = (STATS != 0);

  assign cycles_hi    = MEASURE ? cycles_q[63:32] : 32'd0;
  assign stat_evicted = MEASURE ? st_evicted_q : 32'd0;

  always @* begin
    case (stat_sel)
      4'd0:    stat_data = MEASURE ? st_events_in_q : 32'd0;
      4'd1:    stat_data = MEASURE ? st_events_q : 32'd0;
      4'd2:    stat_data = st_lost_fifo_q;
      4'd3:    stat_data = st_lost_table_q;
      4'd4:    stat_data = MEASURE ? st_ignored_q : 32'd0;
      4'd5:    stat_data = MEASURE ? st_hot_q : 32'd0;
      4'd6:    stat_data = st_hot_lost_q;
      4'd7:    stat_data = MEASURE ? st_probes_q : 32'd0;
      4'd8:    stat_data = MEASURE ? st_max_probe_q : 32'd0;
      4'd9:    stat_data = MEASURE ? {{(31 - IB){1'b0}}, st_occupied_q} : 32'd0;
      4'd10:   stat_data = MEASURE ? st_fifo_high_q : 32'd0;
      4'd11:   stat_data = MEASURE ? st_stall_q : 32'd0;
      4'd12:   stat_data = MEASURE ? cycles_q[31:0] : 32'd0;
      4'd13:   stat_data = MEASURE ? cycles_q[63:32] : 32'd0;
      4'd14:   stat_data = MEASURE ? st_spilled_q : 32'd0;
      default: stat_data = st_spill_err_q;
    endcase
  end

`ifdef HWPROF_ASSERT
`include "hwprof_check.vh"
  // Invariants of the pipeline.
  always @(posedge clk) begin
    if (!rst) begin
      `HWPROF_CHECK(!(clr_active_q && c_valid_q),
          "hwprof_core: op in C during clear");
      `HWPROF_CHECK(!(probe && h_advance),
          "hwprof_core: H advanced during a probe");
      `HWPROF_CHECK(!(spill_wait && h_advance),
          "hwprof_core: H advanced during a spill wait");
      `HWPROF_CHECK(!(ram_we && !clr_active_q && !c_event),
          "hwprof_core: table write without an event");
      `HWPROF_CHECK({{(31 - IB){1'b0}}, st_occupied_q} <= (32'd1 << IB),
          "hwprof_core: occupancy overflow");
      `HWPROF_CHECK(c_probe_q <= LAST_PROBE || !c_valid_q,
          "hwprof_core: probe overrun");
      `HWPROF_CHECK(!s_valid_q || h_valid_q,
          "hwprof_core: skid full with H empty");
      `HWPROF_CHECK(fwd_sel_d == (ram_we && ram_waddr == ram_raddr),
          "hwprof_core: forwarding select disagrees with the addresses");
      // The slot cache is always right: an event it sent to a slot finds its key there,
      // or (a key with no slot) an occupied slot at the last probe; and it never probes.
      `HWPROF_CHECK(!(c_event && c_cached_q) || e_match || (collide && last_probe),
          "hwprof_core: the slot cache sent an event to a slot that does not hold its key");
    end
  end

  // Every event the queue accepts leaves stage C exactly once: counted, spilled or
  // (spilling off) lost.  Ghost counters of the events accepted, resolved, and waiting
  // in the queue and the pipeline: accepted = resolved + waiting, every cycle.  The
  // statistics software reads say the same while no STATS_CLEAR has been accepted
  // since reset: EVENTS_IN = EVENTS + SPILLED + LOST_TABLE + waiting.
  reg  [31:0] g_accepted_q;
  reg  [31:0] g_resolved_q;
  reg  [31:0] g_queued_q;
  reg         g_stats_kept_q;
  wire        g_push     = q_push && in_event;
  wire        g_pop      = q_out_ready && q_out_valid && (q_out_data[33:32] == OP_EVENT);
  wire        g_resolve  = counted || ev_spill || ev_lose;
  wire [31:0] g_pipe     = {31'd0, s_valid_q && s_op_q == P_EVENT} +
                           {31'd0, h_valid_q && h_op_q == P_EVENT} +
                           {31'd0, c_valid_q && c_op_q == P_EVENT};
  wire [31:0] g_waiting  = g_queued_q + g_pipe;

  always @(posedge clk) begin
    if (rst) begin
      g_accepted_q   <= 32'd0;
      g_resolved_q   <= 32'd0;
      g_queued_q     <= 32'd0;
      g_stats_kept_q <= 1'b1;
    end else begin
      g_accepted_q   <= g_accepted_q + {31'd0, g_push};
      g_resolved_q   <= g_resolved_q + {31'd0, g_resolve};
      g_queued_q     <= g_queued_q + {31'd0, g_push} - {31'd0, g_pop};
      g_stats_kept_q <= g_stats_kept_q && !in_stats_clear;
    end
  end

  always @(posedge clk) begin
    if (!rst) begin
      `HWPROF_CHECK(g_accepted_q == g_resolved_q + g_waiting,
          "hwprof_core: an accepted event was dropped or counted twice");
      `HWPROF_CHECK(!(c_event && !probe && !spill_wait && !g_resolve),
          "hwprof_core: an event left stage C unresolved");
      `HWPROF_CHECK(!g_stats_kept_q ||
                    st_events_in_q == st_events_q + st_spilled_q + st_lost_table_q + g_waiting,
          "hwprof_core: the statistics do not account for every event");
      `HWPROF_CHECK(!idle || g_waiting == 32'd0,
          "hwprof_core: idle with an event waiting");
    end
  end
`endif

endmodule

`default_nettype wire
