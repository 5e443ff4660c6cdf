"""The test harness keeps every process of a session on the domains the session was given
(MEMORY_NODE_TEST_DOMAIN), under pytest-xdist too: helpers sharing one machine are each given
a range, and a worker outside it can meet another session's nodes."""

from __future__ import annotations

import os

import pytest
from ros_harness import DOMAINS_ENV, confine_to_loopback, given_domains, pick_domain

XDIST_VARIABLES = ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT",
                   "PYTEST_XDIST_TESTRUNUID")


@pytest.fixture()
def session_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """This process's xdist and domain variables cleared (restored after the test)."""
    for name in (*XDIST_VARIABLES, DOMAINS_ENV):
        monkeypatch.delenv(name, raising=False)
    # confine_to_loopback writes these; monkeypatch puts the real ones back afterwards.
    for name in ("ROS_DOMAIN_ID", "ROS_AUTOMATIC_DISCOVERY_RANGE"):
        monkeypatch.setenv(name, os.environ.get(name, ""))
    return monkeypatch


def as_worker(env: pytest.MonkeyPatch, index: int, workers: int) -> None:
    env.setenv("PYTEST_XDIST_WORKER", f"gw{index}")
    env.setenv("PYTEST_XDIST_WORKER_COUNT", str(workers))
    env.setenv("PYTEST_XDIST_TESTRUNUID", "9f3c2a7b41d04e5f8a6b0c1d2e3f4a5b")


def test_each_xdist_worker_takes_its_own_id_of_the_given_range(
        session_env: pytest.MonkeyPatch) -> None:
    session_env.setenv(DOMAINS_ENV, "80-95")
    picked = []
    for index in range(4):
        as_worker(session_env, index, 4)
        picked.append(pick_domain())
    assert picked == [80, 81, 82, 83]


def test_a_worker_sets_its_domain_from_the_range_the_controller_left_as_given(
        session_env: pytest.MonkeyPatch) -> None:
    """The controller loads the conftest first and the workers inherit its environment: it
    must not replace the given range with the one id it picked for itself."""
    session_env.setenv(DOMAINS_ENV, "80-95")
    confine_to_loopback()  # the controller
    assert os.environ["ROS_DOMAIN_ID"] == "80"
    assert os.environ[DOMAINS_ENV] == "80-95"
    as_worker(session_env, 1, 2)
    confine_to_loopback()
    assert os.environ["ROS_DOMAIN_ID"] == "81"
    assert os.environ["ROS_AUTOMATIC_DISCOVERY_RANGE"] == "LOCALHOST"


def test_a_range_smaller_than_the_workers_is_refused_not_shared(
        session_env: pytest.MonkeyPatch) -> None:
    session_env.setenv(DOMAINS_ENV, "83")
    as_worker(session_env, 0, 2)
    with pytest.raises(ValueError, match="at least 2"):
        pick_domain()
    as_worker(session_env, 0, 1)
    assert pick_domain() == 83


def test_without_xdist_the_first_given_id_and_without_a_range_one_of_1_to_100(
        session_env: pytest.MonkeyPatch) -> None:
    session_env.setenv(DOMAINS_ENV, "87-90")
    assert pick_domain() == 87
    session_env.delenv(DOMAINS_ENV)
    assert 1 <= pick_domain() <= 100
    as_worker(session_env, 1, 2)
    assert 1 <= pick_domain() <= 100


@pytest.mark.parametrize("value", ["80-", "-3", "a", "90-80", "233", "80,81"])
def test_a_malformed_range_is_an_error(value: str) -> None:
    with pytest.raises(ValueError):
        given_domains(value)


def test_given_domains_reads_one_id_or_an_inclusive_range() -> None:
    assert given_domains("83") == range(83, 84)
    assert given_domains(" 80 - 95 ") == range(80, 96)


def test_an_xdist_worker_probes_only_ids_no_sibling_walks(
        session_env: pytest.MonkeyPatch) -> None:
    """Unset MEMORY_NODE_TEST_DOMAIN, a worker walks 1 + k + j * workers from the run's id
    and skips what another run or a bench holds: two runs once could meet unprobed."""
    picked = {}
    for held in (set(), {10, 11, 12, 13, 14}, set(range(1, 101)) - {3, 4}):
        for index in range(2):
            as_worker(session_env, index, 2)
            picked[index] = pick_domain(held.__contains__)
        assert picked[0] % 2 == 1 and picked[1] % 2 == 0  # never the sibling's
        assert all(1 <= d <= 100 for d in picked.values())
        if held:
            assert not set(picked.values()) & held
    # The run id's slot when free (as before the probe): 1 + (id % 50) * 2 + k.
    as_worker(session_env, 1, 2)
    slot = int("9f3c2a7b41d04e5f8a6b0c1d2e3f4a5b", 16) % 50
    assert pick_domain(lambda _: False) == 1 + slot * 2 + 1
    assert pick_domain({1 + slot * 2 + 1}.__contains__) == 1 + (slot + 1) % 50 * 2 + 1
