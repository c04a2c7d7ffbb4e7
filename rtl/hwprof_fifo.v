// hwprof_fifo - synchronous first-word-fall-through FIFO on an inferred block RAM.
//
// The RAM's read register is the FIFO's output register, so the storage maps to one
// block RAM with no extra flops on the data path.  A word written into an empty FIFO
// appears on out_data two cycles later; after that the FIFO delivers one word per
// cycle.  `level` counts every word held, including the one on the output, and
// `full` is (level == 2^LOG2); both are registers, so a writer's decision to push does not
// wait on an adder.
//
// Parameters
//   WIDTH  (default = 32)  word width
//   LOG2   (default = 4)   capacity is 2^LOG2 words, LOG2 in 1..10
//   LUTRAM (default = -1)  1: the storage in LUT RAM (hwprof_lutram), 0: in block RAM;
//                          -1: LUT RAM for 32 words or fewer (a 16-word FIFO of 32-bit
//                          words is about 64 LUTs on a Virtex-II Pro, not a whole
//                          RAMB16), block RAM for more.  The same cycles either way.
`default_nettype none

module hwprof_fifo #(
  parameter integer WIDTH = 32,
  parameter integer LOG2  = 4,
  parameter integer LUTRAM = -1
) (
  input  wire             clk,
  input  wire             rst,
  input  wire             wr_en,
  input  wire [WIDTH-1:0] wr_data,
  output reg              full,
  output reg  [LOG2:0]    level,
  output reg              out_valid,
  input  wire             out_ready,
  output wire [WIDTH-1:0] out_data
);

  localparam [LOG2:0] DEPTH = 1 << LOG2;

  reg  [LOG2-1:0] wr_ptr_q;
  reg  [LOG2-1:0] rd_ptr_q;
  reg  [LOG2:0]   mem_count_q;   // words in the RAM, not counting the output register

  wire pop  = out_valid && out_ready;
  wire load = (mem_count_q != {(LOG2 + 1){1'b0}}) && (!out_valid || out_ready);

  // wr_en, pop and load arrive late (they depend on the writer's address decode and the
  // reader's stall logic), so each count's +1 and -1 come from its register alone and
  // the late signals only select; `full` needs no adder at all.
  localparam [LOG2:0] ONE = {{LOG2{1'b0}}, 1'b1};
  wire [LOG2:0] level_inc = level + ONE;
  wire [LOG2:0] level_dec = level - ONE;
  wire [LOG2:0] level_d   = (wr_en == pop) ? level : (wr_en ? level_inc : level_dec);
  wire          full_d    = !pop && (full || (wr_en && level == DEPTH - ONE));
  wire [LOG2:0] mem_inc   = mem_count_q + ONE;
  wire [LOG2:0] mem_dec   = mem_count_q - ONE;
  wire [LOG2:0] mem_d     = (wr_en == load) ? mem_count_q : (wr_en ? mem_inc : mem_dec);

  generate
    if (LUTRAM > 0 || (LUTRAM < 0 && LOG2 <= 5)) begin : g_lutram
      hwprof_lutram #(
        .DATA_W (WIDTH),
        .ADDR_W (LOG2)
      ) u_mem (
        .clk   (clk),
        .we    (wr_en),
        .waddr (wr_ptr_q),
        .wdata (wr_data),
        .re    (load),
        .raddr (rd_ptr_q),
        .rdata (out_data)
      );
    end else begin : g_bram
      hwprof_sdpram #(
        .DATA_W (WIDTH),
        .ADDR_W (LOG2)
      ) u_mem (
        .clk   (clk),
        .we    (wr_en),
        .waddr (wr_ptr_q),
        .wdata (wr_data),
        .re    (load),
        .raddr (rd_ptr_q),
        .rdata (out_data)
      );
    end
  endgenerate

  always @(posedge clk) begin
    if (rst) begin
      wr_ptr_q    <= {LOG2{1'b0}};
      rd_ptr_q    <= {LOG2{1'b0}};
      mem_count_q <= {(LOG2 + 1){1'b0}};
      out_valid   <= 1'b0;
      level       <= {(LOG2 + 1){1'b0}};
      full        <= 1'b0;
    end else begin
      level <= level_d;
      full  <= full_d;
      if (wr_en) begin
        wr_ptr_q <= wr_ptr_q + {{(LOG2 - 1){1'b0}}, 1'b1};
      end
      if (load) begin
        rd_ptr_q <= rd_ptr_q + {{(LOG2 - 1){1'b0}}, 1'b1};
      end
      mem_count_q <= mem_d;
      if (load) begin
        out_valid <= 1'b1;
      end else if (pop) begin
        out_valid <= 1'b0;
      end
    end
  end

`ifdef HWPROF_ASSERT
`include "hwprof_check.vh"
  // The FIFO never overflows or underflows: writers respect `full`, and the output
  // register is only loaded from a RAM that holds a word.
  always @(posedge clk) begin
    if (!rst) begin
      `HWPROF_CHECK(!(wr_en && full),
          "hwprof_fifo: write while full");
      `HWPROF_CHECK(level <= DEPTH,
          "hwprof_fifo: level above depth");
      `HWPROF_CHECK(level == mem_count_q + {{LOG2{1'b0}}, out_valid},
          "hwprof_fifo: level does not match the words held");
      `HWPROF_CHECK(full == (level == DEPTH),
          "hwprof_fifo: full does not match level");
    end
  end
`endif

endmodule

`default_nettype wire
