"""The domain a run takes when the user set none (memory_node/ros_domain.py): one of 1-100,
whose DDS ports stay below Linux's ephemeral range, skipping a domain a live participant on
this host holds; a domain the user set always wins."""

from __future__ import annotations

import os
import selectors
import subprocess
import sys

import pytest
from ros_harness import REPO_ROOT, START_TIMEOUT_S

from memory_node.ros_domain import (
    BENCH_DOMAINS_ENV,
    DEFAULT_DOMAIN_IDS,
    DOMAIN_ENV,
    EPHEMERAL_PORTS,
    DomainPool,
    choose_domain_id,
    domain_in_use,
    multicast_metatraffic_port,
    udp_port_in_use,
    unicast_metatraffic_port,
    unicast_user_port,
    use_default_domain,
)

# What a process with a real participant prints once rclpy has created it.
PARTICIPANT = ("import rclpy\nrclpy.init()\nnode = rclpy.create_node('domain_holder')\n"
               "print('up', flush=True)\nsys.stdin.read()\n")


def test_every_default_domain_keeps_120_participants_below_the_ephemeral_ports() -> None:
    for domain_id in DEFAULT_DOMAIN_IDS:
        ports = [multicast_metatraffic_port(domain_id)]
        for participant in range(120):
            ports += [unicast_metatraffic_port(domain_id, participant),
                      unicast_user_port(domain_id, participant)]
        assert max(ports) < EPHEMERAL_PORTS.start
        assert max(ports) < multicast_metatraffic_port(domain_id + 1)
    # Why 102 and up are not used: the whole domain lies among the ephemeral ports.
    assert multicast_metatraffic_port(102) in EPHEMERAL_PORTS


def test_the_demo_and_the_main_job_take_a_domain_in_1_to_100_when_none_is_set() -> None:
    # One interpreter for both (round 47: the imports they share are paid once); the id the
    # demo set is taken away before the main job loads, which must then set its own.
    show = (f"import os\nimport memory_node.demo\nprint(os.environ.pop({DOMAIN_ENV!r}))\n"
            f"import memory_node.sim.main\nprint(os.environ[{DOMAIN_ENV!r}])\n")
    env = {k: v for k, v in os.environ.items() if k != DOMAIN_ENV}
    shown = subprocess.run([sys.executable, "-c", show], env=env, cwd=REPO_ROOT,
                           capture_output=True, text=True, timeout=START_TIMEOUT_S,
                           check=True).stdout.split()[-2:]
    assert len(shown) == 2
    for domain_id in map(int, shown):
        assert domain_id in DEFAULT_DOMAIN_IDS
        assert unicast_user_port(domain_id, 119) < EPHEMERAL_PORTS.start


def test_a_domain_the_user_set_always_wins() -> None:
    env = {DOMAIN_ENV: "7"}
    assert use_default_domain(env, seed=41) == "7"
    assert env[DOMAIN_ENV] == "7"
    env = {DOMAIN_ENV: " "}  # empty: rcl would read domain 0, everyone's default
    chosen = use_default_domain(env, seed=41)
    assert int(chosen) in DEFAULT_DOMAIN_IDS and env[DOMAIN_ENV] == chosen


def test_choose_walks_on_from_the_seed_and_wraps() -> None:
    assert choose_domain_id(0, in_use=lambda _: False) == 1
    assert choose_domain_id(41, in_use={42}.__contains__) == 43
    assert choose_domain_id(99, in_use=lambda i: i == 100) == 1
    assert choose_domain_id(250, in_use=lambda _: False) == 51
    # Everything taken: the seed's own id (the run starts, as before any probe).
    assert choose_domain_id(5, in_use=lambda _: True) == 6


