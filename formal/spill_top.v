// spill_top - the proof harness of hwprof_spill alone (formal/formal.mk, proof "spill").
//
// The spill path with every input free, except that the proof starts in reset, the
// ring's configuration holds still (the bus slave takes SPILL_BASE and SPILL_SIZE
// only while the IP is idle) and is a legal one, and TAIL moves only forward to at
// most HEAD (the slave refuses anything else).  The memory behind the AXI4 master
// keeps the protocol (rtl/hwprof_spill.v, `HWPROF_ENV).  What it proves: the
// master keeps AW and W still until their handshakes, issues no write outside the
// ring and never overruns it, and every SPC taken is written exactly once.  With
// RECORDS = 1 (the proof "spill-rec"), two-word records too (the set-associative
// table's evicted entries): the same, and HEAD passes a record only whole.
`default_nettype none

module spill_top #(
  parameter integer RECORDS = 0
) (
  input wire        clk,
  input wire        rst,
  input wire [31:0] base,
  input wire [4:0]  size_log2,
  input wire [31:0] tail_step,
  input wire        spill_valid,
  input wire [31:0] spill_spc,
  input wire        spill_rec,
  input wire [31:0] spill_cnt,
  input wire        m_axi_awready,
  input wire        m_axi_wready,
  input wire [1:0]  m_axi_bresp,
  input wire        m_axi_bvalid
);

  reg started_q = 1'b0;
  always @(posedge clk) begin
    started_q <= 1'b1;
  end

  // The configuration: constant after reset, SIZE 0 or 2^1..2^24, BASE word-aligned.
  reg  [31:0] base_q;
  reg  [4:0]  size_log2_q;
  wire [31:0] size = (size_log2_q == 5'd0) ? 32'd0 : (32'd1 << size_log2_q);
  reg  [31:0] tail_q;
  wire [31:0] head;

  always @(posedge clk) begin
    if (rst) begin
      base_q      <= {base[31:2], 2'b00};
      size_log2_q <= size_log2;
      tail_q      <= 32'd0;
    end else if (tail_step <= head - tail_q) begin
      tail_q <= tail_q + tail_step;
    end
  end

  always @* begin
    if (!started_q) begin
      assume (rst);
    end
    assume (size_log2 <= 5'd24);
  end

  hwprof_spill #(
    .LOG2    (2),
    .RECORDS (RECORDS)
  ) u_spill (
    .clk (clk), .rst (rst),
    .base (base_q), .size (size), .tail (tail_q), .ring_reset (1'b0),
    .spill_valid (spill_valid), .spill_ready (), .spill_spc (spill_spc),
    .spill_rec (spill_rec && RECORDS != 0), .spill_cnt (spill_cnt),
    .head (head), .ring_full (), .busy (), .done_pulse (), .err_pulse (),
    .m_axi_awaddr (), .m_axi_awlen (), .m_axi_awsize (), .m_axi_awburst (), .m_axi_awcache (),
    .m_axi_awprot (), .m_axi_awvalid (), .m_axi_awready (m_axi_awready),
    .m_axi_wdata (), .m_axi_wstrb (), .m_axi_wlast (), .m_axi_wvalid (),
    .m_axi_wready (m_axi_wready), .m_axi_bresp (m_axi_bresp), .m_axi_bvalid (m_axi_bvalid),
    .m_axi_bready ()
  );

endmodule

`default_nettype wire
