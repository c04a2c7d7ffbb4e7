// hwprof_check.vh - the assertion macros of the RTL, shared by simulation and proof.
//
//   `HWPROF_CHECK(cond, "message")  a property of this design.  Under Verilator
//                                   (--assert -DHWPROF_ASSERT) a failure stops the
//                                   simulation with the message; under Yosys
//                                   (read_verilog -formal -DFORMAL) it is a property
//                                   that yosys-smtbmc proves.
//   `HWPROF_ENV(cond, "message")    a rule the environment must keep (the bus master
//                                   in front of the IP, the memory behind its write
//                                   master): checked in simulation, assumed in proof.
//
// Included only inside `ifdef HWPROF_ASSERT blocks, so synthesis never reads it.
`ifndef HWPROF_CHECK_VH
`define HWPROF_CHECK_VH
`ifdef FORMAL
`define HWPROF_CHECK(c, m) assert (c)
`define HWPROF_ENV(c, m) assume (c)
`else
`define HWPROF_CHECK(c, m) assert (c) else $error(m)
`define HWPROF_ENV(c, m) assert (c) else $error(m)
`endif
`endif
