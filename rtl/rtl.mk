# rtl/ - the IP's Verilog sources and their lint.

RTL_TOP  := hwprof_axil
RTL_INCS := rtl/hwprof_check.vh
RTL_SRCS := rtl/hwprof_sdpram.v rtl/hwprof_lutram.v rtl/hwprof_fifo.v rtl/hwprof_hash.v rtl/hwprof_core.v \
            rtl/hwprof_spill.v rtl/hwprof_syscall.v rtl/hwprof_edge.v rtl/hwprof_cct.v \
            rtl/hwprof_wrarb.v rtl/hwprof_ring_regs.v rtl/hwprof_axil_if.v \
            rtl/hwprof_axil.v

# Parameter sets that lint must accept: the defaults and the corners.
LINT_PARAMS := "" \
  "-GFIFO_LOG2=1 -GHOT_LOG2=1 -GINDEX_BITS=4 -GHASH=0 -GMAX_PROBE=16 -GCOUNT_WIDTH=4 -GSYSCALL_BITS=8 -GSLOT_CACHE=1 -GWAYS=0" \
  "-GFIFO_LOG2=10 -GHOT_LOG2=10 -GINDEX_BITS=16 -GHASH=3 -GMAX_PROBE=65536 -GCOUNT_WIDTH=32 -GSLOT_CACHE=8 -GWAYS=0" \
  "-GHASH=2 -GMAX_PROBE=1 -GCOUNT_WIDTH=31 -GSYSCALL_BITS=1 -GSLOT_CACHE=0 -GEDGE_BITS=1 -GCCT=0 -GWAYS=0" \
  "-GSYSCALL_BITS=8 -GEDGE_BITS=10" \
  "-GSYSCALL_BITS=0 -GEDGE_BITS=0 -GCCT=0 -GSLOT_CACHE=0 -GSTATS=0 -GSPILL=0 -GWAYS=0" \
  "-GSYSCALL_BITS=0 -GEDGE_BITS=0 -GCCT=0 -GSTATS=0" \
  "-GEDGE_BITS=0 -GSPILL=0" \
  "-GSYSCALL_BITS=0 -GCCT=0 -GSPILL=0" \
  "-GWAYS=0" "-GWAYS=1 -GINDEX_BITS=4 -GCOUNT_WIDTH=4" "-GWAYS=8 -GINDEX_BITS=16" \
  "-GWAYS=2 -GSPILL=0 -GSTATS=0 -GCOUNT_WIDTH=31"

.PHONY: lint-rtl
lint-rtl:
	@for p in $(LINT_PARAMS); do \
	  echo "verilator --lint-only -Wall (Verilog-2005) $$p"; \
	  $(VERILATOR) --lint-only -Wall --default-language 1364-2005 --top-module $(RTL_TOP) \
	    $$p $(RTL_SRCS) || exit 1; \
	  $(VERILATOR) --lint-only -Wall --assert -DHWPROF_ASSERT -Irtl --top-module $(RTL_TOP) \
	    $$p $(RTL_SRCS) || exit 1; \
	done
