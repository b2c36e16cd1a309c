"""``cardtable.ui.shell.tasks.Tasks``: callables run in tasks of their own, through a MessageChannel
(soon) or a timer (later), each at most once, never after it was cancelled -- driven here by a fake
browser whose task queue the test steps through one task at a time."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.ui.shell.tasks import Tasks


class FakeBrowser:
    """A ``window`` with ``MessageChannel`` and ``setTimeout``: each posted message and each due timer
    is a task in ``queue`` (timers by due time), run one at a time by ``step``."""

    def __init__(self):
        self.now = 0
        self.queue: list[tuple[float, int, object, object]] = []   # (due, order, handler, argument)
        self.order = 0
        self.channels = []
        browser = self

        class Port:
            def __init__(self):
                self.onmessage = None
                self.other = None

            def postMessage(self, data):
                target = self.other
                browser._push(browser.now, lambda d: target.onmessage(SimpleNamespace(data=d)), data)

        class MessageChannel:
            @staticmethod
            def new():
                ch = SimpleNamespace(port1=Port(), port2=Port())
                ch.port1.other, ch.port2.other = ch.port2, ch.port1
                browser.channels.append(ch)
                return ch

        self.MessageChannel = MessageChannel

    def setTimeout(self, handler, ms, arg):
        self._push(self.now + ms, handler, arg)

    def _push(self, due, handler, arg):
        self.order += 1
        self.queue.append((due, self.order, handler, arg))

    def step(self) -> bool:
        """Run the next task (the earliest due, first posted first); False when there is none."""
        if not self.queue:
            return False
        self.queue.sort(key=lambda t: (t[0], t[1]))
        due, _, handler, arg = self.queue.pop(0)
        self.now = max(self.now, due)
        handler(arg)
        return True


def make():
    browser = FakeBrowser()
    proxies = []

    def create_proxy(fn):
        proxies.append(fn)
        return fn

    return browser, Tasks(browser, create_proxy), proxies


def test_soon_runs_each_callable_in_a_task_of_its_own_in_order():
    browser, tasks, _ = make()
    ran = []
    tasks.soon(lambda: ran.append("a"))
    tasks.soon(lambda: ran.append("b"))
    assert ran == []             # nothing runs in the task that asked
    assert browser.step() and ran == ["a"]
    assert browser.step() and ran == ["a", "b"]
    assert not browser.step()


def test_a_chain_of_soon_tasks_has_no_delay():
    """Unlike nested zero timers (clamped to 4 ms each in browsers), a chain of messages is not held back."""
    browser, tasks, _ = make()
    count = []

    def again():
        count.append(browser.now)
        if len(count) < 50:
            tasks.soon(again)

    tasks.soon(again)
    while browser.step():
        pass
    assert len(count) == 50 and browser.now == 0


def test_other_tasks_run_between_two_slices():
    """A chain of soon tasks does not hold the thread: a task queued meanwhile (a tap) runs in between."""
    browser, tasks, _ = make()
    log = []

    def slice_(n):
        log.append(f"slice {n}")
        if n == 1:
            browser._push(browser.now, lambda _: log.append("tap"), None)
        if n < 3:
            tasks.soon(lambda: slice_(n + 1))

    tasks.soon(lambda: slice_(1))
    while browser.step():
        pass
    assert log == ["slice 1", "tap", "slice 2", "slice 3"]


def test_later_runs_after_its_delay():
    browser, tasks, _ = make()
    ran = []
    tasks.later(lambda: ran.append(("late", browser.now)), 700)
    tasks.soon(lambda: ran.append(("soon", browser.now)))
    while browser.step():
        pass
    assert ran == [("soon", 0), ("late", 700)]


def test_cancelled_callables_never_run_and_cancel_is_idempotent():
    browser, tasks, _ = make()
    ran = []
    a = tasks.soon(lambda: ran.append("a"))
    b = tasks.later(lambda: ran.append("b"), 10)
    c = tasks.soon(lambda: ran.append("c"))
    tasks.cancel(a)
    tasks.cancel(b)
    tasks.cancel(b)
    tasks.cancel(None)
    tasks.cancel(12345)
    while browser.step():
        pass
    assert ran == ["c"]
    tasks.cancel(c)              # already run: nothing happens
    assert tasks.pending == {}


def test_a_callable_runs_at_most_once_and_tokens_are_not_reused():
    browser, tasks, _ = make()
    ran = []
    t1 = tasks.soon(lambda: ran.append(1))
    browser.step()
    browser._push(0, tasks._on_timer, t1)   # a stray message or timer for a token already run
    browser.step()
    t2 = tasks.soon(lambda: ran.append(2))
    assert t2 != t1
    while browser.step():
        pass
    assert ran == [1, 2]


def test_one_channel_and_two_proxies_whatever_the_number_of_calls():
    browser, tasks, proxies = make()
    for _ in range(100):
        tasks.soon(lambda: None)
        tasks.later(lambda: None, 5)
    while browser.step():
        pass
    assert len(browser.channels) == 1 and len(proxies) == 2 and tasks.pending == {}


def test_a_callable_that_raises_does_not_stop_the_others():
    browser, tasks, _ = make()
    ran = []

    def boom():
        raise RuntimeError("bug")

    tasks.soon(boom)
    tasks.soon(lambda: ran.append("after"))
    try:
        browser.step()
    except RuntimeError:
        pass  # in the page, the browser reports it on the console and goes on with the next task
    while browser.step():
        pass
    assert ran == ["after"] and tasks.pending == {}


# ---- Sliced: a generator run in slices (opening a long game, counting its statistics) -------------

class Clock:
    """A clock that the job's own work moves on: each step of the generator costs ``cost`` seconds."""

    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def counting(clock: Clock, n: int, cost: float, fail_at: int = -1):
    for i in range(n):
        clock.t += cost
        if i == fail_at:
            raise ValueError(f"step {i}")
        yield
    return f"done after {n}"


