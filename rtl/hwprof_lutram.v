// hwprof_lutram - a small simple dual-port RAM for distributed (LUT) RAM: one write
// port, one registered read port, as hwprof_sdpram, but asking synthesis for LUT RAM
// (ram_style "distributed") instead of a block RAM.  For tables of a few dozen words
// that would otherwise each take whole block RAMs: the system-call table (32 words of
// 96 bits) is three RAMB16s on a Virtex-II Pro, or about 200 LUTs.
//
// Families without LUT RAM (iCE40) refuse that style; synthesis for them defines
// HWPROF_NO_LUTRAM, and the RAM is then left to the tool (block RAM there).  Same-
// address read and write in one cycle: the read data is undefined, as in hwprof_sdpram.
//
// Parameters
//   DATA_W (default = 32)  width of a word
//   ADDR_W (default = 5)   address bits; the RAM holds 2^ADDR_W words
`default_nettype none

module hwprof_lutram #(
  parameter integer DATA_W = 32,
  parameter integer ADDR_W = 5
) (
  input  wire              clk,
  input  wire              we,
  input  wire [ADDR_W-1:0] waddr,
  input  wire [DATA_W-1:0] wdata,
  input  wire              re,
  input  wire [ADDR_W-1:0] raddr,
  output reg  [DATA_W-1:0] rdata
);

`ifdef HWPROF_NO_LUTRAM
  (* no_rw_check *)
`else
  (* no_rw_check, ram_style = "distributed" *)
`endif
  reg [DATA_W-1:0] mem [0:(1 << ADDR_W) - 1];

  always @(posedge clk) begin
    if (we) begin
      mem[waddr] <= wdata;
    end
  end

  always @(posedge clk) begin
    if (re) begin
      rdata <= mem[raddr];
    end
  end

endmodule

`default_nettype wire
