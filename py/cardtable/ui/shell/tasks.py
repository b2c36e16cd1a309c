"""Work in browser tasks of its own: soon (as soon as Python's thread is free), or after a delay.

``Tasks.soon(fn)`` runs ``fn`` in a new task through a ``MessageChannel`` message rather than
``setTimeout(fn, 0)``: browsers clamp a timer to at least 4 ms once timers are nested five deep, so
a computer's search, handed back to the browser every few milliseconds by a chain of zero timers,
sat idle for a quarter of its time.  A message is a plain task: the page's messages (its taps) and
other tasks still run between two of them, in the order the browser's scheduler chooses.

``Tasks.later(fn, ms)`` runs ``fn`` after ``ms`` milliseconds (a ``setTimeout``).  Both return a
number that ``Tasks.cancel`` takes: a cancelled callable is never run.  One proxy serves every
message and one every timer, so nothing is created per call on the JavaScript side.

No browser import: the page hands in its ``window`` and Pyodide's ``create_proxy``, so CPython tests
drive it with fakes (``tests/test_ui_tasks.py``).
"""

from __future__ import annotations

from typing import Callable


class Tasks:
    """Callables run in browser tasks of their own; each is run at most once."""

    def __init__(self, window, create_proxy: Callable):
        self.window = window
        self.pending: dict[int, Callable[[], None]] = {}
        self.last = 0
        self._on_message = create_proxy(lambda event: self._run(event.data))
        self._on_timer = create_proxy(self._run)
        self.channel = window.MessageChannel.new()
        self.channel.port1.onmessage = self._on_message  # setting onmessage starts the port

    def soon(self, fn: Callable[[], None]) -> int:
        """Run ``fn`` in a task of its own as soon as the browser gets to it (no 4 ms clamp)."""
        token = self._add(fn)
        self.channel.port2.postMessage(token)  # one message a callable: each runs in its own task
        return token

    def later(self, fn: Callable[[], None], ms: float) -> int:
        """Run ``fn`` in a task of its own after ``ms`` milliseconds."""
        token = self._add(fn)
        self.window.setTimeout(self._on_timer, ms, token)  # setTimeout hands its third argument on
        return token

    def cancel(self, token) -> None:
        """``fn`` of that token will not run (a token already run or cancelled is ignored)."""
        self.pending.pop(token, None)

    def _add(self, fn: Callable[[], None]) -> int:
        self.last += 1
        self.pending[self.last] = fn
        return self.last

    def _run(self, token) -> None:
        fn = self.pending.pop(token, None)
        if fn is not None:
            fn()


class Sliced:
    """A generator run in slices between browser tasks, as a computer player's thinking is.

    ``steps`` is a generator that yields often (every few milliseconds of work) and returns its
    result.  Each slice runs it until ``slice_s`` seconds have passed (``clock``), then the rest
    goes on in a task of its own (``Tasks.soon``), so the page answers taps meanwhile and no task
    is long however long the job.  At the end ``then(result)`` runs -- in a task of its own after a job
    of several slices (showing a long game is work too: it is not added to the last slice's) --
    or ``failed(err)`` at once if the generator raised; ``after_slice(finished)`` (optional) runs after every slice, and with
    ``finished`` true just before ``then`` or ``failed``.  ``cancel()``
    stops it: nothing more of it runs.  The first slice runs when ``start()`` is called (or in
    the next task: ``start(soon=True)``).
    """

    def __init__(self, tasks: Tasks, steps, then: Callable, failed: Callable, slice_s: float,
                 after_slice: Callable[[bool], None] | None = None, clock: Callable[[], float] | None = None):
        import time

        self.tasks, self.steps, self.then, self.failed = tasks, steps, then, failed
        self.slice_s, self.after_slice = slice_s, after_slice
        self.clock = clock or time.perf_counter
        self.token = None
        self.slices = 0
        self.active = False

    def start(self, soon: bool = False) -> "Sliced":
        """Run the first slice now, or with ``soon`` in a task of its own (the task that asked has
        work of its own: reading the file, say)."""
        self.active = True
        if soon:
            self.token = self.tasks.soon(self._slice)
        else:
            self._slice()
        return self

    def cancel(self) -> None:
        if self.token is not None:
            self.tasks.cancel(self.token)
        self.token = None
        self.active = False

    def _slice(self) -> None:
        self.token = None
        if not self.active:
            return
        self.slices += 1
        stop = self.clock() + self.slice_s
        try:
            while self.clock() < stop:
                next(self.steps)
        except StopIteration as done:
            result = done.value
            if self.slices == 1:   # a short job: its result at once
                self._finish(lambda: self.then(result))
                return
            self.token = self.tasks.soon(lambda: self._done(result))   # showing it is work too
            if self.after_slice:
                self.after_slice(False)
            return
        except Exception as err:  # the job's own error: its owner says it in words
            self._finish(lambda: self.failed(err), reporting=True)
            return
        self.token = self.tasks.soon(self._slice)
        if self.after_slice:
            self.after_slice(False)

    def _done(self, result) -> None:
        self.token = None
        if self.active:
            self._finish(lambda: self.then(result))

    def _finish(self, call: Callable[[], None], reporting: bool = False) -> None:
        self.active = False
        if self.after_slice:
            self.after_slice(True)
        try:
            call()
        except Exception as err:   # showing the result failed: its owner says why, as for the job's own error
            if reporting:
                raise
            self.failed(err)
