# A thin wrapper over CMake. `make` builds the release binary ./sparring; `make test` runs every test.
# OpenBench convention: `make EXE=/path/to/binary` places the binary there.
EXE ?= sparring
ARCH ?= native
BUILD ?= build/release
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all build test run setup clean

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

run: setup
	$(MAKE) all
	./$(EXE)

clean:
	rm -rf build sparring
