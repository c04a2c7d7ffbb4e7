# formal/ - the IP's formal proofs: bounded model checking of the RTL's assertions
# (rtl/hwprof_check.vh) from reset, and seeded bugs the proofs must catch.
#
#   make formal                    the proofs (also part of make test)
#   make formal FORMAL_PDR=600     and try an unbounded proof of each for 600 s

FORMAL_PDR ?=

.PHONY: formal
formal:
	BUILD=$(BUILD) FORMAL_PDR=$(FORMAL_PDR) tests/run.sh formal/run.sh
