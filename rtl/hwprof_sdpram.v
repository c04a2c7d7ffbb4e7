// hwprof_sdpram - simple dual-port RAM: one write port, one registered read port.
//
// Written in the shape every synthesis tool maps to block RAM (Xilinx RAMB16/RAMB18/
// RAMB36, iCE40 EBR): a write-enabled array write and a read-enabled registered read,
// both on the same clock, no reset on the array or the read register.  When the same
// address is written and read in one cycle the read data is undefined across tools;
// users of this module never depend on it (hwprof_core forwards the last write).
//
// Parameters
//   DATA_W (default = 32)  width of a word
//   ADDR_W (default = 9)   address bits; the RAM holds 2^ADDR_W words
`default_nettype none

module hwprof_sdpram #(
  parameter integer DATA_W = 32,
  parameter integer ADDR_W = 9
) (
  input  wire              clk,
  input  wire              we,
  input  wire [ADDR_W-1:0] waddr,
  input  wire [DATA_W-1:0] wdata,
  input  wire              re,
  input  wire [ADDR_W-1:0] raddr,
  output reg  [DATA_W-1:0] rdata
);

  // no_rw_check: the read data of a same-address read-during-write is don't-care (see
  // above), so synthesis needs no bypass logic around the RAM to define it.
  (* no_rw_check *)
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
