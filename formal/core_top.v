// core_top - the proof harness of hwprof_core alone (formal/formal.mk, proof "core").
//
// The core with small parameters and every input free, except that the proof starts
// in reset.  What it proves are the core's own properties (rtl/hwprof_core.v and
// rtl/hwprof_fifo.v, `HWPROF_CHECK): every accepted event leaves stage C exactly
// once, counted, spilled or lost; the statistics account for every event; the
// pipeline never overruns or forwards the wrong word; the FIFOs never overflow.  With
// WAYS != 0 (the proof "core-sets") the same for the set-associative table.
`default_nettype none

module core_top #(
  parameter integer MAX_PROBE = 3,
  parameter integer WAYS      = 0
) (
  input wire        clk,
  input wire        rst,
  input wire        enable,
  input wire        freeze,
  input wire        drop_on_full,
  input wire        spill_on,
  input wire        cmd_valid,
  input wire [1:0]  cmd_op,
  input wire [31:0] cmd_data,
  input wire        rq_valid,
  input wire        rq_lookup,
  input wire [31:0] rq_data,
  input wire        hot_pop,
  input wire        tap_ready,
  input wire        spill_ready,
  input wire        spill_busy,
  input wire        spill_err,
  input wire [3:0]  stat_sel
);

  reg started_q = 1'b0;
  always @(posedge clk) begin
    started_q <= 1'b1;
  end
  always @* begin
    if (!started_q) begin
      assume (rst);
    end
  end

  hwprof_core #(
    .FIFO_LOG2   (1),
    .HOT_LOG2    (1),
    .INDEX_BITS  (4),
    .HASH        (0),
    .MAX_PROBE   (MAX_PROBE),
    .COUNT_WIDTH (4),
    .WAYS        (WAYS)
  ) u_core (
    .clk (clk), .rst (rst), .enable (enable), .freeze (freeze),
    .drop_on_full (drop_on_full), .spill_on (spill_on),
    .spill_valid (), .spill_ready (spill_ready), .spill_spc (), .spill_rec (), .spill_cnt (),
    .spill_busy (spill_busy),
    .spill_err (spill_err),
    .cmd_valid (cmd_valid), .cmd_ready (), .cmd_op (cmd_op), .cmd_data (cmd_data),
    .cmd_weight (8'd0),
    .rq_valid (rq_valid), .rq_ready (), .rq_lookup (rq_lookup), .rq_data (rq_data),
    .rs_valid (), .rs_lookup (), .rs_data (),
    .tap_valid (), .tap_ready (tap_ready), .tap_op (), .tap_data (), .tap_weight (),
    .hot_pop (hot_pop), .hot_valid (), .hot_pending (), .hot_spc (),
    .fifo_empty (), .fifo_full (), .busy (), .idle (), .table_full (), .hot_overflow (),
    .dropped (), .ev_hot (), .ev_table_full (), .ev_lost (),
    .stat_sel (stat_sel), .stat_data (), .stat_evicted (), .cycles_hi ()
  );

endmodule

`default_nettype wire
