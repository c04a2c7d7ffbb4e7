# driver/ - register map and C reference model (C99, freestanding-clean).

DRIVER_SRCS := driver/hwprof_model.c
DRIVER_OBJS := $(DRIVER_SRCS:%.c=$(BUILD)/%.o)

$(BUILD)/libhwprof_model.a: $(DRIVER_OBJS)
	ar rcs $@ $^

# The driver must build freestanding (the firmware links it).
.PHONY: lint-driver
lint-driver:
	@mkdir -p $(BUILD)/lint
	$(CC) -std=c99 $(WARN) -ffreestanding -nostdlib -Idriver -c driver/hwprof_model.c \
	  -o $(BUILD)/lint/hwprof_model.o
