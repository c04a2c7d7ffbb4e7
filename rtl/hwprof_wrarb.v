// hwprof_wrarb - two AXI4 write masters onto one: the spill ring's and the call/return
// packet ring's (hwprof_spill, hwprof_cct).
//
// Each master has at most one single-beat write in flight (AW and W raised together,
// then B), so the arbiter grants the port one transaction at a time: when it is free
// and a master raises AWVALID, that master owns AW, W and B until its B handshake.
// When both ask at once the one that did not have the last grant goes first (round
// robin), so neither ring can starve the other.  The master not granted sees
// AWREADY, WREADY and BVALID low, and keeps its VALIDs up, as AXI requires.
`default_nettype none

module hwprof_wrarb (
  input  wire        clk,
  input  wire        rst,

  // Master 0 and master 1: AW, W and B of single-beat writes, the other AW/W fields
  // (AWLEN, AWSIZE, AWBURST, AWCACHE, AWPROT, WSTRB, WLAST) the same for both.
  input  wire [31:0] a_awaddr,
  input  wire        a_awvalid,
  output wire        a_awready,
  input  wire [31:0] a_wdata,
  input  wire        a_wvalid,
  output wire        a_wready,
  output wire        a_bvalid,
  input  wire        a_bready,

  input  wire [31:0] b_awaddr,
  input  wire        b_awvalid,
  output wire        b_awready,
  input  wire [31:0] b_wdata,
  input  wire        b_wvalid,
  output wire        b_wready,
  output wire        b_bvalid,
  input  wire        b_bready,

  output wire [31:0] m_awaddr,
  output wire        m_awvalid,
  input  wire        m_awready,
  output wire [31:0] m_wdata,
  output wire        m_wvalid,
  input  wire        m_wready,
  input  wire        m_bvalid,
  output wire        m_bready
);

  reg busy_q;   // a transaction granted, its B not yet taken
  reg owner_q;  // whose: 0 a, 1 b
  reg last_q;   // the last grant

  wire pick_b = b_awvalid && (!a_awvalid || !last_q);
  wire grant  = !busy_q && (a_awvalid || b_awvalid);
  wire who    = busy_q ? owner_q : pick_b;   // the owner, also in the granting cycle
  wire live   = busy_q || grant;

  assign m_awaddr  = who ? b_awaddr : a_awaddr;
  assign m_wdata   = who ? b_wdata : a_wdata;
  assign m_awvalid = live && (who ? b_awvalid : a_awvalid);
  assign m_wvalid  = live && (who ? b_wvalid : a_wvalid);
  assign m_bready  = busy_q && (owner_q ? b_bready : a_bready);

  assign a_awready = live && !who && m_awready;
  assign a_wready  = live && !who && m_wready;
  assign a_bvalid  = busy_q && !owner_q && m_bvalid;
  assign b_awready = live && who && m_awready;
  assign b_wready  = live && who && m_wready;
  assign b_bvalid  = busy_q && owner_q && m_bvalid;

  always @(posedge clk) begin
    if (rst) begin
      busy_q  <= 1'b0;
      owner_q <= 1'b0;
      last_q  <= 1'b1;
    end else if (grant) begin
      busy_q  <= 1'b1;
      owner_q <= pick_b;
      last_q  <= pick_b;
    end else if (busy_q && m_bvalid && m_bready) begin
      busy_q <= 1'b0;
    end
  end

endmodule

`default_nettype wire
