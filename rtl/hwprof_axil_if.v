// hwprof_axil_if - the AXI4-Lite slave's protocol half: the handshakes of its five
// channels, in front of a plain register interface (after verilog-axi's axil_reg_if).
// hwprof_axil's register file decodes the addresses, takes the data and makes the
// answers; this module decides when a transfer is accepted and holds each response
// until it is taken.
//
// Writes.  wr_req: an address and its data are both offered and the B channel can take
// a response (empty, or being emptied this cycle).  The register file answers wr_hold
// (not now: a queue is full, a table is busy) and wr_ok (the response: OKAY, or SLVERR
// for a bad write).  The write is accepted (wr_fire, which is AWREADY and WREADY) when
// wr_req and not wr_hold; its response is on B from the next cycle until BREADY, so
// back-to-back writes run at one per clock.
//
// Reads, one at a time.  AR is accepted (rd_start) when no read waits for its answer
// (rd_wait_q) and R is free (empty, or being emptied this cycle).  The register file
// says when the answer is ready (rd_ready); then rd_answer, and it loads the word and
// its response into s_axil_rdata and s_axil_rresp, which RVALID covers from the next
// cycle until RREADY.
`default_nettype none

module hwprof_axil_if (
  input  wire       clk,
  input  wire       rst,
  // AXI4-Lite handshakes (the payloads go to and come from the register file)
  input  wire       s_axil_awvalid,
  output wire       s_axil_awready,
  input  wire       s_axil_wvalid,
  output wire       s_axil_wready,
  output reg  [1:0] s_axil_bresp,
  output reg        s_axil_bvalid,
  input  wire       s_axil_bready,
  input  wire       s_axil_arvalid,
  output wire       s_axil_arready,
  output reg        s_axil_rvalid,
  input  wire       s_axil_rready,
  // the register file
  output wire       wr_req,
  input  wire       wr_hold,
  input  wire       wr_ok,
  output wire       wr_fire,
  output wire       rd_start,
  input  wire       rd_ready,
  output reg        rd_wait_q /*verilator public_flat_rd*/,
  output wire       rd_answer
);

  localparam [1:0] OKAY   = 2'b00;
  localparam [1:0] SLVERR = 2'b10;

  assign wr_req         = s_axil_awvalid && s_axil_wvalid && (!s_axil_bvalid || s_axil_bready);
  assign wr_fire        = wr_req && !wr_hold;
  assign s_axil_awready = wr_fire;
  assign s_axil_wready  = wr_fire;

  always @(posedge clk) begin
    if (rst) begin
      s_axil_bvalid <= 1'b0;
      s_axil_bresp  <= OKAY;
    end else if (wr_fire) begin
      s_axil_bvalid <= 1'b1;
      s_axil_bresp  <= wr_ok ? OKAY : SLVERR;
    end else if (s_axil_bready) begin
      s_axil_bvalid <= 1'b0;
    end
  end

  assign s_axil_arready = !rd_wait_q && (!s_axil_rvalid || s_axil_rready);
  assign rd_start       = s_axil_arvalid && s_axil_arready;
  assign rd_answer      = rd_wait_q && rd_ready;

  always @(posedge clk) begin
    if (rst) begin
      rd_wait_q     <= 1'b0;
      s_axil_rvalid <= 1'b0;
    end else begin
      if (rd_start) begin
        rd_wait_q <= 1'b1;
      end else if (rd_answer) begin
        rd_wait_q <= 1'b0;
      end
      if (rd_answer) begin
        s_axil_rvalid <= 1'b1;
      end else if (s_axil_rready) begin
        s_axil_rvalid <= 1'b0;
      end
    end
  end

endmodule

`default_nettype wire
