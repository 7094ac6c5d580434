# A thin wrapper over CMake. `make` builds the release binary ./sparring; `make test` runs every test.
# OpenBench convention: `make EXE=/path/to/binary` places the binary there.
EXE ?= sparring
ARCH ?= native
BUILD ?= build/release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all build test test-sanitized run setup clean

all: build
	cp $(BUILD)/sparring $(EXE)

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DARCH=$(ARCH) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

setup:
	bash scripts/setup.sh

test: setup
	$(MAKE) build
	cp $(BUILD)/sparring sparring
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	$(MAKE) test-sanitized

# The unit, engine and end-to-end tests again under AddressSanitizer + UndefinedBehaviorSanitizer
# (a debug-info build of its own; the slow perft suites are left to the release run above).
SAN_BUILD ?= build/asan
test-sanitized:
	cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Sanitize -DARCH=$(ARCH) -DSANITIZE=address,undefined >/dev/null
	cmake --build $(SAN_BUILD) -j $(JOBS) --target unit_tests engine_tests e2e_tests review_tests sparring
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -L 'engine|e2e|unit|review' -E 'perft'

run: setup
	$(MAKE) all
	./$(EXE)

clean:
	rm -rf build sparring
