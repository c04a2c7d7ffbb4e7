# common/ - what every C part shares: the error convention (errf.h: a message in
# the caller's buffer), the one file reader (slurp.h) and a number from the environment
# (envnum.h).  Linked into every
# program that links the board or the translator.

COMMON_OBJS := $(BUILD)/common/errf.o $(BUILD)/common/slurp.o $(BUILD)/common/envnum.o
