"""bench/experience_tasks.py's report-only splits written by a helper each round (fresh21a/b/c
in round 21, fresh22a/b/c in round 22, fresh23a/b/c in round 23, fresh24a/b/c in round 24,
fresh25a/b/c in round 25, fresh26a/b/c in round 26, fresh27a/b/c in round 27, fresh28a/b/c
in round 28, fresh29a/b/c in round 29, fresh30a/b/c in round 30, fresh31a/b/c in round 31,
fresh32a/b/c in round 32, fresh33a/b/c in round 33, fresh34a/b/c in round 34, fresh35a/b/c
in round 35, fresh36a/b/c in round 36, fresh37a/b/c in round 37, fresh38a/b/c in
round 38, fresh39a/b/c in round 39, fresh40a/b/c in round 40, fresh41a/b/c in round 41,
fresh42a/b/c in round 42, fresh43a/b/c in round 43, fresh44a/b/c in round 44,
fresh45a/b/c in round 45, fresh46a/b/c in round 46, fresh47a/b/c in round 47,
fresh48a/b/c in round 48, fresh49a/b/c in round 49,
fresh50a/b/c in round 50, fresh51a/b/c in round 51,
fresh52a/b/c in round 52,
fresh53a/b/c in round 53,
fresh54a/b/c in round 54,
fresh55a/b/c in round 55,
fresh56a/b/c in round 56,
fresh57a/b/c in round 57,
fresh58a/b/c in round 58,
fresh59a/b/c in round 59,
fresh60a/b/c in round 60,
fresh61a/b/c in round 61,
fresh62a/b/c in round 62,
fresh63a/b/c in round 63,
fresh64a/b/c in round 64,
fresh65a/b/c in round 65,
fresh66a/b/c in round 66,
fresh67a/b/c in round 67,
fresh68a/b/c in round 68,
fresh69a/b/c in round 69,
fresh70a/b/c in round 70,
fresh71a/b/c in round 71,
fresh72a/b/c in round 72,
fresh73a/b/c in round 73,
fresh74a/b/c in round 74,
fresh75a/b/c in round 75,
fresh76a/b/c in round 76,
fresh77a/b/c in round 77,
fresh78a/b/c in round 78,
fresh79a/b/c in round 79,
fresh80a/b/c in round 80,
fresh81a/b/c in round 81,
fresh85a/b/c in round 85,
fresh86a/b/c in round 86,
fresh87a/b/c in round 87,
fresh88a/b/c in round 88,
fresh89a/b/c in round 89,
fresh90a/b/c in round 90,
fresh91a/b/c in round 91,
fresh92a/b/c in round 92,
fresh93a/b/c in round 93,
fresh94a/b/c in round 94,
fresh95a/b/c in round 95,
fresh96a/b/c in round 96,
fresh97a/b/c in round 96, for round 97,
fresh98a/b/c in round 97, for round 98,
fresh99a/b/c in round 98, for round 99,
fresh100a/b/c in round 99, for round 100,
fresh101a/b/c in round 100, for round 101,
fresh102a/b/c in round 101, for round 102,
fresh103a/b/c in round 102, for round 103,
fresh104a/b/c in round 103, for round 104,
fresh105a/b/c in round 104, for round 105,
fresh106a/b/c in round 105, for round 106,
fresh107a/b/c in round 106, for round 107,
fresh108a/b/c in round 107, for round 108,
fresh109a/b/c in round 108, for round 109,
fresh110a/b/c in round 109, for round 110,
fresh111a/b/c in round 110, for round 111,
fresh112a/b/c in round 111, for round 112,
fresh113a/b/c in round 112, for round 113,
fresh114a/b/c in round 113, for round 114,
fresh115a/b/c in round 114, for round 115,
fresh116a/b/c in round 115, for round 116,
fresh117a/b/c in round 116, for round 117,
fresh118a/b/c in round 117, for round 118,
fresh119a/b/c in round 118, for round 119):
they exist, are not tuning data, and their streams generate, the same each time, different
from each other and from every other split's stream (tuning, report, held-out and every
other such round's), with every task doable in its world; a split that reuses a kitchen
reuses a report-only split's (a second or later reuse: that split's and each reuser's
before it).
Only the streams are made here (each split's once per process, shared by every round's tests,
and each new split's once more for the determinism check); no arm runs on them (they are
held out)."""

from __future__ import annotations

import functools
from types import ModuleType

import pytest
from bench_scripts import load_bench

from memory_node.core.skills import load_skill_table
from memory_node.sim.tasks.build import needed_types
from memory_node.sim.tasks.inprocess import reachable_in
from memory_node.sim.tasks.model import Task
from memory_node.sim.tasks.streams import StreamSettings, generate

