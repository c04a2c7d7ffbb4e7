# driver/ - register map, reference model, and libhwprof (C99; the model and the
# driver core are freestanding-clean, the UIO backend is Linux user space).

MODEL_OBJS  := $(BUILD)/driver/hwprof_model.o $(BUILD)/driver/hwprof_model_edge.o \
               $(BUILD)/driver/hwprof_model_cct.o
DRIVER_OBJS := $(BUILD)/driver/hwprof.o $(BUILD)/driver/hwprof_spill.o $(BUILD)/driver/hwprof_edges.o \
               $(BUILD)/driver/hwprof_cct.o \
               $(BUILD)/driver/hwprof_fdt.o \
               $(BUILD)/driver/hwprof_uio.o
FDT_LDLIBS  := -lfdt

$(BUILD)/libhwprof_model.a: $(MODEL_OBJS)
	ar rcs $@ $^

$(BUILD)/libhwprof.a: $(DRIVER_OBJS)
	ar rcs $@ $^

# Device trees: the board's and the tests'.
DTBS := $(patsubst firmware/boards/%.dts,$(BUILD)/dtb/%.dtb,$(wildcard firmware/boards/*.dts)) \
        $(patsubst tests/dts/%.dts,$(BUILD)/dtb/%.dtb,$(wildcard tests/dts/*.dts))

$(BUILD)/dtb/%.dtb: firmware/boards/%.dts
	@mkdir -p $(@D)
	dtc -q -I dts -O dtb -o $@ $<

$(BUILD)/dtb/%.dtb: tests/dts/%.dts firmware/boards/ml300-virtual.dts
	@mkdir -p $(@D)
	dtc -q -i firmware/boards -I dts -O dtb -o $@ $<

all: $(BUILD)/libhwprof.a $(DTBS)

# The model and the driver core must build freestanding (the firmware links them).
.PHONY: lint-driver
lint-driver:
	@mkdir -p $(BUILD)/lint
	for f in driver/hwprof_model.c driver/hwprof_model_edge.c driver/hwprof.c driver/hwprof_spill.c driver/hwprof_edges.c; do \
	  $(CC) -std=c99 $(WARN) -ffreestanding -nostdlib -Idriver -c $$f \
	    -o $(BUILD)/lint/$$(basename $$f .c).o || exit 1; \
	done
