// hwprof_edge - the indirect-edge table: a count per (source block, target block).
//
// The core hands over every command it takes from its queue, in bus order (the tap).
// The edge former here remembers the last event word: when the next event follows a
// block whose flags say "ends in an indirect jump" (HWPROF_EVENT_INDIRECT, bits 1:0 of
// the event word) -- or any block at all in ALL mode -- the pair (that block's SPC, this
// one's) is an edge traversal.  The table counts each distinct edge in one word of
// block RAM, {src, dst, hot, count}, found by hashing the pair and probing linearly;
// count == 0 marks an empty slot.  A traversal costs two cycles, plus one per slot
// probed; a small queue in front of the table absorbs bursts, and when it is full the
// core's queue waits (nothing is dropped).
//
// An edge whose count becomes equal to the edge threshold goes to the edge hot FIFO
// (once per entry, as the block table's hot SPCs do).  An edge that finds every slot
// taken by other edges is lost and counted (lost_pulse, stat_lost): an alarm that must
// read 0.  Software keeps it there by draining: IRQ_EDGE rises at EDGE_MARK entries in
// use, and the handler, once the IP is idle, reads the table, adds the counts to its
// own and writes CTRL.EDGE_CLEAR.
//
// Order.  EDGE_CTRL (threshold and ALL), CTRL.CLEAR, CTRL.EDGE_CLEAR and
// CTRL.STATS_CLEAR travel in the core's queue and reach the tap in bus order with the
// events, so they apply exactly between the events written before and after them.  A
// clear empties the table one entry a cycle (2^BITS cycles; reset does the same,
// because block RAM has no reset).  The former's last event survives a clear: the
// first event after it still ends an edge, which is counted after the clear.
//
// Parameters
//   BITS        (default 8)   table entries = 2^BITS, 1..10
//   COUNT_WIDTH (default 32)  counter bits; a count saturates at 2^COUNT_WIDTH - 1
//   QUEUE_LOG2  (default 4)   edge queue depth 2^n
//   HOT_LOG2    (default 4)   edge hot FIFO depth 2^n
`default_nettype none

module hwprof_edge #(
  parameter integer BITS        = 8,
  parameter integer COUNT_WIDTH = 32,
  parameter integer QUEUE_LOG2  = 4,
  parameter integer HOT_LOG2    = 4
) (
  input  wire                   clk,
  input  wire                   rst,

  // The core's queue, as it takes each command (hwprof_core's cmd_op encoding; op 3 is
  // EDGE_CTRL).  A command is taken when tap_valid && tap_ready.
  input  wire                   tap_valid,
  output wire                   tap_ready,
  input  wire [1:0]             tap_op,
  input  wire [31:0]            tap_data,

  // Read entry rd_index: accepted when rd_valid && rd_ready, answered the next cycle
  // (0s for an empty slot).
  input  wire                   rd_valid,
  output wire                   rd_ready,
  input  wire [BITS-1:0]        rd_index,
  output wire [31:0]            rd_src,
  output wire [31:0]            rd_dst,
  output wire [31:0]            rd_count,

  // Hot edges, oldest first; hot_pop removes the head.
  input  wire                   hot_pop,
  output wire                   hot_valid,
  output wire [31:0]            hot_src,
  output wire [31:0]            hot_dst,

  output wire                   idle,
  output reg  [BITS:0]          used,          // entries in use
  output reg  [31:0]            stat_edges,    // traversals counted (saturating)
  output reg  [31:0]            stat_lost,     // traversals lost: the table was full
  output reg  [31:0]            stat_hot_lost, // crossings lost: the hot FIFO was full
  output reg                    lost_pulse,
  output reg                    hot_pulse      // an edge entered the hot FIFO
);

  localparam [1:0] OP_EVENT = 2'd0;
  localparam [1:0] OP_CLEAR = 2'd2;
  localparam [1:0] OP_EDGE  = 2'd3;

  localparam [1:0] K_EDGE  = 2'd0;
  localparam [1:0] K_CTRL  = 2'd1;
  localparam [1:0] K_CLEAR = 2'd2;

  localparam integer CW = COUNT_WIDTH;
  localparam integer W  = 65 + CW;    // {src, dst, hot, count}
  localparam integer QW = 66;         // {kind, a, b}
  localparam [BITS:0]   ENTRIES    = {1'b1, {BITS{1'b0}}};
  localparam [BITS-1:0] LAST_INDEX = {BITS{1'b1}};
  localparam [CW-1:0]   CMAX       = {CW{1'b1}};
  localparam [30:0]     THR_RESET  = 31'd5000;   // HWPROF_EDGE_CTRL_RESET
  localparam [32:0]     CMAX33     = (33'd1 << CW) - 33'd1;

  generate
    if (BITS < 1 || BITS > 10) begin : g_check_bits
      hwprof_error_EDGE_BITS_must_be_1_to_10 u_error ();
    end
  endgenerate

  // ---------------------------------------------------------------- the former
  reg [31:0] prev_q;        // the last event word (SPC | flags)
  reg        prev_valid_q;
  reg        all_q;         // ALL mode, as of the commands taken so far

  wire       q_full;
  wire       t_fire  = tap_valid && tap_ready;
  wire       t_event = (tap_op == OP_EVENT);
  wire       t_edge  = t_event && prev_valid_q &&
                       (all_q || prev_q[1:0] == 2'b01 /* HWPROF_EVENT_INDIRECT */);
  wire       t_clear = (tap_op == OP_CLEAR) && (tap_data[0] || tap_data[1] || tap_data[2]);
  wire       t_ctrl  = (tap_op == OP_EDGE);
  wire       q_push  = t_fire && (t_edge || t_clear || t_ctrl);
  wire [1:0] q_kind  = t_edge ? K_EDGE : (t_ctrl ? K_CTRL : K_CLEAR);

  assign tap_ready = !q_full;

  always @(posedge clk) begin
    if (rst) begin
      prev_valid_q <= 1'b0;
      all_q        <= 1'b0;
    end else if (t_fire) begin
      if (t_event) begin
        prev_valid_q <= 1'b1;
      end
      if (t_ctrl) begin
        all_q <= tap_data[31];
      end
    end
  end

  always @(posedge clk) begin
    if (t_fire && t_event) begin
      prev_q <= tap_data;
    end
  end

  wire          q_valid;
  wire          q_pop;
  wire [QW-1:0] q_data;
  wire [QUEUE_LOG2:0] q_level;
  wire          unused_level = &{1'b0, q_level};

  hwprof_fifo #(
    .WIDTH  (QW),
    .LOG2   (QUEUE_LOG2),
    .LUTRAM (1)
  ) u_queue (
    .clk       (clk),
    .rst       (rst),
    .wr_en     (q_push),
    .wr_data   ({q_kind, t_edge ? {prev_q[31:2], 2'b00} : tap_data, {tap_data[31:2], 2'b00}}),
    .full      (q_full),
    .level     (q_level),
    .out_valid (q_valid),
    .out_ready (q_pop),
    .out_data  (q_data)
  );

  wire [1:0]  i_kind = q_data[65:64];
  wire [31:0] i_a    = q_data[63:32];
  wire [31:0] i_b    = q_data[31:0];

  // ---------------------------------------------------------------- hash
  // Fold (src >> 2) ^ (dst >> 2 rotated right by 16 of its 30 bits) to BITS bits by XOR.
  wire [29:0] hx = i_a[31:2] ^ {i_b[17:2], i_b[31:18]};
  // Bit i of h is the XOR of hx[i], hx[i + BITS], hx[i + 2*BITS], ...: the XOR of hx's
  // BITS-bit slices, taken a slice at a time (a bit at a time is the same logic, but 30
  // steps for the simulation to evaluate in every cycle).
  reg  [BITS-1:0] h;
  reg  [29:0]     hx_s;
  integer hb;
  always @* begin
    h    = {BITS{1'b0}};
    hx_s = hx;
    for (hb = 0; hb < (30 + BITS - 1) / BITS; hb = hb + 1) begin
      h    = h ^ hx_s[BITS-1:0];
      hx_s = hx_s >> BITS;
    end
  end

  // ---------------------------------------------------------------- table
  localparam [1:0] S_CLEAR = 2'd0;
  localparam [1:0] S_IDLE  = 2'd1;
  localparam [1:0] S_CMP   = 2'd2;

  reg [1:0]      state_q;
  reg [BITS-1:0] i_q;        // the slot being compared (S_CMP), being cleared (S_CLEAR)
  reg [BITS:0]   n_q;        // slots examined before it
  reg [31:0]     src_q;
  reg [31:0]     dst_q;
  // The edge threshold in force, kept in the forms the compare needs, so that "count +
  // 1 == threshold" is decided beside the adder, not after it (as hwprof_core does).
  reg            thr_on_q;   // threshold != 0
  reg            thr_is1_q;  // threshold == 1
  reg            thr_ismax_q; // threshold == the saturated count
  reg [31:0]     thr_m1_q;   // threshold - 1
  reg            rd_live_q;

  wire          we;
  wire [BITS-1:0] waddr;
  wire [W-1:0]  wdata;
  wire [BITS-1:0] raddr;
  wire [W-1:0]  rdata;

  hwprof_sdpram #(
    .DATA_W (W),
    .ADDR_W (BITS)
  ) u_ram (
    .clk   (clk),
    .we    (we),
    .waddr (waddr),
    .wdata (wdata),
    .re    (1'b1),
    .raddr (raddr),
    .rdata (rdata)
  );

  wire [31:0]   e_src   = rdata[W-1:W-32];
  wire [31:0]   e_dst   = rdata[W-33:W-64];
  wire          e_hot   = rdata[CW];
  wire [CW-1:0] e_count = rdata[CW-1:0];
  wire          e_empty = (e_count == {CW{1'b0}});
  wire          cmp     = (state_q == S_CMP);
  wire          hit     = cmp && !e_empty && e_src == src_q && e_dst == dst_q;
  wire          insert  = cmp && e_empty;
  wire          nospace = cmp && !e_empty && !hit && n_q == ENTRIES - 1'b1;
  wire          probe   = cmp && !e_empty && !hit && !nospace;
  wire          counted = hit || insert;

  wire [31:0]   e_count32;
  generate
    if (CW == 32) begin : g_e_count32
      assign e_count32 = e_count;
    end else begin : g_e_count_ext
      assign e_count32 = {{(32 - CW){1'b0}}, e_count};
    end
  endgenerate
  wire          e_full    = (e_count == CMAX);
  wire [CW-1:0] new_count = e_empty ? {{(CW - 1){1'b0}}, 1'b1}
                                    : e_count + {{(CW - 1){1'b0}}, !e_full};
  wire          reach     = e_empty ? thr_is1_q : (e_full ? thr_ismax_q : (e_count32 == thr_m1_q));
  wire          fire      = counted && !(hit && e_hot) && thr_on_q && reach;

  wire at_rest = (state_q == S_IDLE);
  assign rd_ready = at_rest;
  wire rd_fire = rd_valid && rd_ready;
  // The queue's head is taken at rest when the bus does not read this cycle, and a
  // clear empties the table after it.
  assign q_pop = at_rest && !rd_fire && q_valid;
  wire   start_edge  = q_pop && i_kind == K_EDGE;
  wire   start_clear = q_pop && i_kind == K_CLEAR && (i_a[0] || i_a[2]);
  wire   stats_clear = q_pop && i_kind == K_CLEAR && i_a[1];

  assign raddr = rd_fire ? rd_index : (start_edge ? h : i_q + 1'b1);
  assign we    = (state_q == S_CLEAR) || counted;
  assign waddr = i_q;
  assign wdata = (state_q == S_CLEAR) ? {W{1'b0}}
                                      : {src_q, dst_q, (hit && e_hot) || fire, new_count};

  always @(posedge clk) begin
    if (rst) begin
      state_q    <= S_CLEAR;
      i_q        <= {BITS{1'b0}};
      used       <= {(BITS + 1){1'b0}};
      thr_on_q    <= 1'b1;
      thr_is1_q   <= 1'b0;
      thr_ismax_q <= 1'b0;
      thr_m1_q    <= {1'b0, THR_RESET} - 32'd1;
      lost_pulse <= 1'b0;
    end else begin
      lost_pulse <= nospace;
      case (state_q)
        S_CLEAR: begin
          i_q <= i_q + 1'b1;
          if (i_q == LAST_INDEX) begin
            state_q <= S_IDLE;
          end
        end
        S_IDLE: begin
          if (start_edge) begin
            state_q <= S_CMP;
            i_q     <= h;
            n_q     <= {(BITS + 1){1'b0}};
          end else if (start_clear) begin
            state_q <= S_CLEAR;
            i_q     <= {BITS{1'b0}};
            used    <= {(BITS + 1){1'b0}};
          end
          if (q_pop && i_kind == K_CTRL) begin
            thr_on_q    <= (i_a[30:0] != 31'd0);
            thr_is1_q   <= (i_a[30:0] == 31'd1);
            thr_ismax_q <= ({2'b00, i_a[30:0]} == CMAX33);
            thr_m1_q    <= {1'b0, i_a[30:0]} - 32'd1;
          end
        end
        default: begin   // S_CMP
          if (probe) begin
            i_q <= i_q + 1'b1;
            n_q <= n_q + 1'b1;
          end else begin
            state_q <= S_IDLE;
          end
          if (insert) begin
            used <= used + 1'b1;
          end
        end
      endcase
    end
  end

  always @(posedge clk) begin
    if (start_edge) begin
      src_q <= i_a;
      dst_q <= i_b;
    end
  end

  always @(posedge clk) begin
    if (rst || stats_clear) begin
      stat_edges    <= 32'd0;
      stat_lost     <= 32'd0;
      stat_hot_lost <= 32'd0;
    end else begin
      if (counted && stat_edges != 32'hFFFF_FFFF) begin
        stat_edges <= stat_edges + 32'd1;
      end
      if (nospace && stat_lost != 32'hFFFF_FFFF) begin
        stat_lost <= stat_lost + 32'd1;
      end
      if (fire_q && hot_full && stat_hot_lost != 32'hFFFF_FFFF) begin
        stat_hot_lost <= stat_hot_lost + 32'd1;
      end
    end
  end

  // ---------------------------------------------------------------- bus reads
  always @(posedge clk) begin
    if (rst) begin
      rd_live_q <= 1'b0;
    end else begin
      rd_live_q <= rd_fire;
    end
  end


  wire rd_show = rd_live_q && !e_empty;
  assign rd_src   = rd_show ? e_src : 32'd0;
  assign rd_dst   = rd_show ? e_dst : 32'd0;
  assign rd_count = rd_show ? e_count32 : 32'd0;

  // ---------------------------------------------------------------- hot FIFO
  // A crossing reaches the FIFO one cycle after the compare.
  reg         fire_q;
  reg  [63:0] fire_pair_q;
  wire        hot_full;
  wire [HOT_LOG2:0] hot_level;
  wire        unused_hot_level = &{1'b0, hot_level};
  wire [63:0] hot_data;

  always @(posedge clk) begin
    if (rst) begin
      fire_q    <= 1'b0;
      hot_pulse <= 1'b0;
    end else begin
      fire_q    <= fire;
      hot_pulse <= fire_q && !hot_full;
    end
    fire_pair_q <= {src_q, dst_q};
  end

  hwprof_fifo #(
    .WIDTH  (64),
    .LOG2   (HOT_LOG2),
    .LUTRAM (1)
  ) u_hot (
    .clk       (clk),
    .rst       (rst),
    .wr_en     (fire_q && !hot_full),
    .wr_data   (fire_pair_q),
    .full      (hot_full),
    .level     (hot_level),
    .out_valid (hot_valid),
    .out_ready (hot_pop),
    .out_data  (hot_data)
  );

  assign hot_src = hot_valid ? hot_data[63:32] : 32'd0;
  assign hot_dst = hot_valid ? hot_data[31:0] : 32'd0;

  assign idle = at_rest && !q_valid && !fire_q;

`ifdef HWPROF_ASSERT
`include "hwprof_check.vh"
  // Every traversal taken from the queue is placed exactly once -- counted or lost,
  // and lost only when every slot holds another edge -- and the table holds no more
  // entries than it has.
  reg  g_inflight_q;
  wire g_placed = counted || nospace;

  always @(posedge clk) begin
    if (rst) begin
      g_inflight_q <= 1'b0;
    end else begin
      g_inflight_q <= (g_inflight_q && !g_placed) || start_edge;
    end
    if (!rst) begin
      `HWPROF_CHECK(!(g_placed && !g_inflight_q),
        "hwprof_edge: a traversal placed that was never taken");
      `HWPROF_CHECK(g_inflight_q == cmp,
        "hwprof_edge: comparing without a traversal, or a traversal without a compare");
      `HWPROF_CHECK(used <= ENTRIES, "hwprof_edge: more entries in use than the table has");
      `HWPROF_CHECK(!(nospace && used != ENTRIES),
        "hwprof_edge: a traversal lost while the table had room");
      `HWPROF_CHECK(!(rd_fire && q_pop), "hwprof_edge: a bus read and a traversal at once");
      `HWPROF_CHECK(!(rd_fire && !at_rest),
        "hwprof_edge: a table read during a compare or a clear");
    end
  end
`endif

endmodule

`default_nettype wire
