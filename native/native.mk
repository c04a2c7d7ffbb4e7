# native/ - a static PPC32 Linux program run straight on the board's CPU, no
# translator (native.h): the floor every translated run is read against.  The
# runtime a PPC405 kernel would be for it: loading and the stack (native.c), the
# system calls (syscall.c), the FP instructions' math emulation (ppcfpu.c).

NATIVE_OBJS := $(addprefix $(BUILD)/native/,ppcfpu.o syscall.o native.o)

# The program's rounding mode is set at run time: keep the compiler from folding
# or reordering floating point across fesetround.
$(BUILD)/native/ppcfpu.o: C_FLAGS += -frounding-math
