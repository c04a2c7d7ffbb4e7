// hwprof_cct - call and return packets for calling-context trees, written to a ring in RAM.
//
// The core hands over every command it takes from its queue, in bus order (the tap,
// as for hwprof_edge), with each event's weight: the data byte of the probe's store
// into the EVENT window, which the translator sets to the block's guest instruction
// count (driver/hwprof_regs.h, "Call and return packets").  While the ring is on
// (CCT_SIZE != 0) the former here keeps two running totals, BLOCKS (events) and
// INSNS (weights), and remembers the last event word.  When the next event follows a
// block whose flags say it ended in a call, a return or another indirect jump (bits
// 1:0 of its event word != HWPROF_EVENT_PLAIN), it emits one packet of four words:
//
//   +0  the flagged event word (SPC | flags)    +4  this event's SPC (where it went)
//   +8  BLOCKS                                  +12 INSNS
//
// the totals counting the flagged block and not this one; then it counts this event.
// The words go, in order, to a second instance of the spill ring's writer
// (hwprof_spill): one single-beat AXI write each, at CCT_BASE + 4 * (HEAD mod SIZE),
// waiting while the ring is full (HEAD - TAIL == SIZE words) -- so nothing is lost:
// the former waits, the core's queue fills and the CPU's EVENT writes are held.  A
// ring write answered with an error loses its word (err_pulse; the packets after it
// are out of step, and software must treat the stream as broken: STAT_CCT_ERRORS).
// SIZE is a multiple of 4, so a packet never wraps.
//
// Software drains the ring (IRQ_CCT at CCT_MARK words), takes differences of the
// totals between packets as each context's costs, and reads the totals themselves
// (CCT_BLOCKS, CCT_INSNS) at the end for the costs after the last packet.  Writing
// CCT_BASE or CCT_SIZE (only while the IP is idle) starts afresh: HEAD, TAIL, the
// totals and the last event word are cleared.
//
// Parameters
//   LOG2 (default 4)  the word FIFO in front of the ring's writer, 2^n words
`default_nettype none

module hwprof_cct #(
  parameter integer LOG2 = 4
) (
  input  wire        clk,
  input  wire        rst,

  input  wire [31:0] base,        // byte address, bits 1:0 zero
  input  wire [31:0] size,        // words: 0 (off) or a power of two, 4 .. 2^24
  input  wire [31:0] tail,
  input  wire        restart,     // BASE or SIZE written while idle

  // The core's queue, as it takes each command (hwprof_core's cmd_op encoding).
  input  wire        tap_valid,
  output wire        tap_ready,
  input  wire [1:0]  tap_op,
  input  wire [31:0] tap_data,
  input  wire [7:0]  tap_weight,

  output wire [31:0] head,
  output wire        ring_full,
  output reg  [31:0] blocks,
  output reg  [31:0] insns,
  output wire        busy,        // a packet being emitted, queued or in flight
  output wire        err_pulse,   // a ring write answered an error: its word is lost

  // AXI4 write master
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
  output wire        m_axi_bready
);

  localparam [1:0] OP_EVENT = 2'd0;
  localparam [1:0] PLAIN    = 2'd0;

  wire        on = (size != 32'd0);
  reg [31:0]  prev_q;       // the last event word
  reg         prev_valid_q;
  reg [127:0] pkt_q;        // the packet being emitted, word 0 in the low bits
  reg [2:0]   left_q;       // its words still to emit, 0..4

  wire word_valid;
  wire word_ready;
  wire ring_busy;
  wire unused_done;

  // An event waits while a packet is being emitted; other commands pass.
  assign tap_ready  = !on || left_q == 3'd0 || tap_op != OP_EVENT;
  wire   take       = on && tap_valid && tap_ready && tap_op == OP_EVENT;
  wire   flagged    = prev_valid_q && prev_q[1:0] != PLAIN;
  assign word_valid = left_q != 3'd0;
  assign busy       = word_valid || ring_busy;

  always @(posedge clk) begin
    if (rst || restart) begin
      prev_q       <= 32'd0;
      prev_valid_q <= 1'b0;
      left_q       <= 3'd0;
      blocks       <= 32'd0;
      insns        <= 32'd0;
    end else if (take) begin
      if (flagged) begin
        pkt_q  <= {insns, blocks, tap_data[31:2], 2'b00, prev_q};
        left_q <= 3'd4;
      end
      prev_q       <= tap_data;
      prev_valid_q <= 1'b1;
      blocks       <= blocks + 32'd1;
      insns        <= insns + {24'd0, tap_weight};
    end else if (word_valid && word_ready) begin
      pkt_q  <= {32'd0, pkt_q[127:32]};
      left_q <= left_q - 3'd1;
    end
  end

  hwprof_spill #(
    .LOG2 (LOG2)
  ) u_ring (
    .clk           (clk),
    .rst           (rst),
    .base          (base),
    .size          (size),
    .tail          (tail),
    .ring_reset    (restart),
    .spill_valid   (word_valid),
    .spill_ready   (word_ready),
    .spill_spc     (pkt_q[31:0]),
    .spill_rec     (1'b0),
    .spill_cnt     (32'd0),
    .head          (head),
    .ring_full     (ring_full),
    .busy          (ring_busy),
    .done_pulse    (unused_done),
    .err_pulse     (err_pulse),
    .m_axi_awaddr  (m_axi_awaddr),
    .m_axi_awlen   (m_axi_awlen),
    .m_axi_awsize  (m_axi_awsize),
    .m_axi_awburst (m_axi_awburst),
    .m_axi_awcache (m_axi_awcache),
    .m_axi_awprot  (m_axi_awprot),
    .m_axi_awvalid (m_axi_awvalid),
    .m_axi_awready (m_axi_awready),
    .m_axi_wdata   (m_axi_wdata),
    .m_axi_wstrb   (m_axi_wstrb),
    .m_axi_wlast   (m_axi_wlast),
    .m_axi_wvalid  (m_axi_wvalid),
    .m_axi_wready  (m_axi_wready),
    .m_axi_bresp   (m_axi_bresp),
    .m_axi_bvalid  (m_axi_bvalid),
    .m_axi_bready  (m_axi_bready)
  );

`ifdef HWPROF_ASSERT
`include "hwprof_check.vh"
  always @(posedge clk) begin
    if (!rst) begin
      `HWPROF_CHECK(left_q <= 3'd4, "hwprof_cct: more than a packet to emit");
      `HWPROF_CHECK(!(take && left_q != 3'd0), "hwprof_cct: an event taken mid-packet");
    end
  end
`endif

endmodule

`default_nettype wire
