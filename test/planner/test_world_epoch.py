"""WorldEpoch: a world's restart noticed on its clock, and whose map the planner holds."""

from __future__ import annotations

from memory_node.planner.core.world_epoch import WorldEpoch


def test_a_map_followed_by_the_old_worlds_ticks_is_stale_after_the_clock_goes_back() -> None:
    e = WorldEpoch()
    e.map()
    for t in (0.1, 0.2, 50.0):
        assert not e.clock(t)
    assert not e.stale
    assert e.clock(0.05)                # the world restarted
    assert e.stale and e.resets == 1
    e.map()                             # the new world's map
    assert not e.stale
    assert not e.clock(0.1)


def test_the_new_worlds_map_arriving_before_its_first_tick_is_current() -> None:
    e = WorldEpoch()
    e.map()
    e.clock(30.0)
    e.map()                             # after the old world's last tick
    assert e.clock(0.02)                # the new world's first tick: a reset ...
    assert not e.stale                  # ... but the map is already the new one's


def test_no_map_nothing_stale_and_a_bad_reading_is_ignored() -> None:
    e = WorldEpoch()
    e.clock(10.0)
    assert e.clock(1.0) and not e.stale
    assert not e.clock(float("nan")) and not e.clock(float("inf"))


def test_a_silent_clock_makes_a_run_wait_for_the_next_tick_which_tells_a_reset() -> None:
    """Round 20: a goal that arrives while the world restarts (old clock stopped, new one
    not started) waits for the next tick; a tick that goes back marks the map stale."""
    import threading

    e = WorldEpoch()
    assert not e.silent(0.0)                       # no clock ever: nothing to wait for
    e.map()
    e.clock(40.0)
    assert not e.silent(60.0)                      # ticked just now: the world runs
    assert e.silent(0.0)
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(e.wait_tick(30.0)))
    waiter.start()
    while waiter.is_alive():                       # the new world's clock, from zero
        e.clock(0.01)
        waiter.join(0.01)
    assert woke == [True] and e.stale
    assert e.wait_tick(0.01) is False              # no tick: timed out


def test_a_tick_sent_before_the_silence_but_delivered_late_is_not_news() -> None:
    """Round 63 (CI flake of test_planner_world_reset): the old world's last ticks reached
    the planner late (a reliable repair or a queue), inside `silence_s` of the goal though
    they were sent long before it; the goal found the clock not silent and planned on the
    old world's map. Silence is judged on when the ticks were sent."""
    import threading

    e = WorldEpoch()
    e.map()
    e.clock(40.0, age_s=5.0)
    e.clock(40.05, age_s=4.95)                 # both delivered just now, sent seconds ago
    assert e.silent(1.0)
    assert not e.silent(6.0)
    e.clock(40.1, age_s=0.0)                   # a tick sent now: the world runs
    assert not e.silent(1.0)
    # A run waiting for the next tick is not woken by a late tick of the old world ...
    woke: list[bool] = []
    started = threading.Event()

    def wait() -> None:
        started.set()
        woke.append(e.wait_tick(30.0))
    waiter = threading.Thread(target=wait)
    waiter.start()
    started.wait()
    e.clock(40.15, age_s=3.0)
    waiter.join(0.2)
    assert waiter.is_alive() and not e.stale
    # ... but by the new world's first tick, sent after the wait began: a reset.
    while waiter.is_alive():
        e.clock(0.01)
        waiter.join(0.01)
    assert woke == [True] and e.stale


def test_a_ticks_age_is_told_by_its_source_time_whatever_the_writers_clock() -> None:
    """TickAge: the least delay among a writer's samples is its clock offset plus an
    on-time transit; a sample whose delay is above it by 3 s was sent 3 s before it came."""
    from memory_node.planner.core.world_epoch import TickAge

    s = 1_000_000_000
    for offset in (0, 50 * s, -50 * s):       # the writer's clock: right, behind, ahead
        a = TickAge()
        now = 1_000 * s
        for _ in range(5):                     # on time: 0.2 ms transit
            src = now - offset
            assert a.age(src, now + s // 5000, now + s // 5000, b"w") < 0.001
            now += s // 20
        late = a.age(now - offset - 3 * s, now, now, b"w")
        assert abs(late - 3.0) < 0.001
        assert abs(a.age(now - offset, now + s // 5000, now + s // 2, b"w") - 0.5) < 0.001
    assert TickAge().age(0, 0, 5 * s) == 0.0   # no timestamps: taken as news
    a = TickAge()
    a.age(10 * s, 10 * s, 10 * s, b"old")
    # Another writer (a restarted world) has its own clock: its first sample is news.
    assert a.age(5 * s, 10 * s, 10 * s, b"new") == 0.0
