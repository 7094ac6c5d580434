"""A UCI engine over pipes for the scripts (stress_protocol.py, latency.py, syzygy_check.py, windows_check.sh,
verify_mates.py, guard_check.py, bench/perft_speed.py, analysis/mine_quiet_mates.py,
analysis/first_mate_nodes.py, analysis/fit_cp_scale.py): `from lib.uci_pipe import Engine`.

Standard library only. A reader thread stamps every line with time.perf_counter() the moment it
arrives, so latencies are measured from the engine's reply, not from when the script looks.
"""

import math
import os
import queue
import subprocess
import threading
import time

DEFAULT_ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "release", "sparring")


class EngineError(Exception):
    pass


class Engine:
    def __init__(self, path, options=None, startup_timeout=5):
        """`path` is the engine's executable, or a command as a list (["wine", "sparring.exe"])."""
        self.path = path
        command = list(path) if isinstance(path, (list, tuple)) else [path]
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.send("uci")
        self.expect("uciok", startup_timeout)
        for name, value in (options or {}).items():
            self.setoption(name, value)
        self.sync()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put((time.perf_counter(), line.rstrip("\n")))
        self.lines.put((time.perf_counter(), None))  # end of output

    def send(self, line):
        """Writes a line; returns the time just before writing."""
        t = time.perf_counter()
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return t

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def read(self, timeout):
        """The next (time, line); line is None at end of output. Raises EngineError on timeout."""
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineError(f"no output for {timeout} s") from None

    def expect(self, prefix, timeout, seen=None):
        """Reads until a line starting with `prefix`; returns (time, line). Lines read on the way are
        appended to `seen` if given."""
        deadline = time.perf_counter() + timeout
        while True:
            t, line = self.read(max(0.001, deadline - time.perf_counter()))
            if line is None:
                raise EngineError(f"engine exited while waiting for '{prefix}'")
            if seen is not None:
                seen.append(line)
            if line.startswith(prefix):
                return t, line

    def sync(self, timeout=5):
        """isready/readyok; returns the lines that came before readyok."""
        seen = []
        self.send("isready")
        self.expect("readyok", timeout, seen)
        return seen[:-1]

    def quit(self, timeout=2):
        if self.proc.poll() is None:
            try:
                self.send("quit")
            except (BrokenPipeError, OSError):
                pass
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Referee:
    """Legal moves from a separate sparring process (`go perft 1`, the rules library that the perft
    suites verify), never from the engine under test. Answers are cached per position."""

    def __init__(self, path):
        self.engine = Engine(path)
        self.cache = {}

    def legal_moves(self, position_cmd):
        if position_cmd not in self.cache:
            self.engine.send(position_cmd)
            self.engine.send("go perft 1")
            seen = []
            self.engine.expect("Nodes searched", 10, seen)
            self.cache[position_cmd] = {l.split(":")[0] for l in seen if ":" in l and not l.startswith("Nodes")}
        return self.cache[position_cmd]

    def close(self):
        self.engine.quit()


def percentile(values, p):
    """The p-th percentile (nearest rank) of a non-empty list."""
    s = sorted(values)
    return s[max(0, math.ceil(p / 100 * len(s)) - 1)]


def check_engine(path):
    if not os.access(path, os.X_OK):
        raise SystemExit(f"{path}: not an executable (build with `make` or pass --engine)")
