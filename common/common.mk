# common/ - what every C part shares: the error convention (errf.h: a message in
# the caller's buffer) and the one file reader (slurp.h).  Linked into every
# program that links the board or the translator.

COMMON_OBJS := $(BUILD)/common/errf.o $(BUILD)/common/slurp.o
