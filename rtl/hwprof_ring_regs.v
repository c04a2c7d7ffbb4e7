// hwprof_ring_regs - the registers software uses for one ring in board RAM that the IP
// writes: BASE, SIZE, TAIL and MARK (hwprof_axil has two: the spill ring, written by
// hwprof_spill, and the call/return packet ring, written by hwprof_cct).
//
// Write rules (the register file decodes the address; this module decides):
//   BASE  any word address (bits 1:0 read 0), only while the IP is idle; TAIL to 0
//   SIZE  0 (off) or a power of two from MIN_SIZE to 2^24 words, only while idle;
//         TAIL to 0
//   TAIL  only forward, to at most HEAD (head - wd <= level)
//   MARK  any value; 0 = never
// A write that breaks its rule changes nothing and is not ok (the bus answers SLVERR).
// BUILT = 0: the ring's unit is left out; the registers read 0 and only SIZE takes a
// write, of 0, while idle (BASE, TAIL and MARK are unmapped).
//
// Outputs for the rest of the IP: on (SIZE != 0), level (HEAD - TAIL: words written and
// not consumed), mark (on, MARK != 0 and level >= MARK: the ring's interrupt) and
// restart (BASE or SIZE accepted: the writer starts again at slot 0).
`default_nettype none

module hwprof_ring_regs #(
  parameter integer MIN_SIZE = 2,
  parameter integer BUILT    = 1
) (
  input  wire        clk,
  input  wire        rst,
  input  wire        set,     // a word write is accepted this cycle
  input  wire [31:0] wd,      // its data
  input  wire        w_base,  // ... and its address, one of these or none
  input  wire        w_size,
  input  wire        w_tail,
  input  wire        w_mark,
  input  wire        idle,    // STATUS.IDLE: BASE and SIZE change only then
  input  wire [31:0] head,    // words the writer has written to the ring
  output reg  [31:0] base_q,
  output reg  [31:0] size_q,
  output reg  [31:0] tail_q,
  output reg  [31:0] mark_q,
  output wire        on,
  output wire [31:0] level,
  output wire        mark,
  output wire        ok,      // the write at w_* follows its rule
  output wire        restart
);

  localparam [31:0] MIN = MIN_SIZE;

  localparam ON = (BUILT != 0);

  wire size_ok = (wd == 32'd0) || (ON && (wd & (wd - 32'd1)) == 32'd0 && wd >= MIN &&
                                   wd <= 32'h0100_0000);
  wire tail_ok = ON && (head - wd) <= level;
  wire base_ok = ON && w_base && idle;
  wire size_in = ON && w_size && size_ok && idle;

  assign on      = (size_q != 32'd0);
  assign level   = ON ? head - tail_q : 32'd0;
  assign mark    = on && (mark_q != 32'd0) && (level >= mark_q);
  assign ok      = base_ok || (w_size && size_ok && idle) || (w_tail && tail_ok) || (ON && w_mark);
  assign restart = set && (base_ok || size_in);

  always @(posedge clk) begin
    if (rst) begin
      base_q <= 32'd0;
      size_q <= 32'd0;
      tail_q <= 32'd0;
      mark_q <= 32'd0;
    end else if (set) begin
      if (base_ok) begin
        base_q <= {wd[31:2], 2'b00};
        tail_q <= 32'd0;
      end
      if (size_in) begin
        size_q <= wd;
        tail_q <= 32'd0;
      end
      if (w_tail && tail_ok) begin
        tail_q <= wd;
      end
      if (ON && w_mark) begin
        mark_q <= wd;
      end
    end
  end

endmodule

`default_nettype wire
