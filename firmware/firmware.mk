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

# Store loops for make bench-vp: one store every N instructions, to the IP or to RAM.
STORELOOP_N := 4 8 16
STORELOOPS  := $(foreach n,$(STORELOOP_N),$(BUILD)/firmware/storeloop-ip-$(n).elf \
                 $(BUILD)/firmware/storeloop-ram-$(n).elf)

$(BUILD)/firmware/storeloop-ip-%.o: firmware/storeloop.c firmware/fw.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -DEVERY=$* -DTARGET_IP=1 -c $< -o $@

$(BUILD)/firmware/storeloop-ram-%.o: firmware/storeloop.c firmware/fw.h driver/hwprof_regs.h
	@mkdir -p $(@D)
	$(FW_CC) $(FW_CFLAGS) -DEVERY=$* -DTARGET_IP=0 -c $< -o $@

all: $(FIRMWARE)

.SECONDARY: $(FW_OBJS) $(BUILD)/firmware/selftest.o $(foreach n,1 2 3,$(BUILD)/firmware/fault$(n).o) \
            $(STORELOOPS:.elf=.o)
