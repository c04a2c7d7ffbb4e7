# firmware/ - PPC405 bare-metal firmware for the virtual board (and real boards),
# built with Debian's powerpc-linux-gnu-gcc.  The driver core (driver/hwprof.c) is
# the same source the host tools use.

FW_CC     := powerpc-linux-gnu-gcc
FW_CFLAGS := -mcpu=405 -msoft-float -mno-sdata -ffreestanding -fno-builtin -nostdlib -O2 \
             -std=c99 $(WARN) -Idriver -Ifirmware
FW_OBJS   := $(BUILD)/firmware/crt0.o $(BUILD)/firmware/fw.o $(BUILD)/firmware/hwprof.o
FIRMWARE  := $(BUILD)/firmware/selftest.elf

$(BUILD)/firmware/%.o: firmware/%.c firmware/fw.h driver/hwprof.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -c $< -o $@

$(BUILD)/firmware/hwprof.o: driver/hwprof.c driver/hwprof.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -c $< -o $@

$(BUILD)/firmware/crt0.o: firmware/crt0.S
	@mkdir -p $(@D)
	$(FW_CC) -mcpu=405 -c $< -o $@

$(BUILD)/firmware/%.elf: $(BUILD)/firmware/%.o $(FW_OBJS) firmware/link.ld
	$(FW_CC) -mcpu=405 -nostdlib -static -no-pie -Wl,--build-id=none \
	  -Wl,--no-warn-rwx-segments -T firmware/link.ld -Wl,-Map=$(@:.elf=.map) \
	  -o $@ $(FW_OBJS) $< -lgcc

# Firmware that faults on purpose, for the board's tests (firmware/faults.c).
FAULT_FIRMWARE := $(foreach n,1 2 3,$(BUILD)/firmware/fault$(n).elf)

$(BUILD)/firmware/fault%.o: firmware/faults.c firmware/fw.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -DFAULT=$* -c $< -o $@

all: $(FIRMWARE)

.SECONDARY: $(FW_OBJS) $(BUILD)/firmware/selftest.o $(foreach n,1 2 3,$(BUILD)/firmware/fault$(n).o)