# Each round's three splits and the seeds their writer gave them.
ROUNDS = {"fresh21": (2101, 2102, 2103), "fresh22": (2201, 2202, 2203),
          "fresh23": (2301, 2302, 2303), "fresh24": (2401, 2402, 2403),
          "fresh25": (2501, 2502, 2503), "fresh26": (2601, 2602, 2603),
          "fresh27": (2701, 2702, 2703), "fresh28": (2801, 2802, 2803),
          "fresh29": (2901, 2902, 2903), "fresh30": (3001, 3002, 3003),
          "fresh31": (3101, 3102, 3103), "fresh32": (3201, 3202, 3203),
          "fresh33": (3301, 3302, 3303), "fresh34": (3401, 3402, 3403),
          "fresh35": (3501, 3502, 3503), "fresh36": (3601, 3602, 3603),
          "fresh37": (3701, 3702, 3703), "fresh38": (3801, 3802, 3803),
          "fresh39": (3901, 3902, 3903), "fresh40": (4001, 4002, 4003),
          "fresh41": (4101, 4102, 4103), "fresh42": (4201, 4202, 4203),
          "fresh43": (4301, 4302, 4303), "fresh44": (4401, 4402, 4403),
          "fresh45": (4501, 4502, 4503), "fresh46": (4601, 4602, 4603),
          "fresh47": (4701, 4702, 4703), "fresh48": (4801, 4802, 4803),
          "fresh49": (4901, 4902, 4903), "fresh50": (5001, 5002, 5003),
          "fresh51": (5101, 5102, 5103), "fresh52": (5201, 5202, 5203),
          "fresh53": (5301, 5302, 5303), "fresh54": (5401, 5402, 5403),
          "fresh55": (5501, 5502, 5503), "fresh56": (5601, 5602, 5603),
          "fresh57": (5701, 5702, 5703), "fresh58": (5801, 5802, 5803),
          "fresh59": (5901, 5902, 5903), "fresh60": (6001, 6002, 6003),
          "fresh61": (6101, 6102, 6103), "fresh62": (6201, 6202, 6203),
          "fresh63": (6301, 6302, 6303),
          "fresh64": (6401, 6402, 6403),
          "fresh65": (6501, 6502, 6503),
          "fresh66": (6601, 6602, 6603),
          "fresh67": (6701, 6702, 6703),
          "fresh68": (6801, 6802, 6803),
          "fresh69": (6901, 6902, 6903),
          "fresh70": (7001, 7002, 7003),
          "fresh71": (7101, 7102, 7103),
          "fresh72": (7201, 7202, 7203),
          "fresh73": (7301, 7302, 7303),
          "fresh74": (7401, 7402, 7403),
          "fresh75": (7501, 7502, 7503),
          "fresh76": (7601, 7602, 7603),
          "fresh77": (7701, 7702, 7703),
          "fresh78": (7801, 7802, 7803),
          "fresh79": (7901, 7902, 7903),
          "fresh80": (8001, 8002, 8003),
          "fresh81": (8101, 8102, 8103),
          "fresh85": (8501, 8502, 8503),
          "fresh86": (8601, 8602, 8603),
          "fresh87": (8701, 8702, 8703),
          "fresh88": (8801, 8802, 8803),
          "fresh89": (8901, 8902, 8903),
          "fresh90": (9001, 9002, 9003),
          "fresh91": (9101, 9102, 9103),
          "fresh92": (9201, 9202, 9203),
          "fresh93": (9301, 9302, 9303),
          "fresh94": (9401, 9402, 9403),
          "fresh95": (9501, 9502, 9503),
          "fresh96": (9601, 9602, 9603),
          "fresh97": (9701, 9702, 9703),
          "fresh98": (9801, 9802, 9803),
          "fresh99": (9901, 9902, 9903),
          "fresh100": (10001, 10002, 10003),
          "fresh101": (10101, 10102, 10103),
          "fresh102": (10201, 10202, 10203),
          "fresh103": (10301, 10302, 10303),
          "fresh104": (10401, 10402, 10403),
          "fresh105": (10501, 10502, 10503),
          "fresh106": (10601, 10602, 10603),
          "fresh107": (10701, 10702, 10703),
          "fresh108": (10801, 10802, 10803),
          "fresh109": (10901, 10902, 10903),
          "fresh110": (11001, 11002, 11003),
          "fresh111": (11101, 11102, 11103),
          "fresh112": (11201, 11202, 11203),
          "fresh113": (11301, 11302, 11303),
          "fresh114": (11401, 11402, 11403),
          "fresh115": (11501, 11502, 11503),
          "fresh116": (11601, 11602, 11603),
          "fresh117": (11701, 11702, 11703),
          "fresh118": (11801, 11802, 11803),
          "fresh119": (11901, 11902, 11903)}