def test_sliced_work_runs_in_short_slices_with_other_tasks_between_and_ends_once():
    from cardtable.ui.shell.tasks import Sliced

    browser, tasks, _ = make()
    clock = Clock()
    log, slices = [], []
    job = Sliced(tasks, counting(clock, 100, 0.01), lambda r: log.append(r), lambda e: log.append(e), 0.05,
                 after_slice=lambda finished: slices.append((clock.t, finished)), clock=clock)
    job.start()
    assert job.slices == 1 and log == [] and job.active    # the first slice ran now, the rest waits
    browser._push(browser.now, lambda _: log.append("tap"), None)
    while browser.step():
        pass
    assert log == ["tap", "done after 100"] and not job.active
    # every slice stops once its time is spent: no slice runs more than 0.05 s (+ one step)
    times = [0.0] + [t for t, _ in slices]
    assert max(b - a for a, b in zip(times, times[1:])) <= 0.05 + 0.01 + 1e-9
    # after every slice, and once more (finished) in the task that shows the result (a job of one
    # slice shows it at once, as the next test shows)
    assert job.slices + 1 == len(slices) >= 100 * 0.01 / 0.06 and [f for _, f in slices].count(True) == 1
    assert slices[-1][1]


def test_a_job_of_one_slice_shows_its_result_at_once():
    from cardtable.ui.shell.tasks import Sliced

    browser, tasks, _ = make()
    clock = Clock()
    log, slices = [], []
    Sliced(tasks, counting(clock, 3, 0.01), log.append, log.append, 0.05,
           after_slice=slices.append, clock=clock).start()
    assert log == ["done after 3"] and slices == [True] and not browser.step()


def test_the_result_is_shown_in_a_task_of_its_own_unless_cancelled_before():
    from cardtable.ui.shell.tasks import Sliced

    for cancel in (False, True):
        browser, tasks, _ = make()
        clock = Clock()
        log = []
        steps = counting(clock, 10, 0.01)
        job = Sliced(tasks, steps, log.append, log.append, 0.05, clock=clock).start()
        while steps.gi_frame is not None:   # until the generator has returned (in its second slice)
            assert browser.step()
        assert log == [] and job.active and job.slices == 2  # the last slice did not show it
        if cancel:
            job.cancel()
        while browser.step():
            pass
        assert log == ([] if cancel else ["done after 10"]) and not job.active and tasks.pending == {}


def test_a_sliced_job_that_fails_says_why_and_a_cancelled_one_stops():
    from cardtable.ui.shell.tasks import Sliced

    browser, tasks, _ = make()
    clock = Clock()
    log = []
    Sliced(tasks, counting(clock, 100, 0.01, fail_at=30), log.append, lambda e: log.append(str(e)), 0.05,
           clock=clock).start()
    while browser.step():
        pass
    assert log == ["step 30"]
    log.clear()
    job = Sliced(tasks, counting(clock, 100, 0.01), log.append, log.append, 0.05, clock=clock).start()
    browser.step()
    job.cancel()
    job.cancel()
    while browser.step():
        pass
    assert log == [] and not job.active and tasks.pending == {}


def test_a_job_started_soon_runs_its_first_slice_in_the_next_task_unless_cancelled():
    from cardtable.ui.shell.tasks import Sliced

    for cancel in (False, True):
        browser, tasks, _ = make()
        clock = Clock()
        log = []
        job = Sliced(tasks, counting(clock, 3, 0.01), log.append, log.append, 0.05, clock=clock).start(soon=True)
        assert job.slices == 0 and job.active and log == []
        if cancel:
            job.cancel()
        while browser.step():
            pass
        assert log == ([] if cancel else ["done after 3"]) and job.slices == (0 if cancel else 1)
