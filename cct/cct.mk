# cct/ - calling-context trees from call/return packets: the sequential builder
# and the parallel one (ParCCT: chunks turned into partial trees by worker threads,
# merged in stream order).
CCT_OBJS   := $(BUILD)/cct/cct.o $(BUILD)/cct/cct_out.o
CCT_LDLIBS := -pthread
