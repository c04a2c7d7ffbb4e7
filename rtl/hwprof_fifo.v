// hwprof_fifo - synchronous first-word-fall-through FIFO on an inferred block RAM.
//
// The RAM's read register is the FIFO's output register, so the storage maps to one
// block RAM with no extra flops on the data path.  A word written into an empty FIFO
// appears on out_data two cycles later; after that the FIFO delivers one word per
// cycle.  `level` counts every word held, including the one on the output, and
// `full` is (level == 2^LOG2).
//
// Parameters
//   WIDTH (default = 32)  word width
//   LOG2  (default = 4)   capacity is 2^LOG2 words, LOG2 in 1..10
`default_nettype none

module hwprof_fifo #(
  parameter integer WIDTH = 32,
  parameter integer LOG2  = 4
) (
  input  wire             clk,
  input  wire             rst,
  input  wire             wr_en,
  input  wire [WIDTH-1:0] wr_data,
  output wire             full,
  output wire [LOG2:0]    level,
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

  assign level = mem_count_q + {{LOG2{1'b0}}, out_valid};
  assign full  = (level == DEPTH);

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

  always @(posedge clk) begin
    if (rst) begin
      wr_ptr_q    <= {LOG2{1'b0}};
      rd_ptr_q    <= {LOG2{1'b0}};
      mem_count_q <= {(LOG2 + 1){1'b0}};
      out_valid   <= 1'b0;
    end else begin
      if (wr_en) begin
        wr_ptr_q <= wr_ptr_q + {{(LOG2 - 1){1'b0}}, 1'b1};
      end
      if (load) begin
        rd_ptr_q <= rd_ptr_q + {{(LOG2 - 1){1'b0}}, 1'b1};
      end
      mem_count_q <= mem_count_q + {{LOG2{1'b0}}, wr_en} - {{LOG2{1'b0}}, load};
      if (load) begin
        out_valid <= 1'b1;
      end else if (pop) begin
        out_valid <= 1'b0;
      end
    end
  end

`ifdef HWPROF_ASSERT
  // The FIFO never overflows or underflows: writers respect `full`, and the output
  // register is only loaded from a RAM that holds a word.
  always @(posedge clk) begin
    if (!rst) begin
      assert (!(wr_en && full)) else $error("hwprof_fifo: write while full");
      assert (level <= DEPTH) else $error("hwprof_fifo: level above depth");
    end
  end
`endif

endmodule

`default_nettype wire
