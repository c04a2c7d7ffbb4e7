# sim/systemc/ - the IP as a SystemC TLM-2.0 target (Debian's libsystemc-dev), over the
# default Verilated IP, and its randomized test against the reference model.

SC_FLAGS := -std=c++17 $(CXXFLAGS) -Wall -Wextra -Werror -Isim -Isim/systemc -Idriver
SC_LIBS  := -lsystemc

$(BUILD)/sim/systemc/%.o: sim/systemc/%.cpp sim/systemc/hwprof_tlm.h sim/hwprof_sim.h
	@mkdir -p $(@D)
	$(CXX) $(SC_FLAGS) -MMD -MP -c $< -o $@

$(BUILD)/tests/test_systemc.o: tests/unit/test_systemc.cpp sim/systemc/hwprof_tlm.h driver/hwprof_model.h \
                              driver/hwprof_regs.h sim/hwprof_sim.h
	@mkdir -p $(@D)
	$(CXX) $(SC_FLAGS) -MMD -MP -c $< -o $@

$(BUILD)/tests/test_systemc: $(BUILD)/tests/test_systemc.o $(BUILD)/sim/systemc/hwprof_tlm.o \
                             $(BUILD)/libhwprof_model.a $(SIM_LIB)
	$(CXX) -o $@ $^ $(SC_LIBS) $(SIM_LDLIBS)
