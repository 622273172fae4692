"""A dratp engine process driven over pipes: the small helper both scripts share.

Only the standard library: a reader thread moves stdout lines into a queue so
every wait has a timeout and a stuck engine never hangs the caller.
"""

import queue
import subprocess
import threading
import time


class EngineError(Exception):
    """The engine did not answer as the protocol says."""


class Engine:
    """One engine process; `send` lines, `wait_for` answers."""

    def __init__(self, path, name="engine", log=None):
        self.name = name
        self.log = log
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        if self.log:
            self.log(f"{self.name} < {line}")
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self, timeout):
        """The next line, or None once the engine has ended; EngineError on timeout."""
        try:
            line = self.lines.get(timeout=max(timeout, 0))
        except queue.Empty:
            raise EngineError(f"{self.name}: no answer within {timeout:.2f} s") from None
        if line is None:
            self.lines.put(None)
        elif self.log:
            self.log(f"{self.name} > {line}")
        return line

    def wait_for(self, pred, timeout=10.0):
        """All lines up to and including the first for which `pred` holds."""
        deadline = time.monotonic() + timeout
        got = []
        while True:
            line = self.read(deadline - time.monotonic())
            if line is None:
                raise EngineError(f"{self.name}: ended while waiting; got {got[-5:]}")
            got.append(line)
            if pred(line):
                return got

    def sync(self, timeout=10.0):
        """`isready`, then every line before `readyok`."""
        self.send("isready")
        return self.wait_for(lambda l: l == "readyok", timeout)[:-1]

    def legal(self):
        self.send("legal")
        line = self.wait_for(lambda l: l.startswith("legal"))[-1]
        return line.split()[1:]

    def quit(self, timeout=5.0):
        """Send `quit` and return the exit status (None if it did not end)."""
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None
