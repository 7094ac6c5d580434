# A thin wrapper over CMake. `make` builds the release binary ./sparring (profile-guided: see `pgo`);
# `make build` the same without the profile; `make test` runs every test.
# OpenBench convention: `make EXE=/path/to/binary` places the binary there.
# `make build TUNE=1`: the search's parameters as UCI options, for SPSA (scripts/spsa.py), in build/tune
# without the tests (docs/strength.md, "Tuning the search").
EXE ?= sparring
ARCH ?= native
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ifeq ($(TUNE),1)
BUILD ?= build/tune
BUILD_FLAGS = -DSPARRING_TUNE=ON -DSPARRING_TESTS=OFF
else
BUILD ?= build/release
BUILD_FLAGS = -DSPARRING_TUNE=OFF
endif

.PHONY: all build pgo test check-links test-sanitized test-tsan fuzz-build fuzz-smoke windows windows-check run setup clean

all: pgo
	cp $(PGO_BUILD)/sparring $(EXE)

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DARCH=$(ARCH) -DPGO= $(BUILD_FLAGS) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

# Profile-guided optimisation in build/pgo: an instrumented build runs `bench` and `perft --verify`
# (about 15 s), then the same sources are compiled again with that profile. Same bench signature;
# perft about 4% and the search about 3% (7% with the network) faster (docs/strength.md).
PGO_BUILD ?= build/pgo
pgo:
	cmake -S . -B $(PGO_BUILD) -DCMAKE_BUILD_TYPE=Release -DARCH=$(ARCH) -DSPARRING_TESTS=OFF -DPGO=generate >/dev/null
	rm -rf $(PGO_BUILD)/pgo-profile
	cmake --build $(PGO_BUILD) -j $(JOBS) --target sparring
	$(PGO_BUILD)/sparring bench >/dev/null 2>&1
	$(PGO_BUILD)/sparring perft --verify >/dev/null
	cmake -S . -B $(PGO_BUILD) -DPGO=use >/dev/null
	cmake --build $(PGO_BUILD) -j $(JOBS) --target sparring

setup:
	bash scripts/setup.sh

test: setup
	$(MAKE) check-links
	$(MAKE) build
	cp $(BUILD)/sparring sparring
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	$(MAKE) test-sanitized
	$(MAKE) test-tsan
	$(MAKE) fuzz-smoke

# Every relative link of README.md, docs/ and the READMEs resolves to a file, and every #anchor to a heading
# (a second; no network).
check-links:
	python3 scripts/check_links.py

# The unit, engine and end-to-end tests again under AddressSanitizer + UndefinedBehaviorSanitizer
# (a debug-info build of its own; the slow perft suites are left to the release run above).
SAN_BUILD ?= build/asan
test-sanitized:
	cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Sanitize -DARCH=$(ARCH) -DSANITIZE=address,undefined >/dev/null
	cmake --build $(SAN_BUILD) -j $(JOBS) --target unit_tests engine_tests e2e_tests review_tests levels_tests sparring
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -L 'engine|e2e|unit|review|levels' -E 'perft'

# The multi-threaded search and UCI tests (tests/threads) under ThreadSanitizer, in build/tsan:
# Threads 2-4, stop storms, hash resize and clear, MultiPV and ponder with helpers. Any report fails.
TSAN_BUILD ?= build/tsan
test-tsan:
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=Sanitize -DARCH=$(ARCH) -DSANITIZE=thread >/dev/null
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target threads_tests
	cd $(TSAN_BUILD) && TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	  ctest --output-on-failure -j $(JOBS) -L threads

# The libFuzzer targets in fuzz/ (clang++, ASan + UBSan + libFuzzer) in build/fuzz, and a short run of
# each (FUZZ_SECONDS per target) from its seed corpus: any crash, timeout or sanitizer report fails.
# A longer campaign: scripts/fuzz.sh <seconds-per-target>.
FUZZ_BUILD ?= build/fuzz
FUZZ_SECONDS ?= 45
fuzz-build:
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Sanitize -DARCH=$(ARCH) \
	  -DSPARRING_FUZZ=ON -DSPARRING_TESTS=OFF >/dev/null
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz
fuzz-smoke: fuzz-build
	FUZZ_BUILD=$(FUZZ_BUILD) bash scripts/fuzz.sh $(FUZZ_SECONDS)

# sparring.exe for 64-bit Windows (Arena and other Windows GUIs): cross-compiled with MinGW-w64,
# statically linked, in build/windows. x86-64-v2 (popcnt, SSE4.2) runs on any x86-64 PC from about
# 2011 on; WIN_ARCH=x86-64-v3 (AVX2) is 5-10% faster where it runs. Same bench signature either way.
# windows-check runs it under Wine against the Linux build (scripts/windows_check.sh).
WIN_BUILD ?= build/windows
WIN_ARCH ?= x86-64-v2
windows:
	bash scripts/setup.sh windows
	cmake -S . -B $(WIN_BUILD) -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake -DCMAKE_BUILD_TYPE=Release \
	  -DARCH=$(WIN_ARCH) -DSPARRING_TESTS=OFF >/dev/null
	cmake --build $(WIN_BUILD) -j $(JOBS) --target sparring
	cp $(WIN_BUILD)/sparring.exe sparring.exe
windows-check: windows
	bash scripts/windows_check.sh $(WIN_BUILD)/sparring.exe

run: setup
	$(MAKE) all
	./$(EXE)

clean:
	rm -rf build sparring sparring.exe
