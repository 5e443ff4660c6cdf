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
