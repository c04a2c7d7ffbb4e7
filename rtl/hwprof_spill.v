// hwprof_spill - the spill path: what the counter table cannot place goes to a ring in RAM.
//
// hwprof_core hands over the SPC of every event that found no free slot within
// MAX_PROBE (spill_valid/spill_ready).  This module queues it in a small FIFO and
// writes it, through an AXI4 write master, to the next word of a ring buffer in system
// memory that software drains (driver/hwprof_regs.h, "Spill ring").  Nothing is lost:
// when the ring is full (HEAD - TAIL == SIZE) the master waits for software to move
// TAIL, the FIFO fills, spill_ready falls, the core stops, and the bus slave holds the
// CPU's EVENT writes.
//
// Master.  One write in flight at a time: AWVALID and WVALID rise together with
// AWADDR = BASE + 4 * (HEAD mod SIZE), AWLEN = 0 (one beat), AWSIZE = 4 bytes, INCR,
// WSTRB = 4'b1111, WLAST = 1; each drops on its own handshake; BREADY is high while
// the write is in flight.  An OKAY response advances HEAD; any other response loses
// the SPC (err_pulse, counted by the caller's statistics) and the next SPC reuses the
// slot.  The master has no read channels, and no ID signals (all transactions use
// ID 0, as AXI4 allows).  Spill traffic is rare by design (the table is the fast
// path), so one outstanding write is enough: the core probes MAX_PROBE slots before it
// spills an event, which takes longer than one write to on-board memory.
//
// Parameters
//   LOG2 (default = 4)  FIFO depth 2^n, n in 1..10
`default_nettype none

module hwprof_spill #(
  parameter integer LOG2 = 4
) (
  input  wire        clk,
  input  wire        rst,

  // Ring configuration (held still while the IP is not idle) and software's pointer
  input  wire [31:0] base,        // byte address, bits 1:0 zero
  input  wire [31:0] size,        // words: a power of two, or 0 (spilling off)
  input  wire [31:0] tail,
  input  wire        ring_reset,  // HEAD := 0 (BASE or SIZE written while idle)

  // From the core
  input  wire        spill_valid,
  output wire        spill_ready,
  input  wire [31:0] spill_spc,

  output reg  [31:0] head,
  output wire        ring_full,
  output wire        busy,        // an SPC queued or a write in flight
  output reg         done_pulse,  // HEAD moved (a write answered OKAY)
  output reg         err_pulse,   // a write answered an error: its SPC is lost

  // AXI4 write master
  output reg  [31:0] m_axi_awaddr,
  output wire [7:0]  m_axi_awlen,
  output wire [2:0]  m_axi_awsize,
  output wire [1:0]  m_axi_awburst,
  output wire [3:0]  m_axi_awcache,
  output wire [2:0]  m_axi_awprot,
  output reg         m_axi_awvalid,
  input  wire        m_axi_awready,
  output reg  [31:0] m_axi_wdata,
  output wire [3:0]  m_axi_wstrb,
  output wire        m_axi_wlast,
  output reg         m_axi_wvalid,
  input  wire        m_axi_wready,
  input  wire [1:0]  m_axi_bresp,
  input  wire        m_axi_bvalid,
  output wire        m_axi_bready
);

  assign m_axi_awlen   = 8'd0;      // one beat
  assign m_axi_awsize  = 3'b010;    // 4 bytes
  assign m_axi_awburst = 2'b01;     // INCR
  assign m_axi_awcache = 4'b0011;   // normal, non-cacheable, bufferable
  assign m_axi_awprot  = 3'b000;    // data, secure, unprivileged
  assign m_axi_wstrb   = 4'b1111;
  assign m_axi_wlast   = 1'b1;

  wire            q_full;
  wire [LOG2:0]   q_level;
  wire            q_valid;
  wire [31:0]     q_data;
  reg             inflight_q;       // a write issued, its response not yet taken

  // Room in the ring: HEAD - TAIL < SIZE.  With one write in flight at a time, HEAD is
  // also the slot of the next write.  The issue decision uses the test registered a
  // cycle earlier, so that the 32-bit subtract and compare do not reach the FIFO's
  // read side in the same cycle (it was the iCE40 build's critical path).  That is
  // safe: TAIL only moves forward (the bus slave refuses anything else), which can
  // only make the registered test too cautious, and the cycle after HEAD, SIZE or
  // BASE changed (a write answered OKAY, or ring_reset) issues nothing.
  wire [31:0] level = head - tail;
  assign ring_full  = (level >= size);
  reg ring_full_q;
  reg ring_moved_q;
  wire issue = q_valid && !inflight_q && !ring_full_q && !ring_moved_q;

  assign spill_ready  = !q_full;
  assign m_axi_bready = inflight_q;
  assign busy         = inflight_q || (q_level != {(LOG2 + 1){1'b0}});

  hwprof_fifo #(
    .WIDTH (32),
    .LOG2  (LOG2)
  ) u_fifo (
    .clk       (clk),
    .rst       (rst),
    .wr_en     (spill_valid && !q_full),
    .wr_data   (spill_spc),
    .full      (q_full),
    .level     (q_level),
    .out_valid (q_valid),
    .out_ready (issue),
    .out_data  (q_data)
  );

  wire [29:0] mask   = size[29:0] - 30'd1;  // SIZE <= 2^24
  wire        b_fire = m_axi_bvalid && inflight_q;

  always @(posedge clk) begin
    if (rst) begin
      inflight_q    <= 1'b0;
      m_axi_awvalid <= 1'b0;
      m_axi_wvalid  <= 1'b0;
      head          <= 32'd0;
      done_pulse    <= 1'b0;
      err_pulse     <= 1'b0;
      ring_full_q   <= 1'b1;
      ring_moved_q  <= 1'b1;
    end else begin
      ring_full_q  <= ring_full;
      ring_moved_q <= ring_reset || (b_fire && m_axi_bresp == 2'b00);
      done_pulse <= b_fire && (m_axi_bresp == 2'b00);
      err_pulse  <= b_fire && (m_axi_bresp != 2'b00);
      if (issue) begin
        inflight_q    <= 1'b1;
        m_axi_awvalid <= 1'b1;
        m_axi_wvalid  <= 1'b1;
      end else begin
        if (m_axi_awready) begin
          m_axi_awvalid <= 1'b0;
        end
        if (m_axi_wready) begin
          m_axi_wvalid <= 1'b0;
        end
        if (b_fire) begin
          inflight_q <= 1'b0;
        end
      end
      if (ring_reset) begin
        head <= 32'd0;
      end else if (b_fire && m_axi_bresp == 2'b00) begin
        head <= head + 32'd1;
      end
    end
  end

  always @(posedge clk) begin
    if (issue) begin
      m_axi_awaddr <= base + {(head[29:0] & mask), 2'b00};
      m_axi_wdata  <= q_data;
    end
  end

`ifdef HWPROF_ASSERT
`include "hwprof_check.vh"
  // The master's side of the protocol, and the ring's bounds.
  reg        prev_aw_wait_q;
  reg        prev_w_wait_q;
  reg [31:0] prev_awaddr_q;
  reg [31:0] prev_wdata_q;

  always @(posedge clk) begin
    prev_aw_wait_q <= !rst && m_axi_awvalid && !m_axi_awready;
    prev_w_wait_q  <= !rst && m_axi_wvalid && !m_axi_wready;
    prev_awaddr_q  <= m_axi_awaddr;
    prev_wdata_q   <= m_axi_wdata;
    if (!rst) begin
      if (prev_aw_wait_q) begin
        `HWPROF_CHECK(m_axi_awvalid && m_axi_awaddr == prev_awaddr_q,
          "hwprof_spill: AW dropped or changed before AWREADY");
      end
      if (prev_w_wait_q) begin
        `HWPROF_CHECK(m_axi_wvalid && m_axi_wdata == prev_wdata_q,
          "hwprof_spill: W dropped or changed before WREADY");
      end
      `HWPROF_CHECK(!((m_axi_awvalid || m_axi_wvalid) && !inflight_q),
          "hwprof_spill: a channel valid with no write in flight");
      `HWPROF_ENV(!(m_axi_bvalid && (!inflight_q || m_axi_awvalid || m_axi_wvalid)),
          "hwprof_spill: memory answered B before taking both AW and W");
      `HWPROF_CHECK(size == 32'd0 || level <= size,
          "hwprof_spill: ring overrun");
      `HWPROF_CHECK(!m_axi_awvalid || size == 32'd0 ||
                    (m_axi_awaddr - base) < {size[29:0], 2'b00},
          "hwprof_spill: a write outside the ring");
    end
  end

  // Every SPC taken from the core is written exactly once (answered OKAY or not):
  // taken = answered + queued + in flight.
  reg [31:0] g_taken_q;
  reg [31:0] g_answered_q;

  always @(posedge clk) begin
    if (rst) begin
      g_taken_q    <= 32'd0;
      g_answered_q <= 32'd0;
    end else begin
      g_taken_q    <= g_taken_q + {31'd0, spill_valid && !q_full};
      g_answered_q <= g_answered_q + {31'd0, b_fire};
    end
    if (!rst) begin
      `HWPROF_CHECK(g_taken_q == g_answered_q + {{(31 - LOG2){1'b0}}, q_level} +
                                 {31'd0, inflight_q},
          "hwprof_spill: an SPC was dropped or written twice");
    end
  end
`endif

endmodule

`default_nettype wire
