// The Syzygy tables the tablebase tests use (../shared/data/syzygy from the repository's root, or
// SPARRING_SYZYGY_TABLES), and how those tests skip: only when the tables, the library (libfathom1) or
// the build's support is missing, with a line "SKIPPED: <why>" that ctest reports as a skip.
#pragma once

#include <dlfcn.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/syzygy.h"

inline std::string syzygy_tables_dir() {
  const char* env = std::getenv("SPARRING_SYZYGY_TABLES");
  return env && *env ? env : SPARRING_SYZYGY_TABLES;
}

// The .rtbw files in the folder: the number of tablebases a load must report.
inline int syzygy_table_files() {
  int n = 0;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(syzygy_tables_dir(), ec))
    n += e.path().extension() == ".rtbw";
  return n;
}

// Why a test needing the tables and the library cannot run here; "" when it can.
inline std::string syzygy_missing() {
  if (!sparring::syzygy::supported())
    return "this build has no tablebase support (libfathom-dev's tbprobe.h was missing when it was configured)";
  if (!std::filesystem::exists(std::filesystem::path(syzygy_tables_dir()) / "KRvK.rtbw"))
    return "no Syzygy tables in " + syzygy_tables_dir();
  void* h = dlopen("libfathom.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) return "libfathom.so.1 is not installed (scripts/setup.sh installs libfathom-dev)";
  dlclose(h);
  return "";
}

#define SKIP_WITHOUT_SYZYGY()                  \
  do {                                         \
    const std::string why_ = syzygy_missing(); \
    if (!why_.empty()) {                       \
      WARN("SKIPPED: " << why_);               \
      return;                                  \
    }                                          \
  } while (0)
