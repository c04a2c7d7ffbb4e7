// hwprof_syscall - the system-call table: a count per (system-call number, call site).
//
// The translator's system-call path writes the call site (the guest PC of the syscall
// instruction) to SYSCALL_SITE and then the number to SYSCALL; each SYSCALL write is
// one record.  The table keeps the distinct (site, number) pairs in the order they
// first arrived, each with a saturating count, in one simple dual-port LUT RAM
// (hwprof_lutram) of 2^BITS words of {site, number, count}.
//
// A record searches the pairs in use, one entry a cycle (the RAM's registered read
// pipelined with the compare), and either counts the pair it finds or appends a new one.  The search holds the
// next record and any read of the table (rec_ready / rd_ready low) -- system calls
// are rare and cost the host thousands of cycles each, so a short search is the
// simplest exact design.  When every entry is in use a new pair is lost, and counted
// (stat_lost, lost_pulse): an alarm that must read 0.  Software keeps it there by
// draining: IRQ_SYSCALL rises at SYSCALL_MARK entries in use, and the handler reads
// the table and empties it (clear), adding the counts to its own.
//
// The table is not behind the event queue: a record is taken in bus order with every
// other write, so a clear forgets exactly the records accepted before it.
//
// Parameters
//   BITS        (default 5)   table entries = 2^BITS, 1..8
//   COUNT_WIDTH (default 32)  counter bits; a count saturates at 2^COUNT_WIDTH - 1
`default_nettype none

module hwprof_syscall #(
  parameter integer BITS        = 5,
  parameter integer COUNT_WIDTH = 32
) (
  input  wire                   clk,
  input  wire                   rst,

  // One record: accepted when rec_valid && rec_ready.
  input  wire                   rec_valid,
  output wire                   rec_ready,
  input  wire [31:0]            rec_site,
  input  wire [31:0]            rec_number,

  // Empty the table / zero the statistics: pulses, taken in bus order (a search in
  // flight finishes first, and nothing starts before they are done).
  input  wire                   clear,
  input  wire                   stats_clear,

  // Read entry rd_index: accepted when rd_valid && rd_ready, answered the next cycle
  // on rd_site / rd_number / rd_count (0 for an entry not in use).
  input  wire                   rd_valid,
  output wire                   rd_ready,
  input  wire [BITS-1:0]        rd_index,
  output wire [31:0]            rd_site,
  output wire [31:0]            rd_number,
  output wire [31:0]            rd_count,

  output wire                   idle,
  output reg  [BITS:0]          used,        // entries in use
  output reg  [31:0]            stat_records, // SYSCALL writes counted (saturating)
  output reg  [31:0]            stat_lost,    // records lost: the table was full
  output reg                    lost_pulse
);

  localparam integer W       = 64 + COUNT_WIDTH;
  localparam [BITS:0] ENTRIES = {1'b1, {BITS{1'b0}}};
  localparam [COUNT_WIDTH-1:0] CMAX = {COUNT_WIDTH{1'b1}};

  localparam [1:0] S_IDLE = 2'd0;
  localparam [1:0] S_READ = 2'd1;   // the read of entry i is in the RAM's register
  localparam [1:0] S_PUT  = 2'd2;   // no entry matched: append

  reg [1:0]      state_q;
  reg [BITS:0]   i_q;
  reg [31:0]     site_q;
  reg [31:0]     number_q;
  reg            rd_live_q;    // a bus read of an entry in use was taken last cycle
  reg            clear_q;      // a clear waiting for the search to end
  reg            stats_clear_q;

  wire           we;
  wire [BITS-1:0] waddr;
  wire [W-1:0]   wdata;
  wire           re;
  wire [BITS-1:0] raddr;
  wire [W-1:0]   rdata;

  hwprof_lutram #(.DATA_W(W), .ADDR_W(BITS)) u_ram (
    .clk   (clk),
    .we    (we),
    .waddr (waddr),
    .wdata (wdata),
    .re    (re),
    .raddr (raddr),
    .rdata (rdata)
  );

  wire [31:0]            e_site   = rdata[W-1:W-32];
  wire [31:0]            e_number = rdata[W-33:COUNT_WIDTH];
  wire [COUNT_WIDTH-1:0] e_count  = rdata[COUNT_WIDTH-1:0];
  wire                   hit      = (state_q == S_READ) && e_site == site_q &&
                                    e_number == number_q;
  wire                   last     = (i_q + 1'b1 == used);
  wire                   full     = (used == ENTRIES);

  wire   at_rest   = (state_q == S_IDLE);
  wire   do_clear  = at_rest && (clear || clear_q);
  wire   do_sclear = at_rest && (stats_clear || stats_clear_q);
  assign idle      = at_rest && !clear_q && !stats_clear_q;
  // (A record and a clear never come in one cycle: both are bus writes.)
  assign rec_ready = idle;
  assign rd_ready  = idle && !rec_valid;   // a record goes first
  wire   rec_fire  = rec_valid && rec_ready;
  wire   rd_fire   = rd_valid && rd_ready;

  // Reads: entry i during a search, entry rd_index for the bus, entry 0 as a record
  // starts.
  assign re    = rd_fire || (rec_fire && used != 0) ||
                 (state_q == S_READ && !hit && !last);
  assign raddr = rd_fire ? rd_index : rec_fire ? {BITS{1'b0}} : i_q[BITS-1:0] + 1'b1;

  // Writes: the counted entry, or the appended one.
  wire put_new = (state_q == S_PUT) && !full;
  assign we    = hit || put_new;
  assign waddr = hit ? i_q[BITS-1:0] : used[BITS-1:0];
  assign wdata = hit ? {site_q, number_q, (e_count == CMAX) ? CMAX : e_count + 1'b1}
                     : {site_q, number_q, {{(COUNT_WIDTH-1){1'b0}}, 1'b1}};

  always @(posedge clk) begin
    if (rst) begin
      state_q    <= S_IDLE;
      i_q        <= {(BITS+1){1'b0}};
      used       <= {(BITS+1){1'b0}};
      lost_pulse <= 1'b0;
    end else begin
      lost_pulse <= 1'b0;
      case (state_q)
        S_IDLE: begin
          if (rec_fire) begin
            state_q <= (used == 0) ? S_PUT : S_READ;
            i_q     <= {(BITS+1){1'b0}};
          end else if (do_clear) begin
            used <= {(BITS+1){1'b0}};
          end
        end
        S_READ: begin
          if (hit) begin
            state_q <= S_IDLE;
          end else if (last) begin
            state_q <= S_PUT;
          end else begin
            i_q <= i_q + 1'b1;
          end
        end
        default: begin   // S_PUT
          if (full) begin
            lost_pulse <= 1'b1;
          end else begin
            used <= used + 1'b1;
          end
          state_q <= S_IDLE;
        end
      endcase
    end
  end

  always @(posedge clk) begin
    if (rec_fire) begin
      site_q   <= rec_site;
      number_q <= rec_number;
    end
  end

  // Statistics: a record is counted when it lands (found or appended), lost when the
  // table is full.
  wire counted = hit || put_new;
  always @(posedge clk) begin
    if (rst || do_sclear) begin
      stat_records <= 32'd0;
      stat_lost    <= 32'd0;
    end else begin
      if (counted && stat_records != 32'hFFFF_FFFF) begin
        stat_records <= stat_records + 32'd1;
      end
      if (state_q == S_PUT && full && stat_lost != 32'hFFFF_FFFF) begin
        stat_lost <= stat_lost + 32'd1;
      end
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      clear_q       <= 1'b0;
      stats_clear_q <= 1'b0;
    end else begin
      clear_q       <= (clear || clear_q) && !at_rest;
      stats_clear_q <= (stats_clear || stats_clear_q) && !at_rest;
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      rd_live_q  <= 1'b0;
    end else begin
      rd_live_q  <= rd_fire && ({1'b0, rd_index} < used);
    end
  end

  assign rd_site   = rd_live_q ? e_site : 32'd0;
  assign rd_number = rd_live_q ? e_number : 32'd0;
  wire [31:0] e_count32;
  generate
    if (COUNT_WIDTH == 32) begin : g_count32
      assign e_count32 = e_count;
    end else begin : g_count_ext
      assign e_count32 = {{(32 - COUNT_WIDTH){1'b0}}, e_count};
    end
    if (BITS < 1 || BITS > 8) begin : g_check_bits
      hwprof_error_SYSCALL_BITS_must_be_1_to_8 u_error ();
    end
  endgenerate
  assign rd_count  = rd_live_q ? e_count32 : 32'd0;

`ifdef HWPROF_ASSERT
`include "hwprof_check.vh"
  // Every record accepted is placed exactly once -- counted, appended or lost -- and
  // the table is busy exactly while one is in flight.
  reg  g_inflight_q;
  wire g_lands = counted || (state_q == S_PUT && full);

  always @(posedge clk) begin
    if (rst) begin
      g_inflight_q <= 1'b0;
    end else begin
      g_inflight_q <= (g_inflight_q && !g_lands) || rec_fire;
    end
    if (!rst) begin
      `HWPROF_CHECK(!(rec_fire && g_inflight_q),
        "hwprof_syscall: a record accepted while another is being placed");
      `HWPROF_CHECK(!(g_lands && !g_inflight_q),
        "hwprof_syscall: a record placed that was never accepted");
      `HWPROF_CHECK(g_inflight_q == !at_rest,
        "hwprof_syscall: busy without a record, or a record without a search");
      `HWPROF_CHECK(used <= ENTRIES, "hwprof_syscall: more entries in use than the table has");
      `HWPROF_CHECK(!(state_q == S_READ && i_q >= used),
        "hwprof_syscall: the search ran past the entries in use");
      `HWPROF_CHECK(!(rd_fire && !at_rest), "hwprof_syscall: a table read during a search");
    end
  end
`endif

endmodule

`default_nettype wire
