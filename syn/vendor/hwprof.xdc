# hwprof.xdc - Vivado constraints template for the hwprof IP (hwprof_axil).
# UNTESTED: no Xilinx tools run in this project's CI.  Adjust names to your design.
#
# The IP is a single-clock AXI4-Lite slave with a synchronous active-high reset.
# When it sits inside a block design, the clock constraint comes from the clock
# source (PS or clocking wizard) and this file is not needed.

# Standalone: a 100 MHz clock on the clk port (the ML300 board's bus clock).
create_clock -name hwprof_clk -period 10.000 [get_ports clk]

# Reset: synchronous inside the IP.  If rst comes from another clock domain or an
# external pin, synchronize it first (e.g. proc_sys_reset) and keep this false path
# only for the pin itself.
# set_false_path -from [get_ports rst]

# The interrupt is a registered level output; no constraint is needed inside a block
# design.  For a pin:
# set_output_delay -clock hwprof_clk 2.000 [get_ports irq]
