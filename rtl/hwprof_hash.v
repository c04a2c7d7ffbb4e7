// hwprof_hash - the 16-bit hash of a guest block address (SPC).
//
// Combinational.  The table index is the low INDEX_BITS bits of `hash`.
//
// Parameters
//   HASH (default = 1) which hash (the same numbers as HWPROF_HASH_* in hwprof_regs.h):
//     0  LOW16       spc[15:0]                 exactly as the original design
//     1  LOW16_SHR2  spc[17:2]                 drops the two bits that are always 0
//                                              for word-aligned MIPS code
//     2  XOR_FOLD    s[15:0] ^ s[29:16], s = spc >> 2
//     3  MULT        (spc * 32'h9E3779B1)[31:16]   Fibonacci hashing
`default_nettype none

module hwprof_hash #(
  parameter integer HASH = 1
) (
  input  wire [31:0] spc,
  output wire [15:0] hash
);

  localparam [31:0] GOLDEN = 32'h9E3779B1;

  generate
    if (HASH == 0) begin : g_low16
      assign hash = spc[15:0];
      wire unused_bits = &{1'b0, spc[31:16]};
    end else if (HASH == 1) begin : g_low16_shr2
      assign hash = spc[17:2];
      wire unused_bits = &{1'b0, spc[31:18], spc[1:0]};
    end else if (HASH == 2) begin : g_xor_fold
      assign hash = spc[17:2] ^ {2'b00, spc[31:18]};
      wire unused_bits = &{1'b0, spc[1:0]};
    end else begin : g_mult
      wire [31:0] product = spc * GOLDEN;
      assign hash = product[31:16];
      wire unused_bits = &{1'b0, product[15:0]};
    end
  endgenerate

endmodule

`default_nettype wire
