"""Experience memory on the task benchmark (issue 15): the same long stream of repeated
task types, memory never reset, with experience memory off ("full") and on
("full+experience"), on the in-process fast path (memory_node/sim/tasks/inprocess.py: the
real memory core, planner core and world skill logic, no DDS, geometric camera).

    .venv/bin/python bench/experience_tasks.py --split tune     # floor plan 1, seed 0
    .venv/bin/python bench/experience_tasks.py --split report   # the reported stream
    .venv/bin/python bench/experience_tasks.py --split heldout  # floor plan 12, seed 300
    .venv/bin/python bench/experience_tasks.py --split fresh    # floor plan 13, seed 500
    .venv/bin/python bench/experience_tasks.py --split fresh21a # floor plan 17, seed 2101
        # (fresh21b: floor plan 28, seed 2102; fresh21c: floor plan 30, seed 2103)
    .venv/bin/python bench/experience_tasks.py --split fresh22a # floor plan 8, seed 2201
        # (fresh22b: floor plan 20, seed 2202; fresh22c: floor plan 26, seed 2203)
    .venv/bin/python bench/experience_tasks.py --split fresh23a # floor plan 4, seed 2301
        # (fresh23b: floor plan 16, seed 2302; fresh23c: floor plan 24, seed 2303)
    .venv/bin/python bench/experience_tasks.py --split fresh24a # floor plan 6, seed 2401
        # (fresh24b: floor plan 18, seed 2402; fresh24c: floor plan 27, seed 2403)
    .venv/bin/python bench/experience_tasks.py --split fresh25a # floor plan 25, seed 2501
        # (fresh25b: floor plan 19, seed 2502; fresh25c: floor plan 23, seed 2503)
    .venv/bin/python bench/experience_tasks.py --split fresh26a # floor plan 28, seed 2601
        # (fresh26b: floor plan 14, seed 2602; fresh26c: floor plan 20, seed 2603)
    .venv/bin/python bench/experience_tasks.py --split fresh27a # floor plan 30, seed 2701
        # (fresh27b: floor plan 8, seed 2702; fresh27c: floor plan 26, seed 2703)
    .venv/bin/python bench/experience_tasks.py --split fresh28a # floor plan 5, seed 2801
        # (fresh28b: floor plan 12, seed 2802; fresh28c: floor plan 13, seed 2803)
    .venv/bin/python bench/experience_tasks.py --split fresh29a # floor plan 4, seed 2901
        # (fresh29b: floor plan 16, seed 2902; fresh29c: floor plan 24, seed 2903)
    .venv/bin/python bench/experience_tasks.py --split fresh30a # floor plan 6, seed 3001
        # (fresh30b: floor plan 18, seed 3002; fresh30c: floor plan 14, seed 3003)
    .venv/bin/python bench/experience_tasks.py --split fresh31a # floor plan 27, seed 3101
        # (fresh31b: floor plan 28, seed 3102; fresh31c: floor plan 20, seed 3103)
    .venv/bin/python bench/experience_tasks.py --split fresh32a # floor plan 30, seed 3201
        # (fresh32b: floor plan 8, seed 3202; fresh32c: floor plan 26, seed 3203)
    .venv/bin/python bench/experience_tasks.py --split fresh33a # floor plan 5, seed 3301
        # (fresh33b: floor plan 12, seed 3302; fresh33c: floor plan 13, seed 3303)
    .venv/bin/python bench/experience_tasks.py --split fresh34a # floor plan 4, seed 3401
        # (fresh34b: floor plan 16, seed 3402; fresh34c: floor plan 24, seed 3403)
    .venv/bin/python bench/experience_tasks.py --split fresh35a # floor plan 6, seed 3501
        # (fresh35b: floor plan 18, seed 3502; fresh35c: floor plan 27, seed 3503)
    .venv/bin/python bench/experience_tasks.py --split fresh36a # floor plan 28, seed 3601
        # (fresh36b: floor plan 20, seed 3602; fresh36c: floor plan 30, seed 3603)
    .venv/bin/python bench/experience_tasks.py --split fresh37a # floor plan 8, seed 3701
        # (fresh37b: floor plan 26, seed 3702; fresh37c: floor plan 5, seed 3703)
    .venv/bin/python bench/experience_tasks.py --split fresh38a # floor plan 12, seed 3801
        # (fresh38b: floor plan 13, seed 3802; fresh38c: floor plan 4, seed 3803)
    .venv/bin/python bench/experience_tasks.py --split fresh39a # floor plan 16, seed 3901
        # (fresh39b: floor plan 24, seed 3902; fresh39c: floor plan 6, seed 3903)
    .venv/bin/python bench/experience_tasks.py --split fresh40a # floor plan 18, seed 4001
        # (fresh40b: floor plan 27, seed 4002; fresh40c: floor plan 28, seed 4003)
    .venv/bin/python bench/experience_tasks.py --split fresh41a # floor plan 20, seed 4101
        # (fresh41b: floor plan 30, seed 4102; fresh41c: floor plan 8, seed 4103)
    .venv/bin/python bench/experience_tasks.py --split fresh42a # floor plan 26, seed 4201
        # (fresh42b: floor plan 5, seed 4202; fresh42c: floor plan 12, seed 4203)
    .venv/bin/python bench/experience_tasks.py --split fresh43a # floor plan 13, seed 4301
        # (fresh43b: floor plan 4, seed 4302; fresh43c: floor plan 24, seed 4303)
    .venv/bin/python bench/experience_tasks.py --split fresh44a # floor plan 16, seed 4401
        # (fresh44b: floor plan 6, seed 4402; fresh44c: floor plan 18, seed 4403)
    .venv/bin/python bench/experience_tasks.py --split fresh45a # floor plan 27, seed 4501
        # (fresh45b: floor plan 28, seed 4502; fresh45c: floor plan 20, seed 4503)
    .venv/bin/python bench/experience_tasks.py --split fresh46a # floor plan 30, seed 4601
        # (fresh46b: floor plan 8, seed 4602; fresh46c: floor plan 26, seed 4603)
    .venv/bin/python bench/experience_tasks.py --split fresh47a # floor plan 5, seed 4701
        # (fresh47b: floor plan 12, seed 4702; fresh47c: floor plan 13, seed 4703)
    .venv/bin/python bench/experience_tasks.py --split fresh48a # floor plan 4, seed 4801
        # (fresh48b: floor plan 24, seed 4802; fresh48c: floor plan 16, seed 4803)
    .venv/bin/python bench/experience_tasks.py --split fresh49a # floor plan 6, seed 4901
        # (fresh49b: floor plan 18, seed 4902; fresh49c: floor plan 27, seed 4903)
    .venv/bin/python bench/experience_tasks.py --split fresh50a # floor plan 28, seed 5001
        # (fresh50b: floor plan 20, seed 5002; fresh50c: floor plan 30, seed 5003)
    .venv/bin/python bench/experience_tasks.py --split fresh51a # floor plan 8, seed 5101
        # (fresh51b: floor plan 5, seed 5102; fresh51c: floor plan 12, seed 5103)
    .venv/bin/python bench/experience_tasks.py --split fresh52a # floor plan 26, seed 5201
        # (fresh52b: floor plan 13, seed 5202; fresh52c: floor plan 4, seed 5203)
    .venv/bin/python bench/experience_tasks.py --split fresh53a # floor plan 24, seed 5301
        # (fresh53b: floor plan 16, seed 5302; fresh53c: floor plan 6, seed 5303)
    .venv/bin/python bench/experience_tasks.py --split fresh54a # floor plan 18, seed 5401
        # (fresh54b: floor plan 27, seed 5402; fresh54c: floor plan 28, seed 5403)
    .venv/bin/python bench/experience_tasks.py --split fresh55a # floor plan 20, seed 5501
        # (fresh55b: floor plan 30, seed 5502; fresh55c: floor plan 8, seed 5503)
    .venv/bin/python bench/experience_tasks.py --split fresh56a # floor plan 5, seed 5601
        # (fresh56b: floor plan 12, seed 5602; fresh56c: floor plan 26, seed 5603)
    .venv/bin/python bench/experience_tasks.py --split fresh57a # floor plan 13, seed 5701
        # (fresh57b: floor plan 4, seed 5702; fresh57c: floor plan 24, seed 5703)
    .venv/bin/python bench/experience_tasks.py --split fresh58a # floor plan 16, seed 5801
        # (fresh58b: floor plan 6, seed 5802; fresh58c: floor plan 18, seed 5803)
    .venv/bin/python bench/experience_tasks.py --split fresh59a # floor plan 27, seed 5901
        # (fresh59b: floor plan 28, seed 5902; fresh59c: floor plan 20, seed 5903)
    .venv/bin/python bench/experience_tasks.py --split fresh60a # floor plan 30, seed 6001
        # (fresh60b: floor plan 8, seed 6002; fresh60c: floor plan 5, seed 6003)
    .venv/bin/python bench/experience_tasks.py --split fresh61a # floor plan 12, seed 6101
        # (fresh61b: floor plan 26, seed 6102; fresh61c: floor plan 13, seed 6103)
    .venv/bin/python bench/experience_tasks.py --split fresh62a # floor plan 4, seed 6201
        # (fresh62b: floor plan 24, seed 6202; fresh62c: floor plan 16, seed 6203)
    .venv/bin/python bench/experience_tasks.py --split fresh63a # floor plan 6, seed 6301
        # (fresh63b: floor plan 18, seed 6302; fresh63c: floor plan 27, seed 6303)
    .venv/bin/python bench/experience_tasks.py --split fresh64a # floor plan 28, seed 6401
        # (fresh64b: floor plan 20, seed 6402; fresh64c: floor plan 30, seed 6403)
    .venv/bin/python bench/experience_tasks.py --split fresh65a # floor plan 8, seed 6501
        # (fresh65b: floor plan 5, seed 6502; fresh65c: floor plan 12, seed 6503)
    .venv/bin/python bench/experience_tasks.py --split fresh66a # floor plan 26, seed 6601
        # (fresh66b: floor plan 13, seed 6602; fresh66c: floor plan 4, seed 6603)
    -> bench/results/experience_tasks_<split>.json

The planner is the offline one (privileged goal conditions); with experience it follows a
recalled procedure and avoids calls the trajectory graph lists as failed in the current
state (planner/core/offline.py). A failed call is "repeated in the same state" when the
same call fails again with the same code from the same room (or, finer, the same 1 m floor
cell) with the same object in hand; object open/closed states are not part of it, so this
over-counts repeats after a state change rather than hiding any.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from environment import environment

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tasks_oracle import (  # noqa: E402
    ORACLE,
    ORACLE_CAPACITY,
    OracleStack,
    StateLoggingStack,
)

from memory_node.core.recall.embedder import Embedder  # noqa: E402
from memory_node.sim.tasks.driver import Progress, run_suite  # noqa: E402
from memory_node.sim.tasks.inprocess import InProcessSettings  # noqa: E402
from memory_node.sim.tasks.metrics import summarize, task_outcomes  # noqa: E402
from memory_node.sim.tasks.records import Run  # noqa: E402
from memory_node.sim.tasks.streams import StreamSettings, generate  # noqa: E402

RESULTS = ROOT / "bench" / "results"
# Task types that repeat: put away in a closed receptacle, heat then place, pick and place.
KINDS = ("put_away_and_close", "pick_heat_then_place_in_recep", "pick_and_place_simple")
# (floor plan, stream seed). "heldout" was added after every change of round 4 and run
# once: another kitchen and seed, never used for tuning (its logs were read since, so it
# is no longer clean). "fresh" was chosen in round 5 before anything ran on it (the next
# floor plan no bench used, seed 500) and is the clean held-out stream.
# "tune2" and "tune3" (round 12) are tuning data too: made because the tune stream did not
# show the not-tidy loss the report streams did (experience costing steps where the house
# stays as the last task left it); their logs are read. Floor plans no other split uses.
# "fresh21a/b/c" (round 21) are report-only, written by a helper who ran no arm on them:
# kitchens no split or bench used (17, 28, 30; 14 and 29 were passed over because some of
# their stream's tasks need a type their world does not hold within reach), new seeds;
# each stream at length 30 holds all three KINDS. Never tuned on; the lead runs each once.
# "fresh22a/b/c" (round 22) likewise, by a helper who ran no arm on them: kitchens no split
# uses (8, 20, 26; odd kitchens 7-23 are put_spot_error's tuning plans, so even ones were
# picked), new seeds; at length 30 each stream holds all three KINDS and every task's needs
# are within reach of its world (checked by generating the streams only).
# "fresh23a/b/c" (round 23) likewise, by a helper who ran no arm on them: kitchens no split
# uses (4, 16, 24: even, so none of put_spot_error's tuning plans; 10 is the head-tilt
# test's kitchen and 22 a scene-graph tuning room, so both were passed over), new seeds; at
# length 30 each stream holds all three KINDS and every task's needs are within reach of its
# world (checked by generating the streams only).
# "fresh24a/b/c" (round 24) likewise, by a helper who ran no arm on them: kitchens no split
# uses (6, 18, 27: of the kitchens 1-30 no split uses, 14 and 29 were passed over as in
# round 21, the odd ones 7-23 are put_spot_error's tuning plans, 10 the head-tilt test's and
# 22 a scene-graph tuning room; that left 6, 18, 25 and 27, and 25 is kept spare), new seeds;
# at length 30 each stream holds all three KINDS and every task's needs are within reach of
# its world (checked by generating the streams only).
# "fresh25a/b/c" (round 25) likewise, by a helper who ran no arm on them: only kitchens host
# the three KINDS (a living room, a bedroom and a bathroom plan lack a KIND), and of the
# kitchens 1-30 no split uses, 14 and 29 still leave tasks out of reach with the new seeds,
# 10 is the head-tilt test's and 22 a scene-graph tuning room; that left 25 (kept spare in
# round 24) and the odd kitchens 7-23, the room prior's and put_spot_error's tuning plans
# (planner knobs, not experience memory; round 21 took 17 from them). So 25, 19 and 23 (not
# in put_spot_error's documented 7,9,11), new seeds; at length 30 each stream holds all
# three KINDS and every task's needs are within reach of its world (checked by generating
# the streams only).
# "fresh26a/b/c" (round 26) likewise, by a helper (heldout26) who ran no arm on them. Of the
# kitchens 1-30 no split uses (7, 9, 10, 11, 14, 15, 21, 22, 29), the odd ones 7-21 are the
# room prior's and put_spot_error's tuning plans, 10 the head-tilt test's and 22 a
# scene-graph tuning room; of 14 and 29 only 14 with seed 2602 keeps every task's needs in
# reach (14 with 2601 leaves 8 tasks out, with 2603 one; 29 leaves one out with each of the
# three seeds). So fresh26b is kitchen 14, and fresh26a and fresh26c REUSE kitchens that
# only a report split used: 28 (fresh21b's) and 20 (fresh22b's), never a tuning split's;
# their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only).
# "fresh27a/b/c" (round 27) likewise, by a helper (heldout27) who ran no arm on them. Of the
# kitchens 1-30 no split uses (7, 9, 10, 11, 15, 21, 22, 29), the odd ones 7-21 are the
# room prior's and put_spot_error's tuning plans, 10 the head-tilt test's and 22 a
# scene-graph tuning room (both hold every task in reach with the new seeds but stay passed
# over, as in every round since 23), and 29 still leaves tasks out of reach with each new
# seed (2, 5 and 1 of 30 with 2701, 2702, 2703). So none is left, and all three REUSE
# kitchens that only a report split used, never a tuning split's and none reused before
# (28 and 20 were reused in round 26; odd 17, 19 and 23 are passed over as possible
# put_spot_error plans): 30 (fresh21c's), 8 (fresh22a's) and 26 (fresh22c's), the oldest
# such splits. Their streams differ from those splits' (other seed, other tasks). At
# length 30 each stream holds all three KINDS and every task's needs are within reach of
# its world (checked by generating the streams only).
# "fresh28a/b/c" (round 28) likewise, by a helper (heldout28) who ran no arm on them. Of the
# kitchens 1-30 no split uses (7, 9, 10, 11, 15, 21, 22, 29), the odd 7-21 are the room
# prior's (bench/room_prior_fit.py's ODD: 7, 11, 17, 21, 25, 29) and put_spot_error's
# (7, 9, 11, 15, 17, 19, 21, 23) tuning plans, 10 the head-tilt test's and 22 a scene-graph
# tuning room (passed over as in every round since 23), and 29 still leaves tasks out of
# reach with each new seed (1, 4 and 5 of 30 with 2801, 2802, 2803). So none is left, and
# all three REUSE kitchens that only a report split used, never a tuning split's and none
# reused before (28, 20, 30, 8 and 26 were reused in rounds 26 and 27): the oldest report
# splits' kitchens, 5 ("report"'s), 12 ("heldout"'s) and 13 ("fresh"'s; in neither tuning
# list above). Their streams differ from those splits' (other seed, other tasks). At length
# 30 each stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh29a/b/c" (round 29) likewise, by a helper (heldout29) who ran no arm on them. No
# kitchen no split uses was looked at again (rounds 27 and 28 found none left); all three
# REUSE kitchens that only a report split used, never a tuning split's and none reused
# before (28, 20, 30, 8, 26, 5, 12 and 13 were reused in rounds 26 to 28), the oldest such:
# 17 (fresh21a's) is passed over, being a room-prior and put_spot_error tuning plan (as in
# rounds 27 and 28), so 4 (fresh23a's), 16 (fresh23b's) and 24 (fresh23c's). Their streams
# differ from those splits' (other seed, other tasks). At length 30 each stream holds all
# three KINDS and every task's needs are within reach of its world (checked by generating
# the streams only; 0 of 30 out of reach in each).
# "fresh30a/b/c" (round 30) likewise, by a helper (heldout30) who ran no arm on them. All
# three REUSE kitchens that only a report split used, never a tuning split's and none reused
# before (28, 20, 30, 8, 26, 5, 12, 13, 4, 16 and 24 were reused in rounds 26 to 29), the
# oldest such after 17 (fresh21a's, passed over as a room-prior and put_spot_error tuning
# plan, as in rounds 27 to 29): round 24's report splits' kitchens, 6 (fresh24a's) and 18
# (fresh24b's); the third, 27 (fresh24c's), fails the check with seed 3003 (its 30 tasks lack
# pick_heat_then_place_in_recep), and of the next, 25 (fresh25a's) is a room-prior tuning
# plan (ODD above) and 19 and 23 (fresh25b's, fresh25c's) put_spot_error's, so 14
# (fresh26b's; in neither tuning list). Their streams differ from those splits' (other
# seed, other tasks). At length 30 each stream holds all three KINDS and every task's needs
# are within reach of its world (checked by generating the streams only; 0 of 30 out of
# reach in each).
# "fresh31a/b/c" (round 31) likewise, by a helper (heldout31) who ran no arm on them. Of the
# kitchens only a report split used and nobody reused, 27 (fresh24c's) is the last one that
# is no tuning plan (17, 25, 19 and 23 are passed over as above); it failed the check with
# seed 3003 in round 30 but passes with 3101, so fresh31a is 27. The rule from here on:
# REUSE a SECOND time the kitchens reused longest ago, in the order rounds 26 and 27 reused
# them (28, 20, 30, 8, 26; then round 28's 5, 12, 13 and so on), never a tuning split's
# kitchen and still passing over the room prior's (ODD above) and put_spot_error's (its
# --plans default, 7,9,11,15,17,19,21,23) tuning plans; so 28 (fresh21b's, reused by
# fresh26a) and 20 (fresh22b's, reused by fresh26c). Their streams differ from those
# splits' (other seed, other tasks). At length 30 each stream holds all three KINDS and
# every task's needs are within reach of its world (checked by generating the streams only;
# 0 of 30 out of reach in each).
# "fresh32a/b/c" (round 32) likewise, by a helper (heldout32) who ran no arm on them, by
# round 31's rule: the next kitchens reused longest ago, in the order rounds 26 and 27 reused
# them, after 28 and 20 (round 31's): 30 (fresh21c's, reused by fresh27a), 8 (fresh22a's,
# reused by fresh27b) and 26 (fresh22c's, reused by fresh27c), each reused a SECOND time
# (none a tuning plan: all even). Next in line: round 28's 5, 12, 13. Their streams differ
# from those splits' (other seed, other tasks). At length 30 each stream holds all three
# KINDS and every task's needs are within reach of its world (checked by generating the
# streams only; 0 of 30 out of reach in each).
# "fresh33a/b/c" (round 33) likewise, by a helper (heldout33) who ran no arm on them, by
# round 31's rule: the next kitchens reused longest ago, after round 27's (30, 8, 26, taken
# in round 32), in the order round 28 reused them: 5 (report's, reused by fresh28a), 12
# (heldout's, reused by fresh28b) and 13 (fresh's, reused by fresh28c), each reused a
# SECOND time (none a tuning plan: 5 and 13 are in neither the room prior's ODD nor
# put_spot_error's --plans). Next in line: round 29's 4, 16, 24. Their streams differ from
# those splits' (other seed, other tasks). At length 30 each stream holds all three KINDS
# and every task's needs are within reach of its world (checked by generating the streams
# only; 0 of 30 out of reach in each).
# "fresh34a/b/c" (round 34) likewise, by a helper (heldout34) who ran no arm on them, by
# round 31's rule: the next kitchens reused longest ago, after round 28's (5, 12, 13, taken
# in round 33), in the order round 29 reused them: 4 (fresh23a's, reused by fresh29a), 16
# (fresh23b's, reused by fresh29b) and 24 (fresh23c's, reused by fresh29c), each reused a
# SECOND time (none a tuning plan: all even). Next in line: round 30's 6, 18, 14. Their
# streams differ from those splits' (other seed, other tasks). At length 30 each stream
# holds all three KINDS and every task's needs are within reach of its world (checked by
# generating the streams only; 0 of 30 out of reach in each).
# "fresh35a/b/c" (round 35) likewise, by a helper (heldout35) who ran no arm on them, by
# round 31's rule: the next kitchens reused longest ago, in the order round 30 reused them:
# 6 (fresh24a's, reused by fresh30a) and 18 (fresh24b's, reused by fresh30b), each reused a
# SECOND time; 14 (fresh26b's, reused by fresh30c), next, leaves 5 of 30 tasks out of reach
# with seed 3503, so fresh35c takes the one after it, 27 (fresh24c's, reused by fresh31a,
# round 31's only first reuse), a second time (none a tuning plan: 6, 18, 27 are in neither
# room_prior_fit's ODD nor put_spot_error's --plans). Next in line: 14 with another seed,
# then the kitchens reused a second time longest ago (round 31's 28 and 20). Their streams
# differ from those splits' (other seed, other tasks). At length 30 each stream holds all
# three KINDS and every task's needs are within reach of its world (checked by generating
# the streams only; 0 of 30 out of reach in each).
# "fresh36a/b/c" (round 36) likewise, by a helper (heldout36) who ran no arm on them, by
# round 31's rule: 14 (fresh26b's, reused once, by fresh30c) came first, but leaves 2 of 30
# tasks out of reach with seed 3601 (as with 3503 in round 35); every other report split's
# kitchen that is no tuning plan has been reused twice (29, 10 and 22 still passed over, as
# above), so the three reuse a kitchen a THIRD time, those reused a second time longest
# ago, in the order round 31 and round 32 did: 28 (fresh21b's, reused by fresh26a and
# fresh31b) with 3601, 20 (fresh22b's, reused by fresh26c and fresh31c) with 3602 and 30
# (fresh21c's, reused by fresh27a and fresh32a) with 3603 (none a tuning plan: 28, 20, 30
# are in neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line: 14 with
# another seed, then round 32's 8 and 26, a third time. Their streams differ from those
# splits' (other seed, other tasks). At length 30 each stream holds all three KINDS and
# every task's needs are within reach of its world (checked by generating the streams only;
# 0 of 30 out of reach in each).
# "fresh37a/b/c" (round 37) likewise, by a helper (heldout37) who ran no arm on them, by
# round 31's rule: 14 (fresh26b's, reused once, by fresh30c) came first again, but leaves 12
# of 30 tasks out of reach with seed 3701 (as with 3503 and 3601), so the three take the
# next in line, a THIRD reuse each, in the order rounds 32 and 33 reused them a second time:
# 8 (fresh22a's, reused by fresh27b and fresh32b) with 3701, 26 (fresh22c's, reused by
# fresh27c and fresh32c) with 3702 and 5 (report's, reused by fresh28a and fresh33a) with
# 3703 (none a tuning plan: 8, 26 and 5 are in neither room_prior_fit's ODD nor
# put_spot_error's --plans). Next in line: round 33's 12 and 13, a third time (14 has now
# failed with three seeds). Their streams differ from those splits' (other seed, other
# tasks). At length 30 each stream holds all three KINDS and every task's needs are within
# reach of its world (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh38a/b/c" (round 38) likewise, by a helper (heldout38) who ran no arm on them: 14 is
# skipped (it left tasks out of reach with three seeds), so the three take the next in line,
# a THIRD reuse each, in the order round 33 and 34 reused them a second time: 12 (the
# held-out split's, reused by fresh28b and fresh33b) with 3801, 13 (the fresh split's,
# reused by fresh28c and fresh33c) with 3802 and 4 (fresh23a's, reused by fresh29a and
# fresh34a) with 3803 (none a tuning plan: 12, 13 and 4 are in neither room_prior_fit's ODD
# nor put_spot_error's --plans). Next in line: round 34's 16 and 24, a third time. Their
# streams differ from those splits' (other seed, other tasks). At length 30 each stream
# holds all three KINDS and every task's needs are within reach of its world (checked by
# generating the streams only; 0 of 30 out of reach in each).
# "fresh39a/b/c" (round 39) likewise, by a helper (heldout39) who ran no arm on them: no
# kitchen no split uses is left that is no tuning plan (10 and 22 still passed over, 29 a
# room-prior plan, 14 failed with three seeds), so the three take the next in line, a THIRD
# reuse each, in the order rounds 34 and 35 reused them a second time: 16 (fresh23b's,
# reused by fresh29b and fresh34b) with 3901, 24 (fresh23c's, reused by fresh29c and
# fresh34c) with 3902 and 6 (fresh24a's, reused by fresh30a and fresh35a) with 3903 (none a
# tuning plan: 16, 24 and 6 are in neither room_prior_fit's ODD nor put_spot_error's
# --plans). Next in line: round 35's 18 and 27, a third time. Their streams differ from
# those splits' (other seed, other tasks). At length 30 each stream holds all three KINDS
# and every task's needs are within reach of its world (checked by generating the streams
# only; 0 of 30 out of reach in each).
# "fresh40a/b/c" (round 40) likewise, by a helper (heldout40) who ran no arm on them: the
# next in line, a THIRD reuse each, round 35's 18 (fresh24b's, reused by fresh30b and
# fresh35b) with 4001 and 27 (fresh24c's, reused by fresh31a and fresh35c) with 4002; then
# 14 is passed over as before (it failed with three seeds) and no kitchen is left for a
# third reuse, so the third takes the kitchen reused a third time longest ago, a FOURTH
# reuse: round 36's 28 (fresh21b's, reused by fresh26a, fresh31b and fresh36a) with 4003
# (none a tuning plan: 18, 27 and 28 are in neither room_prior_fit's ODD nor
# put_spot_error's --plans). Next in line: round 36's 20 and 30, a fourth time. Their
# streams differ from those splits' (other seed, other tasks). At length 30 each stream
# holds all three KINDS and every task's needs are within reach of its world (checked by
# generating the streams only; 0 of 30 out of reach in each).
# "fresh41a/b/c" (round 41) likewise, by a helper (heldout41) who ran no arm on them: the
# next in line, a FOURTH reuse each, round 36's 20 (fresh22b's, reused by fresh26c,
# fresh31c and fresh36b) with 4101 and 30 (fresh21c's, reused by fresh27a, fresh32a and
# fresh36c) with 4102, and round 37's 8 (fresh22a's, reused by fresh27b, fresh32b and
# fresh37a) with 4103 (none a tuning plan: 20, 30 and 8 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans). Next in line: round 37's 26 and 5, a fourth time.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh42a/b/c" (round 42) likewise, by a helper (heldout42) who ran no arm on them: the
# next in line, a FOURTH reuse each, round 37's 26 (fresh22c's, reused by fresh27c,
# fresh32c and fresh37b) with 4201 and 5 (report's, reused by fresh28a, fresh33a and
# fresh37c) with 4202, and round 38's 12 (heldout's, reused by fresh28b, fresh33b and
# fresh38a) with 4203 (none a tuning plan: 26, 5 and 12 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans). Next in line: round 38's 13 and 4, a fourth time.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh43a/b/c" (round 43) likewise, by a helper (heldout43) who ran no arm on them: the
# next in line, a FOURTH reuse each, round 38's 13 (fresh's, reused by fresh28c, fresh33c
# and fresh38b) with 4301 and 4 (fresh23a's, reused by fresh29a, fresh34a and fresh38c)
# with 4302; the third in line, round 39's 16, lacks a kind with seed 4303 (its stream
# holds two of the three KINDS), so it is passed over for the next, round 39's 24
# (fresh23c's, reused by fresh29c, fresh34c and fresh39b) with 4303 (none a tuning plan:
# 13, 4 and 24 are in neither room_prior_fit's ODD nor put_spot_error's --plans). Next in
# line: round 39's 16 (with another seed) and 6, a fourth time, then round 40's 18.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh44a/b/c" (round 44) likewise, by a helper (heldout44) who ran no arm on them: the
# next in line, a FOURTH reuse each, round 39's 16 with another seed, 4401 (fresh23b's,
# reused by fresh29b, fresh34b and fresh39a; with 4303 in round 43 its stream lacked a
# kind, with 4401 it holds all three), 6 (fresh24a's, reused by fresh30a, fresh35a and
# fresh39c) with 4402 and round 40's 18 (fresh24b's, reused by fresh30b, fresh35b and
# fresh40a) with 4403 (none a tuning plan: 16, 6 and 18 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans). Next in line: round 40's 27, a fourth time; then no
# kitchen is left for a fourth reuse (14 passed over), so a FIFTH reuse of those reused a
# fourth time longest ago, round 40's 28 and round 41's 20.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh45a/b/c" (round 45) likewise, by a helper (heldout45) who ran no arm on them: the
# next in line, round 40's 27 a FOURTH time (fresh24c's, reused by fresh31a, fresh35c and
# fresh40b) with 4501; then, no kitchen being left for a fourth reuse, a FIFTH reuse of
# those reused a fourth time longest ago: round 40's 28 (fresh21b's, reused by fresh26a,
# fresh31b, fresh36a and fresh40c) with 4502 and round 41's 20 (fresh22b's, reused by
# fresh26c, fresh31c, fresh36b and fresh41a) with 4503 (none a tuning plan: 27, 28 and 20
# are in neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line: fifth
# reuses of round 41's 30 and 8, then round 42's 26.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh46a/b/c" (round 46) likewise, by a helper (heldout46) who ran no arm on them: the
# next in line, a FIFTH reuse each: round 41's 30 (fresh21c's, reused by fresh27a, fresh32a,
# fresh36c and fresh41b) with 4601 and 8 (fresh22a's, reused by fresh27b, fresh32b,
# fresh37a and fresh41c) with 4602, and round 42's 26 (fresh22c's, reused by fresh27c,
# fresh32c, fresh37b and fresh42a) with 4603 (none a tuning plan: 30, 8 and 26 are in
# neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line: fifth reuses of
# round 42's 5 and 12, then round 43's 13.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh47a/b/c" (round 47) likewise, by a helper (heldout47) who ran no arm on them: the
# next in line, a FIFTH reuse each: round 42's 5 (report's, reused by fresh28a, fresh33a,
# fresh37c and fresh42b) with 4701 and 12 (heldout's, reused by fresh28b, fresh33b,
# fresh38a and fresh42c) with 4702, and round 43's 13 (fresh's, reused by fresh28c,
# fresh33c, fresh38b and fresh43a) with 4703 (none a tuning plan: 5, 12 and 13 are in
# neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line: fifth reuses of
# round 43's 4 and 24, then round 44's 16.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh48a/b/c" (round 48) likewise, by a helper (heldout48) who ran no arm on them: the
# next in line, a FIFTH reuse each: round 43's 4 (fresh23a's, reused by fresh29a, fresh34a,
# fresh38c and fresh43b) with 4801 and 24 (fresh23c's, reused by fresh29c, fresh34c,
# fresh39b and fresh43c) with 4802, and round 44's 16 (fresh23b's, reused by fresh29b,
# fresh34b, fresh39a and fresh44a) with 4803 (none a tuning plan: 4, 24 and 16 are in
# neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line: fifth reuses of
# round 44's 6 and 18, then round 45's 27.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh49a/b/c" (round 49) likewise, by a helper (heldout49) who ran no arm on them: the
# next in line, a FIFTH reuse each: round 44's 6 (fresh24a's, reused by fresh30a, fresh35a,
# fresh39c and fresh44b) with 4901 and 18 (fresh24b's, reused by fresh30b, fresh35b,
# fresh40a and fresh44c) with 4902, and round 45's 27 (fresh24c's, reused by fresh31a,
# fresh35c, fresh40b and fresh45a) with 4903 (none a tuning plan: 6, 18 and 27 are in
# neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line: sixth reuses of
# round 45's 28 and 20, then round 46's 30.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only; 0 of 30 out of reach in each).
# "fresh50a/b/c" (round 50) likewise, by a helper (heldout50) who ran no arm on them: the
# next in line, a SIXTH reuse each: round 45's 28 (fresh21b's, reused by fresh26a, fresh31b,
# fresh36a, fresh40c and fresh45b) with 5001 and 20 (fresh22b's, reused by fresh26c,
# fresh31c, fresh36b, fresh41a and fresh45c) with 5002, and round 46's 30 (fresh21c's,
# reused by fresh27a, fresh32a, fresh36c, fresh41b and fresh46a) with 5003 (none a tuning
# plan: 28, 20 and 30 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: sixth reuses of round 46's 8 and 26, then round 47's 5.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh51a/b/c" (round 51) likewise, by a helper (heldout51) who ran no arm on them: the
# next in line, a SIXTH reuse each: round 46's 8 (fresh22a's, reused by fresh27b, fresh32b,
# fresh37a, fresh41c and fresh46b) with 5101; the second in line, round 46's 26, lacks a
# kind with seed 5102 (its stream holds two of the three KINDS), so it is passed over for
# the next, round 47's 5 (report's, reused by fresh28a, fresh33a, fresh37c, fresh42b and
# fresh47a) with 5102, and the third takes the next, round 47's 12 (heldout's, reused by
# fresh28b, fresh33b, fresh38a, fresh42c and fresh47b) with 5103 (none a tuning plan: 8, 5
# and 12 are in neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line:
# round 46's 26 (with another seed) and round 47's 13, a sixth time, then round 48's 4.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh52a/b/c" (round 52) likewise, by a helper (heldout52) who ran no arm on them: the
# three next in line, a SIXTH reuse each: round 46's 26 (fresh22c's, reused by fresh27c,
# fresh32c, fresh37b, fresh42a and fresh46c), passed over in round 51 with seed 5102, whose
# stream with 5201 holds all three KINDS; round 47's 13 (fresh's, reused by fresh28c,
# fresh33c, fresh38b, fresh43a and fresh47c) with 5202; round 48's 4 (fresh23a's, reused by
# fresh29a, fresh34a, fresh38c, fresh43b and fresh48a) with 5203 (none a tuning plan: 26,
# 13 and 4 are in neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line:
# round 48's 24 and 16, then round 49's 6, a sixth time.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh53a/b/c" (round 53) likewise, by a helper (heldout53) who ran no arm on them: the
# three next in line, a SIXTH reuse each: round 48's 24 (fresh23c's, reused by fresh29c,
# fresh34c, fresh39b, fresh43c and fresh48b) with 5301; round 48's 16 (fresh23b's, reused
# by fresh29b, fresh34b, fresh39a, fresh44a and fresh48c) with 5302; round 49's 6
# (fresh24a's, reused by fresh30a, fresh35a, fresh39c, fresh44b and fresh49a) with 5303
# (none a tuning plan: 24, 16 and 6 are in neither room_prior_fit's ODD nor
# put_spot_error's --plans). Next in line: round 49's 18 and 27, then round 50's 28, a
# sixth time.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh54a/b/c" (round 54) likewise, by a helper (heldout54) who ran no arm on them: the
# three next in line: round 49's 18 (fresh24b's, reused by fresh30b, fresh35b, fresh40a,
# fresh44c and fresh49b) with 5401 and 27 (fresh24c's, reused by fresh31a, fresh35c,
# fresh40b, fresh45a and fresh49c) with 5402, a SIXTH reuse each; then round 50's 28
# (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b and fresh50a)
# with 5403, a SEVENTH reuse: round 53 called it a sixth, but fresh50a already was, and no
# kitchen is left for a sixth reuse (14 passed over; 17, 19, 23 and 25 are tuning plans),
# so 28, reused a sixth time longest ago, comes next (none a tuning plan: 18, 27 and 28 are
# in neither room_prior_fit's ODD nor put_spot_error's --plans). Next in line: seventh
# reuses of round 50's 20 and 30, then round 51's 8.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh55a/b/c" (round 55) likewise, by a helper (heldout55) who ran no arm on them: the
# three next in line, a SEVENTH reuse each: round 50's 20 (fresh22b's, reused by fresh26c,
# fresh31c, fresh36b, fresh41a, fresh45c and fresh50b) with 5501 and 30 (fresh21c's, reused
# by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a and fresh50c) with 5502, then round
# 51's 8 (fresh22a's, reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b and
# fresh51a) with 5503 (none a tuning plan: 20, 30 and 8 are in neither room_prior_fit's ODD
# nor put_spot_error's --plans). Next in line: seventh reuses of round 51's 5 and 12, then
# round 52's 26.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh56a/b/c" (round 56) likewise, by a helper (heldout56) who ran no arm on them: the
# three next in line, a SEVENTH reuse each: round 51's 5 (report's, reused by fresh28a,
# fresh33a, fresh37c, fresh42b, fresh47a and fresh51b) with 5601 and 12 (heldout's, reused
# by fresh28b, fresh33b, fresh38a, fresh42c, fresh47b and fresh51c) with 5602, then round
# 52's 26 (fresh22c's, reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c and
# fresh52a) with 5603 (none a tuning plan: 5, 12 and 26 are in neither room_prior_fit's ODD
# nor put_spot_error's --plans). Next in line: seventh reuses of round 52's 13 and 4, then
# round 53's 24.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh57a/b/c" (round 57) likewise, by a helper (heldout57) who ran no arm on them: the
# three next in line, a SEVENTH reuse each: round 52's 13 (fresh's, reused by fresh28c,
# fresh33c, fresh38b, fresh43a, fresh47c and fresh52b) with 5701 and 4 (fresh23a's, reused
# by fresh29a, fresh34a, fresh38c, fresh43b, fresh48a and fresh52c) with 5702, then round
# 53's 24 (fresh23c's, reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b and
# fresh53a) with 5703 (none a tuning plan: 13, 4 and 24 are in neither room_prior_fit's ODD
# nor put_spot_error's --plans). Next in line: seventh reuses of round 53's 16 and 6, then
# round 54's 18.
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh58a/b/c" (round 58) likewise, by a helper (heldout58) who ran no arm on them: the
# three next in line, a SEVENTH reuse each: round 53's 16 (fresh23b's, reused by fresh29b,
# fresh34b, fresh39a, fresh44a, fresh48c and fresh53b) with 5801 and 6 (fresh24a's, reused
# by fresh30a, fresh35a, fresh39c, fresh44b, fresh49a and fresh53c) with 5802, then round
# 54's 18 (fresh24b's, reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b and
# fresh54a) with 5803 (none a tuning plan: 16, 6 and 18 are in neither room_prior_fit's ODD
# nor put_spot_error's --plans). Next in line: seventh reuses of round 54's 27, then the
# eighth reuses, the longest ago first (round 54's 28, then round 55's 20, 30 and 8).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh59a/b/c" (round 59) likewise, by a helper (heldout59) who ran no arm on them: the
# three next in line: round 54's 27 (fresh24c's, reused by fresh31a, fresh35c, fresh40b,
# fresh45a, fresh49c and fresh54b), a SEVENTH reuse, with 5901; then an EIGHTH reuse each,
# the longest ago first: round 54's 28 (fresh21b's, reused by fresh26a, fresh31b, fresh36a,
# fresh40c, fresh45b, fresh50a and fresh54c) with 5902 and round 55's 20 (fresh22b's, reused
# by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b and fresh55a) with 5903 (none
# a tuning plan: 27, 28 and 20 are in neither room_prior_fit's ODD nor put_spot_error's
# --plans). Next in line: eighth reuses, the longest ago first (round 55's 30 and 8, then
# round 56's 5, 12 and 26).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh60a/b/c" (round 60) likewise, by a helper (heldout60) who ran no arm on them: the
# three next in line, an EIGHTH reuse each, the longest ago first: round 55's 30 (fresh21c's,
# reused by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a, fresh50c and fresh55b) with
# 6001 and 8 (fresh22a's, reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b,
# fresh51a and fresh55c) with 6002, then round 56's 5 (report's, reused by fresh28a,
# fresh33a, fresh37c, fresh42b, fresh47a, fresh51b and fresh56a) with 6003 (none a tuning
# plan: 30, 8 and 5 are in neither room_prior_fit's ODD nor put_spot_error's --plans). Next
# in line: eighth reuses, the longest ago first (round 56's 12 and 26, then round 57's 13, 4
# and 24).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh61a/b/c" (round 61) likewise, by a helper (heldout61) who ran no arm on them: the
# three next in line, an EIGHTH reuse each, the longest ago first: round 56's 12 (heldout's,
# reused by fresh28b, fresh33b, fresh38a, fresh42c, fresh47b, fresh51c and fresh56b) with
# 6101 and 26 (fresh22c's, reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c,
# fresh52a and fresh56c) with 6102, then round 57's 13 (fresh's, reused by fresh28c,
# fresh33c, fresh38b, fresh43a, fresh47c, fresh52b and fresh57a) with 6103 (none a tuning
# plan: 12, 26 and 13 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: eighth reuses, the longest ago first (round 57's 4 and 24, then round 58's
# 16, 6 and 18).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh62a/b/c" (round 62) likewise, by a helper (heldout62) who ran no arm on them: the
# three next in line, an EIGHTH reuse each, the longest ago first: round 57's 4 (fresh23a's,
# reused by fresh29a, fresh34a, fresh38c, fresh43b, fresh48a, fresh52c and fresh57b) with
# 6201 and 24 (fresh23c's, reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b,
# fresh53a and fresh57c) with 6202, then round 58's 16 (fresh23b's, reused by fresh29b,
# fresh34b, fresh39a, fresh44a, fresh48c, fresh53b and fresh58a) with 6203 (none a tuning
# plan: 4, 24 and 16 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: eighth reuses, the longest ago first (round 58's 6 and 18, then round 59's
# 27, and after them ninth reuses, the longest ago first: round 59's 28 and 20).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh63a/b/c" (round 63) likewise, by a helper (heldout63) who ran no arm on them: the
# three next in line, the last EIGHTH reuses, the longest ago first: round 58's 6 (fresh24a's,
# reused by fresh30a, fresh35a, fresh39c, fresh44b, fresh49a, fresh53c and fresh58b) with
# 6301 and 18 (fresh24b's, reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b,
# fresh54a and fresh58c) with 6302, then round 59's 27 (fresh24c's, reused by fresh31a,
# fresh35c, fresh40b, fresh45a, fresh49c, fresh54b and fresh59a) with 6303 (none a tuning
# plan: 6, 18 and 27 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: ninth reuses, the longest ago first (round 59's 28 and 20, then round 60's
# 30, 8 and 5, then round 61's 12, 26 and 13).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh64a/b/c" (round 64) likewise, by a helper (heldout64) who ran no arm on them: the
# three next in line, the first NINTH reuses, the longest ago first: round 59's 28
# (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a, fresh54c
# and fresh59b) with 6401 and 20 (fresh22b's, reused by fresh26c, fresh31c, fresh36b,
# fresh41a, fresh45c, fresh50b, fresh55a and fresh59c) with 6402, then round 60's 30
# (fresh21c's, reused by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a, fresh50c, fresh55b
# and fresh60a) with 6403 (none a tuning plan: 28, 20 and 30 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans).
# Next in line: ninth reuses, the longest ago first (round 60's 8 and 5, then round 61's 12,
# 26 and 13, then round 62's 4, 24 and 16, then round 63's 6, 18 and 27).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh65a/b/c" (round 65) likewise, by a helper (heldout65) who ran no arm on them: the
# three next in line, NINTH reuses, the longest ago first: round 60's 8 (fresh22a's, reused
# by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c and fresh60b) with
# 6501 and 5 (report's, reused by fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b,
# fresh56a and fresh60c) with 6502, then round 61's 12 (heldout's, reused by fresh28b,
# fresh33b, fresh38a, fresh42c, fresh47b, fresh51c, fresh56b and fresh61a) with 6503 (none a
# tuning plan: 8, 5 and 12 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: ninth reuses, the longest ago first (round 61's 26 and 13, then round 62's 4,
# 24 and 16, then round 63's 6, 18 and 27), then tenth reuses, the longest ago first (round
# 64's 28, 20 and 30, then round 65's 8, 5 and 12).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh66a/b/c" (round 66) likewise, by a helper (heldout66) who ran no arm on them: the
# three next in line, NINTH reuses, the longest ago first: round 61's 26 (fresh22c's, reused
# by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a, fresh56c and fresh61b) with
# 6601 and 13 (fresh's, reused by fresh28c, fresh33c, fresh38b, fresh43a, fresh47c, fresh52b,
# fresh57a and fresh61c) with 6602, then round 62's 4 (fresh23a's, reused by fresh29a,
# fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b and fresh62a) with 6603 (none a
# tuning plan: 26, 13 and 4 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: ninth reuses, the longest ago first (round 62's 24 and 16, then round 63's 6,
# 18 and 27), then tenth reuses, the longest ago first (round 64's 28, 20 and 30, then round
# 65's 8, 5 and 12, then round 66's 26, 13 and 4).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh67a/b/c" (round 67) likewise, by a helper (heldout67) who ran no arm on them: the
# three next in line, NINTH reuses, the longest ago first: round 62's 24 (fresh23c's, reused
# by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a, fresh57c and fresh62b) with
# 6701 and 16 (fresh23b's, reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c,
# fresh53b, fresh58a and fresh62c) with 6702, then round 63's 6 (fresh24a's, reused by
# fresh30a, fresh35a, fresh39c, fresh44b, fresh49a, fresh53c, fresh58b and fresh63a) with
# 6703 (none a tuning plan: 24, 16 and 6 are in neither room_prior_fit's ODD nor
# put_spot_error's --plans).
# Next in line: ninth reuses, the longest ago first (round 63's 18 and 27), then tenth
# reuses, the longest ago first (round 64's 28, 20 and 30, then round 65's 8, 5 and 12, then
# round 66's 26, 13 and 4, then round 67's 24, 16 and 6).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh68a/b/c" (round 68) likewise, by a helper (heldout68) who ran no arm on them: the
# three next in line, the last two NINTH reuses, the longest ago first: round 63's 18
# (fresh24b's, reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b, fresh54a, fresh58c
# and fresh63b) with 6801 and 27 (fresh24c's, reused by fresh31a, fresh35c, fresh40b, fresh45a,
# fresh49c, fresh54b, fresh59a and fresh63c) with 6802, then the first TENTH reuse, round 64's
# 28 (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a,
# fresh54c, fresh59b and fresh64a) with 6803 (none a tuning plan: 18, 27 and 28 are in neither
# room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: tenth reuses, the longest ago first (round 64's 20 and 30, then round 65's 8,
# 5 and 12, then round 66's 26, 13 and 4, then round 67's 24, 16 and 6, then round 68's 18
# and 27), then eleventh reuses, the longest ago first (round 68's 28, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh69a/b/c" (round 69) likewise, by a helper (heldout69) who ran no arm on them: the
# three next in line, TENTH reuses, the longest ago first: round 64's 20 (fresh22b's, reused
# by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b, fresh55a, fresh59c and
# fresh64b) with 6901 and 30 (fresh21c's, reused by fresh27a, fresh32a, fresh36c, fresh41b,
# fresh46a, fresh50c, fresh55b, fresh60a and fresh64c) with 6902, then round 65's 8
# (fresh22a's, reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c,
# fresh60b and fresh65a) with 6903 (none a tuning plan: 20, 30 and 8 are in neither
# room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: tenth reuses, the longest ago first (round 65's 5 and 12, then round 66's
# 26, 13 and 4, then round 67's 24, 16 and 6, then round 68's 18 and 27), then eleventh
# reuses, the longest ago first (round 68's 28, then round 69's 20, 30 and 8, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh70a/b/c" (round 70) likewise, by a helper (heldout70) who ran no arm on them: the
# three next in line, TENTH reuses, the longest ago first: round 65's 5 (report's, reused by
# fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b, fresh56a, fresh60c and
# fresh65b) with 7001 and 12 (heldout's, reused by fresh28b, fresh33b, fresh38a, fresh42c,
# fresh47b, fresh51c, fresh56b, fresh61a and fresh65c) with 7002, then round 66's 26
# (fresh22c's, reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a,
# fresh56c, fresh61b and fresh66a) with 7003 (none a tuning plan: 5, 12 and 26 are in
# neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: tenth reuses, the longest ago first (round 66's 13 and 4, then round 67's
# 24, 16 and 6, then round 68's 18 and 27), then eleventh reuses, the longest ago first
# (round 68's 28, then round 69's 20, 30 and 8, then round 70's 5, 12 and 26, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh71a/b/c" (round 71) likewise, by a helper (heldout71) who ran no arm on them: the
# three next in line, TENTH reuses, the longest ago first: round 66's 13 (fresh's, reused by
# fresh28c, fresh33c, fresh38b, fresh43a, fresh47c, fresh52b, fresh57a, fresh61c and
# fresh66b) with 7101 and 4 (fresh23a's, reused by fresh29a, fresh34a, fresh38c, fresh43b,
# fresh48a, fresh52c, fresh57b, fresh62a and fresh66c) with 7102, then round 67's 24
# (fresh23c's, reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a,
# fresh57c, fresh62b and fresh67a) with 7103 (none a tuning plan: 13, 4 and 24 are in
# neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: tenth reuses, the longest ago first (round 67's 16 and 6, then round 68's
# 18 and 27), then eleventh reuses, the longest ago first (round 68's 28, then round 69's
# 20, 30 and 8, then round 70's 5, 12 and 26, then round 71's 13, 4 and 24, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh72a/b/c" (round 72) likewise, by a helper (heldout72) who ran no arm on them: the
# three next in line, TENTH reuses, the longest ago first: round 67's 16 (fresh23b's, reused
# by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c, fresh53b, fresh58a, fresh62c and
# fresh67b) with 7201 and 6 (fresh24a's, reused by fresh30a, fresh35a, fresh39c, fresh44b,
# fresh49a, fresh53c, fresh58b, fresh63a and fresh67c) with 7202, then round 68's 18
# (fresh24b's, reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b, fresh54a,
# fresh58c, fresh63b and fresh68a) with 7203 (none a tuning plan: 16, 6 and 18 are in
# neither room_prior_fit's ODD nor put_spot_error's --plans).
# Next in line: the last tenth reuse (round 68's 27), then eleventh reuses, the longest ago
# first (round 68's 28, then round 69's 20, 30 and 8, then round 70's 5, 12 and 26, then
# round 71's 13, 4 and 24, then round 72's 16, 6 and 18, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh73a/b/c" (round 73) likewise, by a helper (heldout73) who ran no arm on them: the
# three next in line: the last TENTH reuse, round 68's 27 (fresh24c's, reused by fresh31a,
# fresh35c, fresh40b, fresh45a, fresh49c, fresh54b, fresh59a, fresh63c and fresh68b) with
# 7301, then ELEVENTH reuses, the longest ago first: round 68's 28 lacks a kind with seed
# 7302 (its stream holds two of the three KINDS: no pick_heat_then_place_in_recep), so it
# is passed over (as round 43 passed over 16) for the next, round 69's 20 (fresh22b's,
# reused by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b, fresh55a, fresh59c,
# fresh64b and fresh69a) with 7302, then round 69's 30 (fresh21c's, reused by fresh27a,
# fresh32a, fresh36c, fresh41b, fresh46a, fresh50c, fresh55b, fresh60a, fresh64c and
# fresh69b) with 7303 (none a tuning plan: 27, 20 and 30 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans).
# Next in line: eleventh reuses, the longest ago first (round 68's 28 with another seed,
# then round 69's 8, then round 70's 5, 12 and 26, then round 71's 13, 4 and 24, then round
# 72's 16, 6 and 18, then round 73's 27, ...), then twelfth reuses (round 73's 20 and 30,
# ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh74a/b/c" (round 74) likewise, by a helper (heldout74) who ran no arm on them: the
# three next in line, ELEVENTH reuses, the longest ago first: round 68's 28 (fresh21b's,
# reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a, fresh54c, fresh59b,
# fresh64a and fresh68c) with another seed, 7401, then round 69's 8 (fresh22a's, reused by
# fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c, fresh60b, fresh65a
# and fresh69c) with 7402, then round 70's 5 (report's, reused by fresh28a, fresh33a,
# fresh37c, fresh42b, fresh47a, fresh51b, fresh56a, fresh60c, fresh65b and fresh70a) with
# 7403 (none a tuning plan: 28, 8 and 5 are in neither room_prior_fit's ODD nor
# put_spot_error's --plans).
# Next in line: eleventh reuses, the longest ago first (round 70's 12 and 26, then round
# 71's 13, 4 and 24, then round 72's 16, 6 and 18, then round 73's 27, ...), then twelfth
# reuses (round 73's 20 and 30, then round 74's 28, 8 and 5, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh75a/b/c" (round 75) likewise, by a helper (heldout75) who ran no arm on them: the
# three next in line, ELEVENTH reuses, the longest ago first: round 70's 12 (heldout's,
# reused by fresh28b, fresh33b, fresh38a, fresh42c, fresh47b, fresh51c, fresh56b, fresh61a,
# fresh65c and fresh70b) with 7501, then round 70's 26 (fresh22c's, reused by fresh27c,
# fresh32c, fresh37b, fresh42a, fresh46c, fresh52a, fresh56c, fresh61b, fresh66a and
# fresh70c) with 7502, then round 71's 13 (fresh's, reused by fresh28c, fresh33c, fresh38b,
# fresh43a, fresh47c, fresh52b, fresh57a, fresh61c, fresh66b and fresh71a) with 7503 (none
# a tuning plan: 12, 26 and 13 are in neither room_prior_fit's ODD nor put_spot_error's
# --plans).
# "fresh76a/b/c" (round 76) likewise, by a helper (heldout76) who ran no arm on them: the
# three next in line, ELEVENTH reuses, the longest ago first: round 71's 4 (fresh23a's,
# reused by fresh29a, fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a,
# fresh66c and fresh71b) with 7601, then round 71's 24 (fresh23c's, reused by fresh29c,
# fresh34c, fresh39b, fresh43c, fresh48b, fresh53a, fresh57c, fresh62b, fresh67a and
# fresh71c) with 7602, then round 72's 16 (fresh23b's, reused by fresh29b, fresh34b,
# fresh39a, fresh44a, fresh48c, fresh53b, fresh58a, fresh62c, fresh67b and fresh72a) with
# 7603 (none a tuning plan: 4, 24 and 16 are in neither room_prior_fit's ODD nor
# put_spot_error's --plans).
# "fresh77a/b/c" (round 77) likewise, by a helper (heldout77) who ran no arm on them: the
# three next in line, the last ELEVENTH reuses, the longest ago first: round 72's 6
# (fresh24a's, reused by fresh30a, fresh35a, fresh39c, fresh44b, fresh49a, fresh53c,
# fresh58b, fresh63a, fresh67c and fresh72b) with 7701, then round 72's 18 (fresh24b's,
# reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b, fresh54a, fresh58c, fresh63b,
# fresh68a and fresh72c) with 7702, then round 73's 27 (fresh24c's, reused by fresh31a,
# fresh35c, fresh40b, fresh45a, fresh49c, fresh54b, fresh59a, fresh63c, fresh68b and
# fresh73a) with 7703 (none a tuning plan: 6, 18 and 27 are in neither room_prior_fit's ODD
# nor put_spot_error's --plans).
# "fresh78a/b/c" (round 78) likewise, by a helper (heldout78) who ran no arm on them: the
# three next in line, the first TWELFTH reuses, the longest ago first: round 73's 20
# (fresh22b's, reused by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b,
# fresh55a, fresh59c, fresh64b, fresh69a and fresh73b) with 7801, then round 73's 30
# (fresh21c's, reused by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a, fresh50c,
# fresh55b, fresh60a, fresh64c, fresh69b and fresh73c) with 7802, then round 74's 28
# (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a,
# fresh54c, fresh59b, fresh64a, fresh68c and fresh74a) with 7803 (none a tuning plan: 20,
# 30 and 28 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# "fresh79a/b/c" (round 79) likewise, by a helper (heldout79) who ran no arm on them: the
# three next in line, TWELFTH reuses, the longest ago first: round 74's 8 (fresh22a's,
# reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c, fresh60b,
# fresh65a, fresh69c and fresh74b) with 7901, then round 74's 5 (report's, reused by
# fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b, fresh56a, fresh60c, fresh65b,
# fresh70a and fresh74c) with 7902, then round 75's 12 (heldout's, reused by fresh28b,
# fresh33b, fresh38a, fresh42c, fresh47b, fresh51c, fresh56b, fresh61a, fresh65c, fresh70b
# and fresh75a) with 7903 (none a tuning plan: 8, 5 and 12 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans).
# "fresh80a/b/c" (round 80) likewise, by a helper (heldout80) who ran no arm on them: the
# three next in line, TWELFTH reuses, the longest ago first: round 75's 26 (fresh22c's,
# reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a, fresh56c, fresh61b,
# fresh66a, fresh70c and fresh75b) with 8001, then round 75's 13 (fresh's, reused by
# fresh28c, fresh33c, fresh38b, fresh43a, fresh47c, fresh52b, fresh57a, fresh61c, fresh66b,
# fresh71a and fresh75c) with 8002, then round 76's 4 (fresh23a's, reused by fresh29a,
# fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a, fresh66c, fresh71b
# and fresh76a) with 8003 (none a tuning plan: 26, 13 and 4 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans).
# "fresh81a/b/c" (round 81) likewise, by a helper (heldout81) who ran no arm on them: the
# next in line, TWELFTH reuses, the longest ago first, but round 76's 24 with 8101 gave a
# stream without pick_heat at length 30 (24 is not at fault: it holds all three KINDS with
# 8102 and 8103), so the next after the three took its place: round 76's 16 (fresh23b's,
# reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c, fresh53b, fresh58a, fresh62c,
# fresh67b, fresh72a and fresh76c) with 8102, round 77's 6 (fresh24a's, reused by fresh30a,
# fresh35a, fresh39c, fresh44b, fresh49a, fresh53c, fresh58b, fresh63a, fresh67c, fresh72b
# and fresh77a) with 8103 and round 77's 18 (fresh24b's, reused by fresh30b, fresh35b,
# fresh40a, fresh44c, fresh49b, fresh54a, fresh58c, fresh63b, fresh68a, fresh72c and
# fresh77b) with 8101 (none a tuning plan: 16, 6 and 18 are in neither room_prior_fit's
# ODD nor put_spot_error's --plans).
# "fresh85a/b/c" (round 85) likewise, by a helper (heldexp85) who ran no arm on them: the
# three next in line, the last two TWELFTH reuses, the longest ago first: round 76's 24
# (fresh23c's, reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a,
# fresh57c, fresh62b, fresh67a, fresh71c and fresh76b; passed over in round 81 for its seed
# 8101, it holds all three KINDS with 8501) with 8501, then round 77's 27 (fresh24c's,
# reused by fresh31a, fresh35c, fresh40b, fresh45a, fresh49c, fresh54b, fresh59a, fresh63c,
# fresh68b, fresh73a and fresh77c) with 8502, then the first THIRTEENTH reuse, round 78's
# 20 (fresh22b's, reused by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b,
# fresh55a, fresh59c, fresh64b, fresh69a, fresh73b and fresh78a) with 8503 (none a tuning
# plan: 24, 27 and 20 are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# No kitchen was passed over: each of the three holds all three KINDS at length 30 with
# its seed and every task is within reach.
# Next in line: thirteenth reuses, the longest ago first (round 78's 30 and 28, then round
# 79's 8, 5 and 12, then round 80's 26, 13 and 4, then round 81's 16, 6 and 18, then round
# 85's 24 and 27, ...). (Round 81's sentence, which this one replaces, called round 78's
# kitchens onward "twelfth reuses"; rounds 78 to 81 reused them a twelfth time, so their
# next is a thirteenth.)
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh86a/b/c" (round 86) likewise, by a helper (heldexp86) who ran no arm on them: the
# three next in line, THIRTEENTH reuses, the longest ago first: round 78's 30 (fresh21c's,
# reused by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a, fresh50c, fresh55b, fresh60a,
# fresh64c, fresh69b, fresh73c and fresh78b) with 8601, then round 78's 28 (fresh21b's,
# reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a, fresh54c, fresh59b,
# fresh64a, fresh68c, fresh74a and fresh78c) with 8602, then round 79's 8 (fresh22a's,
# reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c, fresh60b,
# fresh65a, fresh69c, fresh74b and fresh79a) with 8603 (none a tuning plan: 30, 28 and 8
# are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# No kitchen was passed over: each of the three holds all three KINDS at length 30 with
# its seed and every task is within reach.
# Next in line: thirteenth reuses, the longest ago first (round 79's 5 and 12, then round
# 80's 26, 13 and 4, then round 81's 16, 6 and 18, then round 85's 24 and 27, ...), then
# fourteenth reuses (round 85's 20, then round 86's 30, 28 and 8, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh87a/b/c" (round 87) likewise, by a helper (heldexp87) who ran no arm on them: the
# three next in line, THIRTEENTH reuses, the longest ago first: round 79's 5 (report's,
# reused by fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b, fresh56a, fresh60c,
# fresh65b, fresh70a, fresh74c and fresh79b) with 8701, then round 79's 12 (heldout's,
# reused by fresh28b, fresh33b, fresh38a, fresh42c, fresh47b, fresh51c, fresh56b, fresh61a,
# fresh65c, fresh70b, fresh75a and fresh79c) with 8702, then round 80's 26 (fresh22c's,
# reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a, fresh56c, fresh61b,
# fresh66a, fresh70c, fresh75b and fresh80a) with 8703 (none a tuning plan: 5, 12 and 26
# are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# No kitchen was passed over: each of the three holds all three KINDS at length 30 with
# its seed and every task is within reach.
# Next in line: thirteenth reuses, the longest ago first (round 80's 13 and 4, then round
# 81's 16, 6 and 18, then round 85's 24 and 27), then fourteenth reuses (round 85's 20,
# then round 86's 30, 28 and 8, then round 87's 5, 12 and 26, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh88a/b/c" (round 88) likewise, by a helper (heldexp88) who ran no arm on them: the
# three next in line, THIRTEENTH reuses, the longest ago first: round 80's 13 (fresh's,
# reused by fresh28c, fresh33c, fresh38b, fresh43a, fresh47c, fresh52b, fresh57a, fresh61c,
# fresh66b, fresh71a, fresh75c and fresh80b) with 8801, then round 80's 4 (fresh23a's,
# reused by fresh29a, fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a,
# fresh66c, fresh71b, fresh76a and fresh80c) with 8802, then round 81's 16 (fresh23b's,
# reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c, fresh53b, fresh58a, fresh62c,
# fresh67b, fresh72a, fresh76c and fresh81b) with 8803 (none a tuning plan: 13, 4 and 16
# are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# No kitchen was passed over: each of the three holds all three KINDS at length 30 with
# its seed and every task is within reach.
# Next in line: thirteenth reuses, the longest ago first (round 81's 6 and 18, then round
# 85's 24 and 27), then fourteenth reuses (round 85's 20, then round 86's 30, 28 and 8,
# then round 87's 5, 12 and 26, then round 88's 13, 4 and 16, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh89a/b/c" (round 89) likewise, by a helper (heldexp89) who ran no arm on them: the
# three next in line, THIRTEENTH reuses, the longest ago first: round 81's 6 (fresh24a's,
# reused by fresh30a, fresh35a, fresh39c, fresh44b, fresh49a, fresh53c, fresh58b, fresh63a,
# fresh67c, fresh72b, fresh77a and fresh81c) with 8901, then round 81's 18 (fresh24b's,
# reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b, fresh54a, fresh58c, fresh63b,
# fresh68a, fresh72c, fresh77b and fresh81a) with 8902, then round 85's 24 (fresh23c's,
# reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a, fresh57c, fresh62b,
# fresh67a, fresh71c, fresh76b and fresh85a) with 8903 (none a tuning plan: 6, 18 and 24
# are in neither room_prior_fit's ODD nor put_spot_error's --plans).
# No kitchen was passed over: each of the three holds all three KINDS at length 30 with
# its seed and every task is within reach.
# Next in line: the last thirteenth reuse (round 85's 27), then fourteenth reuses, the
# longest ago first (round 85's 20, then round 86's 30, 28 and 8, then round 87's 5, 12 and
# 26, then round 88's 13, 4 and 16, then round 89's 6, 18 and 24, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh90a/b/c" (round 90) likewise, by a helper (heldexp90) who ran no arm on them: the
# three next in line, the longest ago first: the last THIRTEENTH reuse, round 85's 27
# (fresh24c's, reused by fresh31a, fresh35c, fresh40b, fresh45a, fresh49c, fresh54b,
# fresh59a, fresh63c, fresh68b, fresh73a, fresh77c and fresh85b) with 9001, then the first
# FOURTEENTH reuses, round 85's 20 (fresh22b's, reused by fresh26c, fresh31c, fresh36b,
# fresh41a, fresh45c, fresh50b, fresh55a, fresh59c, fresh64b, fresh69a, fresh73b, fresh78a
# and fresh85c) with 9002, then round 86's 30 (fresh21c's, reused by fresh27a, fresh32a,
# fresh36c, fresh41b, fresh46a, fresh50c, fresh55b, fresh60a, fresh64c, fresh69b, fresh73c,
# fresh78b and fresh86a) with 9003 (none a tuning plan: 27, 20 and 30 are in neither
# room_prior_fit's ODD nor put_spot_error's --plans).
# No kitchen was passed over: each of the three holds all three KINDS at length 30 with
# its seed and every task is within reach.
# Next in line: fourteenth reuses, the longest ago first (round 86's 28 and 8, then round
# 87's 5, 12 and 26, then round 88's 13, 4 and 16, then round 89's 6, 18 and 24, then round
# 90's 27), then fifteenth reuses (round 90's 20 and 30, ...).
# Their streams differ from those splits' (other seed, other tasks). At length 30 each
# stream holds all three KINDS and every task's needs are within reach of its world
# (checked by generating the streams only, by the held-out test).
# "fresh91a/b/c" (round 91) likewise, written by the lead before any arm ran on them: the
# three next in line, FOURTEENTH reuses, the longest ago first: round 86's 28 (fresh21b's,
# reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a, fresh54c, fresh59b,
# fresh64a, fresh68c, fresh74a, fresh78c and fresh86b) with 9101, then round 86's 8
# (fresh22a's, reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a,
# fresh55c, fresh60b, fresh65a, fresh69c, fresh74b, fresh79a and fresh86c) with 9102, then
# round 87's 5 (the report split's, reused by fresh28a, fresh33a, fresh37c, fresh42b,
# fresh47a, fresh51b, fresh56a, fresh60c, fresh65b, fresh70a, fresh74c, fresh79b and
# fresh87a) with 9103.
# "fresh92a/b/c" (round 92) likewise, written by the lead before any arm ran on them: the
# three next in line, FOURTEENTH reuses, the longest ago first: round 87's 12 (the heldout
# split's, reused by fresh28b, fresh33b, fresh38a, fresh42c, fresh47b, fresh51c, fresh56b,
# fresh61a, fresh65c, fresh70b, fresh75a, fresh79c and fresh87b) with 9201, then round 87's
# 26 (fresh22c's, reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a,
# fresh56c, fresh61b, fresh66a, fresh70c, fresh75b, fresh80a and fresh87c) with 9202, then
# round 88's 13 (the fresh split's, reused by fresh28c, fresh33c, fresh38b, fresh43a,
# fresh47c, fresh52b, fresh57a, fresh61c, fresh66b, fresh71a, fresh75c, fresh80b and
# fresh88a) with 9203.
# "fresh93a/b/c" (round 93) likewise, written by the lead before any arm ran on them: the
# three next in line, FOURTEENTH reuses, the longest ago first: round 88's 4 (fresh23a's,
# reused by fresh29a, fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a,
# fresh66c, fresh71b, fresh76a, fresh80c and fresh88b) with 9301, then round 88's 16
# (fresh23b's, reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c, fresh53b,
# fresh58a, fresh62c, fresh67b, fresh72a, fresh76c, fresh81b and fresh88c) with 9302, then
# round 89's 6 (fresh24a's, reused by fresh30a, fresh35a, fresh39c, fresh44b, fresh49a,
# fresh53c, fresh58b, fresh63a, fresh67c, fresh72b, fresh77a, fresh81c and fresh89a) with
# 9303.
# "fresh94a/b/c" (round 94) likewise, written by the lead before any arm ran on them: the
# three next in line, FOURTEENTH reuses, the longest ago first: round 89's 18 (fresh24b's,
# reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b, fresh54a, fresh58c, fresh63b,
# fresh68a, fresh72c, fresh77b, fresh81a and fresh89b) with 9401, then round 89's 24
# (fresh23c's, reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a,
# fresh57c, fresh62b, fresh67a, fresh71c, fresh76b, fresh85a and fresh89c) with 9402, then
# round 90's 27 (fresh24c's, reused by fresh31a, fresh35c, fresh40b, fresh45a, fresh49c,
# fresh54b, fresh59a, fresh63c, fresh68b, fresh73a, fresh77c, fresh85b and fresh90a) with
# 9403.
# "fresh95a/b/c" (round 95) likewise, written by the lead before any arm ran on them: the
# three next in line, FIFTEENTH reuses, the longest ago first: round 90's 20 (fresh22b's,
# reused by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b, fresh55a, fresh59c,
# fresh64b, fresh69a, fresh73b, fresh78a, fresh85c and fresh90b) with 9501, then round 90's
# 30 (fresh21c's, reused by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a, fresh50c,
# fresh55b, fresh60a, fresh64c, fresh69b, fresh73c, fresh78b, fresh86a and fresh90c) with
# 9502, then round 91's 28 (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c,
# fresh45b, fresh50a, fresh54c, fresh59b, fresh64a, fresh68c, fresh74a, fresh78c, fresh86b
# and fresh91a) with 9503.
# "fresh96a/b/c" (round 96) likewise, written by the lead before any arm ran on them: the
# three next in line, FIFTEENTH reuses, the longest ago first: round 91's 8 (fresh22a's,
# reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c, fresh60b,
# fresh65a, fresh69c, fresh74b, fresh79a, fresh86c and fresh91b) with 9601, then round
# 91's 5 (the report split's, reused by fresh28a, fresh33a, fresh37c, fresh42b, fresh47a,
# fresh51b, fresh56a, fresh60c, fresh65b, fresh70a, fresh74c, fresh79b, fresh87a and
# fresh91c) with 9602, then round 92's 12 (the heldout split's, reused by fresh28b,
# fresh33b, fresh38a, fresh42c, fresh47b, fresh51c, fresh56b, fresh61a, fresh65c, fresh70b,
# fresh75a, fresh79c, fresh87b and fresh92a) with 9603.
# "fresh97a/b/c" (round 96, for round 97) likewise, written by the lead before any arm ran
# on them: the three next in line, FIFTEENTH reuses, the longest ago first: round 92's 26
# (fresh22c's, reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a,
# fresh56c, fresh61b, fresh66a, fresh70c, fresh75b, fresh80a, fresh87c and fresh92b) with
# 9701, then round 92's 13 (the fresh split's, reused by fresh28c, fresh33c, fresh38b,
# fresh43a, fresh47c, fresh52b, fresh57a, fresh61c, fresh66b, fresh71a, fresh75c, fresh80b,
# fresh88a and fresh92c) with 9702, then round 93's 4 (fresh23a's, reused by fresh29a,
# fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a, fresh66c, fresh71b,
# fresh76a, fresh80c, fresh88b and fresh93a) with 9703.
# "fresh98a/b/c" (round 97, for round 98) likewise, written by the lead before any arm ran
# on them: the three next in line, FIFTEENTH reuses, the longest ago first: round 93's 16
# (fresh23b's, reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c, fresh53b,
# fresh58a, fresh62c, fresh67b, fresh72a, fresh76c, fresh81b, fresh88c and fresh93b) with
# 9801, then round 93's 6 (fresh24a's, reused by fresh30a, fresh35a, fresh39c, fresh44b,
# fresh49a, fresh53c, fresh58b, fresh63a, fresh67c, fresh72b, fresh77a, fresh81c, fresh89a
# and fresh93c) with 9802, then round 94's 18 (fresh24b's, reused by fresh30b, fresh35b,
# fresh40a, fresh44c, fresh49b, fresh54a, fresh58c, fresh63b, fresh68a, fresh72c, fresh77b,
# fresh81a, fresh89b and fresh94a) with 9803.
# "fresh99a/b/c" (round 98, for round 99) likewise, written by the lead before any arm ran
# on them: the three next in line, the longest ago first: round 94's 24 (fresh23c's, reused
# by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a, fresh57c, fresh62b,
# fresh67a, fresh71c, fresh76b, fresh85a, fresh89c and fresh94b; a FIFTEENTH reuse) with
# 9901, then round 94's 27 (fresh24c's, reused by fresh31a, fresh35c, fresh40b, fresh45a,
# fresh49c, fresh54b, fresh59a, fresh63c, fresh68b, fresh73a, fresh77c, fresh85b, fresh90a
# and fresh94c; a FIFTEENTH reuse) with 9902, then round 95's 20 (fresh22b's, reused by
# fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b, fresh55a, fresh59c, fresh64b,
# fresh69a, fresh73b, fresh78a, fresh85c, fresh90b and fresh95a; a SIXTEENTH reuse) with 9903.
# "fresh100a/b/c" (round 99, for round 100) likewise, written by the lead before any arm
# ran on them: the three next in line, SIXTEENTH reuses, the longest ago first: round 95's
# 30 (fresh21c's, reused by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a, fresh50c,
# fresh55b, fresh60a, fresh64c, fresh69b, fresh73c, fresh78b, fresh86a, fresh90c and
# fresh95b) with 10001, then round 95's 28 (fresh21b's, reused by fresh26a, fresh31b,
# fresh36a, fresh40c, fresh45b, fresh50a, fresh54c, fresh59b, fresh64a, fresh68c, fresh74a,
# fresh78c, fresh86b, fresh91a and fresh95c) with 10002, then round 96's 8 (fresh22a's,
# reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c, fresh60b,
# fresh65a, fresh69c, fresh74b, fresh79a, fresh86c, fresh91b and fresh96a) with 10003.
# "fresh101a/b/c" (round 100, for round 101) likewise, written by the lead before any arm
# ran on them: the three next in line, SIXTEENTH reuses, the longest ago first: round 96's
# 5 (report's, reused by fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b,
# fresh56a, fresh60c, fresh65b, fresh70a, fresh74c, fresh79b, fresh87a, fresh91c and
# fresh96b) with 10101, then round 96's 12 (heldout's, reused by fresh28b, fresh33b,
# fresh38a, fresh42c, fresh47b, fresh51c, fresh56b, fresh61a, fresh65c, fresh70b, fresh75a,
# fresh79c, fresh87b, fresh92a and fresh96c) with 10102, then round 97's 26 (fresh22c's,
# reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a, fresh56c, fresh61b,
# fresh66a, fresh70c, fresh75b, fresh80a, fresh87c, fresh92b and fresh97a) with 10103.
# "fresh102a/b/c" (round 101, for round 102) likewise, written by the lead before any arm
# ran on them: the three next in line, SIXTEENTH reuses, the longest ago first: round 97's
# 13 (fresh's, reused by fresh28c, fresh33c, fresh38b, fresh43a, fresh47c, fresh52b,
# fresh57a, fresh61c, fresh66b, fresh71a, fresh75c, fresh80b, fresh88a, fresh92c and
# fresh97b) with 10201, then round 97's 4 (fresh23a's, reused by fresh29a, fresh34a,
# fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a, fresh66c, fresh71b, fresh76a,
# fresh80c, fresh88b, fresh93a and fresh97c) with 10202, then round 98's 16 (fresh23b's,
# reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c, fresh53b, fresh58a, fresh62c,
# fresh67b, fresh72a, fresh76c, fresh81b, fresh88c, fresh93b and fresh98a) with 10203.
# "fresh103a/b/c" (round 102, for round 103) likewise, written by the lead before any arm
# ran on them: the three next in line, SIXTEENTH reuses, the longest ago first: round 98's
# 6 (fresh24a's, reused by fresh30a, fresh35a, fresh39c, fresh44b, fresh49a, fresh53c,
# fresh58b, fresh63a, fresh67c, fresh72b, fresh77a, fresh81c, fresh89a, fresh93c and
# fresh98b) with 10301, then round 98's 18 (fresh24b's, reused by fresh30b, fresh35b,
# fresh40a, fresh44c, fresh49b, fresh54a, fresh58c, fresh63b, fresh68a, fresh72c, fresh77b,
# fresh81a, fresh89b, fresh94a and fresh98c) with 10302, then round 99's 24 (fresh23c's,
# reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a, fresh57c, fresh62b,
# fresh67a, fresh71c, fresh76b, fresh85a, fresh89c, fresh94b and fresh99a) with 10303.
# "fresh104a/b/c" (round 103, for round 104) likewise, written by the lead before any arm
# ran on them: the three next in line, the longest ago first: round 99's 27 (fresh24c's,
# reused by fresh31a, fresh35c, fresh40b, fresh45a, fresh49c, fresh54b, fresh59a, fresh63c,
# fresh68b, fresh73a, fresh77c, fresh85b, fresh90a, fresh94c and fresh99b; the last
# SIXTEENTH reuse) with 10401, then the first SEVENTEENTH reuses: round 99's 20 (fresh22b's,
# reused by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b, fresh55a, fresh59c,
# fresh64b, fresh69a, fresh73b, fresh78a, fresh85c, fresh90b, fresh95a and fresh99c) with
# 10402, then round 100's 30 (fresh21c's, reused by fresh27a, fresh32a, fresh36c, fresh41b,
# fresh46a, fresh50c, fresh55b, fresh60a, fresh64c, fresh69b, fresh73c, fresh78b, fresh86a,
# fresh90c, fresh95b and fresh100a) with 10403.
# "fresh105a/b/c" (round 104, for round 105) likewise, written by the lead before any arm
# ran on them: the three next SEVENTEENTH reuses, the longest ago first: round 100's 28
# (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a,
# fresh54c, fresh59b, fresh64a, fresh68c, fresh74a, fresh78c, fresh86b, fresh91a, fresh95c
# and fresh100b) with 10501, then round 100's 8 (fresh22a's, reused by fresh27b, fresh32b,
# fresh37a, fresh41c, fresh46b, fresh51a, fresh55c, fresh60b, fresh65a, fresh69c, fresh74b,
# fresh79a, fresh86c, fresh91b, fresh96a and fresh100c) with 10502, then round 101's 5
# (report's, reused by fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b, fresh56a,
# fresh60c, fresh65b, fresh70a, fresh74c, fresh79b, fresh87a, fresh91c, fresh96b and
# fresh101a) with 10503.
# "fresh106a/b/c" (round 105, for round 106) likewise, written by the lead before any arm ran
# on them: the three next SEVENTEENTH reuses, the longest ago first: round 101's 12 (heldout's,
# reused by fresh28b, fresh33b, fresh38a, fresh42c, fresh47b, fresh51c, fresh56b, fresh61a,
# fresh65c, fresh70b, fresh75a, fresh79c, fresh87b, fresh92a, fresh96c and fresh101b) with
# 10601, then round 101's 26 (fresh22c's, reused by fresh27c, fresh32c, fresh37b, fresh42a,
# fresh46c, fresh52a, fresh56c, fresh61b, fresh66a, fresh70c, fresh75b, fresh80a, fresh87c,
# fresh92b, fresh97a and fresh101c) with 10602, then round 102's 13 (fresh's, reused by
# fresh28c, fresh33c, fresh38b, fresh43a, fresh47c, fresh52b, fresh57a, fresh61c, fresh66b,
# fresh71a, fresh75c, fresh80b, fresh88a, fresh92c, fresh97b and fresh102a) with 10603.
# "fresh107a/b/c" (round 106, for round 107) likewise, written by the lead before any arm ran
# on them: the three next SEVENTEENTH reuses, the longest ago first: round 102's 4 (fresh23a's,
# reused by fresh29a, fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a,
# fresh66c, fresh71b, fresh76a, fresh80c, fresh88b, fresh93a, fresh97c and fresh102b) with
# 10701, then round 102's 16 (fresh23b's, reused by fresh29b, fresh34b, fresh39a, fresh44a,
# fresh48c, fresh53b, fresh58a, fresh62c, fresh67b, fresh72a, fresh76c, fresh81b, fresh88c,
# fresh93b, fresh98a and fresh102c) with 10702, then round 103's 6 (fresh24a's, reused by
# fresh30a, fresh35a, fresh39c, fresh44b, fresh49a, fresh53c, fresh58b, fresh63a, fresh67c,
# fresh72b, fresh77a, fresh81c, fresh89a, fresh93c, fresh98b and fresh103a) with 10703.
# "fresh108a/b/c" (round 107, for round 108) likewise, written by the lead before any arm ran
# on them: the three next SEVENTEENTH reuses, the longest ago first: round 103's 18
# (fresh24b's, reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b, fresh54a, fresh58c,
# fresh63b, fresh68a, fresh72c, fresh77b, fresh81a, fresh89b, fresh94a, fresh98c and fresh103b)
# with 10801, then round 103's 24 (fresh23c's, reused by fresh29c, fresh34c, fresh39b,
# fresh43c, fresh48b, fresh53a, fresh57c, fresh62b, fresh67a, fresh71c, fresh76b, fresh85a,
# fresh89c, fresh94b, fresh99a and fresh103c) with 10802, then round 104's 27 (fresh24c's,
# reused by fresh31a, fresh35c, fresh40b, fresh45a, fresh49c, fresh54b, fresh59a, fresh63c,
# fresh68b, fresh73a, fresh77c, fresh85b, fresh90a, fresh94c, fresh99b and fresh104a) with
# 10803.
# "fresh109a/b/c" (round 108, for round 109) likewise, written by the lead before any arm ran
# on them: the first three EIGHTEENTH reuses (fresh108c was the last seventeenth; the
# sentence round 107 left here called these seventeenth), the longest ago first: round 104's
# 20 (fresh22b's, reused by fresh26c, fresh31c, fresh36b, fresh41a, fresh45c, fresh50b,
# fresh55a, fresh59c, fresh64b, fresh69a, fresh73b, fresh78a, fresh85c, fresh90b, fresh95a,
# fresh99c and fresh104b) with 10901, then round 104's 30 (fresh21c's, reused by fresh27a,
# fresh32a, fresh36c, fresh41b, fresh46a, fresh50c, fresh55b, fresh60a, fresh64c, fresh69b,
# fresh73c, fresh78b, fresh86a, fresh90c, fresh95b, fresh100a and fresh104c) with 10902,
# then round 105's 28 (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c,
# fresh45b, fresh50a, fresh54c, fresh59b, fresh64a, fresh68c, fresh74a, fresh78c, fresh86b,
# fresh91a, fresh95c, fresh100b and fresh105a) with 10903.
# "fresh110a/b/c" (round 109, for round 110) likewise, written by the lead before any arm ran
# on them: the next three eighteenth reuses, the longest ago first: round 105's 8 (fresh22a's,
# reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a, fresh55c, fresh60b,
# fresh65a, fresh69c, fresh74b, fresh79a, fresh86c, fresh91b, fresh96a, fresh100c and
# fresh105b) with 11001, then round 105's 5 (report's, reused by fresh28a, fresh33a,
# fresh37c, fresh42b, fresh47a, fresh51b, fresh56a, fresh60c, fresh65b, fresh70a, fresh74c,
# fresh79b, fresh87a, fresh91c, fresh96b, fresh101a and fresh105c) with 11002, then round
# 106's 12 (heldout's, reused by fresh28b, fresh33b, fresh38a, fresh42c, fresh47b, fresh51c,
# fresh56b, fresh61a, fresh65c, fresh70b, fresh75a, fresh79c, fresh87b, fresh92a, fresh96c,
# fresh101b and fresh106a) with 11003.
# "fresh111a/b/c" (round 110, for round 111) likewise, written by the lead before any arm ran
# on them: the next three eighteenth reuses, the longest ago first: round 106's 26 (fresh22c's,
# reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c, fresh52a, fresh56c, fresh61b,
# fresh66a, fresh70c, fresh75b, fresh80a, fresh87c, fresh92b, fresh97a, fresh101c and
# fresh106b) with 11101, then round 106's 13 (fresh's, reused by fresh28c, fresh33c, fresh38b,
# fresh43a, fresh47c, fresh52b, fresh57a, fresh61c, fresh66b, fresh71a, fresh75c, fresh80b,
# fresh88a, fresh92c, fresh97b, fresh102a and fresh106c) with 11102, then round 107's 4
# (fresh23a's, reused by fresh29a, fresh34a, fresh38c, fresh43b, fresh48a, fresh52c, fresh57b,
# fresh62a, fresh66c, fresh71b, fresh76a, fresh80c, fresh88b, fresh93a, fresh97c, fresh102b and
# fresh107a) with 11103.
# "fresh112a/b/c" (round 111, for round 112) likewise, written by the lead before any arm ran
# on them: the next three eighteenth reuses, the longest ago first: round 107's 16 (fresh23b's,
# reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c, fresh53b, fresh58a, fresh62c,
# fresh67b, fresh72a, fresh76c, fresh81b, fresh88c, fresh93b, fresh98a, fresh102c and
# fresh107b) with 11201, then round 107's 6 (fresh24a's, reused by fresh30a, fresh35a,
# fresh39c, fresh44b, fresh49a, fresh53c, fresh58b, fresh63a, fresh67c, fresh72b, fresh77a,
# fresh81c, fresh89a, fresh93c, fresh98b, fresh103a and fresh107c) with 11202, then round 108's
# 18 (fresh24b's, reused by fresh30b, fresh35b, fresh40a, fresh44c, fresh49b, fresh54a,
# fresh58c, fresh63b, fresh68a, fresh72c, fresh77b, fresh81a, fresh89b, fresh94a, fresh98c,
# fresh103b and fresh108a) with 11203.
# "fresh113a/b/c" (round 112, for round 113) likewise, written by the lead before any arm ran
# on them: the last two eighteenth reuses, the longest ago first: round 108's 24 (fresh23c's,
# reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a, fresh57c, fresh62b,
# fresh67a, fresh71c, fresh76b, fresh85a, fresh89c, fresh94b, fresh99a, fresh103c and
# fresh108b) with 11301, then round 108's 27 (fresh24c's, reused by fresh31a, fresh35c,
# fresh40b, fresh45a, fresh49c, fresh54b, fresh59a, fresh63c, fresh68b, fresh73a, fresh77c,
# fresh85b, fresh90a, fresh94c, fresh99b, fresh104a and fresh108c) with 11302; then the first
# nineteenth reuse: round 109's 20 (fresh22b's, reused by fresh26c, fresh31c, fresh36b,
# fresh41a, fresh45c, fresh50b, fresh55a, fresh59c, fresh64b, fresh69a, fresh73b, fresh78a,
# fresh85c, fresh90b, fresh95a, fresh99c, fresh104b and fresh109a) with 11303.
# "fresh114a/b/c" (round 113, for round 114) likewise, written by the lead before any arm ran
# on them: the next three nineteenth reuses, the longest ago first: round 109's 30 (fresh21c's,
# reused by fresh27a, fresh32a, fresh36c, fresh41b, fresh46a, fresh50c, fresh55b, fresh60a,
# fresh64c, fresh69b, fresh73c, fresh78b, fresh86a, fresh90c, fresh95b, fresh100a, fresh104c
# and fresh109b) with 11401, then round 109's 28 (fresh21b's, reused by fresh26a, fresh31b,
# fresh36a, fresh40c, fresh45b, fresh50a, fresh54c, fresh59b, fresh64a, fresh68c, fresh74a,
# fresh78c, fresh86b, fresh91a, fresh95c, fresh100b, fresh105a and fresh109c) with 11402, then
# round 110's 8 (fresh22a's, reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b,
# fresh51a, fresh55c, fresh60b, fresh65a, fresh69c, fresh74b, fresh79a, fresh86c, fresh91b,
# fresh96a, fresh100c, fresh105b and fresh110a) with 11403.
# "fresh115a/b/c" (round 114, for round 115) likewise, written by the lead before any arm ran
# on them: the next three nineteenth reuses, the longest ago first: round 110's 5 (report's,
# reused by fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b, fresh56a, fresh60c,
# fresh65b, fresh70a, fresh74c, fresh79b, fresh87a, fresh91c, fresh96b, fresh101a, fresh105c
# and fresh110b) with 11501, then round 110's 12 (heldout's, reused by fresh28b, fresh33b,
# fresh38a, fresh42c, fresh47b, fresh51c, fresh56b, fresh61a, fresh65c, fresh70b, fresh75a,
# fresh79c, fresh87b, fresh92a, fresh96c, fresh101b, fresh106a and fresh110c) with 11502, then
# round 111's 26 (fresh22c's, reused by fresh27c, fresh32c, fresh37b, fresh42a, fresh46c,
# fresh52a, fresh56c, fresh61b, fresh66a, fresh70c, fresh75b, fresh80a, fresh87c, fresh92b,
# fresh97a, fresh101c, fresh106b and fresh111a) with 11503.
# "fresh116a/b/c" (round 115, for round 116) likewise, written by the lead before any arm ran
# on them: the next three nineteenth reuses, the longest ago first: round 111's 13 (fresh's,
# reused by fresh28c, fresh33c, fresh38b, fresh43a, fresh47c, fresh52b, fresh57a, fresh61c,
# fresh66b, fresh71a, fresh75c, fresh80b, fresh88a, fresh92c, fresh97b, fresh102a, fresh106c
# and fresh111b) with 11601, then round 111's 4 (fresh23a's, reused by fresh29a, fresh34a,
# fresh38c, fresh43b, fresh48a, fresh52c, fresh57b, fresh62a, fresh66c, fresh71b, fresh76a,
# fresh80c, fresh88b, fresh93a, fresh97c, fresh102b, fresh107a and fresh111c) with 11602, then
# round 112's 16 (fresh23b's, reused by fresh29b, fresh34b, fresh39a, fresh44a, fresh48c,
# fresh53b, fresh58a, fresh62c, fresh67b, fresh72a, fresh76c, fresh81b, fresh88c, fresh93b,
# fresh98a, fresh102c, fresh107b and fresh112a) with 11603. "fresh117a/b/c" (round 116, for
# round 117) likewise, written by the lead before any arm ran on them: the next three
# nineteenth reuses, the longest ago first: round 112's 6 (fresh24a's, reused by fresh30a,
# fresh35a, fresh39c, fresh44b, fresh49a, fresh53c, fresh58b, fresh63a, fresh67c, fresh72b,
# fresh77a, fresh81c, fresh89a, fresh93c, fresh98b, fresh103a, fresh107c and fresh112b) with
# 11701, then round 112's 18 (fresh24b's, reused by fresh30b, fresh35b, fresh40a, fresh44c,
# fresh49b, fresh54a, fresh58c, fresh63b, fresh68a, fresh72c, fresh77b, fresh81a, fresh89b,
# fresh94a, fresh98c, fresh103b, fresh108a and fresh112c) with 11702, then round 113's 24
# (fresh23c's, reused by fresh29c, fresh34c, fresh39b, fresh43c, fresh48b, fresh53a,
# fresh57c, fresh62b, fresh67a, fresh71c, fresh76b, fresh85a, fresh89c, fresh94b, fresh99a,
# fresh103c, fresh108b and fresh113a) with 11703. "fresh118a/b/c" (round 117, for round 118)
# likewise, written by the lead before any arm ran on them: the last nineteenth reuse, round
# 113's 27 (fresh24c's, reused by fresh31a, fresh35c, fresh40b, fresh45a, fresh49c, fresh54b,
# fresh59a, fresh63c, fresh68b, fresh73a, fresh77c, fresh85b, fresh90a, fresh94c, fresh99b,
# fresh104a, fresh108c and fresh113b) with 11801; then the first two twentieth reuses, the
# longest ago first: round 113's 20 (fresh22b's, reused by fresh26c, fresh31c, fresh36b,
# fresh41a, fresh45c, fresh50b, fresh55a, fresh59c, fresh64b, fresh69a, fresh73b, fresh78a,
# fresh85c, fresh90b, fresh95a, fresh99c, fresh104b, fresh109a and fresh113c) with 11802,
# then round 114's 30 (fresh21c's, reused by fresh27a, fresh32a, fresh36c, fresh41b,
# fresh46a, fresh50c, fresh55b, fresh60a, fresh64c, fresh69b, fresh73c, fresh78b, fresh86a,
# fresh90c, fresh95b, fresh100a, fresh104c, fresh109b and fresh114a) with 11803.
# "fresh119a/b/c" (round 118, for round 119) likewise, written by the lead before any arm
# ran on them: the next three twentieth reuses, the longest ago first: round 114's 28
# (fresh21b's, reused by fresh26a, fresh31b, fresh36a, fresh40c, fresh45b, fresh50a,
# fresh54c, fresh59b, fresh64a, fresh68c, fresh74a, fresh78c, fresh86b, fresh91a, fresh95c,
# fresh100b, fresh105a, fresh109c and fresh114b) with 11901, then round 114's 8
# (fresh22a's, reused by fresh27b, fresh32b, fresh37a, fresh41c, fresh46b, fresh51a,
# fresh55c, fresh60b, fresh65a, fresh69c, fresh74b, fresh79a, fresh86c, fresh91b, fresh96a,
# fresh100c, fresh105b, fresh110a and fresh114c) with 11902, then round 115's 5 (report's,
# reused by fresh28a, fresh33a, fresh37c, fresh42b, fresh47a, fresh51b, fresh56a, fresh60c,
# fresh65b, fresh70a, fresh74c, fresh79b, fresh87a, fresh91c, fresh96b, fresh101a,
# fresh105c, fresh110b and fresh115a) with 11903. Next in line: twentieth reuses, the
# longest ago first (round 115's 12 and 26, then round 116's 13).
SPLITS = {"tune": (1, 0), "report": (5, 100), "heldout": (12, 300), "fresh": (13, 500),
          "tune2": (2, 1200), "tune3": (3, 1300),
          "fresh21a": (17, 2101), "fresh21b": (28, 2102), "fresh21c": (30, 2103),
          "fresh22a": (8, 2201), "fresh22b": (20, 2202), "fresh22c": (26, 2203),
          "fresh23a": (4, 2301), "fresh23b": (16, 2302), "fresh23c": (24, 2303),
          "fresh24a": (6, 2401), "fresh24b": (18, 2402), "fresh24c": (27, 2403),
          "fresh25a": (25, 2501), "fresh25b": (19, 2502), "fresh25c": (23, 2503),
          "fresh26a": (28, 2601), "fresh26b": (14, 2602), "fresh26c": (20, 2603),
          "fresh27a": (30, 2701), "fresh27b": (8, 2702), "fresh27c": (26, 2703),
          "fresh28a": (5, 2801), "fresh28b": (12, 2802), "fresh28c": (13, 2803),
          "fresh29a": (4, 2901), "fresh29b": (16, 2902), "fresh29c": (24, 2903),
          "fresh30a": (6, 3001), "fresh30b": (18, 3002), "fresh30c": (14, 3003),
          "fresh31a": (27, 3101), "fresh31b": (28, 3102), "fresh31c": (20, 3103),
          "fresh32a": (30, 3201), "fresh32b": (8, 3202), "fresh32c": (26, 3203),
          "fresh33a": (5, 3301), "fresh33b": (12, 3302), "fresh33c": (13, 3303),
          "fresh34a": (4, 3401), "fresh34b": (16, 3402), "fresh34c": (24, 3403),
          "fresh35a": (6, 3501), "fresh35b": (18, 3502), "fresh35c": (27, 3503),
          "fresh36a": (28, 3601), "fresh36b": (20, 3602), "fresh36c": (30, 3603),
          "fresh37a": (8, 3701), "fresh37b": (26, 3702), "fresh37c": (5, 3703),
          "fresh38a": (12, 3801), "fresh38b": (13, 3802), "fresh38c": (4, 3803),
          "fresh39a": (16, 3901), "fresh39b": (24, 3902), "fresh39c": (6, 3903),
          "fresh40a": (18, 4001), "fresh40b": (27, 4002), "fresh40c": (28, 4003),
          "fresh41a": (20, 4101), "fresh41b": (30, 4102), "fresh41c": (8, 4103),
          "fresh42a": (26, 4201), "fresh42b": (5, 4202), "fresh42c": (12, 4203),
          "fresh43a": (13, 4301), "fresh43b": (4, 4302), "fresh43c": (24, 4303),
          "fresh44a": (16, 4401), "fresh44b": (6, 4402), "fresh44c": (18, 4403),
          "fresh45a": (27, 4501), "fresh45b": (28, 4502), "fresh45c": (20, 4503),
          "fresh46a": (30, 4601), "fresh46b": (8, 4602), "fresh46c": (26, 4603),
          "fresh47a": (5, 4701), "fresh47b": (12, 4702), "fresh47c": (13, 4703),
          "fresh48a": (4, 4801), "fresh48b": (24, 4802), "fresh48c": (16, 4803),
          "fresh49a": (6, 4901), "fresh49b": (18, 4902), "fresh49c": (27, 4903),
          "fresh50a": (28, 5001), "fresh50b": (20, 5002), "fresh50c": (30, 5003),
          "fresh51a": (8, 5101), "fresh51b": (5, 5102), "fresh51c": (12, 5103),
          "fresh52a": (26, 5201), "fresh52b": (13, 5202), "fresh52c": (4, 5203),
          "fresh53a": (24, 5301), "fresh53b": (16, 5302), "fresh53c": (6, 5303),
          "fresh54a": (18, 5401), "fresh54b": (27, 5402), "fresh54c": (28, 5403),
          "fresh55a": (20, 5501), "fresh55b": (30, 5502), "fresh55c": (8, 5503),
          "fresh56a": (5, 5601), "fresh56b": (12, 5602), "fresh56c": (26, 5603),
          "fresh57a": (13, 5701), "fresh57b": (4, 5702), "fresh57c": (24, 5703),
          "fresh58a": (16, 5801), "fresh58b": (6, 5802), "fresh58c": (18, 5803),
          "fresh59a": (27, 5901), "fresh59b": (28, 5902), "fresh59c": (20, 5903),
          "fresh60a": (30, 6001), "fresh60b": (8, 6002), "fresh60c": (5, 6003),
          "fresh61a": (12, 6101), "fresh61b": (26, 6102), "fresh61c": (13, 6103),
          "fresh62a": (4, 6201), "fresh62b": (24, 6202), "fresh62c": (16, 6203),
          "fresh63a": (6, 6301), "fresh63b": (18, 6302), "fresh63c": (27, 6303),
          "fresh64a": (28, 6401), "fresh64b": (20, 6402), "fresh64c": (30, 6403),
          "fresh65a": (8, 6501), "fresh65b": (5, 6502), "fresh65c": (12, 6503),
          "fresh66a": (26, 6601), "fresh66b": (13, 6602), "fresh66c": (4, 6603),
          "fresh67a": (24, 6701), "fresh67b": (16, 6702), "fresh67c": (6, 6703),
          "fresh68a": (18, 6801), "fresh68b": (27, 6802), "fresh68c": (28, 6803),
          "fresh69a": (20, 6901), "fresh69b": (30, 6902), "fresh69c": (8, 6903),
          "fresh70a": (5, 7001), "fresh70b": (12, 7002), "fresh70c": (26, 7003),
          "fresh71a": (13, 7101), "fresh71b": (4, 7102), "fresh71c": (24, 7103),
          "fresh72a": (16, 7201), "fresh72b": (6, 7202), "fresh72c": (18, 7203),
          "fresh73a": (27, 7301), "fresh73b": (20, 7302), "fresh73c": (30, 7303),
          "fresh74a": (28, 7401), "fresh74b": (8, 7402), "fresh74c": (5, 7403),
          "fresh75a": (12, 7501), "fresh75b": (26, 7502), "fresh75c": (13, 7503),
          "fresh76a": (4, 7601), "fresh76b": (24, 7602), "fresh76c": (16, 7603),
          "fresh77a": (6, 7701), "fresh77b": (18, 7702), "fresh77c": (27, 7703),
          "fresh78a": (20, 7801), "fresh78b": (30, 7802), "fresh78c": (28, 7803),
          "fresh79a": (8, 7901), "fresh79b": (5, 7902), "fresh79c": (12, 7903),
          "fresh80a": (26, 8001), "fresh80b": (13, 8002), "fresh80c": (4, 8003),
          "fresh81a": (18, 8101), "fresh81b": (16, 8102), "fresh81c": (6, 8103),
          "fresh85a": (24, 8501), "fresh85b": (27, 8502), "fresh85c": (20, 8503),
          "fresh86a": (30, 8601), "fresh86b": (28, 8602), "fresh86c": (8, 8603),
          "fresh87a": (5, 8701), "fresh87b": (12, 8702), "fresh87c": (26, 8703),
          "fresh88a": (13, 8801), "fresh88b": (4, 8802), "fresh88c": (16, 8803),
          "fresh89a": (6, 8901), "fresh89b": (18, 8902), "fresh89c": (24, 8903),
          "fresh90a": (27, 9001), "fresh90b": (20, 9002), "fresh90c": (30, 9003),
          "fresh91a": (28, 9101), "fresh91b": (8, 9102), "fresh91c": (5, 9103),
          "fresh92a": (12, 9201), "fresh92b": (26, 9202), "fresh92c": (13, 9203),
          "fresh93a": (4, 9301), "fresh93b": (16, 9302), "fresh93c": (6, 9303),
          "fresh94a": (18, 9401), "fresh94b": (24, 9402), "fresh94c": (27, 9403),
          "fresh95a": (20, 9501), "fresh95b": (30, 9502), "fresh95c": (28, 9503),
          "fresh96a": (8, 9601), "fresh96b": (5, 9602), "fresh96c": (12, 9603),
          "fresh97a": (26, 9701), "fresh97b": (13, 9702), "fresh97c": (4, 9703),
          "fresh98a": (16, 9801), "fresh98b": (6, 9802), "fresh98c": (18, 9803),
          "fresh99a": (24, 9901), "fresh99b": (27, 9902), "fresh99c": (20, 9903),
          "fresh100a": (30, 10001), "fresh100b": (28, 10002), "fresh100c": (8, 10003),
          "fresh101a": (5, 10101), "fresh101b": (12, 10102), "fresh101c": (26, 10103),
          "fresh102a": (13, 10201), "fresh102b": (4, 10202), "fresh102c": (16, 10203),
          "fresh103a": (6, 10301), "fresh103b": (18, 10302), "fresh103c": (24, 10303),
          "fresh104a": (27, 10401), "fresh104b": (20, 10402), "fresh104c": (30, 10403),
          "fresh105a": (28, 10501), "fresh105b": (8, 10502), "fresh105c": (5, 10503),
          "fresh106a": (12, 10601), "fresh106b": (26, 10602), "fresh106c": (13, 10603),
          "fresh107a": (4, 10701), "fresh107b": (16, 10702), "fresh107c": (6, 10703),
          "fresh108a": (18, 10801), "fresh108b": (24, 10802), "fresh108c": (27, 10803),
          "fresh109a": (20, 10901), "fresh109b": (30, 10902), "fresh109c": (28, 10903),
          "fresh110a": (8, 11001), "fresh110b": (5, 11002), "fresh110c": (12, 11003),
          "fresh111a": (26, 11101), "fresh111b": (13, 11102), "fresh111c": (4, 11103),
          "fresh112a": (16, 11201), "fresh112b": (6, 11202), "fresh112c": (18, 11203),
          "fresh113a": (24, 11301), "fresh113b": (27, 11302), "fresh113c": (20, 11303),
          "fresh114a": (30, 11401), "fresh114b": (28, 11402), "fresh114c": (8, 11403),
          "fresh115a": (5, 11501), "fresh115b": (12, 11502), "fresh115c": (26, 11503),
          "fresh116a": (13, 11601), "fresh116b": (4, 11602), "fresh116c": (16, 11603),
          "fresh117a": (6, 11701), "fresh117b": (18, 11702), "fresh117c": (24, 11703),
          "fresh118a": (27, 11801), "fresh118b": (20, 11802), "fresh118c": (30, 11803),
          "fresh119a": (28, 11901), "fresh119b": (8, 11902), "fresh119c": (5, 11903)}
# Round 15: one run per stream cannot tell a mechanism's worth from divergence (a task won
# or lost early changes every later one), so a tuning split may be run over several stream
# seeds (`--stream-seeds`): other task sequences in the same tuning house. Never on the
# report or held-out splits, whose single stream is what is reported.
TUNING = frozenset({"tune", "tune2", "tune3"})
ARMS = ("full", "full+experience")
# Round 21, a bench-only ablation: "full+experience-procedures" is the experience arm whose
# memory never offers a procedure (known-bad actions and facts stay): what following
# recipes is worth on these streams.
NO_PROCEDURES = "-procedures"
def repeats_in_state(calls: list[dict], graph_steps: Sequence[dict] = ()) -> dict:
    """Failures of one call in one state, three ways. "room" (the bench's count up to
    round 19): room + held object, open/closed states left out, so it over-counts.
    "issue" (round 20; the issue's definition, "area, held object, relevant object
    states"): room + held object + the world's states of the objects the call names
    (StateLoggingStack.named_states), both arms. "graph" (experience arm only): the
    trajectory graph's own state key of each recorded step, the state its known-bad lines
    are looked up in (memory's belief, not the world's truth)."""
    out = {"room": _repeats(calls, ("room", "held", "call", "code")),
           "cell": _repeats(calls, ("room", "cell", "held", "call", "code")),
           "issue": _repeats(calls, ("room", "held", "objects", "call", "code"))}
    if graph_steps:
        out["graph"] = _repeats(list(graph_steps), ("state", "call", "code"))
    return out


def _repeats(calls: list[dict], fields: tuple[str, ...]) -> dict:
    failed: dict[tuple, int] = {}
    for c in calls:
        if not c["ok"] and not c["call"].startswith("explore("):
            key = tuple(c[f] for f in fields)
            failed[key] = failed.get(key, 0) + 1
    return {"failed_calls": sum(failed.values()),
            "failed_transitions": len(failed),
            "repeated_failures": sum(n - 1 for n in failed.values()),
            "max_failures_one_state": max(failed.values(), default=0),
            "most_repeated": [[*k, n] for k, n in sorted(failed.items(),
                                                         key=lambda kv: -kv[1])[:5]]}


def run_arm(suite: object, arm: str, args: argparse.Namespace, embedder: Embedder) -> dict:
    arm_name, no_procedures = (arm[:-len(NO_PROCEDURES)], True) \
        if arm.endswith(NO_PROCEDURES) else (arm, False)
    ablation, _, weight = arm_name.partition("@utility=")
    oracle = ablation == ORACLE
    # The oracle's short-term memory holds every object: only its units carry what a
    # receptacle holds to the planner (a unit only the scene graph holds has no receptacle).
    settings = InProcessSettings(ablation="full" if oracle else ablation,
                                 capacity=ORACLE_CAPACITY if oracle else args.capacity,
                                 seed=args.seed,
                                 tidy_each_task=args.tidy)
    stack = (OracleStack if oracle else StateLoggingStack)(
        settings, embedder=embedder, utility_weight=float(weight) if weight else 0.0,
        offer_procedures=not no_procedures)
    if args.log:
        stack.log = []
    run = Run(meta={"ablation": arm, "suite": suite.name, "path": "in-process"})  # type: ignore[attr-defined]
    # A task a bug ended (an exception inside the stack) is only a lost task in the figures;
    # its reason and where it was raised are kept per task (round 77's note-key crash).
    task_errors: dict[str, str] = {}

    def note_error(p: Progress) -> None:
        if p.kind == "error":
            task_errors[p.task or p.sequence] = p.detail[:300]
            print(f"!! [{arm}] {p.task or p.sequence}: {p.detail[:300]}", file=sys.stderr)

    start = time.perf_counter()
    run_suite(suite, stack, run, progress=note_error)  # type: ignore[arg-type]
    stack.end_sequence()
    stats = stack.experience_stats
    wall = time.perf_counter() - start
    outcomes = task_outcomes(run)
    window = max(1, len(outcomes) // 4)
    steps = [o.skill_calls for o in outcomes]
    summary = summarize(run)
    result = {
        "wall_s": round(wall, 1),
        "sr": summary["tasks"]["all"]["sr"],
        # The short-term cache's hit rate after warm-up (the task benchmark's MHR).
        "mhr": summary.get("mhr"),
        "tasks": len(outcomes),
        "steps": sum(steps), "steps_per_task": sum(steps) / max(1, len(outcomes)),
        "median_steps": statistics.median(steps) if steps else None,
        "explores": sum(o.exploration_attempts for o in outcomes),
        "sim_time_s": round(sum(o.sim_time_s for o in outcomes), 1),
        "failures": repeats_in_state(stack.calls, stack.graph_steps),
        "sr_per_window": [sum(o.success for o in outcomes[i:i + window])
                          / len(outcomes[i:i + window])
                          for i in range(0, len(outcomes), window)],
        "window": window,
        "per_task": [[o.task, o.success, o.skill_calls] for o in outcomes],
        "task_errors": task_errors,
        "experience_stats": stats,
    }
    if isinstance(stack, OracleStack):
        result["oracle_tasks_not_cleared"] = stack.not_cleared
    if args.log:
        path = Path(args.log) / f"{args.split}{'_tidy' if args.tidy else ''}_{arm}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(e) + "\n" for e in stack.log or []))
        result["log"] = str(path)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=tuple(SPLITS), default="report")
    ap.add_argument("--length", type=int, default=30, help="tasks in the stream")
    ap.add_argument("--capacity", type=int, default=25, help="short-term capacity")
    ap.add_argument("--seed", type=int, default=0, help="world and detector seed")
    ap.add_argument("--arms", default=",".join(ARMS),
                    help="ablations; 'full+experience-procedures' never offers a "
                    "procedure; 'full+experience@utility=W' also weighs the units' "
                    "outcome utility in the short-term cache's admission (weight W)")
    ap.add_argument("--stream-seeds", default="",
                    help="tuning splits only: comma-separated stream seeds to run instead "
                    "of the split's own (same floor plan); the JSON gets each stream and "
                    "the pooled on-vs-off differences with their spread over seeds")
    ap.add_argument("--tag", default="", help="suffix of the result file's name")
    ap.add_argument("--log", default="",
                    help="directory for per-subtask step logs (JSON Lines, one file per arm)")
    ap.add_argument("--tidy", action="store_true",
                    help="the house is tidied before every task (daily routine)")
    ap.add_argument("--hash-seed", default="0",
                    help="PYTHONHASHSEED the stream runs under (the script re-runs itself "
                    "with it): memory's perception and association iterate sets of "
                    "strings, so the same code gave 9.21 or 9.75 steps per task on tune "
                    "tidy from run to run (round 11); 'random' leaves it to Python")
    a = ap.parse_args(argv)
    if a.hash_seed != "random" and os.environ.get("PYTHONHASHSEED") != a.hash_seed:
        os.execve(sys.executable, [sys.executable, *sys.argv],
                  {**os.environ, "PYTHONHASHSEED": a.hash_seed})
    floor_plan, stream_seed = SPLITS[a.split]
    if a.stream_seeds:
        if a.split not in TUNING:
            ap.error(f"--stream-seeds is for tuning splits only ({sorted(TUNING)})")
        return _many_seeds(a, floor_plan, [int(x) for x in a.stream_seeds.split(",")])
    suite = generate(StreamSettings(floor_plan=floor_plan, length=a.length,
                                    seed=stream_seed, kinds=KINDS))
    embedder = Embedder()
    out: dict = {"split": a.split, "floor_plan": floor_plan, "stream_seed": stream_seed,
                 "length": a.length, "kinds": list(KINDS), "capacity": a.capacity,
                 "seed": a.seed, "tidy_each_task": a.tidy,
                 "path": "in-process (memory_node/sim/tasks/inprocess.py)",
                 "planner": "offline (privileged goal conditions)",
                 "python": platform.python_version(),
                 "environment": environment(), "load_before": os.getloadavg(),
                 "pythonhashseed": os.environ.get("PYTHONHASHSEED", "random"),
                 "arms": {}}
    for arm in a.arms.split(","):
        out["arms"][arm] = run_arm(suite, arm, a, embedder)
        r = out["arms"][arm]
        print(f"{arm}: SR {r['sr']:.3f}, {r['steps_per_task']:.2f} steps/task, "
              f"failures {r['failures']}, {r['wall_s']:.0f} s", flush=True)
    out["load_after"] = os.getloadavg()
    if set(ARMS) <= set(out["arms"]):
        off, on = out["arms"]["full"], out["arms"]["full+experience"]
        out["against_targets"] = {
            "sr_points": round(100 * (on["sr"] - off["sr"]), 1),
            "steps_fewer_pct": round(100 * (1 - on["steps"] / max(1, off["steps"])), 1),
        }
        print(out["against_targets"])
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / (f"experience_tasks_{a.split}{'_tidy' if a.tidy else ''}"
                      f"{'_' + a.tag if a.tag else ''}.json")
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(path)
    return 0


def _brief(r: dict) -> dict:
    return {"sr": r["sr"], "steps": r["steps"], "steps_per_task": r["steps_per_task"],
            "tasks": r["tasks"], "wall_s": r["wall_s"],
            "max_failures_one_state": r["failures"]["room"]["max_failures_one_state"],
            "repeated_failures": r["failures"]["room"]["repeated_failures"],
            # round 20: the issue's state (room, held, the named objects' world states)
            # and, with experience, the trajectory graph's own state
            "max_failures_issue_state": r["failures"]["issue"]["max_failures_one_state"],
            "repeated_failures_issue_state": r["failures"]["issue"]["repeated_failures"],
            "most_repeated_issue_state": r["failures"]["issue"]["most_repeated"][:3],
            **({"max_failures_graph_state": r["failures"]["graph"]["max_failures_one_state"],
                "repeated_failures_graph_state": r["failures"]["graph"]["repeated_failures"]}
               if "graph" in r["failures"] else {}),
            "per_task": r["per_task"], "task_errors": r.get("task_errors", {})}


def pooled(streams: dict[str, dict]) -> dict:
    """On-vs-off differences per stream seed, their mean and spread, and the pooled ones
    (all tasks of all seeds together)."""
    rows = {s: v for s, v in streams.items() if set(ARMS) <= set(v)}
    if not rows:
        return {}
    sr_pts = [100 * (v["full+experience"]["sr"] - v["full"]["sr"]) for v in rows.values()]
    steps = [100 * (v["full+experience"]["steps"] / max(1, v["full"]["steps"]) - 1)
             for v in rows.values()]
    tot = {arm: (sum(v[arm]["sr"] * v[arm]["tasks"] for v in rows.values()),
                 sum(v[arm]["steps"] for v in rows.values()),
                 sum(v[arm]["tasks"] for v in rows.values())) for arm in ARMS}
    (won_off, st_off, n), (won_on, st_on, _) = tot["full"], tot["full+experience"]

    def spread(xs: list[float]) -> dict:
        return {"mean": round(statistics.fmean(xs), 2),
                "sd": round(statistics.stdev(xs), 2) if len(xs) > 1 else 0.0,
                "min": round(min(xs), 2), "max": round(max(xs), 2)}
    return {"seeds": list(rows), "sr_points": spread(sr_pts), "steps_pct": spread(steps),
            "per_seed": {s: [round(a, 1), round(b, 1)] for s, a, b in
                         zip(rows, sr_pts, steps, strict=True)},
            "pooled_sr_points": round(100 * (won_on - won_off) / max(1, n), 2),
            "pooled_steps_pct": round(100 * (st_on / max(1, st_off) - 1), 2),
            "pooled_sr": {"full": round(won_off / max(1, n), 4),
                          "full+experience": round(won_on / max(1, n), 4)},
            "pooled_steps_per_task": {"full": round(st_off / max(1, n), 3),
                                      "full+experience": round(st_on / max(1, n), 3)},
            "tasks": n}


def _many_seeds(a: argparse.Namespace, floor_plan: int, seeds: list[int]) -> int:
    embedder = Embedder()
    out: dict = {"split": a.split, "floor_plan": floor_plan, "stream_seeds": seeds,
                 "length": a.length, "kinds": list(KINDS), "capacity": a.capacity,
                 "seed": a.seed, "tidy_each_task": a.tidy,
                 "python": platform.python_version(),
                 "environment": environment(), "load_before": os.getloadavg(),
                 "pythonhashseed": os.environ.get("PYTHONHASHSEED", "random"),
                 "streams": {}}
    log_root = a.log
    for seed in seeds:
        suite = generate(StreamSettings(floor_plan=floor_plan, length=a.length, seed=seed,
                                        kinds=KINDS))
        row: dict = {}
        for arm in a.arms.split(","):
            if log_root:
                a.log = str(Path(log_root) / f"ss{seed}")
            r = run_arm(suite, arm, a, embedder)
            row[arm] = _brief(r)
            print(f"stream seed {seed} {arm}: SR {r['sr']:.3f}, "
                  f"{r['steps_per_task']:.2f} steps/task, max in one state "
                  f"{row[arm]['max_failures_one_state']} (issue's state "
                  f"{row[arm]['max_failures_issue_state']}, graph's "
                  f"{row[arm].get('max_failures_graph_state', '-')}), {r['wall_s']:.0f} s",
                  flush=True)
        out["streams"][str(seed)] = row
        if seed != seeds[-1]:
            # The streams so far, written as each ends: a long run stopped at a deadline
            # keeps what it finished (round 70: 14 seeds a lane at ~8 min a stream).
            save_result({**out, "partial": True}, "experience_tasks", a.split, a.tidy,
                        a.tag, "_seeds")
    out["load_after"] = os.getloadavg()
    out["pooled"] = pooled(out["streams"])
    print(json.dumps({k: v for k, v in out["pooled"].items() if k != "seeds"}))
    save_result(out, "experience_tasks", a.split, a.tidy, a.tag, "_seeds")
    return 0


def save_result(out: dict, bench: str, split: str, tidy: bool, tag: str,
                middle: str = "") -> Path:
    """bench/results/<bench>_<split>[_tidy]<middle>[_<tag>].json, its path printed: the
    one naming of the experience benches' result files (experience_oracle.py too)."""
    path = RESULTS / (f"{bench}_{split}{'_tidy' if tidy else ''}{middle}"
                      f"{'_' + tag if tag else ''}.json")
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(path)
    return path


if __name__ == "__main__":
    raise SystemExit(main())