def test_a_domain_a_live_participant_holds_is_skipped() -> None:
    """A real participant in another process on this session's domain: its discovery port is
    the formula's, the probe sees it, and the choice walks past the domain."""
    domain_id = int(os.environ[DOMAIN_ENV])

    def held() -> int:
        return sum(udp_port_in_use(unicast_metatraffic_port(domain_id, p)) for p in range(8))

    before = held()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys\n" + PARTICIPANT], env=os.environ.copy(),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        with selectors.DefaultSelector() as ready:
            ready.register(holder.stdout, selectors.EVENT_READ)
            assert ready.select(timeout=START_TIMEOUT_S), "the participant did not start"
        assert holder.stdout.readline().strip() == "up"
        assert held() == before + 1
        assert domain_in_use(domain_id)

        def only_this_one_probed(i: int) -> bool:
            return domain_in_use(i) if i == domain_id else False

        assert choose_domain_id(0, ids=range(domain_id, domain_id + 2),
                                in_use=only_this_one_probed) == domain_id + 1
    finally:
        assert holder.stdin is not None
        holder.stdin.close()  # the holder's read returns and it exits
        holder.wait(timeout=30)
    assert held() == before


def test_a_pool_gives_each_server_a_domain_of_its_own() -> None:
    pool = DomainPool(seed=40, in_use={42}.__contains__)
    assert [pool.take(), pool.take(), pool.take()] == [41, 43, 44]  # 42 is in use here
    pool.release(41)
    assert pool.take() == 45  # on after the last taken: no straggler of 41's server met
    tight = DomainPool(range(83, 85), seed=0, in_use=lambda _: False)
    assert [tight.take(), tight.take()] == [83, 84]
    assert tight.take() == 83  # every id held: the walk's first, the server still starts
    assert DomainPool.given("83-84").ids == range(83, 85)
    assert DomainPool.given(" 90 ").ids == range(90, 91)
    assert DomainPool.given(None).ids == DomainPool.given("").ids == DEFAULT_DOMAIN_IDS
    with pytest.raises(ValueError, match="--domains"):
        DomainPool.given("150-300", "--domains")


# The benches that start memory servers of their own and keep their pool in DOMAIN_POOL.
BENCH_POOLS = ("recall_dds_latency", "server_executor_cpu")


def test_bench_servers_take_domains_in_1_to_100_and_a_given_range_wins() -> None:
    """Before round 47 these benches drew 150-229, whose ports lie among the ephemeral ones;
    recall_dds_floor.py takes its floors' domains from recall_dds_latency's pool. One
    interpreter loads each bench twice: unset, then given a range."""
    show = ("import os, bench_scripts as b\n"
            "for given in ('', '83-84'):\n"
            f"    os.environ.pop({BENCH_DOMAINS_ENV!r}, None)\n"
            f"    if given: os.environ[{BENCH_DOMAINS_ENV!r}] = given\n"
            f"    for bench in {BENCH_POOLS!r}:\n"
            "        pool = b.load_bench(bench).DOMAIN_POOL\n"
            "        print(given or '-', bench, pool.ids.start, pool.ids.stop,\n"
            "              *(pool.take() for _ in range(3)))\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "test"), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, "-c", show], env=env, cwd=REPO_ROOT,
                         capture_output=True, text=True, timeout=START_TIMEOUT_S)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = [line.split() for line in out.stdout.splitlines() if line[:2] in ("- ", "83")]
    assert sorted((line[0], line[1]) for line in lines) == sorted(
        (given, bench) for given in ("-", "83-84") for bench in BENCH_POOLS)
    for given, _, start, stop, *taken in lines:
        ids = DEFAULT_DOMAIN_IDS if given == "-" else range(83, 85)
        assert range(int(start), int(stop)) == ids
        assert all(int(d) in ids for d in taken)
        if given == "-":  # three servers, three domains, every port below the ephemeral
            assert len(set(taken)) == 3
            assert all(unicast_user_port(int(d), 119) < EPHEMERAL_PORTS.start for d in taken)


def test_soak_takes_its_domain_from_the_pool() -> None:
    """soak.py picked 150 + pid % 80; its server's domain now comes from a DomainPool
    (--domains, else RECALL_BENCH_DOMAINS, else 1-100)."""
    source = (REPO_ROOT / "bench" / "soak.py").read_text()
    assert "150 + os.getpid()" not in source
    assert 'DomainPool.given(args.domains, "--domains").take()' in source