# Round 26 found one kitchen no split used that keeps its stream's tasks in reach (14);
# its other two splits reuse the kitchen of a report-only split (never a tuning one), with
# a new seed. Round 27 found none left (29 leaves tasks out of reach with every new seed),
# so all three of its splits reuse a report-only split's kitchen, none reused before; so
# do round 28's (29 still leaves tasks out of reach), the oldest report splits' kitchens,
# and round 29's (round 23's report splits' kitchens; 17, fresh21a's, is a tuning plan of
# the room prior and put_spot_error) and round 30's (two of round 24's report splits'
# kitchens and round 26's fresh26b's: 27 lacks a kind with seed 3003, 25, 19 and 23 are
# tuning plans). Round 31's first split reuses 27 (fresh24c's; it passes with seed 3101);
# the other two reuse a kitchen a SECOND time, those reused longest ago (round 26's): each
# names every split it shares the kitchen with, the report split and its first reuser.
# Round 32's three reuse a kitchen a second time likewise, the next reused longest ago
# (round 27's: 30, 8 and 26), and round 33's the next (round 28's: 5, 12 and 13, the
# kitchens of the first report, held-out and fresh splits), and round 34's the next (round
# 29's: 4, 16 and 24, round 23's report splits' kitchens), and round 35's the next (round
# 30's: 6 and 18; 14 leaves tasks out of reach with seed 3503, so its third split takes 27,
# fresh24c's kitchen, reused once by fresh31a). Round 36's three reuse a kitchen a THIRD
# time (14 leaves tasks out of reach with seed 3601 too, and every other report split's kitchen
# that is no tuning plan has been reused twice): those reused a second time longest ago (round 31's
# 28 and 20, round 32's 30), each naming the report split and both its reusers, in order.
# Round 37's three reuse a kitchen a third time too (14 leaves tasks out of reach with seed
# 3701 as well): the next in line, round 32's 8 and 26 and round 33's 5.
# Round 38's three reuse a kitchen a third time too (14 skipped: it failed with three
# seeds): the next in line, round 33's 12 and 13 and round 34's 4.
# Round 39's three reuse a kitchen a third time too: the next in line, round 34's 16 and
# 24 and round 35's 6.
# Round 40's reuse round 35's 18 and 27 a third time; with 14 passed over, no kitchen is
# left for a third reuse, so the third reuses round 36's 28 a fourth time.
# Round 41's three reuse a kitchen a fourth time: the next in line, round 36's 20 and 30
# and round 37's 8.
# Round 42's three reuse a kitchen a fourth time: the next in line, round 37's 26 and 5
# and round 38's 12.
# Round 43's three reuse a kitchen a fourth time: the next in line, round 38's 13 and 4;
# round 39's 16 lacks a kind with seed 4303, so the third takes the next, round 39's 24.
# Round 44's three reuse a kitchen a fourth time: the next in line, round 39's 16 (with
# seed 4401 its stream holds every kind) and 6, and round 40's 18.
# Round 45's first reuses round 40's 27 a fourth time; no kitchen is then left for a fourth
# reuse, so the other two reuse a kitchen a FIFTH time, those reused a fourth time longest
# ago: round 40's 28 and round 41's 20.
# Round 46's three reuse a kitchen a fifth time: the next in line, round 41's 30 and 8 and
# round 42's 26.
# Round 47's three reuse a kitchen a fifth time: the next in line, round 42's 5 and 12 and
# round 43's 13.
# Round 48's three reuse a kitchen a fifth time: the next in line, round 43's 4 and 24 and
# round 44's 16.
# Round 49's three reuse a kitchen a fifth time: the next in line, round 44's 6 and 18 and
# round 45's 27.
# Round 50's three reuse a kitchen a sixth time: the next in line, round 45's 28 and 20 and
# round 46's 30.
# Round 51's three reuse a kitchen a sixth time: the next in line, round 46's 8; round 46's
# 26 lacks a kind with seed 5102, so the second takes the next, round 47's 5, and the third
# the one after, round 47's 12.
# Round 52's three reuse a kitchen a sixth time: the next in line, round 46's 26 (passed
# over in round 51, all three kinds with seed 5201), round 47's 13 and round 48's 4.
# Round 53's three reuse a kitchen a sixth time: the next in line, round 48's 24 and 16,
# then round 49's 6.
# Round 54's three: round 49's 18 and 27, a sixth reuse each, then round 50's 28, a seventh
# (no kitchen is left for a sixth reuse; 28's was the longest ago).
# Round 55's three reuse a kitchen a seventh time: the next in line, round 50's 20 and 30,
# then round 51's 8.
# Round 56's three reuse a kitchen a seventh time: the next in line, round 51's 5 and 12,
# then round 52's 26.
# Round 57's three reuse a kitchen a seventh time: the next in line, round 52's 13 and 4,
# then round 53's 24.
# Round 58's three reuse a kitchen a seventh time: the next in line, round 53's 16 and 6,
# then round 54's 18.
# Round 59's three: round 54's 27, a seventh reuse, then round 54's 28 and round 55's 20,
# an eighth reuse each (no kitchen is left for a seventh reuse; 28's was the longest ago).
# Round 60's three reuse a kitchen an eighth time: the next in line, round 55's 30 and 8,
# then round 56's 5.
# Round 61's three reuse a kitchen an eighth time: the next in line, round 56's 12 and 26,
# then round 57's 13.
# Round 62's three reuse a kitchen an eighth time: the next in line, round 57's 4 and 24,
# then round 58's 16.
# Round 63's three reuse a kitchen an eighth time (the last such): the next in line, round
# 58's 6 and 18, then round 59's 27.
# Round 64's three reuse a kitchen a ninth time (the first such): the next in line, round
# 59's 28 and 20, then round 60's 30.
# Round 65's three reuse a kitchen a ninth time: the next in line, round 60's 8 and 5, then
# round 61's 12.
# Round 66's three reuse a kitchen a ninth time: the next in line, round 61's 26 and 13, then
# round 62's 4.
# Round 67's three reuse a kitchen a ninth time: the next in line, round 62's 24 and 16, then
# round 63's 6.
# Round 68's: the last two ninth reuses, round 63's 18 and 27, then the first tenth, round
# 64's 28.
# Round 69's: the next three tenth reuses, round 64's 20 and 30, then round 65's 8.
# Round 70's: the next three tenth reuses, round 65's 5 and 12, then round 66's 26.
# Round 71's: the next three tenth reuses, round 66's 13 and 4, then round 67's 24.
# Round 72's: the next three tenth reuses, round 67's 16 and 6, then round 68's 18.
# Round 73's: the last tenth reuse, round 68's 27, then two eleventh reuses, round 69's 20
# and 30 (round 68's 28, next in line, lacks a kind with seed 7302: passed over).
# Round 74's: the next three eleventh reuses, round 68's 28 (with another seed), round 69's
# 8, then round 70's 5.
# Round 75's: the next three eleventh reuses, round 70's 12 and 26, then round 71's 13.
# Round 76's: the next three eleventh reuses, round 71's 4 and 24, then round 72's 16.
# Round 77's: the last three eleventh reuses, round 72's 6 and 18, then round 73's 27.
# Round 78's: the first three twelfth reuses, round 73's 20 and 30, then round 74's 28.
# Round 79's: the next three twelfth reuses, round 74's 8 and 5, then round 75's 12.
# Round 80's: the next three twelfth reuses, round 75's 26 and 13, then round 76's 4.
# Round 81's: round 76's 16, round 77's 6 and 18 (round 76's 24 with 8101 lacks pick_heat).
# Round 85's: the last two twelfth reuses, round 76's 24 (with another seed, 8501) and round
# 77's 27, then the first thirteenth, round 78's 20.
# Round 86's: the next three thirteenth reuses, round 78's 30 and 28, then round 79's 8.
# Round 87's: the next three thirteenth reuses, round 79's 5 and 12, then round 80's 26.
# Round 88's: the next three thirteenth reuses, round 80's 13 and 4, then round 81's 16.
# Round 89's: the next three thirteenth reuses, round 81's 6 and 18, then round 85's 24.
# Round 90's: the last thirteenth reuse, round 85's 27, then the first two fourteenth,
# round 85's 20 and round 86's 30.
# Round 91's: the next three fourteenth reuses, round 86's 28 and 8, then round 87's 5.
# Round 92's: the next three fourteenth reuses, round 87's 12 and 26, then round 88's 13.
# Round 93's: the next three fourteenth reuses, round 88's 4 and 16, then round 89's 6.
# Round 94's: the next three fourteenth reuses, round 89's 18 and 24, then round 90's 27.
# Round 95's: the first three fifteenth reuses, round 90's 20 and 30, then round 91's 28.
# Rounds 96 to 98's: the next fifteenth reuses in the same order; round 98's last two are
# round 94's 24 and 27, then the first sixteenth, round 95's 20 (fresh99c).
# Round 99's: the next three sixteenth reuses, round 95's 30 and 28, then round 96's 8.
# Round 100's: the next three, round 96's 5 and 12, then round 97's 26.
# Round 101's: the next three, round 97's 13 and 4, then round 98's 16.
# Round 102's: the next three, round 98's 6 and 18, then round 99's 24.
# Round 103's: the last sixteenth reuse, round 99's 27, then the first two seventeenth,
# round 99's 20 and round 100's 30.
# Round 104's: the next three seventeenth reuses, round 100's 28 and 8, then round 101's 5.
# Round 105's: the next three, round 101's 12 and 26, then round 102's 13.
# Round 106's: the next three, round 102's 4 and 16, then round 103's 6.
# Round 107's: the next three, round 103's 18 and 24, then round 104's 27 (the last
# seventeenth reuse).
# Round 108's: the first three eighteenth reuses, round 104's 20 and 30, then round 105's 28.
# Round 109's: the next three, round 105's 8 and 5, then round 106's 12.
# Round 110's: the next three, round 106's 26 and 13, then round 107's 4.
# Round 111's: the next three, round 107's 16 and 6, then round 108's 18.
# Round 112's: the last two eighteenth reuses, round 108's 24 and 27, then the first
# nineteenth, round 109's 20.
# Round 113's: the next three nineteenth reuses, round 109's 30 and 28, then round 110's 8.
# Round 114's: the next three nineteenth reuses, round 110's 5 and 12, then round 111's 26.
# Round 115's: the next three nineteenth reuses, round 111's 13 and 4, then round 112's 16.
# Round 116's: the next three nineteenth reuses, round 112's 6 and 18, then round 113's 24.
# Round 117's: the last nineteenth reuse, round 113's 27, then the first two twentieth,
# round 113's 20 and round 114's 30.
# Round 118's: the next three twentieth reuses, round 114's 28 and 8, then round 115's 5.
REUSED = {"fresh26a": ("fresh21b",), "fresh26c": ("fresh22b",),
          "fresh27a": ("fresh21c",), "fresh27b": ("fresh22a",), "fresh27c": ("fresh22c",),
          "fresh28a": ("report",), "fresh28b": ("heldout",), "fresh28c": ("fresh",),
          "fresh29a": ("fresh23a",), "fresh29b": ("fresh23b",), "fresh29c": ("fresh23c",),
          "fresh30a": ("fresh24a",), "fresh30b": ("fresh24b",), "fresh30c": ("fresh26b",),
          "fresh31a": ("fresh24c",), "fresh31b": ("fresh21b", "fresh26a"),
          "fresh31c": ("fresh22b", "fresh26c"),
          "fresh32a": ("fresh21c", "fresh27a"), "fresh32b": ("fresh22a", "fresh27b"),
          "fresh32c": ("fresh22c", "fresh27c"),
          "fresh33a": ("report", "fresh28a"), "fresh33b": ("heldout", "fresh28b"),
          "fresh33c": ("fresh", "fresh28c"),
          "fresh34a": ("fresh23a", "fresh29a"), "fresh34b": ("fresh23b", "fresh29b"),
          "fresh34c": ("fresh23c", "fresh29c"),
          "fresh35a": ("fresh24a", "fresh30a"), "fresh35b": ("fresh24b", "fresh30b"),
          "fresh35c": ("fresh24c", "fresh31a"),
          "fresh36a": ("fresh21b", "fresh26a", "fresh31b"),
          "fresh36b": ("fresh22b", "fresh26c", "fresh31c"),
          "fresh36c": ("fresh21c", "fresh27a", "fresh32a"),
          "fresh37a": ("fresh22a", "fresh27b", "fresh32b"),
          "fresh37b": ("fresh22c", "fresh27c", "fresh32c"),
          "fresh37c": ("report", "fresh28a", "fresh33a"),
          "fresh38a": ("heldout", "fresh28b", "fresh33b"),
          "fresh38b": ("fresh", "fresh28c", "fresh33c"),
          "fresh38c": ("fresh23a", "fresh29a", "fresh34a"),
          "fresh39a": ("fresh23b", "fresh29b", "fresh34b"),
          "fresh39b": ("fresh23c", "fresh29c", "fresh34c"),
          "fresh39c": ("fresh24a", "fresh30a", "fresh35a"),
          "fresh40a": ("fresh24b", "fresh30b", "fresh35b"),
          "fresh40b": ("fresh24c", "fresh31a", "fresh35c"),
          "fresh40c": ("fresh21b", "fresh26a", "fresh31b", "fresh36a"),
          "fresh41a": ("fresh22b", "fresh26c", "fresh31c", "fresh36b"),
          "fresh41b": ("fresh21c", "fresh27a", "fresh32a", "fresh36c"),
          "fresh41c": ("fresh22a", "fresh27b", "fresh32b", "fresh37a"),
          "fresh42a": ("fresh22c", "fresh27c", "fresh32c", "fresh37b"),
          "fresh42b": ("report", "fresh28a", "fresh33a", "fresh37c"),
          "fresh42c": ("heldout", "fresh28b", "fresh33b", "fresh38a"),
          "fresh43a": ("fresh", "fresh28c", "fresh33c", "fresh38b"),
          "fresh43b": ("fresh23a", "fresh29a", "fresh34a", "fresh38c"),
          "fresh43c": ("fresh23c", "fresh29c", "fresh34c", "fresh39b"),
          "fresh44a": ("fresh23b", "fresh29b", "fresh34b", "fresh39a"),
          "fresh44b": ("fresh24a", "fresh30a", "fresh35a", "fresh39c"),
          "fresh44c": ("fresh24b", "fresh30b", "fresh35b", "fresh40a"),
          "fresh45a": ("fresh24c", "fresh31a", "fresh35c", "fresh40b"),
          "fresh45b": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c"),
          "fresh45c": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a"),
          "fresh46a": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b"),
          "fresh46b": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c"),
          "fresh46c": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a"),
          "fresh47a": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b"),
          "fresh47b": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c"),
          "fresh47c": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a"),
          "fresh48a": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b"),
          "fresh48b": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c"),
          "fresh48c": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a"),
          "fresh49a": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b"),
          "fresh49b": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c"),
          "fresh49c": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a"),
          "fresh50a": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b"),
          "fresh50b": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c"),
          "fresh50c": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a"),
          "fresh51a": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b"),
          "fresh51b": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a"),
          "fresh51c": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b"),
          "fresh52a": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c"),
          "fresh52b": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c"),
          "fresh52c": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a"),
          "fresh53a": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b"),
          "fresh53b": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c"),
          "fresh53c": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a"),
          "fresh54a": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b"),
          "fresh54b": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c"),
          "fresh54c": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a"),
          "fresh55a": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b"),
          "fresh55b": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c"),
          "fresh55c": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a"),
          "fresh56a": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b"),
          "fresh56b": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c"),
          "fresh56c": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a"),
          "fresh57a": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b"),
          "fresh57b": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c"),
          "fresh57c": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a"),
          "fresh58a": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b"),
          "fresh58b": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c"),
          "fresh58c": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a"),
          "fresh59a": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b"),
          "fresh59b": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c"),
          "fresh59c": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a"),
          "fresh60a": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b"),
          "fresh60b": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c"),
          "fresh60c": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a"),
          "fresh61a": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b"),
          "fresh61b": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c"),
          "fresh61c": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a"),
          "fresh62a": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b"),
          "fresh62b": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c"),
          "fresh62c": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a"),
          "fresh63a": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b"),
          "fresh63b": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c"),
          "fresh63c": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a"),
          "fresh64a": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c", "fresh59b"),
          "fresh64b": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c"),
          "fresh64c": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b", "fresh60a"),
          "fresh65a": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c", "fresh60b"),
          "fresh65b": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a", "fresh60c"),
          "fresh65c": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b", "fresh61a"),
          "fresh66a": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c", "fresh61b"),
          "fresh66b": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a", "fresh61c"),
          "fresh66c": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b", "fresh62a"),
          "fresh67a": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c", "fresh62b"),
          "fresh67b": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a", "fresh62c"),
          "fresh67c": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b", "fresh63a"),
          "fresh68a": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c", "fresh63b"),
          "fresh68b": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a", "fresh63c"),
          "fresh68c": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c", "fresh59b", "fresh64a"),
          "fresh69a": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c", "fresh64b"),
          "fresh69b": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b", "fresh60a", "fresh64c"),
          "fresh69c": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c", "fresh60b", "fresh65a"),
          "fresh70a": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a", "fresh60c", "fresh65b"),
          "fresh70b": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b", "fresh61a", "fresh65c"),
          "fresh70c": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c", "fresh61b", "fresh66a"),
          "fresh71a": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a", "fresh61c", "fresh66b"),
          "fresh71b": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b", "fresh62a", "fresh66c"),
          "fresh71c": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c", "fresh62b", "fresh67a"),
          "fresh72a": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a", "fresh62c", "fresh67b"),
          "fresh72b": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b", "fresh63a", "fresh67c"),
          "fresh72c": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c", "fresh63b", "fresh68a"),
          "fresh73a": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a", "fresh63c", "fresh68b"),
          "fresh73b": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a"),
          "fresh73c": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b"),
          "fresh74a": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c"),
          "fresh74b": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c"),
          "fresh74c": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a"),
          "fresh75a": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b"),
          "fresh75b": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c"),
          "fresh75c": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a"),
          "fresh76a": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b"),
          "fresh76b": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c"),
          "fresh76c": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a"),
          "fresh77a": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b"),
          "fresh77b": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c"),
          "fresh77c": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a"),
          "fresh78a": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b"),
          "fresh78b": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c"),
          "fresh78c": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a"),
          "fresh79a": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b"),
          "fresh79b": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c"),
          "fresh79c": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a"),
          "fresh80a": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b"),
          "fresh80b": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c"),
          "fresh80c": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a"),
          "fresh81a": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c", "fresh77b"),
          "fresh81b": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c"),
          "fresh81c": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b", "fresh77a"),
          "fresh85a": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c", "fresh76b"),
          "fresh85b": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a", "fresh77c"),
          "fresh85c": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b",
                       "fresh78a"),
          "fresh86a": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c",
                       "fresh78b"),
          "fresh86b": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a",
                       "fresh78c"),
          "fresh86c": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b",
                       "fresh79a"),
          "fresh87a": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c",
                       "fresh79b"),
          "fresh87b": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a",
                       "fresh79c"),
          "fresh87c": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b",
                       "fresh80a"),
          "fresh88a": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c",
                       "fresh80b"),
          "fresh88b": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a",
                       "fresh80c"),
          "fresh88c": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c",
                       "fresh81b"),
          "fresh89a": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b", "fresh77a",
                       "fresh81c"),
          "fresh89b": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c", "fresh77b",
                       "fresh81a"),
          "fresh89c": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c", "fresh76b",
                       "fresh85a"),
          "fresh90a": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a", "fresh77c",
                       "fresh85b"),
          "fresh90b": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b",
                       "fresh78a", "fresh85c"),
          "fresh90c": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c",
                       "fresh78b", "fresh86a"),
          "fresh91a": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a",
                       "fresh78c", "fresh86b"),
          "fresh91b": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b",
                       "fresh79a", "fresh86c"),
          "fresh91c": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c",
                       "fresh79b", "fresh87a"),
          "fresh92a": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a",
                       "fresh79c", "fresh87b"),
          "fresh92b": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b",
                       "fresh80a", "fresh87c"),
          "fresh92c": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c",
                       "fresh80b", "fresh88a"),
          "fresh93a": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a",
                       "fresh80c", "fresh88b"),
          "fresh93b": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c",
                       "fresh81b", "fresh88c"),
          "fresh93c": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b", "fresh77a",
                       "fresh81c", "fresh89a"),
          "fresh94a": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c", "fresh77b",
                       "fresh81a", "fresh89b"),
          "fresh94b": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c", "fresh76b",
                       "fresh85a", "fresh89c"),
          "fresh94c": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a", "fresh77c",
                       "fresh85b", "fresh90a"),
          "fresh95a": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b",
                       "fresh78a", "fresh85c", "fresh90b"),
          "fresh95b": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                       "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c",
                       "fresh78b", "fresh86a", "fresh90c"),
          "fresh95c": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                       "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a",
                       "fresh78c", "fresh86b", "fresh91a"),
          "fresh96a": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                       "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b",
                       "fresh79a", "fresh86c", "fresh91b"),
          "fresh96b": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                       "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c",
                       "fresh79b", "fresh87a", "fresh91c"),
          "fresh96c": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                       "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a",
                       "fresh79c", "fresh87b", "fresh92a"),
          "fresh97a": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                       "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b",
                       "fresh80a", "fresh87c", "fresh92b"),
          "fresh97b": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                       "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c",
                       "fresh80b", "fresh88a", "fresh92c"),
          "fresh97c": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                       "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a",
                       "fresh80c", "fresh88b", "fresh93a"),
          "fresh98a": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                       "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c",
                       "fresh81b", "fresh88c", "fresh93b"),
          "fresh98b": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                       "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b", "fresh77a",
                       "fresh81c", "fresh89a", "fresh93c"),
          "fresh98c": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                       "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c", "fresh77b",
                       "fresh81a", "fresh89b", "fresh94a"),
          "fresh99a": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                       "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c", "fresh76b",
                       "fresh85a", "fresh89c", "fresh94b"),
          "fresh99b": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                       "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a", "fresh77c",
                       "fresh85b", "fresh90a", "fresh94c"),
          "fresh99c": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                       "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b",
                       "fresh78a", "fresh85c", "fresh90b", "fresh95a"),
          "fresh100a": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                        "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c",
                        "fresh78b", "fresh86a", "fresh90c", "fresh95b"),
          "fresh100b": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                        "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a",
                        "fresh78c", "fresh86b", "fresh91a", "fresh95c"),
          "fresh100c": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                        "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b",
                        "fresh79a", "fresh86c", "fresh91b", "fresh96a"),
          "fresh101a": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                        "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c",
                        "fresh79b", "fresh87a", "fresh91c", "fresh96b"),
          "fresh101b": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                        "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a",
                        "fresh79c", "fresh87b", "fresh92a", "fresh96c"),
          "fresh101c": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                        "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b",
                        "fresh80a", "fresh87c", "fresh92b", "fresh97a"),
          "fresh102a": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                        "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c",
                        "fresh80b", "fresh88a", "fresh92c", "fresh97b"),
          "fresh102b": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                        "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a",
                        "fresh80c", "fresh88b", "fresh93a", "fresh97c"),
          "fresh102c": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                        "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c",
                        "fresh81b", "fresh88c", "fresh93b", "fresh98a"),
          "fresh103a": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                        "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b", "fresh77a",
                        "fresh81c", "fresh89a", "fresh93c", "fresh98b"),
          "fresh103b": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                        "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c", "fresh77b",
                        "fresh81a", "fresh89b", "fresh94a", "fresh98c"),
          "fresh103c": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                        "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c", "fresh76b",
                        "fresh85a", "fresh89c", "fresh94b", "fresh99a"),
          "fresh104a": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                        "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a", "fresh77c",
                        "fresh85b", "fresh90a", "fresh94c", "fresh99b"),
          "fresh104b": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                        "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b",
                        "fresh78a", "fresh85c", "fresh90b", "fresh95a", "fresh99c"),
          "fresh104c": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                        "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c",
                        "fresh78b", "fresh86a", "fresh90c", "fresh95b", "fresh100a"),
          "fresh105a": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                        "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a",
                        "fresh78c", "fresh86b", "fresh91a", "fresh95c", "fresh100b"),
          "fresh105b": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                        "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b",
                        "fresh79a", "fresh86c", "fresh91b", "fresh96a", "fresh100c"),
          "fresh105c": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                        "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c",
                        "fresh79b", "fresh87a", "fresh91c", "fresh96b", "fresh101a"),
          "fresh106a": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                        "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a",
                        "fresh79c", "fresh87b", "fresh92a", "fresh96c", "fresh101b"),
          "fresh106b": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                        "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b",
                        "fresh80a", "fresh87c", "fresh92b", "fresh97a", "fresh101c"),
          "fresh106c": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                        "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c",
                        "fresh80b", "fresh88a", "fresh92c", "fresh97b", "fresh102a"),
          "fresh107a": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                        "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a",
                        "fresh80c", "fresh88b", "fresh93a", "fresh97c", "fresh102b"),
          "fresh107b": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                        "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c",
                        "fresh81b", "fresh88c", "fresh93b", "fresh98a", "fresh102c"),
          "fresh107c": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                        "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b", "fresh77a",
                        "fresh81c", "fresh89a", "fresh93c", "fresh98b", "fresh103a"),
          "fresh108a": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                        "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c", "fresh77b",
                        "fresh81a", "fresh89b", "fresh94a", "fresh98c", "fresh103b"),
          "fresh108b": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                        "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c", "fresh76b",
                        "fresh85a", "fresh89c", "fresh94b", "fresh99a", "fresh103c"),
          "fresh108c": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                        "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a", "fresh77c",
                        "fresh85b", "fresh90a", "fresh94c", "fresh99b", "fresh104a"),
          "fresh109a": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                        "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b",
                        "fresh78a", "fresh85c", "fresh90b", "fresh95a", "fresh99c",
                        "fresh104b"),
          "fresh109b": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                        "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c",
                        "fresh78b", "fresh86a", "fresh90c", "fresh95b", "fresh100a",
                        "fresh104c"),
          "fresh109c": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                        "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a",
                        "fresh78c", "fresh86b", "fresh91a", "fresh95c", "fresh100b",
                        "fresh105a"),
          "fresh110a": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                        "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b",
                        "fresh79a", "fresh86c", "fresh91b", "fresh96a", "fresh100c",
                        "fresh105b"),
          "fresh110b": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                        "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c",
                        "fresh79b", "fresh87a", "fresh91c", "fresh96b", "fresh101a",
                        "fresh105c"),
          "fresh110c": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                        "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a",
                        "fresh79c", "fresh87b", "fresh92a", "fresh96c", "fresh101b",
                        "fresh106a"),
          "fresh111a": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                        "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b",
                        "fresh80a", "fresh87c", "fresh92b", "fresh97a", "fresh101c",
                        "fresh106b"),
          "fresh111b": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                        "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c",
                        "fresh80b", "fresh88a", "fresh92c", "fresh97b", "fresh102a",
                        "fresh106c"),
          "fresh111c": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                        "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a",
                        "fresh80c", "fresh88b", "fresh93a", "fresh97c", "fresh102b",
                        "fresh107a"),
          "fresh112a": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                        "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c",
                        "fresh81b", "fresh88c", "fresh93b", "fresh98a", "fresh102c",
                        "fresh107b"),
          "fresh112b": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b", "fresh49a",
                        "fresh53c", "fresh58b", "fresh63a", "fresh67c", "fresh72b", "fresh77a",
                        "fresh81c", "fresh89a", "fresh93c", "fresh98b", "fresh103a",
                        "fresh107c"),
          "fresh112c": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c", "fresh49b",
                        "fresh54a", "fresh58c", "fresh63b", "fresh68a", "fresh72c", "fresh77b",
                        "fresh81a", "fresh89b", "fresh94a", "fresh98c", "fresh103b",
                        "fresh108a"),
          "fresh113a": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c", "fresh48b",
                        "fresh53a", "fresh57c", "fresh62b", "fresh67a", "fresh71c", "fresh76b",
                        "fresh85a", "fresh89c", "fresh94b", "fresh99a", "fresh103c",
                        "fresh108b"),
          "fresh113b": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a", "fresh49c",
                        "fresh54b", "fresh59a", "fresh63c", "fresh68b", "fresh73a", "fresh77c",
                        "fresh85b", "fresh90a", "fresh94c", "fresh99b", "fresh104a",
                        "fresh108c"),
          "fresh113c": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a", "fresh45c",
                        "fresh50b", "fresh55a", "fresh59c", "fresh64b", "fresh69a", "fresh73b",
                        "fresh78a", "fresh85c", "fresh90b", "fresh95a", "fresh99c",
                        "fresh104b", "fresh109a"),
          "fresh114a": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b", "fresh46a",
                        "fresh50c", "fresh55b", "fresh60a", "fresh64c", "fresh69b", "fresh73c",
                        "fresh78b", "fresh86a", "fresh90c", "fresh95b", "fresh100a",
                        "fresh104c", "fresh109b"),
          "fresh114b": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c", "fresh45b",
                        "fresh50a", "fresh54c", "fresh59b", "fresh64a", "fresh68c", "fresh74a",
                        "fresh78c", "fresh86b", "fresh91a", "fresh95c", "fresh100b",
                        "fresh105a", "fresh109c"),
          "fresh114c": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c", "fresh46b",
                        "fresh51a", "fresh55c", "fresh60b", "fresh65a", "fresh69c", "fresh74b",
                        "fresh79a", "fresh86c", "fresh91b", "fresh96a", "fresh100c",
                        "fresh105b", "fresh110a"),
          "fresh115a": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b", "fresh47a",
                        "fresh51b", "fresh56a", "fresh60c", "fresh65b", "fresh70a", "fresh74c",
                        "fresh79b", "fresh87a", "fresh91c", "fresh96b", "fresh101a",
                        "fresh105c", "fresh110b"),
          "fresh115b": ("heldout", "fresh28b", "fresh33b", "fresh38a", "fresh42c", "fresh47b",
                        "fresh51c", "fresh56b", "fresh61a", "fresh65c", "fresh70b", "fresh75a",
                        "fresh79c", "fresh87b", "fresh92a", "fresh96c", "fresh101b",
                        "fresh106a", "fresh110c"),
          "fresh115c": ("fresh22c", "fresh27c", "fresh32c", "fresh37b", "fresh42a", "fresh46c",
                        "fresh52a", "fresh56c", "fresh61b", "fresh66a", "fresh70c", "fresh75b",
                        "fresh80a", "fresh87c", "fresh92b", "fresh97a", "fresh101c",
                        "fresh106b", "fresh111a"),
          "fresh116a": ("fresh", "fresh28c", "fresh33c", "fresh38b", "fresh43a", "fresh47c",
                        "fresh52b", "fresh57a", "fresh61c", "fresh66b", "fresh71a", "fresh75c",
                        "fresh80b", "fresh88a", "fresh92c", "fresh97b", "fresh102a",
                        "fresh106c", "fresh111b"),
          "fresh116b": ("fresh23a", "fresh29a", "fresh34a", "fresh38c", "fresh43b", "fresh48a",
                        "fresh52c", "fresh57b", "fresh62a", "fresh66c", "fresh71b", "fresh76a",
                        "fresh80c", "fresh88b", "fresh93a", "fresh97c", "fresh102b",
                        "fresh107a", "fresh111c"),
          "fresh116c": ("fresh23b", "fresh29b", "fresh34b", "fresh39a", "fresh44a", "fresh48c",
                        "fresh53b", "fresh58a", "fresh62c", "fresh67b", "fresh72a", "fresh76c",
                        "fresh81b", "fresh88c", "fresh93b", "fresh98a", "fresh102c",
                        "fresh107b", "fresh112a"),
          "fresh117a": ("fresh24a", "fresh30a", "fresh35a", "fresh39c", "fresh44b",
                        "fresh49a", "fresh53c", "fresh58b", "fresh63a", "fresh67c",
                        "fresh72b", "fresh77a", "fresh81c", "fresh89a", "fresh93c",
                        "fresh98b", "fresh103a", "fresh107c", "fresh112b"),
          "fresh117b": ("fresh24b", "fresh30b", "fresh35b", "fresh40a", "fresh44c",
                        "fresh49b", "fresh54a", "fresh58c", "fresh63b", "fresh68a",
                        "fresh72c", "fresh77b", "fresh81a", "fresh89b", "fresh94a",
                        "fresh98c", "fresh103b", "fresh108a", "fresh112c"),
          "fresh117c": ("fresh23c", "fresh29c", "fresh34c", "fresh39b", "fresh43c",
                        "fresh48b", "fresh53a", "fresh57c", "fresh62b", "fresh67a",
                        "fresh71c", "fresh76b", "fresh85a", "fresh89c", "fresh94b",
                        "fresh99a", "fresh103c", "fresh108b", "fresh113a"),
          "fresh118a": ("fresh24c", "fresh31a", "fresh35c", "fresh40b", "fresh45a",
                        "fresh49c", "fresh54b", "fresh59a", "fresh63c", "fresh68b",
                        "fresh73a", "fresh77c", "fresh85b", "fresh90a", "fresh94c",
                        "fresh99b", "fresh104a", "fresh108c", "fresh113b"),
          "fresh118b": ("fresh22b", "fresh26c", "fresh31c", "fresh36b", "fresh41a",
                        "fresh45c", "fresh50b", "fresh55a", "fresh59c", "fresh64b",
                        "fresh69a", "fresh73b", "fresh78a", "fresh85c", "fresh90b",
                        "fresh95a", "fresh99c", "fresh104b", "fresh109a", "fresh113c"),
          "fresh118c": ("fresh21c", "fresh27a", "fresh32a", "fresh36c", "fresh41b",
                        "fresh46a", "fresh50c", "fresh55b", "fresh60a", "fresh64c",
                        "fresh69b", "fresh73c", "fresh78b", "fresh86a", "fresh90c",
                        "fresh95b", "fresh100a", "fresh104c", "fresh109b", "fresh114a"),
          "fresh119a": ("fresh21b", "fresh26a", "fresh31b", "fresh36a", "fresh40c",
                        "fresh45b", "fresh50a", "fresh54c", "fresh59b", "fresh64a",
                        "fresh68c", "fresh74a", "fresh78c", "fresh86b", "fresh91a",
                        "fresh95c", "fresh100b", "fresh105a", "fresh109c", "fresh114b"),
          "fresh119b": ("fresh22a", "fresh27b", "fresh32b", "fresh37a", "fresh41c",
                        "fresh46b", "fresh51a", "fresh55c", "fresh60b", "fresh65a",
                        "fresh69c", "fresh74b", "fresh79a", "fresh86c", "fresh91b",
                        "fresh96a", "fresh100c", "fresh105b", "fresh110a", "fresh114c"),
          "fresh119c": ("report", "fresh28a", "fresh33a", "fresh37c", "fresh42b",
                        "fresh47a", "fresh51b", "fresh56a", "fresh60c", "fresh65b",
                        "fresh70a", "fresh74c", "fresh79b", "fresh87a", "fresh91c",
                        "fresh96b", "fresh101a", "fresh105c", "fresh110b", "fresh115a")}
