// hwprof_spill - the spill path: what the counter table cannot place goes to a ring in RAM.
//
// hwprof_core hands over the SPC of every event that found no free slot within
// MAX_PROBE, or (the set-associative table) a record of two words for every entry it
// evicts (spill_valid/spill_ready; spill_rec marks a record, spill_cnt is its second
// word).  This module queues them in a small FIFO and writes them, through an AXI4
// write master, to the next words of a ring buffer in system memory that software
// drains (driver/hwprof_regs.h, "Spill ring").  A record's two words are written one
// after the other, only when the ring has room for both, and HEAD passes them together
// once both are answered OKAY, so software never sees half a record.  Nothing is lost:
// when the ring is full (HEAD - TAIL == SIZE) the master waits for software to move
// TAIL, the FIFO fills, spill_ready falls, the core stops, and the bus slave holds the
// CPU's EVENT writes.
//
// Master.  One write in flight at a time: AWVALID and WVALID rise together with
// AWADDR = BASE + 4 * (HEAD mod SIZE), AWLEN = 0 (one beat), AWSIZE = 4 bytes, INCR,
// WSTRB = 4'b1111, WLAST = 1; each drops on its own handshake; BREADY is high while
// the write is in flight.  An OKAY response advances HEAD (a record's second); any
// other response loses the SPC or the whole record (err_pulse, counted by the caller's
// statistics) and the next one reuses the slots.  The master has no read channels, and no ID signals (all transactions use
// ID 0, as AXI4 allows).  Spill traffic is rare by design (the table is the fast
// path), so one outstanding write is enough: the core probes MAX_PROBE slots before it
// spills an event, which takes longer than one write to on-board memory.
//
// Parameters
//   LOG2    (default = 4)  FIFO depth 2^n, n in 1..10
//   RECORDS (default = 0)  1: two-word records are taken (spill_rec); 0: only single
//                          words, and the FIFO is as narrow as they are
`default_nettype none

module hwprof_spill #(
  parameter integer LOG2    = 4,
  parameter integer RECORDS = 0
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
  input  wire        spill_rec,   // a record: spill_spc, then spill_cnt
  input  wire [31:0] spill_cnt,

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
  localparam integer QW = (RECORDS != 0) ? 65 : 32;
  wire [QW-1:0]   q_out;
  wire [64:0]     q_data = {{(65 - QW){1'b0}}, q_out};   // {rec, cnt, spc}
  wire            q_rec  = q_data[64];
  wire [QW-1:0]   q_in;
  reg             inflight_q;       // a write issued, its response not yet taken
  reg             wr_first_q;       // it is a record's first word
  reg             wr_second_q;      // it is a record's second word
  reg             pend_q;           // a record's second word waits to be issued
  reg  [31:0]     cnt_q;            // that word

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
  reg ring_room2_q;                 // room for a record: SIZE - level >= 2
  reg ring_moved_q;
  wire ring_room    = q_rec ? ring_room2_q : !ring_full_q;
  wire issue_first  = q_valid && !inflight_q && !pend_q && ring_room && !ring_moved_q;
  wire issue_second = pend_q && !inflight_q;
  wire issue        = issue_first || issue_second;

  assign spill_ready  = !q_full;
  assign m_axi_bready = inflight_q;
  assign busy         = inflight_q || pend_q || (q_level != {(LOG2 + 1){1'b0}});

  hwprof_fifo #(
    .WIDTH (QW),
    .LOG2  (LOG2)
  ) u_fifo (
    .clk       (clk),
    .rst       (rst),
    .wr_en     (spill_valid && !q_full),
    .wr_data   (q_in),
    .full      (q_full),
    .level     (q_level),
    .out_valid (q_valid),
    .out_ready (issue_first),
    .out_data  (q_out)
  );

  generate
    if (RECORDS != 0) begin : g_records
      assign q_in = {spill_rec, spill_cnt, spill_spc};
    end else begin : g_words
      assign q_in = spill_spc;
      wire unused_rec = &{1'b0, spill_rec, spill_cnt};
    end
  endgenerate

  wire [29:0] mask   = size[29:0] - 30'd1;  // SIZE <= 2^24
  wire        b_fire = m_axi_bvalid && inflight_q;
  wire        b_ok   = b_fire && (m_axi_bresp == 2'b00);
  // HEAD moves past a single SPC, or past a record when its second word is answered.
  wire        b_head = b_ok && !wr_first_q;
  wire        b_err  = b_fire && (m_axi_bresp != 2'b00);

  always @(posedge clk) begin
    if (rst) begin
      inflight_q    <= 1'b0;
      m_axi_awvalid <= 1'b0;
      m_axi_wvalid  <= 1'b0;
      head          <= 32'd0;
      done_pulse    <= 1'b0;
      err_pulse     <= 1'b0;
      ring_full_q   <= 1'b1;
      ring_room2_q  <= 1'b0;
      ring_moved_q  <= 1'b1;
      pend_q        <= 1'b0;
    end else begin
      ring_full_q  <= ring_full;
      ring_room2_q <= (size - level) >= 32'd2;
      ring_moved_q <= ring_reset || b_head;
      done_pulse <= b_head;
      err_pulse  <= b_err;
      if (issue_second) begin
        pend_q <= 1'b0;
      end else if (b_ok && wr_first_q) begin
        pend_q <= 1'b1;
      end
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
      end else if (b_head) begin
        head <= head + (wr_second_q ? 32'd2 : 32'd1);
      end
    end
  end

  always @(posedge clk) begin
    if (issue_first) begin
      m_axi_awaddr <= base + {(head[29:0] & mask), 2'b00};
      m_axi_wdata  <= q_data[31:0];
      wr_first_q   <= q_rec;
      wr_second_q  <= 1'b0;
      cnt_q        <= q_data[63:32];
    end else if (issue_second) begin
      m_axi_awaddr <= base + {((head[29:0] + 30'd1) & mask), 2'b00};
      m_axi_wdata  <= cnt_q;
      wr_first_q   <= 1'b0;
      wr_second_q  <= 1'b1;
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

  // Every SPC or record taken from the core is written exactly once (answered OKAY or
  // not; a record is done when its second word is answered or its first fails):
  // taken = done + queued + in flight.
  reg [31:0] g_taken_q;
  reg [31:0] g_answered_q;
  wire       g_done = b_fire && (!wr_first_q || b_err);

  always @(posedge clk) begin
    if (rst) begin
      g_taken_q    <= 32'd0;
      g_answered_q <= 32'd0;
    end else begin
      g_taken_q    <= g_taken_q + {31'd0, spill_valid && !q_full};
      g_answered_q <= g_answered_q + {31'd0, g_done};
    end
    if (!rst) begin
      `HWPROF_CHECK(g_taken_q == g_answered_q + {{(31 - LOG2){1'b0}}, q_level} +
                                 {31'd0, inflight_q || pend_q},
          "hwprof_spill: an SPC was dropped or written twice");
      `HWPROF_CHECK(!(inflight_q && pend_q), "hwprof_spill: a second word issued early");
    end
  end

  // A record: its second word goes to the slot after its first, and HEAD passes both
  // at once, from where it stood when the first was issued.  (Only with RECORDS: without,
  // the checks' enables are constant 0 over registers never written, and Yosys's AIGER
  // writer refuses the x they leave.)
  generate
    if (RECORDS != 0) begin : g_record_checks
      reg [29:0] g_first_slot_q;
      reg [31:0] g_first_head_q;
      reg        g_second_issued_q;
      reg        g_record_done_q;

      always @(posedge clk) begin
        if (issue_first) begin
          g_first_slot_q <= head[29:0] & mask;
          g_first_head_q <= head;
        end
        g_second_issued_q <= !rst && issue_second;
        g_record_done_q   <= !rst && b_head && wr_second_q;
        if (!rst && g_second_issued_q) begin
          `HWPROF_CHECK(m_axi_awaddr == base + {((g_first_slot_q + 30'd1) & mask), 2'b00},
              "hwprof_spill: a record's second word not in the slot after its first");
        end
        if (!rst && g_record_done_q) begin
          `HWPROF_CHECK(head == g_first_head_q + 32'd2,
              "hwprof_spill: HEAD did not pass a whole record");
        end
      end
    end
  endgenerate
`endif

endmodule

`default_nettype wire