LENGTH = 30  # the length the lead runs them at


def _bench() -> ModuleType:
    return load_bench("experience_tasks", "experience_tasks_heldout_splits")


BENCH = _bench()


def _splits(name: str) -> tuple[str, ...]:
    return tuple(f"{name}{letter}" for letter in "abc")


def _tasks(split: str) -> tuple[Task, ...]:
    floor_plan, seed = BENCH.SPLITS[split]
    suite = generate(StreamSettings(floor_plan=floor_plan, length=LENGTH, seed=seed,
                                    kinds=BENCH.KINDS))
    return tuple(suite.tasks())


def _stream(tasks: tuple[Task, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((t.id, t.instruction) for t in tasks)


# Every split's stream, made once per process and shared by every round's tests (each
# round's test compared its splits with every other split's stream made anew: the file's
# cost grew with the square of the number of splits, round 67: 12 % of the suite's time).
@functools.cache
def _made() -> dict[str, tuple[Task, ...]]:
    return {split: _tasks(split) for split in BENCH.SPLITS}


@functools.cache
def _reach(floor_plan: int) -> frozenset[str]:
    return reachable_in(floor_plan)


@pytest.mark.parametrize("name", ROUNDS)
def test_the_splits_are_report_only_on_floor_plans_and_seeds_of_their_own(name: str) -> None:
    new = _splits(name)
    others = {s: v for s, v in BENCH.SPLITS.items() if s not in new}
    for split in new:
        assert split in BENCH.SPLITS and split not in BENCH.TUNING
        floor_plan, seed = BENCH.SPLITS[split]
        users = {s for s, (fp, _) in others.items() if fp == floor_plan}
        # the kitchen is its own, or shared only with the splits it reuses (a report split
        # and, for a second reuse, that split's first reuser) or that reuse it
        shared = set(REUSED.get(split, ()))
        shared |= {s for s, reused in REUSED.items() if split in reused}
        assert users == shared and not users & BENCH.TUNING, (split, users)
        # a reuse goes back to a report split: the first split on the kitchen reuses none,
        # and each later reuser reuses exactly the splits on the kitchen before it
        if split in REUSED:
            first, *again = REUSED[split]
            assert first not in REUSED, split
            assert all(REUSED[s] == REUSED[split][:i + 1] for i, s in enumerate(again)), split
        assert seed not in {sd for _, sd in others.values()}
    assert tuple(BENCH.SPLITS[s][1] for s in new) == ROUNDS[name]
    assert len({BENCH.SPLITS[s][0] for s in new}) == 3


@pytest.mark.parametrize("name", ROUNDS)
def test_their_streams_are_deterministic_and_differ_from_each_other_and_report(
        name: str) -> None:
    new = _splits(name)
    streams = {s: _stream(tasks) for s, tasks in _made().items()}  # every split's
    for split in new:
        assert len(streams[split]) == LENGTH
        assert streams[split] == _stream(_tasks(split))  # made again: the same
        kinds = {task_id.split("-", 1)[1] for task_id, _ in streams[split]}
        assert kinds == set(BENCH.KINDS), (split, kinds)
    # Its instructions differ from every other split's (each new split's from the others').
    by_text: dict[tuple[str, ...], list[str]] = {}
    for split, stream in streams.items():
        by_text.setdefault(tuple(t for _, t in stream), []).append(split)
    for split in new:
        assert by_text[tuple(t for _, t in streams[split])] == [split], split


@pytest.mark.parametrize("name", ROUNDS)
def test_every_task_of_their_streams_is_within_reach_of_its_world(name: str) -> None:
    table = load_skill_table()
    for split in _splits(name):
        reach = _reach(BENCH.SPLITS[split][0])
        for task in _made()[split]:
            for sub in task.subtasks:
                assert all(group & reach for group in needed_types(sub, table)), (split, task.id)
