"""The held-out cache sets written before any policy ran on them (round 20's fresh8, round
21's fresh9, round 22's fresh10, round 23's fresh11, round 24's fresh12, round 25's
fresh13, round 26's fresh14, round 27's fresh15, round 28's fresh16, round 29's fresh17,
round 30's fresh18, round 31's fresh19, round 32's fresh20, round 33's fresh21, round 34's
fresh22, round 35's fresh23, round 36's fresh24, round 37's fresh25, round 38's fresh26,
round 39's fresh27, round 40's fresh28, round 41's fresh29, round 42's fresh30, round 43's
fresh31, round 44's fresh32, round 45's fresh33, round 46's fresh34, round 47's fresh35,
round 48's fresh36, round 49's fresh37, round 50's fresh38, round 51's fresh39, round 52's
fresh40, round 53's fresh41, round 54's fresh42, round 55's fresh43, round 56's fresh44,
round 57's fresh45, round 58's fresh46, round 59's fresh47, round 60's fresh48, round 61's
fresh49, round 62's fresh50, round 63's fresh51, round 64's fresh52, round 65's fresh53,
round 66's fresh54, round 67's fresh55, round 68's fresh56, round 69's fresh57, round 70's
fresh58, round 71's fresh59, round 72's fresh60, round 73's fresh61, round 74's fresh62,
round 75's fresh63, round 76's fresh64, round 77's fresh65, round 78's fresh66, round 79's
fresh67, round 80's fresh68, round 81's fresh69, round 84's fresh70, round 85's fresh71,
round 86's fresh72, round 87's fresh73, round 89's fresh74, round 90's fresh75, round 96's
fresh76, round 101's fresh77):
their generators are seeded, exact in length and distinct. Only the streams are checked
here; no policy runs on them (they are held out)."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from bench_scripts import load_bench

HELDOUT = load_bench("cache_rule_heldout")
BENCH = Path(__file__).resolve().parents[2] / "bench"
N = 3000
SETS = ("fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15",
        "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23",
        "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30",
        "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
        "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44",
        "fresh45", "fresh46", "fresh47", "fresh48", "fresh49", "fresh50",
        "fresh51", "fresh52", "fresh53", "fresh54", "fresh55",
        "fresh56", "fresh57", "fresh58", "fresh59", "fresh60",
        "fresh61", "fresh62", "fresh63", "fresh64", "fresh65", "fresh66",
        "fresh67", "fresh68", "fresh69", "fresh70", "fresh71", "fresh72", "fresh73",
        "fresh74", "fresh75", "fresh76", "fresh77")


def _variants(name: str) -> Callable[[int], dict[str, Callable[[], list[int]]]]:
    return getattr(HELDOUT, f"{name}_variants")


def _families(name: str) -> dict[str, Callable[[int], Iterable[int]]]:
    """One generator per family of the set, as a function of the seed."""
    h = HELDOUT
    if name == "fresh8":
        return {
            "agent": lambda s: h.agent_docs(s, 50, 100, 8, 40, 4, 0.3),
            "ycsbe": lambda s: h.ycsb_scans(s, 2000, 0.9, 30, 0.05),
            "feed": lambda s: h.feed_reads(s, 300, 100, 10, 10, 0.2, 500, 0.2),
            "level": lambda s: h.level_stream(s, 50, 2, 60, 4, 10, 0.01, 5),
            "mail": lambda s: h.mail_folders(s, 6, 20, 30, 0.01, 2),
            "lsm": lambda s: h.lsm_blocks(s, 3000, 0.9, 0.3, 8, 100, 3, 256),
            "photo": lambda s: h.photo_browse(s, 50, 20, 1.0, 500, 0.3, 3),
            "tpcc": lambda s: h.tpcc(s, 1, 100, 1000),
            "mapq": lambda s: h.map_queries(s, 10, 2, 15, 1.0, 30, 2),
        }
    if name == "fresh10":
        return {
            "embed": lambda s: h.embed_lookups(s, 2000, 1.0, 50, 4, 100, 3.0, 2),
            "search": lambda s: h.search_engine(s, 1000, 1.0, 0.3, 500, 0.2, 200),
            "pagerank": lambda s: h.pagerank(s, 300, 5.0, 8, False),
            "vod": lambda s: h.vod_segments(s, 100, 0.9, 10, 50, 10, 0.05, 500),
            "prefix": lambda s: h.llm_prefix(s, 4, 6, 8, 2, 0.2, 0.3),
            "memcache": lambda s: h.memcache_ttl(s, 2000, 1.0, 0.05, 500, 200, 1000),
            "multigrid": lambda s: h.multigrid(s, 32, 8, 3, 2, 4),
            "slippy": lambda s: h.slippy_map(s, 2, 4, 3, 10, 1.0, 0.2, 20),
            "fetch": lambda s: h.fetch_requests(s, 5, 4, 60, 1.0, 2, 0.3),
        }
    if name == "fresh11":
        return {
            "pgckpt": lambda s: h.pg_checkpoint(s, 10, 200, 1.0, 0.2, 20, 500, 2000),
            "registry": lambda s: h.registry_rollout(s, 100, 1.0, 3, 4, 50, 8, 0.1),
            "tsdb": lambda s: h.tsdb_recent(s, 200, 50, 10, 5, 3, 4, 6, 0.05),
            "recalc": lambda s: h.recalc(s, 100, 3, 3, 20, 0.7, 10),
            "daw": lambda s: h.daw_loops(s, 4, 200, 8, 16, 4, 0.2, 30),
            "paint": lambda s: h.paint_tiles(s, 32, 32, 2, 8, 30, 0.1, 0.1),
            "meal": lambda s: h.meal_prep(s, 10, 1.0, 20, 15, 16, 4, 10),
            "gcheap": lambda s: h.gc_heap(s, 128, 2.0, 500, 1.0, 0.1, 8, 4),
            "git": lambda s: h.git_objects(s, 5, 10, 1.0, 0.2, 20, 0.02),
        }
    if name == "fresh12":
        return {
            "icache": lambda s: h.icache(s, 100, 12, 10, 1.0, 8, 3),
            "pileup": lambda s: h.pileup(s, 2, 200, 5, 2, 30, 8, 3),
            "fft": lambda s: h.fft_passes(s, 6, 2, 8, 4, 1.0),
            "glyph": lambda s: h.glyph_atlas(s, 10, 1.0, 3, 0.3, 40, 3, 0.02),
            "flows": lambda s: h.flow_cache(s, 30, 0.8, 1.2, 6.0, 20, 1.0),
            "chat": lambda s: h.chat_media(s, 20, 1.0, 6, 8, 30, 0.2),
            "rtb": lambda s: h.rtb_features(s, 500, 0.5, 100, 1.0, 20, 200, 4),
            "orderbook": lambda s: h.order_book(s, 5, 1.0, 0.6, 0.5, 30, 5),
            "laundry": lambda s: h.laundry(s, 3, 20, 1.0, 2, 10, 7),
        }
    if name == "fresh13":
        return {
            "ebook": lambda s: h.ebook_pages(s, 3, 1.0, 50, 100, 10, 0.1, 0.1),
            "passes": lambda s: h.pass_pipeline(s, 6, 10, 5, 50, 1.0, 0.3),
            "dcache": lambda s: h.dcache_walk(s, 3, 3, 5, 1.0, 20, 0.7),
            "hls": lambda s: h.hls_live(s, 5, 1.0, 2, 100, 2, 0.1, 20),
            "keyboard": lambda s: h.keyboard_trie(s, 300, 1.0, 5, 20, 0.05),
            "bvh": lambda s: h.bvh_rays(s, 8, 2, 2, 1, 2, 2),
            "hnsw": lambda s: h.hnsw_search(s, 300, 0.5, 8, 5, 1.0, 0.05),
            "rides": lambda s: h.ride_cells(s, 20, 3, 2, 1.0, 500, 1),
            "school": lambda s: h.school_mornings(s, 2, 6, 8, 6, 5, 0.3),
        }
    if name == "fresh14":
        return {
            "vtex": lambda s: h.virtual_texture(s, 128, 4, 20, 0.5, 0.05, 0.01),
            "broker": lambda s: h.log_broker(s, 3, 2, 1.0, 10, 2, 4, 0.01, 2),
            "editor": lambda s: h.code_editor(s, 5, 1.0, 50, 200, 20, 0.05, 0.01),
            "chess": lambda s: h.game_tree(s, 20, 4, 4, 0.2, 0.1),
            "music": lambda s: h.music_sessions(s, 500, 1.0, 5, 10, 20, 500, 0.2),
            "checkout": lambda s: h.checkout_lanes(s, 300, 1.0, 2, 8.0, 5, 10, 500),
            "ward": lambda s: h.ward_charts(s, 6, 2.0, 6, 50, 1.0, 100),
            "dishes": lambda s: h.dish_cycle(s, 2, 6, 6, 4, 10, 20, 0.3),
            "mmo": lambda s: h.mmo_shard(s, 10, 1.0, 50, 30, 5, 300, 100),
        }
    if name == "fresh15":
        return {
            "dnn": lambda s: h.dnn_offload(s, 6, 6, 2, 2, 3),
            "survey": lambda s: h.survey_strips(s, 20, 16, 4, 0.75, 0.5, 2, 0.1),
            "slices": lambda s: h.time_slices(s, 4, 64, 1.0, 30, 0.1, 0.3, 0.05),
            "windows": lambda s: h.stream_windows(s, 100, 1.0, 6, 2, 3, 2.0, 2),
            "hotel": lambda s: h.hotel_nights(s, 10, 1.0, 20, 5, 7.0, 1.0, 50, 0.3),
            "plans": lambda s: h.plan_cache(s, 20, 1.0, 0.2, 10, 100, 500, 0.2),
            "apps": lambda s: h.app_switching(s, 20, 1.0, 4, 50, 10.0, 0.4, 20, 0.2),
            "housesit": lambda s: h.house_sitting(s, 4, 8, 2, 3, 6, 0.1),
            "unpack": lambda s: h.unpacking(s, 3, 10, 4, 8, 4, 0.6, 0.2, 100),
        }
    if name == "fresh16":
        return {
            "wavefront": lambda s: h.wavefront(s, 500, 1.0, 3, 6, 2),
            "mergesort": lambda s: h.merge_sort(s, 100, 10, 4, 20, 50, 0.1),
            "isp": lambda s: h.isp_lines(s, 1, 60, 1, 3, 8, 0.5),
            "crawl": lambda s: h.crawl_hosts(s, 1000, 1.0, 10, 5, 30, 4, 0.1),
            "judge": lambda s: h.contest_judge(s, 6, 10, 20, 20, 4, 200),
            "picking": lambda s: h.order_picking(s, 4, 30, 1.0, 5, 3.0, 3, 5),
            "trie": lambda s: h.state_trie(s, 1000, 1.0, 10, 30, 50, 0.05),
            "waste": lambda s: h.waste_rounds(s, 4, 0.4, 6, 3, 20),
            "restock": lambda s: h.grocery_restock(s, 30, 1.0, 10, 10, 7, 2),
        }
    if name == "fresh17":
        return {
            "malloc": lambda s: h.malloc_lifo(s, 6, 1.2, 15.0, 0.05, 2, 32, 16),
            "deflate": lambda s: h.deflate_chains(s, 200, 1.1, 12, 11, 8, 100),
            "vertex": lambda s: h.vertex_mesh(s, 10, 4, 8, 3, 2, 0.2, 0.3),
            "jit": lambda s: h.jit_tiers(s, 100, 1.1, 3, 10, 50, 0.005, 20),
            "spool": lambda s: h.mail_spool(s, 30, 1.0, 1.0, 2, 0.05, 5, 40),
            "torrent": lambda s: h.torrent_pieces(s, 100, 4, 10, 3, 0.3, 0.1, 0.05),
            "dedup": lambda s: h.dedup_backup(s, 50, 4.0, 0.2, 0.1, 0.02, 3, 0.3),
            "baby": lambda s: h.baby_care(s, 4, 2, 4, 20, 3.0, 2),
            "party": lambda s: h.party_host(s, 20, 1.0, 6, 8, 2, 2.0),
        }
    if name == "fresh18":
        return {
            "moe": lambda s: h.moe_experts(s, 8, 8, 2, 10, 0.8, 50, 20),
            "dfa": lambda s: h.dfa_states(s, 200, 20, 30, 50, 2),
            "resolve": lambda s: h.dependency_solve(s, 100, 1.1, 5, 6, 0.1, 0.1),
            "vlr": lambda s: h.visitor_register(s, 100, 1.0, 8, 48, 12, 3.0),
            "cdcl": lambda s: h.cdcl_clauses(s, 40, 4.2, 30, 16),
            "routes": lambda s: h.route_requests(s, 6, 1.0, 3.0, 15, 0.2),
            "museum": lambda s: h.museum_guide(s, 40, 1.0, 3, 6, 1.0, 10),
            "elder": lambda s: h.elder_care(s, 6, 10, 0.2, 3, 6.0),
            "assay": lambda s: h.assay_plates(s, 2, 6, 5, 10, 4, 30),
        }
    if name == "fresh19":
        return {
            "hashjoin": lambda s: h.hash_join(s, 10, 8, 1.0, 6, 2, 4),
            "contacts": lambda s: h.contact_pairs(s, 30, 0.05, 3, 40, 20),
            "methods": lambda s: h.method_sends(s, 20, 40, 8, 1.0, 8, 100),
            "gates": lambda s: h.gate_events(s, 200, 16, 8, 0.2, 50),
            "md": lambda s: h.md_neighbours(s, 100, 8.0, 0.3, 5, 2),
            "authz": lambda s: h.authz_checks(s, 40, 6, 1.0, 0.2, 0.02),
            "milking": lambda s: h.milking_visits(s, 40, 3.0, 4, 0.5, 4),
            "serving": lambda s: h.serving_robot(s, 10, 20, 1.0, 2.5, 15.0),
            "diy": lambda s: h.diy_projects(s, 15, 4, 1.0, 6, 3),
        }
    if name == "fresh20":
        return {
            "mrp": lambda s: h.mrp_runs(s, 10, 3, 3, 1.0, 4, 5),
            "mcts": lambda s: h.mcts_playouts(s, 6, 50, 20, 3, 1.5),
            "orbits": lambda s: h.ground_passes(s, 10, 3, 2, 10, 1.0),
            "linker": lambda s: h.static_links(s, 4, 20, 1.0, 5, 2.0),
            "calendar": lambda s: h.freebusy(s, 30, 6, 4, 1.0, 1.0),
            "wiki": lambda s: h.wiki_renders(s, 200, 20, 1.0, 0.05, 0.01),
            "library": lambda s: h.library_returns(s, 10, 20, 1.0, 10, 2),
            "tug": lambda s: h.hospital_tug(s, 2, 3, 8, 2, 1.0),
            "berries": lambda s: h.strawberry_rows(s, 1, 4, 20, 3, 4),
        }
    if name == "fresh21":
        return {
            "tlb": lambda s: h.page_walks(s, 3, 100, 1.0, 32, 200, 10),
            "frontal": lambda s: h.multifrontal(s, 16, 16, 4, 2, 2),
            "datalog": lambda s: h.datalog_closure(s, 200, 10, 2, 4, 10, 5),
            "scrub": lambda s: h.timeline_scrub(s, 10, 4, 12, 60, 10, 0.3),
            "latex": lambda s: h.latex_builds(s, 4, 8, 10, 2, 1.0, 0.3),
            "tape": lambda s: h.tape_recalls(s, 20, 100, 1.0, 2, 10, 0.2),
            "pharmacy": lambda s: h.pharmacy_picks(s, 100, 1.0, 30, 2, 10),
            "fab": lambda s: h.fab_lots(s, 2, 4, 6, 20, 0.1),
            "packing": lambda s: h.trip_packing(s, 3, 20, 3, 1.0, 5.0),
        }
    if name == "fresh22":
        return {
            "hpa": lambda s: h.hpa_orders(s, 6, 8, 1.0, 3, 0.05),
            "volume": lambda s: h.volume_bricks(s, 8, 2, 4, 0.1, 20),
            "migrate": lambda s: h.live_migration(s, 500, 50, 1.0, 2, 4, 1000),
            "fmindex": lambda s: h.fm_index(s, 12, 30, 0.02, 3, 32, 8),
            "autostore": lambda s: h.cube_storage(s, 10, 5, 40, 1.0, 2.0, 1),
            "housekeeping": lambda s: h.hotel_housekeeping(s, 1, 10, 2.0, 3.0, 0.2),
            "mailroom": lambda s: h.household_mail(s, 2, 20, 1.0, 1.0, 0.2),
            "sterile": lambda s: h.sterile_trays(s, 2, 8, 1.0, 1, 2, 10),
            "fryer": lambda s: h.fry_station(s, 4, 1.0, 3, 3.0, 7),
        }
    if name == "fresh23":
        return {
            "codesearch": lambda s: h.code_search(s, 100, 1.0, 40, 2, 0.8),
            "utxo": lambda s: h.utxo_coins(s, 10, 0.8, 2.0, 0.05),
            "reconcile": lambda s: h.controller_reconcile(s, 10, 1.0, 2, 3, 500, 0.1),
            "sampler": lambda s: h.sampler_voices(s, 2, 2, 2, 3, 8),
            "flashcards": lambda s: h.flashcard_reviews(s, 200, 10, 0.1, 0.3, 0.3),
            "kmer": lambda s: h.kmer_count(s, 2000, 80, 21, 0.01, 2),
            "vacuum": lambda s: h.vacuum_runs(s, 4, 3, 20, 1.0, 1),
            "kitting": lambda s: h.kit_sequence(s, 4, 3, 1.0, 10, 20, 8),
            "bagstore": lambda s: h.early_bags(s, 20, 30, 0.3, 0.1, 3),
        }
    if name == "fresh24":
        return {
            "tlsresume": lambda s: h.tls_resumption(s, 3, 100, 1.0, 10, 100, 0.3),
            "notebook": lambda s: h.notebook_session(s, 20, 3, 0.1, 0.5, 100),
            "hmr": lambda s: h.hmr_updates(s, 40, 3, 0.5, 1.0, 8),
            "radar": lambda s: h.radar_tracks(s, 10, 40.0, 4, 0.2, 0.05),
            "review": lambda s: h.review_batches(s, 100, 2, 10, 4, 0.1, 100),
            "cues": lambda s: h.cue_stack(s, 30, 24, 10, 1, 0.05),
            "shelfscan": lambda s: h.shelf_scans(s, 2, 6, 8, 3, 0.02, 0.05),
            "barista": lambda s: h.barista_orders(s, 8, 10, 1.0, 2, 30, 2.0),
            "transmem": lambda s: h.translation_memory(s, 200, 1.0, 10, 20, 0.2, 2),
        }
    if name == "fresh25":
        return {
            "configure": lambda s: h.configure_runs(s, 20, 100, 1.0, 10, 2),
            "gnn": lambda s: h.gnn_minibatches(s, 500, 3, 16, (4, 2), 0.3),
            "pacs": lambda s: h.pacs_reading(s, 50, 1.0, 2, 30, 0.1, 0.5),
            "ftl": lambda s: h.ftl_mapping(s, 32, 16, 0.1, 1.0, 0.3, 0.5),
            "shader": lambda s: h.shader_pipelines(s, 3, 10, 8, 2, 50),
            "smt": lambda s: h.smt_placement(s, 3, 20, 30, 5, 100, 0.6),
            "moveit": lambda s: h.motion_plans(s, 3, 6, 8, 2, 0.1),
            "sortation": lambda s: h.parcel_sort(s, 100, 1.0, 20, 20, 500),
            "asr": lambda s: h.asr_beam(s, 200, 1.0, 30, 3, 3.0),
        }
    if name == "fresh26":
        return {
            "tf": lambda s: h.tf_lookups(s, 15, 3, 2, 0.4, 1),
            "shell": lambda s: h.shell_session(s, 20, 1.0, 5, 0.3, 0.05),
            "mapreduce": lambda s: h.mapreduce_jobs(s, 2, 4, 8, 100, 1.0, 3),
            "eod": lambda s: h.eod_banking(s, 200, 1.0, 1000, 5, 0.5),
            "nbody": lambda s: h.nbody_walks(s, 100, 3, 2, 4, 0.1),
            "spam": lambda s: h.spam_filter(s, 500, 1.0, 20, 30, 0.4),
            "kubesched": lambda s: h.kube_scheduler(s, 30, 20, 1.0, 4, 0.5),
            "garden": lambda s: h.garden_rounds(s, 3, 8, 0.05, 3, 0.01),
            "octomap": lambda s: h.octomap_scans(s, 10, 12, 8, 0.05, 0.1),
        }
    if name == "fresh27":
        return {
            "raft": lambda s: h.raft_log(s, 2, 3, 0.2, 32, 200),
            "mapmatch": lambda s: h.map_matching(s, 10, 4, 1.0, 2, 0.1),
            "ring": lambda s: h.ring_member(s, 300, 1.0, 3, 10, 500),
            "betting": lambda s: h.sportsbook(s, 10, 8, 1.0, 3, 300, 200),
            "holiday": lambda s: h.holiday_robot(s, 50, 1.0, 2, 5, 300, 1000),
            "avscan": lambda s: h.av_scanner(s, 100, 1.0, 800, 500, 0.05, 20),
            "faregate": lambda s: h.fare_gates(s, 50, 8, 300, 40, 0.2),
            "homehub": lambda s: h.home_hub(s, 4, 5, 2, 100, 5),
            "bikeshare": lambda s: h.bike_share(s, 10, 60, 1.0, 50, 4),
        }
    if name == "fresh77":
        return {
            "conjunction": lambda s: h.conjunction_screening(s, 400, 30),
            "conditions": lambda s: h.conditions_db(s, 40, 4),
            "peptides": lambda s: h.peptide_search(s, 200, 1),
            "ctlog": lambda s: h.ct_log(s, 4, 20),
            "prover": lambda s: h.proof_checker(s, 30, 2),
            "options": lambda s: h.options_desk(s, 20, 30),
            "rtk": lambda s: h.rtk_network(s, 12, 8),
            "wayback": lambda s: h.web_archive(s, 200, 10),
            "flood": lambda s: h.flood_forecast(s, 60, 6),
        }
    if name == "fresh76":
        return {
            "radar": lambda s: h.radar_tiles(s, 12, 6),
            "cnc": lambda s: h.cnc_cell(s, 20, 40),
            "humpyard": lambda s: h.hump_yard(s, 16, 12),
            "sms": lambda s: h.sms_hub(s, 30, 2000),
            "aircargo": lambda s: h.air_cargo(s, 8, 20),
            "registrar": lambda s: h.course_registration(s, 60, 300),
            "epg": lambda s: h.tv_guide(s, 60, 20),
            "grain": lambda s: h.grain_elevator(s, 40, 8),
            "ota": lambda s: h.firmware_ota(s, 200, 16),
        }
    if name == "fresh75":
        return {
            "mower": lambda s: h.robot_mower(s, 3, 8),
            "payroll": lambda s: h.payroll_bureau(s, 10, 15),
            "biobank": lambda s: h.biobank_store(s, 300, 6),
            "shelter": lambda s: h.animal_shelter(s, 20, 1.0),
            "codereview": lambda s: h.code_review(s, 300, 6),
            "casino": lambda s: h.casino_floor(s, 24, 80),
            "minefleet": lambda s: h.mine_haulage(s, 6, 2),
            "insurance": lambda s: h.insurance_claims(s, 300, 4),
            "fraud": lambda s: h.card_fraud(s, 300, 60),
        }
    if name == "fresh74":
        return {
            "cron": lambda s: h.cron_jobs(s, 40, 12),
            "cocktail": lambda s: h.cocktail_robot(s, 30, 1.2),
            "mvcc": lambda s: h.mvcc_versions(s, 200, 1.1),
            "geocache": lambda s: h.geocaching(s, 150, 40),
            "unfurl": lambda s: h.link_unfurl(s, 8, 1.0),
            "pollinator": lambda s: h.pollinator_robot(s, 4, 20),
            "presence": lambda s: h.presence_service(s, 100, 12),
            "resizer": lambda s: h.image_resizer(s, 300, 1.0),
            "matview": lambda s: h.matview_refresh(s, 400, 3),
        }
    if name == "fresh73":
        return {
            "tokens": lambda s: h.token_introspection(s, 60, 1.1),
            "graphql": lambda s: h.graphql_dataloader(s, 200, 1.0),
            "webshop": lambda s: h.webshop_sessions(s, 300, 8),
            "vineyard": lambda s: h.vineyard_harvest(s, 12, 20),
            "boathire": lambda s: h.boat_hire(s, 12, 60),
            "crane": lambda s: h.tower_crane(s, 30, 20),
            "lectures": lambda s: h.lecture_capture(s, 80, 8),
            "sudoku": lambda s: h.sudoku_solver(s, 3, 0.2),
            "flags": lambda s: h.feature_flags(s, 80, 8),
        }
    if name == "fresh72":
        return {
            "darkroom": lambda s: h.darkroom(s, 15, 4),
            "orchestra": lambda s: h.orchestra_library(s, 40, 12),
            "pizza": lambda s: h.pizza_takeaway(s, 150, 1.1),
            "angling": lambda s: h.angling_match(s, 40, 20),
            "zoo": lambda s: h.zoo_keepers(s, 30, 3),
            "telescope": lambda s: h.telescope_night(s, 100, 1.1),
            "studio": lambda s: h.recording_studio(s, 10, 8),
            "busdepot": lambda s: h.bus_depot(s, 40, 8),
            "marking": lambda s: h.exam_marking(s, 6, 4),
        }
    if name == "fresh71":
        return {
            "knitting": lambda s: h.knitting_circle(s, 12, 8),
            "minigolf": lambda s: h.minigolf_course(s, 9, 3),
            "bouldering": lambda s: h.bouldering_gym(s, 150, 1.1),
            "wheels": lambda s: h.meals_on_wheels(s, 40, 21),
            "recordoffice": lambda s: h.record_office(s, 400, 6),
            "costumes": lambda s: h.costume_hire(s, 300, 1.0),
            "cameratraps": lambda s: h.camera_traps(s, 30, 20),
            "pagination": lambda s: h.api_pagination(s, 60, 20),
            "baggage": lambda s: h.baggage_reclaim(s, 40, 1),
        }
    if name == "fresh70":
        return {
            "newsagent": lambda s: h.newsagent_rounds(s, 120, 1.0),
            "othello": lambda s: h.othello_club(s, 20, 2),
            "crossword": lambda s: h.crossword_app(s, 7, 40),
            "skittles": lambda s: h.skittles_league(s, 2, 8),
            "toylibrary": lambda s: h.toy_library(s, 300, 150),
            "greengrocer": lambda s: h.greengrocer_seasons(s, 150, 1.1),
            "videoshop": lambda s: h.video_rental_shop(s, 300, 1.0),
            "crates": lambda s: h.record_shop_crates(s, 12, 40),
            "cycleshop": lambda s: h.cycle_workshop(s, 120, 2),
        }
    if name == "fresh69":
        return {
            "draughts": lambda s: h.draughts_club_game(s, 20, 1.1),
            "solitaire": lambda s: h.peg_solitaire_society(s, 30, 2),
            "yahtzee": lambda s: h.yahtzee_league(s, 10, 1.1),
            "battleships": lambda s: h.battleships_tournament(s, 60, 2),
            "mastermind": lambda s: h.mastermind_club(s, 16, 1.1),
            "marbles": lambda s: h.marbles_championship(s, 40, 2),
            "sweets": lambda s: h.sweet_shop(s, 120, 1.1),
            "pinball": lambda s: h.pinball_league(s, 30, 4),
            "haberdashery": lambda s: h.haberdashery(s, 400, 1.0),
        }
    if name == "fresh68":
        return {
            "oware": lambda s: h.oware_club_game(s, 20, 1.1),
            "ludo": lambda s: h.ludo_youth_club(s, 100, 3),
            "shove": lambda s: h.shove_halfpenny_league(s, 8, 1.1),
            "euchre": lambda s: h.euchre_party(s, 40, 3),
            "winks": lambda s: h.tiddlywinks_match(s, 24, 1.1),
            "tombola": lambda s: h.tombola_fete(s, 60, 300),
            "morris": lambda s: h.morris_club_game(s, 16, 1.1),
            "jumble": lambda s: h.jumble_sale(s, 80, 6),
            "bonsai": lambda s: h.bonsai_nursery(s, 300, 6),
        }
    if name == "fresh67":
        return {
            "dominoes": lambda s: h.dominoes_league(s, 12, 1.1),
            "go": lambda s: h.go_club_game(s, 30, 1.1),
            "quoits": lambda s: h.quoits_league(s, 100, 1.1),
            "poker": lambda s: h.poker_card_room(s, 200, 3),
            "shogi": lambda s: h.shogi_club_game(s, 24, 1.1),
            "carrom": lambda s: h.carrom_league(s, 10, 1.1),
            "canasta": lambda s: h.canasta_club(s, 20, 1.1),
            "gymkhana": lambda s: h.gymkhana_show(s, 80, 8),
            "sauna": lambda s: h.sauna_spa_day(s, 400, 6),
        }
    if name == "fresh66":
        return {
            "tabletennis": lambda s: h.table_tennis_league_match(s, 10, 1.1),
            "scrabble": lambda s: h.scrabble_tournament(s, 16, 2000),
            "greyhound": lambda s: h.greyhound_race_night(s, 120, 500),
            "carboot": lambda s: h.car_boot_sale(s, 60, 300),
            "cattery": lambda s: h.cattery_day(s, 20, 150),
            "cribbage": lambda s: h.cribbage_league(s, 8, 1.1),
            "mahjong": lambda s: h.mahjong_club_session(s, 24, 1.1),
            "petanque": lambda s: h.petanque_competition(s, 16, 1.1),
            "backgammon": lambda s: h.backgammon_club_match(s, 30, 1.1),
        }
    if name == "fresh65":
        return {
            "squash": lambda s: h.squash_box_league(s, 40, 5),
            "badminton": lambda s: h.badminton_club_night(s, 40, 3, 1.1),
            "judo": lambda s: h.judo_tournament(s, 8, 12),
            "boxing": lambda s: h.boxing_show(s, 12, 1.1),
            "croquet": lambda s: h.croquet_match(s, 20, 1.1),
            "tenpin": lambda s: h.tenpin_league_night(s, 8, 4),
            "canoeslalom": lambda s: h.canoe_slalom_race(s, 80, 18),
            "dental": lambda s: h.dental_practice_day(s, 500, 2),
            "korfball": lambda s: h.korfball_match(s, 10, 1.1),
        }
    if name == "fresh64":
        return {
            "rollerderby": lambda s: h.roller_derby_bout(s, 10, 1.1),
            "takraw": lambda s: h.takraw_match(s, 12, 1.1),
            "ultimate": lambda s: h.ultimate_game(s, 12, 20, 1.1),
            "lacrosse": lambda s: h.lacrosse_match(s, 10, 1.1),
            "rounders": lambda s: h.rounders_match(s, 12, 1.1),
            "pitwall": lambda s: h.pit_wall_race(s, 60, 24, 20, 1.1),
            "signalbox": lambda s: h.signal_box_shift(s, 8, 40, 1.1),
            "skischool": lambda s: h.ski_school_week(s, 300, 8, 1.1),
            "drivingtest": lambda s: h.driving_test_centre(s, 6, 4),
        }
    if name == "fresh63":
        return {
            "handball": lambda s: h.handball_match(s, 12, 16, 1.1),
            "waterpolo": lambda s: h.water_polo_match(s, 8, 1.1),
            "kabaddi": lambda s: h.kabaddi_match(s, 12, 12, 1.1),
            "triathlon": lambda s: h.triathlon_race(s, 150, 60, 1.1, 4),
            "dressage": lambda s: h.dressage_test(s, 80, 25, 24, 1.1),
            "speedway": lambda s: h.speedway_meeting(s, 8, 1.1),
            "netball": lambda s: h.netball_match(s, 10, 1.1),
            "ballet": lambda s: h.ballet_class(s, 60, 30, 1.1),
            "launderette": lambda s: h.launderette_day(s, 20, 300, 1.1),
        }
    if name == "fresh62":
        return {
            "songcontest": lambda s: h.song_contest(s, 40, 26, 37, 1.1),
            "filmshoot": lambda s: h.film_shoot(s, 60, 12, 8, 1.2),
            "showjumping": lambda s: h.show_jumping(s, 12, 30, 80, 1.1),
            "polo": lambda s: h.polo_match(s, 40, 5, 4, 1.1),
            "gymnastics": lambda s: h.gymnastics_meet(s, 36, 6, 5),
            "volleyball": lambda s: h.volleyball_match(s, 10, 12, 1.1),
            "hockey": lambda s: h.ice_hockey_game(s, 16, 1.1, 60),
            "highland": lambda s: h.highland_games(s, 40, 12, 1.1),
            "powerlifting": lambda s: h.powerlifting_meet(s, 24, 12, 1.1),
        }
    if name == "fresh61":
        return {
            "jacquard": lambda s: h.jacquard_weaving(s, 12, 20, 40, 1.1),
            "orienteering": lambda s: h.orienteering_event(s, 40, 4, 60, 1.1),
            "biathlon": lambda s: h.biathlon_race(s, 120, 30, 15, 1.1),
            "sumo": lambda s: h.sumo_basho(s, 42, 40, 1.2),
            "bridge": lambda s: h.duplicate_bridge(s, 8, 3, 60, 1.1),
            "fashion": lambda s: h.fashion_week(s, 60, 10, 30, 1.1),
            "sevens": lambda s: h.rugby_sevens(s, 12, 13, 30, 1.1),
            "dancesport": lambda s: h.dancesport_comp(s, 48, 7, 12),
            "samba": lambda s: h.samba_parade(s, 6, 20, 9, 1.2),
        }
    if name == "fresh60":
        return {
            "radiosonde": lambda s: h.radiosonde_network(s, 12, 16, 0.07, 1.1),
            "foundry": lambda s: h.iron_foundry(s, 60, 40, 120, 1.1),
            "hackathon": lambda s: h.hackathon(s, 20, 10, 36, 1.1),
            "paintball": lambda s: h.paintball_site(s, 4, 80, 6, 1.2),
            "velodrome": lambda s: h.velodrome_meet(s, 80, 24, 8, 1.1),
            "sugarbush": lambda s: h.maple_sugarbush(s, 20, 30, 2, 1.2),
            "rodeo": lambda s: h.rodeo_circuit(s, 200, 30, 45, 1.1),
            "sleddog": lambda s: h.sled_dog_race(s, 16, 8, 12, 1.1),
            "saltworks": lambda s: h.salt_works(s, 24, 4, 10, 1.2),
        }
    if name == "fresh59":
        return {
            "glacier": lambda s: h.glacier_stakes(s, 40, 3, 7, 0.02, 1.1),
            "dogshow": lambda s: h.dog_show(s, 40, 30, 4, 1.1),
            "fencing": lambda s: h.fencing_competition(s, 150, 60, 6, 12, 1.0),
            "extinguisher": lambda s: h.extinguisher_service(s, 300, 12, 6, 40, 1.1),
            "lookout": lambda s: h.fire_lookout(s, 8, 50, 0.05, 1.2),
            "repertory": lambda s: h.opera_repertory(s, 5, 60, 12, 10, 1.1),
            "hotdesk": lambda s: h.hot_desk(s, 100, 10, 8, 1.1),
            "ballot": lambda s: h.ballot_count(s, 20, 6, 5, 0.2, 1.2),
            "spelling": lambda s: h.spelling_bee(s, 12, 400, 1.1, 0.15),
        }
    if name == "fresh58":
        return {
            "excavation": lambda s: h.excavation(s, 3, 6, 60, 1.1, 3),
            "grazing": lambda s: h.paddock_grazing(s, 30, 2, 3, 200, 1.0),
            "rubber": lambda s: h.rubber_tapping(s, 4, 300, 2, 0.2, 1.0),
            "perfumery": lambda s: h.perfumery(s, 400, 1.1, 4, 20, 2),
            "pcr": lambda s: h.pcr_lab(s, 60, 2, 0.03, 10),
            "hut": lambda s: h.hut_trek(s, 8, 4.0, 3, 1.5),
            "rally": lambda s: h.stage_rally(s, 40, 12, 3, 0.02, 30),
            "division": lambda s: h.division_lobbies(s, 150, 1.1, 2, 0.9),
            "reef": lambda s: h.reef_survey(s, 6, 3, 20, 80, 1.1),
        }
    if name == "fresh57":
        return {
            "lifeguard": lambda s: h.lifeguard(s, 4, 12, 300, 1.0, 0.4),
            "physio": lambda s: h.physio(s, 4, 80, 1.1, 30, 6),
            "framer": lambda s: h.picture_framer(s, 200, 300, 1.1, 40, 7),
            "oyster": lambda s: h.oyster_farm(s, 60, 6, 30, 1.1, 5),
            "maltings": lambda s: h.floor_maltings(s, 3, 3, 4, 6, 0.3),
            "waterworks": lambda s: h.waterworks(s, 20, 8, 200, 1.1, 3),
            "comics": lambda s: h.comic_shop(s, 80, 1.0, 60, 20, 15.0),
            "radiotherapy": lambda s: h.radiotherapy(s, 2, 8, 15, 3),
            "curling": lambda s: h.curling_club(s, 4, 8, 8, 60, 1.0),
        }
    if name == "fresh56":
        return {
            "vintage": lambda s: h.vintage(s, 20, 12, 6, 120, 2),
            "signwriter": lambda s: h.sign_writer(s, 200, 1.1, 60, 4, 4),
            "forge": lambda s: h.forge(s, 30, 25, 100, 3, 6),
            "fishmonger": lambda s: h.fishmonger(s, 40, 1.1, 300, 4, 60),
            "funfair": lambda s: h.funfair(s, 12, 10, 5, 3, 0.3),
            "salon": lambda s: h.salon(s, 300, 4, 80, 6.0, 0.4),
            "dogwalk": lambda s: h.dog_walker(s, 30, 5, 6, 3.0, 0.02),
            "schoolbus": lambda s: h.school_bus(s, 6, 12, 40, 0.05, 60),
            "icecream": lambda s: h.ice_cream_van(s, 120, 40, 1.1, 4, 0.3),
        }
    if name == "fresh55":
        return {
            "skip": lambda s: h.skip_hire(s, 200, 80, 1.1, 8, 10),
            "stamp": lambda s: h.stamp_packets(s, 90, 15, 4, 12, 0.15),
            "snooker": lambda s: h.snooker_club(s, 8, 300, 1.1, 6, 0.3),
            "upholstery": lambda s: h.upholstery(s, 200, 1.1, 7, 3.0, 3),
            "dye": lambda s: h.dye_house(s, 100, 1.2, 6, 0.15, 0.02),
            "quilt": lambda s: h.longarm_quilting(s, 100, 40, 1.2, 20, 6),
            "bus": lambda s: h.bus_garage(s, 60, 8, 50, 0.03, 28),
            "ski": lambda s: h.ski_hire(s, 60, 150, 0.05, 0.05, 20),
            "jigsaw": lambda s: h.jigsaw_library(s, 500, 1.0, 80, 21, 0.05),
        }
    if name == "fresh54":
        return {
            "mason": lambda s: h.monumental_mason(s, 12, 1.1, 30, 1.5, 0.15),
            "window": lambda s: h.window_round(s, 300, 20, 0.08, 0.2, 0.003),
            "glass": lambda s: h.glass_studio(s, 20, 1.2, 30, 4, 12),
            "scaffold": lambda s: h.scaffold_hire(s, 40, 1.2, 30, 20, 0.3),
            "ham": lambda s: h.ham_contest(s, 2000, 1.1, 120, 6, 60),
            "railway": lambda s: h.model_railway(s, 60, 10, 6, 8, 4),
            "marquee": lambda s: h.marquee_hire(s, 6, 30, 12, 2, 0.3),
            "clock": lambda s: h.clock_winding(s, 120, 0.1, 5.0, 1.2, 12),
            "thatch": lambda s: h.thatcher(s, 200, 12, 30, 1.2, 8),
        }
    if name == "fresh53":
        return {
            "butcher": lambda s: h.butcher_shop(s, 3, 20, 1.1, 60.0, 200),
            "coastguard": lambda s: h.coastguard_ais(s, 50, 0.05, 40, 1.2, 0.5),
            "embroidery": lambda s: h.embroidery_shop(s, 30, 1.2, 60, 12, 3.0),
            "tannery": lambda s: h.tannery_pits(s, 8, 20, 2, 5),
            "boatyard": lambda s: h.boatyard_season(s, 120, 80, 1.1, 6.0, 120),
            "chimney": lambda s: h.chimney_sweep(s, 1500, 6, 20, 1.1, 1.0),
            "treesurvey": lambda s: h.tree_survey(s, 10, 200, 40, 1.2, 1.0),
            "bindery": lambda s: h.hand_bindery(s, 12, 20, 10, 1.2, 4.0),
            "racecourse": lambda s: h.racecourse(s, 300, 1.1, 6, 8, 2000),
        }
    if name == "fresh52":
        return {
            "watchrepair": lambda s: h.watch_repair(s, 500, 40, 1.1, 150, 5),
            "firestation": lambda s: h.fire_station(s, 2, 20, 500, 1.2, 3.0),
            "lostproperty": lambda s: h.lost_property(s, 30, 1.1, 30, 0.4, 0.5),
            "salvage": lambda s: h.salvage_yard(s, 10, 100, 1.1, 20.0, 7),
            "letterpress": lambda s: h.letterpress_shop(s, 6, 1.3, 4.0, 8),
            "ambulance": lambda s: h.ambulance_service(s, 4, 16, 500, 1.1, 3),
            "balloon": lambda s: h.balloon_flights(s, 2, 5, 1.2, 8, 0.5),
            "skipatrol": lambda s: h.ski_patrol(s, 30, 6, 1.2, 4.0, 5),
            "aquarium": lambda s: h.public_aquarium(s, 25, 30, 1.2, 3, 20.0),
        }
    if name == "fresh51":
        return {
            "farrier": lambda s: h.farrier_round(s, 20, 300, 6, 1.1, 0.5),
            "stringhire": lambda s: h.string_hire(s, 60, 2.0, 1.1, 90, 300),
            "planetarium": lambda s: h.planetarium_shows(s, 6, 80, 1.2, 5, 400),
            "dive": lambda s: h.dive_centre(s, 60, 12, 15, 1.2, 10),
            "toollib": lambda s: h.tool_library(s, 300, 200, 1.1, 200, 90),
            "choir": lambda s: h.choir_library(s, 4, 30, 8, 200, 1.1),
            "filmlab": lambda s: h.film_lab(s, 200, 1.1, 8, 150, 3),
            "falconry": lambda s: h.falconry_centre(s, 40, 1.2, 3, 10),
            "circus": lambda s: h.circus_tour(s, 12, 80, 30, 6, 1.2),
        }
    if name == "fresh50":
        return {
            "tattoo": lambda s: h.tattoo_studio(s, 4, 120, 1.1, 400, 3),
            "cheese": lambda s: h.cheese_cave(s, 40, 12, 4, 1.0, 30),
            "roastery": lambda s: h.coffee_roastery(s, 12, 1.1, 150, 6, 30),
            "piano": lambda s: h.piano_tuner(s, 400, 5, 180, 3, 1.2),
            "fireworks": lambda s: h.fireworks_shows(s, 40, 120, 6, 150, 1.1),
            "vinyl": lambda s: h.vinyl_plant(s, 4, 200, 1.1, 500, 300),
            "antiques": lambda s: h.antiques_centre(s, 30, 1.1, 40, 600, 0.1),
            "aids": lambda s: h.navigation_aids(s, 120, 0.5, 1.2, 300, 10),
            "cakes": lambda s: h.cake_orders(s, 15, 1.2, 400, 20, 3),
        }
    if name == "fresh49":
        return {
            "bells": lambda s: h.bell_ringing(s, 6, 6, 14, 1.2, 4),
            "lifeboat": lambda s: h.lifeboat_station(s, 24, 1.2, 30, 1.0, 200),
            "hatchery": lambda s: h.poultry_hatchery(s, 20, 4, 1.0, 8, 40),
            "casks": lambda s: h.cask_warehouse(s, 2000, 20, 1.1, 15, 60),
            "register": lambda s: h.register_office(s, 4, 15, 1.1, 600, 0.1),
            "cobbler": lambda s: h.shoe_repairs(s, 12, 60, 1.1, 300, 0.05),
            "mushroom": lambda s: h.mushroom_farm(s, 4, 60, 12, 1.0, 3),
            "nursery": lambda s: h.plant_nursery(s, 60, 1.1, 20, 30, 10),
            "allotment": lambda s: h.allotment_site(s, 60, 1.2, 4, 400, 0.02),
        }
    if name == "fresh48":
        return {
            "scouts": lambda s: h.scout_meetings(s, 3, 20, 40, 1.1, 0.1, 300),
            "pigeon": lambda s: h.pigeon_race(s, 12, 40, 0.5, 0.85, 8),
            "fishauction": lambda s: h.fish_auction(s, 20, 15, 60, 1.0, 30, 400),
            "selfstorage": lambda s: h.self_storage(s, 300, 1.1, 800, 0.02),
            "regatta": lambda s: h.rowing_regatta(s, 8, 12, 30, 1.0, 2),
            "harvester": lambda s: h.forest_harvester(s, 3, 6, 20, 2),
            "milkround": lambda s: h.milk_round(s, 2, 150, 25, 0.3, 0.1),
            "ringing": lambda s: h.bird_ringing(s, 10, 80, 1.0, 0.3, 25),
            "pneumatic": lambda s: h.pneumatic_tubes(s, 30, 120, 1.2, 5, 0.1),
        }
    if name == "fresh47":
        return {
            "mot": lambda s: h.mot_station(s, 2, 300, 1.0, 40, 200, 0.7, 400),
            "crematorium": lambda s: h.crematorium(s, 1, 12, 1.2, 300, 20000, 300),
            "marina": lambda s: h.marina(s, 300, 40, 300, 1.0, 2),
            "postoffice": lambda s: h.post_office_counter(s, 2, 80, 1.1, 3000, 0.05, 300),
            "sheep": lambda s: h.sheep_race(s, 4, 120, 6, 0.3, 0.4),
            "trampoline": lambda s: h.trampoline_park(s, 40, 800, 1.0, 0.05),
            "canal": lambda s: h.canal_locks(s, 6, 3, 30, 1.0, 0.4),
            "seedbank": lambda s: h.seed_bank(s, 2000, 60, 6, 40, 4),
            "icerink": lambda s: h.ice_rink(s, 12, 20, 400, 1.0, 80),
        }
    if name == "fresh46":
        return {
            "darts": lambda s: h.darts_league(s, 4, 60, 3, 40),
            "barber": lambda s: h.barber_shop(s, 3, 4, 2000, 1.0, 8, 0.2),
            "gritting": lambda s: h.gritting_routes(s, 2, 6, 40, 3, 4),
            "streetlight": lambda s: h.street_lighting(s, 800, 8, 4, 40, 1.1),
            "pest": lambda s: h.pest_control(s, 2, 60, 8, 28, 0.1),
            "taxi": lambda s: h.taxi_dispatch(s, 40, 200, 300, 0.2, 500),
            "weighbridge": lambda s: h.weighbridge(s, 30, 6, 1.1, 80, 10),
            "herbarium": lambda s: h.herbarium(s, 20, 15, 60, 0.01),
            "sewer": lambda s: h.sewer_survey(s, 2, 12, 30, 1.2, 0.05),
        }
    if name == "fresh45":
        return {
            "prison": lambda s: h.prison_roll(s, 4, 40, 400, 12, 60),
            "karting": lambda s: h.kart_timing(s, 20, 8, 12, 150, 0.3),
            "lasertag": lambda s: h.laser_tag(s, 1, 30, 10, 300, 200),
            "foodbank": lambda s: h.food_bank(s, 20, 500, 400, 80, 1.0),
            "visa": lambda s: h.visa_cases(s, 5, 40, 300, 500, 0.3),
            "driving": lambda s: h.driving_school(s, 4, 25, 20, 30, 2),
            "charity": lambda s: h.charity_shop(s, 400, 1.0, 8, 300, 0.6),
            "keykiosk": lambda s: h.key_kiosk(s, 10, 60, 1.2, 2000, 0.2),
            "archery": lambda s: h.archery_tournament(s, 32, 12, 16, 120, 0.7),
        }
    if name == "fresh44":
        return {
            "genealogy": lambda s: h.family_tree(s, 4, 8, 3, 150, 1.0),
            "irrigation": lambda s: h.irrigation_cloud(s, 50, 6, 10, 4, 10),
            "bingo": lambda s: h.bingo_hall(s, 2, 12, 3, 200, 40),
            "campsite": lambda s: h.campsite_bookings(s, 80, 1.0, 500, 300, 20),
            "carrental": lambda s: h.car_rental(s, 6, 30, 400, 300, 5),
            "bookshop": lambda s: h.bookshop_tills(s, 3000, 1.0, 20, 800, 0.02),
            "boardgame": lambda s: h.board_game_cafe(s, 150, 1.2, 8, 40, 60),
            "cruise": lambda s: h.cruise_folios(s, 600, 1.0, 12, 5000, 100),
            "canteen": lambda s: h.canteen_menu(s, 300, 3, 220, 6, 1.0),
        }
    if name == "fresh43":
        return {
            "windfarm": lambda s: h.wind_farm(s, 12, 8, 20, 0.01, 60),
            "tram": lambda s: h.tram_tracker(s, 8, 24, 3, 6, 1.0),
            "escape": lambda s: h.escape_rooms(s, 4, 6, 3, 300, 3),
            "apiary": lambda s: h.apiary_inspections(s, 60, 6, 800, 1.1),
            "lottery": lambda s: h.lottery_draws(s, 40, 1000, 500, 1.0, 300),
            "pottery": lambda s: h.pottery_firings(s, 80, 30, 600, 500, 1.0),
            "trivia": lambda s: h.trivia_app(s, 300, 1.1, 8, 500, 10),
            "arcade": lambda s: h.arcade_cards(s, 40, 1.2, 20, 80, 0.6),
            "florist": lambda s: h.florist_orders(s, 60, 1.1, 8, 3000, 500),
        }
    if name == "fresh42":
        return {
            "bakery": lambda s: h.bakery_line(s, 6, 20, 12, 1.1, 60),
            "fishfarm": lambda s: h.fish_farm(s, 8, 2, 6, 30, 40),
            "packhouse": lambda s: h.fruit_packhouse(s, 4, 6, 80, 1.0, 30),
            "tailor": lambda s: h.tailor_alterations(s, 300, 1.0, 200, 400),
            "kennel": lambda s: h.kennel_bookings(s, 400, 1.0, 300, 200, 30),
            "wineclub": lambda s: h.wine_club(s, 200, 150, 1.1, 800, 0.2),
            "hymn": lambda s: h.church_songs(s, 2000, 1.0, 40, 1500, 30),
            "emoji": lambda s: h.emoji_picker(s, 3000, 1.2, 500, 400, 0.2),
            "cinema": lambda s: h.cinema_sessions(s, 8, 8, 2000, 20, 1.0),
        }
    if name == "fresh41":
        return {
            "brewery": lambda s: h.brewhouse_batches(s, 6, 8, 1.2, 8, 10),
            "lab": lambda s: h.lab_track(s, 4, 12, 500, 1.0, 0.05),
            "laundromat": lambda s: h.laundromat(s, 10, 20, 150, 1.0),
            "vet": lambda s: h.vet_practice(s, 500, 1.0, 800, 0.2, 150),
            "optician": lambda s: h.optician_orders(s, 300, 1.0, 60, 400, 0.2),
            "customs": lambda s: h.customs_entries(s, 200, 1.1, 300, 3, 0.1),
            "jukebox": lambda s: h.jukebox_plays(s, 3000, 1.0, 30, 100, 0.2),
            "seismic": lambda s: h.seismic_waveforms(s, 300, 1.0, 500, 10, 0.995),
            "solar": lambda s: h.solar_fleet(s, 2000, 6, 300, 1.0, 0.1),
        }
    if name == "fresh40":
        return {
            "tennis": lambda s: h.tennis_scoring(s, 4, 6, 64, 1.0, 0.05),
            "sawmill": lambda s: h.sawmill_scanner(s, 6, 8, 5, 3),
            "dialysis": lambda s: h.dialysis_chairs(s, 8, 150, 24, 25),
            "drycleaner": lambda s: h.dry_cleaner(s, 300, 1.0, 400, 4),
            "ferry": lambda s: h.ferry_bookings(s, 3, 20, 200, 1.0, 300),
            "tyres": lambda s: h.tyre_hotel(s, 200, 1.0, 1000, 3, 4),
            "spell": lambda s: h.spell_checker(s, 5000, 1.1, 20, 0.05, 300),
            "geoip": lambda s: h.geoip_edge(s, 2000, 1.0, 8, 500, 0.05),
            "doi": lambda s: h.doi_resolver(s, 3000, 1.0, 200, 20, 0.01),
        }
    if name == "fresh39":
        return {
            "swim": lambda s: h.swim_meet(s, 4, 2, 3, 20, 0.3),
            "racing": lambda s: h.race_timing(s, 6, 3, 20, 1.0, 0.1),
            "carwash": lambda s: h.car_wash(s, 5, 50, 1.0, 0.5, 3),
            "pawn": lambda s: h.pawn_shop(s, 100, 0.9, 50, 0.6, 30),
            "carshare": lambda s: h.car_share(s, 20, 1.0, 100, 30, 50),
            "forecourt": lambda s: h.fuel_forecourt(s, 4, 50, 1.0, 10, 20),
            "radio": lambda s: h.radio_playout(s, 6, 10, 20, 100, 10),
            "adsb": lambda s: h.flight_tracker(s, 20, 1.0, 30, 50, 0.3),
            "metar": lambda s: h.metar_feed(s, 50, 1.0, 100, 0.2),
        }
    if name == "fresh38":
        return {
            "cricket": lambda s: h.cricket_scoring(s, 20, 1.0, 60, 0.05, 0.2, 3),
            "bowling": lambda s: h.bowling_lanes(s, 4, 4, 1, 0.4, 10),
            "mempool": lambda s: h.mempool_txs(s, 1, 50, 4, 10.0, 0.05),
            "callcentre": lambda s: h.contact_centre(s, 200, 0.8, 4, 10, 30, 0.2),
            "avgspeed": lambda s: h.average_speed(s, 4, 500, 0.9, 30, 16, 0.05),
            "fingerprint": lambda s: h.audio_fingerprint(s, 100, 1.0, 30, 5, 50),
            "hashtags": lambda s: h.hashtag_trends(s, 200, 1.0, 0.05, 40, 3),
            "golf": lambda s: h.golf_carts(s, 9, 4, 5, 5, 50),
            "printfarm": lambda s: h.print_farm(s, 5, 20, 1.0, 10, 10),
        }
    if name == "fresh37":
        return {
            "sushi": lambda s: h.sushi_belt(s, 20, 10, 1.0, 2, 0.3, 0.1),
            "chiptiming": lambda s: h.chip_timing(s, 40, 4, 2, 0.3, 0.2, 1.0),
            "watchlist": lambda s: h.watchlist_quotes(s, 50, 40, 1.0, 5, 5, 10),
            "vqueue": lambda s: h.virtual_queue(s, 5, 1.0, 40, 50, 0.3, 400),
            "dental": lambda s: h.dental_recall(s, 100, 8, 20, 0.3, 4),
            "segments": lambda s: h.segment_matching(s, 40, 8, 1.0, 50, 5, 0.2),
            "handover": lambda s: h.cell_handover(s, 16, 6, 50, 0.2, 20),
            "cbtc": lambda s: h.cbtc_trains(s, 20, 3, 3, 5, 2),
            "railseat": lambda s: h.rail_inventory(s, 8, 1.0, 5, 7, 2.0, 100),
        }
    if name == "fresh36":
        return {
            "ski": lambda s: h.ski_lift(s, 3, 20, 1.0, 0.3, 8, 500),
            "vending": lambda s: h.vending_restock(s, 8, 6, 20, 1.0, 50, 2),
            "ev": lambda s: h.ev_charging(s, 10, 1.0, 50, 20.0, 5),
            "toll": lambda s: h.toll_road(s, 5, 30, 40, 0.05, 0.2),
            "cloakroom": lambda s: h.cloakroom(s, 2, 1.0, 40, 50, 0.1),
            "dating": lambda s: h.dating_app(s, 100, 1.0, 5, 0.1, 0.5),
            "karaoke": lambda s: h.karaoke_bar(s, 2, 200, 1.0, 4, 3),
            "festival": lambda s: h.festival_bars(s, 2, 3, 300, 40, 100),
            "chess": lambda s: h.chess_server(s, 5, 50, 10, 1.0, 30),
        }
    if name == "fresh35":
        return {
            "blood": lambda s: h.blood_sessions(s, 4, 10, 20, 0.1, 3),
            "alert": lambda s: h.alert_broker(s, 20, 4, 10, 0.2, 1),
            "gym": lambda s: h.gym_checkins(s, 200, 0.2, 2, 50, 3),
            "school": lambda s: h.school_registers(s, 2, 10, 4, 0.05),
            "leaderboard": lambda s: h.game_leaderboard(s, 10, 1.0, 200, 300, 0.2),
            "parcel": lambda s: h.parcel_lockers(s, 10, 1.0, 30, 1.0, 3),
            "puzzle": lambda s: h.daily_puzzle(s, 50, 0.5, 6, 30, 3),
            "forum": lambda s: h.discussion_forum(s, 2, 10, 0.2, 0.05, 0.05),
            "transit": lambda s: h.transit_arrivals(s, 3, 10, 5, 1.0, 2),
        }
    if name == "fresh34":
        return {
            "court": lambda s: h.court_dockets(s, 2, 5, 3, 0.4, 3),
            "census": lambda s: h.census_fieldwork(s, 20, 2, 0.3, 3, 0.1),
            "render": lambda s: h.render_farm(s, 10, 1.0, 6, 2, 5),
            "kds": lambda s: h.kitchen_display(s, 2, 10, 1.0, 0.2, 4),
            "liveblog": lambda s: h.live_blog(s, 2, 5, 0.1, 30, 0.2),
            "ratelimit": lambda s: h.rate_limiter(s, 30, 1.0, 5, 50, 0.05),
            "geocoder": lambda s: h.geocoder(s, 200, 1.0, 0.3, 100, 20),
            "podcast": lambda s: h.podcast_host(s, 10, 1.0, 50, 0.01, 0.3),
            "workshop": lambda s: h.service_workshop(s, 3, 10, 50, 1.0, 0.1),
        }
    if name == "fresh33":
        return {
            "sprint": lambda s: h.sprint_board(s, 3, 8, 20, 0.1),
            "conference": lambda s: h.conference_app(s, 50, 3, 4, 40, 5),
            "vaccine": lambda s: h.immunisation_registry(s, 2, 20, 5, 0.3, 2),
            "tables": lambda s: h.table_reservations(s, 10, 1.0, 30, 3.0, 100),
            "helpdesk": lambda s: h.helpdesk_tickets(s, 50, 3, 10, 0.15, 0.1),
            "stories": lambda s: h.story_views(s, 100, 30, 10, 0.1, 200),
            "grading": lambda s: h.exam_grading(s, 20, 5, 6, 1.0, 0.2),
            "newsletter": lambda s: h.newsletter_sends(s, 100, 3, 1.0, 0.3, 50),
            "fonts": lambda s: h.web_fonts(s, 100, 30, 1.0, 0.05, 0.2),
        }
    if name == "fresh32":
        return {
            "tax": lambda s: h.tax_season(s, 100, 20, 0.1, 0.05, 20),
            "hiring": lambda s: h.ats_hiring(s, 4, 60, 1.0, 0.2, 0.05),
            "fantasy": lambda s: h.fantasy_gameweek(s, 50, 100, 1.0, 4, 30),
            "billing": lambda s: h.subscription_billing(s, 300, 0.2, 0.1, 10),
            "auction": lambda s: h.auction_close(s, 20, 300, 50, 1.0, 0.5),
            "spooler": lambda s: h.print_spooler(s, 20, 3, 1.0, 4, 0.2),
            "cyclecount": lambda s: h.cycle_count(s, 200, 1.0, 50, 3),
            "shortener": lambda s: h.url_shortener(s, 100, 1.0, 0.1, 50, 30),
            "appstore": lambda s: h.appstore_updates(s, 10, 50, 1.0, 8, 40),
        }
    if name == "fresh31":
        return {
            "review": lambda s: h.review_cycle(s, 20, 8, 3, 1.0, 3),
            "photo": lambda s: h.photo_catalog(s, 30, 0.3, 2, 5, 0.2),
            "onsale": lambda s: h.ticket_onsale(s, 10, 1.0, 3, 50, 40),
            "adattr": lambda s: h.ad_attribution(s, 20, 1.0, 0.1, 0.3, 200),
            "otp": lambda s: h.otp_codes(s, 50, 1.0, 0.1, 0.1, 10),
            "delivery": lambda s: h.delivery_tracking(s, 20, 1.0, 10, 8, 2000),
            "namenode": lambda s: h.namenode_rpcs(s, 200, 1.0, 4, 2, 500),
            "transit": lambda s: h.transit_planner(s, 60, 8, 8, 0.9, 1000),
            "card": lambda s: h.card_clearing(s, 200, 1.0, 30, 300, 0.1),
        }
    if name == "fresh30":
        return {
            "sfu": lambda s: h.sfu_meetings(s, 50, 1.0, 4, 4, 300, 0.2),
            "terminal": lambda s: h.container_terminal(s, 20, 4, 5, 2, 0.3),
            "observatory": lambda s: h.observatory_nights(s, 5, 6, 2, 3, 50),
            "tailsampler": lambda s: h.tail_sampler(s, 10, 1.0, 5, 20, 50),
            "dcs": lambda s: h.departure_control(s, 3, 20, 100, 50, 1.0),
            "dhcp": lambda s: h.dhcp_leases(s, 30, 200, 50, 0.02, 0.3),
            "bgp": lambda s: h.bgp_router(s, 200, 1.0, 3, 10, 0.002),
            "waf": lambda s: h.waf_requests(s, 100, 1.0, 30, 0.01, 0.005),
            "fedavg": lambda s: h.fedavg_rounds(s, 60, 6, 4, 0.2, 0.8),
        }
    if name == "fresh29":
        return {
            "smoother": lambda s: h.fixed_lag_smoother(s, 5, 50, 3, 3, 0.05),
            "cad": lambda s: h.cad_incidents(s, 50, 1.0, 10, 4, 5),
            "nwp": lambda s: h.nwp_runs(s, 5, 3, 1.0, 300, 4),
            "election": lambda s: h.election_night(s, 10, 1.0, 10, 2, 200),
            "plc": lambda s: h.plc_scan(s, 10, 20, 4, 5, 0.05),
            "ami": lambda s: h.smart_meters(s, 50, 3, 1.0, 300, 0.01),
            "signage": lambda s: h.digital_signage(s, 6, 2, 6, 0.01, 0.01),
            "ocsp": lambda s: h.ocsp_responder(s, 50, 1.0, 2, 300, 0.01),
            "mm": lambda s: h.matchmaking(s, 60, 1.0, 3, 10, 10),
        }
    if name == "fresh28":
        return {
            "tcp": lambda s: h.tcp_segments(s, 3, 20, 0.05, 1.0, 100),
            "crdt": lambda s: h.crdt_edits(s, 2, 3, 1.0, 4, 20),
            "lms": lambda s: h.lms_semester(s, 50, 10, 1.0, 2, 200),
            "patchday": lambda s: h.patch_day(s, 100, 1.0, 5, 10, 300),
            "mirror": lambda s: h.package_mirror(s, 100, 1.0, 200, 5, 5),
            "parking": lambda s: h.parking_garage(s, 30, 20, 50, 4, 2),
            "lift": lambda s: h.lift_group(s, 8, 2, 50, 0.5, 20),
            "signals": lambda s: h.traffic_signals(s, 6, 3, 2, 10, 0.01),
            "lsp": lambda s: h.lsp_server(s, 30, 1.0, 3, 3, 100),
        }
    return {
        "dns": lambda s: h.dns_resolver(s, 500, 1.0, 10, 1000, 0.3, 0.1),
        "ci": lambda s: h.ci_artifacts(s, 10, 200, 20, 300, 2, 2),
        "faas": lambda s: h.faas_keepalive(s, 100, 0.3, 0.01, 5.0, 0.05, 0.3),
        "backfwd": lambda s: h.back_forward(s, 30, 1.0, 0.3, 0.3, 5),
        "video": lambda s: h.video_decode(s, 3, 20, 3, 1, 6),
        "vo": lambda s: h.vo_landmarks(s, 10, 50, 20, 6.0, 20, 5, 0.1),
        "tidy": lambda s: h.tidy_sweeps(s, 5, 3, 4, 3, 2),
        "fleet": lambda s: h.fleet_tiles(s, 30, 4, 100, 2, 2, 1.0),
        "dash": lambda s: h.dashboards(s, 4, 30, 5, 1000, 0.2, 2000),
    }


@pytest.mark.parametrize("name", SETS)
def test_a_set_is_a_registered_variant_set_of_eighteen_streams(name: str) -> None:
    assert HELDOUT.VARIANT_SETS[name] is _variants(name)
    names = list(_variants(name)(N))
    assert len(names) == 18
    # at least eight families (the name's first field), two variants of each
    families = {n.split("_")[0] for n in names}
    assert len(families) >= 8
    assert all(sum(n.split("_")[0] == f for n in names) == 2 for f in families)


def _check_keys(variant: str, trace: list[int], n: int) -> None:
    assert len(trace) == n, (variant, len(trace))
    assert all(isinstance(k, int) and k >= 0 for k in trace), variant


# One test per set generates each stream four times (1, N twice, LONG) where three tests
# once did it seven times: the generators' cost is mostly their set-up, and this file was
# the suite's costliest (bench/README_ci.md, round 79).
LONG = 20_000


@pytest.mark.parametrize("name", SETS)
def test_streams_are_exact_in_length_deterministic_and_distinct(name: str) -> None:
    for variant, gen in _variants(name)(1).items():
        _check_keys(variant, gen(), 1)
    first = {v: gen() for v, gen in _variants(name)(N).items()}
    for variant, trace in first.items():
        _check_keys(variant, trace, N)
        distinct = len(set(trace))
        assert 20 <= distinct < N, (variant, distinct)  # reuse, and more than a handful of keys
    for (a, ta), (b, tb) in itertools.combinations(first.items(), 2):
        assert ta != tb, (a, b)
    # deterministic for the seed
    assert {v: gen() for v, gen in _variants(name)(N).items()} == first
    # a longer stream has its declared length and starts with the shorter one (a pure
    # function of the index)
    for variant, gen in _variants(name)(LONG).items():
        longer = gen()
        _check_keys(variant, longer, LONG)
        assert longer[:N] == first[variant], variant


@pytest.mark.parametrize("name", SETS)
def test_another_seed_gives_another_stream(name: str) -> None:
    for family, make in _families(name).items():
        a = list(itertools.islice(make(1), 2000))
        b = list(itertools.islice(make(2), 2000))
        assert a != b, family
        assert a == list(itertools.islice(make(1), 2000)), family


def _reuses(keys: Iterable[int], within: int = 200) -> tuple[int, int]:
    """(re-references, re-references that come back within `within` events)."""
    last: dict[int, int] = {}
    soon = again = 0
    for i, key in enumerate(keys):
        if key in last:
            again += 1
            soon += i - last[key] <= within
        last[key] = i
    return again, soon


# The families each set's writer meant to be recency-dominated, and how much of the stream
# they re-reference (and how soon): fresh9's browser back/forward cache, video decoder and
# visual-SLAM front end; fresh10's multigrid stencil sweeps and web map panning; fresh11's
# time-series chunks, young heap lines and Git history walks (its loop and sweep families,
# whose larger variants loop over more than a thousand keys, are not held to this);
# fresh12's instruction-cache loops, coordinate-sorted read pile-ups and FFT stage sweeps;
# fresh13's e-book pages, compiler block sweeps and live-edge segments (the edge's many
# cold channels re-read a segment seldom within 200 events, hence the lower second share;
# its tree walks, loops over more than a thousand keys in the larger variant, are not held
# to this); fresh14's virtual-texture tiles along a camera path, the log broker's tail reads
# and the code editor's viewport (its game-tree search, loops over the tree's levels, is not
# held to this); fresh15's training-loop tensor sweeps, the survey drone's overlapping
# images and the time-shared CPU's slices (its stream windows, alive for up to 60 ticks of
# many keys in the larger variant, are not held to this); fresh16's aligner tiles, merge-sort
# run pages and ISP line buffers (the larger merge sort first reads its 2,000-page table once,
# hence the share of half the stream); fresh17's allocator slots (LIFO free lists, young
# objects) and mesh vertices (shared by neighbouring triangles); fresh18's automaton states
# (the shallow states near the root come back within a line) and the museum robot's stops
# (landmarks and exhibits read in walking order, tours over the same halls); fresh19's VM
# call sites (a handler's sends, loops over records) and the DIY robot's tools (handed
# back and forth within a step, a project's kit across its steps); fresh20's tree search
# (every playout reads the path from the root down and back up) and the hospital delivery
# robot's routes (the same lobby, corridor waypoints and stations trip after trip);
# fresh21's multifrontal stack (contribution blocks popped last in first out, fronts
# assembled on top of the stack) and the scrubbing video editor (frames around the playhead
# and the cut, decoded again after every jump); fresh22's hierarchical path-finding (a
# group's units plan the same route one after another and read their next segments every
# tick; the larger map's 120 units bring a lower second share) and the fry station's
# baskets, holding bins and hoppers (a batch's basket is read again minutes later);
# fresh23's code search as you type (each keystroke's search reads again the trigrams of
# the one before) and the coin cache (a coin is read at most once after it is made, so
# under half the stream comes back, mostly within a few blocks); fresh24's TLS session cache
# (a page view's burst of connections resumes the session its first one made, a visit's
# views follow one another) and the notebook session (the analyst re-runs the last few
# cells; every run writes new variable versions and an output, so about half the stream
# comes back, nearly all of it soon); fresh25's PACS reading (the radiologist scrolls a
# series' stack up and down and compares with the prior at the same position; a study's
# images are new keys, so under half of the larger variant's stream comes back, nearly all
# of it soon) and the speech recogniser's beam (a state self-loops for several frames and
# its rivals advance beside it); fresh26's transform buffer (every node reads the samples
# around its message's stamp, a few ticks old, and the stamps move on) and the shell (the
# last few command lines again, on the files touched last); fresh27's Raft log (every
# follower reads an entry a round or two after its append, the state machine once more on
# commit, and the log moves on) and the map matcher (every GPS fix reads the candidate
# segments around the car and the last fix's again; the car moves on); fresh28's TCP
# buffers (a segment is read on send and again on its ack a round trip later, and the
# sequence moves on) and the CRDT (each typed character reads the one typed just before it,
# and the peers read both again; the cursor moves on); fresh29's fixed-lag smoother (every
# state is read by the factors of the next tick and the window's relinearisations, then
# marginalised; the robot moves on) and the dispatch centre (an open incident is read at
# every update until it closes, and closed ones are rarely read again); fresh30's tail
# sampler (a trace's buffer is read at each of its spans' arrivals and its spans again at
# the decision, then dropped; the larger variant's decision waits 600 events, so only
# about half its re-references come within 200) and the departure control system (a
# flight's seat map and load sheet are read at every check-in and boarding until it
# closes; the flights move on); fresh31's one-time codes (a code is read when it is typed
# and again at a mistyped retry, the session at the next page loads; the larger variant's
# users take 150 sign-ins to type, so under half its re-references come within 200) and
# the live food orders (an open order is read by the restaurant, the courier and the
# customer's polling until it is delivered, then no more); fresh32's auctions (the listings
# on the first page of the ending-soonest sort are read again and again until they close,
# then no more; the larger variant's searches land anywhere among 2,000 open listings, so
# only about half its re-references come within 200) and the print spool (a job is read at
# every page its printer renders, each page again when it is sent, then the job is gone);
# fresh33's help desk (a ticket goes back and forth between the agent and the customer,
# each reply reading its last messages, until it is solved; the larger desk's agents fall
# behind, its queue is worked oldest first, so only about two thirds of its re-references
# come within 200) and the ephemeral stories (the tray shows the live stories of the
# accounts followed, the celebrities' to nearly everyone, and a segment expires); fresh34's
# kitchen display (every redraw of a station's screen reads its oldest open items until the
# cook bumps them, and the expo reads the order once more as it goes out) and the live blogs
# (every poll reads the newest entries, which age out of the page; the larger variant's 40
# blogs are polled by Zipf, so under half of its re-references come within 200 events);
# fresh35's discussion forum (every visit reads the latest list and a topic near its top,
# with its last posts; replies bump topics back, the rest sink) and the daily puzzle (every
# guess reads the day's game state again, and every state is new at midnight). Its transit
# arrivals are recency-dominated in time, but the larger city's buses report about 1,500
# events apart, so it is not listed here; fresh36's ski lift gates (every skier is back at
# the gate a lap later, the whole hill riding once in between) and the festival's wristbands
# (the crowd at one stage buys round after round at its bars). Its chess server is
# recency-dominated in time, but the larger server's 400 live games move about 800 events
# apart, so it is not listed here; fresh37's train control (the zone controller polls its
# trains in turn, each reading its block and the blocks of its movement authority, which
# it reads again at the next poll and the train behind later) and the phones' mobility
# (the connected phones report in turn, each reading its context and its cell's
# neighbours; a handover moves it to the next cell); fresh38's bowling lanes (a party bowls
# in turn frame after frame on its lane, every roll reading the lane, the bowler's game and
# the pinsetter) and the golf carts (every report reads the cart's hole map and pin, the
# groups following one another round the holes). Its cricket scoring is recency-dominated
# in time, but the larger league's 40 matches are scored about 250 events apart, so it is
# not listed here; fresh39's swim meet (every touch reads the lane's pad, the swimmer's
# entry and the heat's splits, length after length), the race timing (the cars cross the
# sector loops in running order, each crossing reading its lap and the car ahead's) and the
# car wash (every car's ticket is read at each station the conveyor moves it through);
# fresh40's tennis scoring (every point on a court reads its match, game, set and server,
# the courts' points interleaved), the sawmill (every log on the line reads its cut solution
# at each station, and its boards read it again at the grader) and the dialysis chairs
# (every machine report reads its running session, the nurse's round all of them);
# fresh41's brewery (every brew on the hot side reads its batch, recipe step and vessel each
# tick, the cellar's poll every fermenting tank), the lab track (the tubes on the track are
# read at each analyser with their order; a tube's keys are new, so the larger track's 60
# tubes bring a lower soon share) and the laundromat (the machines report their running
# cycles in turn);
# fresh42's bakery line (every tray on the line reads its batch and its product's set
# points each tick), the salmon farm's feed barge (a meal reads its pen, feed table and
# cameras over and over; the 40 pens' rounds bring a lower soon share) and the packhouse's
# grader (every piece of a bin reads the bin, its grower's spec and an outlet);
# fresh43's tram tracker (each tram's report reads its trip, its segment and the displays
# just ahead of it; the 60 trams' rounds bring a lower soon share) and the escape rooms'
# game master (a live session's puzzle state and props read tick after tick). Its wind farm
# SCADA, a round-robin poll like the loop families, is not held to this: the 90-turbine
# variant loops over about 1,900 tags;
# fresh44's irrigation cloud (every minute of a zone's run reads the controller, the zone
# and the flow meter again; the 40 controllers watering at once bring a lower soon share).
# Its family trees and bingo calls are recency-dominated in their small variants, but the
# larger site's 40 researchers step about 100 events apart (only about a quarter of the
# re-references within 200) and the larger hall's 12 rooms call in turn over about 2,900
# cards (a card daubed again about 1,300 events later), so they are not listed here;
# fresh45's kart heats (every lap reads the kart's transponder, the driver's session and the
# heat's leaderboard again) and laser tag games (a shooter mostly hits the one they hit last;
# the six arenas at once bring a lower soon share). Its archery ranking round loops over
# every target's cards each end (about 200 events round in the larger field), and the
# prison's roll checks loop over every cell, so they are not listed here; fresh46's darts
# nights (every visit reads the match and the thrower's leg again) and sewer surveys (a
# manhole read at the end of one pipe length and the start of the next; the observations
# are read once, hence the lower share). Its gritting routes and street lights loop over
# every segment or lantern, so they are not listed here; fresh47's trampoline sessions (a
# booking, its waiver and its children read again within the hour; the walk-ins' waivers
# are new, hence the lower share) and canal flights (a boat and the locks read again as it
# works down or up the flight). Its sheep runs and skate racks loop over every ewe or pair,
# so they are not listed here; fresh48's regattas (each race reads its crews at the start,
# the enclosure and the finish; every regatta has new crews) and forest harvester (a stem's
# logs and their roadside piles, the piles loaded again a stretch or a few behind). Its milk
# rounds, scout registers and ringing nets loop over every customer, member or net, so they
# are not listed here; fresh49's change ringing (every row of a touch reads every bell of the
# tower, so a bell comes back within a row or two). Its mushroom beds, the nursery's stock
# walk and the allotment inspection loop over every bed, batch or plot, so they are not
# listed here; fresh50's record pressing plant (every lot of 25 records reads the press, the
# stamper pair and the labels of a running order again, the orders round-robin over the
# presses). Its cheese rota, subscription run, firework shows and aids' polling loop over
# every shelf, subscriber, cue or aid, and its tattoo studio, cake orders and roastery owe
# their soon re-references to a frequency-skewed core (inks, flavours, lots), so they are not
# listed here; fresh51's dive centre (each trip reads its site again for every diver and
# refills the trip's cylinders straight after). Its choir rehearsals, falconry weighing,
# circus programme and planetarium shows loop over every piece, bird, act or clip, and its
# farrier, string hire, tool library and film lab owe their soon re-references to a
# frequency-skewed core (sizes, repairs, tools, customers), so they are not listed here;
# fresh52's letterpress shop (every sort set for a job is distributed back in reverse order
# straight after printing). Its fire station's kit checks, ski patrol's sweeps, aquarium's
# rounds and salvage yard's rows loop over every item, run, tank or car, and its watch
# repairs, lost property, ambulance handovers and balloon rebookings owe their soon
# re-references to a frequency-skewed core or to late second references (calibres,
# categories, callers, queued passengers), so they are not listed here;
# fresh53's embroidery shop (a design's colour sequence sewn again on every garment of a
# batch) and hand bindery (every signature of a book gathered again for every copy of an
# edition). Its tannery's moves, tree survey and coastguard's reports loop over every pack,
# tree or vessel, and its butcher's cuts, boats ashore, chimney sweep's customers and
# racehorses owe their soon re-references to a frequency-skewed core or to late second
# references (cut types, regulars' boats, appliances, favourites), so they are not listed here;
# fresh54's glass studio (every piece of a run reads the furnace, the design's colours and
# block and the glory hole again, several times a piece). Its window round, scaffold
# inspections, winding round and railway timetable loop over every house, scaffold, clock
# or industry, its thatcher's stack and mason's proofs owe their soon re-references to a
# stack or to a job's few reads, and its contest stations and marquee strikes are late
# second references, so they are not listed here;
# fresh55's longarm quilting (every row of a quilt reads the quilt, its pattern and its
# thread again). Its exchange packets, bus garage and ski room loop over a circuit's
# members, the duties and fleet or the week's kit, its upholstery bench and dye lots owe
# their soon re-references to a few jobs in flight or to a frequency-skewed core, and its
# skips and puzzles are late second references, so they are not listed here;
# fresh56's sign writer (every board on the bench reads its design, lettering style and
# enamels again at each coat) and forge (each bar in the fire comes out again a few bars
# later, with the fire and the anvil). Its vintage's share re-referenced is lower (the
# picked rows and bins are read once or twice), its dog rounds, school buses, ice cream
# rounds and funfair loop over every dog, stop, street or ride (the funfair's riders are
# new), and its fishmonger's trays and salon's clients owe their soon re-references to a
# frequency-skewed core or to a visit's mix and rinse, so they are not listed here;
# fresh57's floor maltings (every batch on a floor is turned again a few batches later,
# several times a day, with its floor and the rake). Its lifeguard rota, oyster trestles,
# sample rounds, linac lists and curling stones loop over every station, trestle, point,
# patient or stone (some loops longer than the window), its physio follow-ups, pull boxes
# and framing orders come back days later, and its radiotherapy and waterworks streams
# owe their soon re-references to a few lists or a skewed core, so they are not listed;
# fresh58's perfumer's lab (each modification weighs the formula's few dozen materials
# again) and stage rally (each crew read at its control and its start, the leaders read
# after every stage). Its paddocks, rubber tasks, reef quadrats and division lists loop over
# every paddock, tree, quadrat or member (some loops longer than the window), its trek
# parties and contexts slide along their chains, and its finds bags and PCR reruns come back
# later, so they are not listed; fresh59's fencing pools (every bout reads two of the pool's
# few fencers) and fire lookouts (each tower every hour, each burning smoke every hour). Its
# stake routes, extinguisher rounds and desks loop over every stake, unit or desk (some
# loops longer than the window), its repertoire, dog show and spelling bees read a skewed
# ensemble, entry or study list, and its failed units and recounts come back later, so they
# are not listed; fresh60's upper-air network (every flight reads the standard levels again,
# and quality control the stations) and velodrome (every lap board reads a heat's leaders
# again). Its foundry's flasks, hackathon's pushes, paintball markers, sugarbush lines and
# salt pans loop over every flask, team, marker, line or pan (some loops longer than the
# window), its rodeo and sled dog race read a skewed field or a race strung out between
# checkpoints, and its knocked-out moulds and dropped dogs come back later, so they are not
# listed; fresh61's duplicate bridge (every board of a round is read with both pairs and its
# traveller, and the travellers again at the scoring), rugby sevens (a match's players come
# back in its stats feed, the playmakers most) and DanceSport (every heat's couples read
# again by each adjudicator marking recalls). Its jacquard looms and samba wings loop over
# every loom's card chain or every school's wings (some loops longer than the window), its
# orienteering punches and biathlon laps are strung out in time order, its sumo banners and
# fashion models owe their soon re-references to a frequency-skewed core, and its finishers'
# cards and finale models come back later, so they are not listed; fresh62's show jumping
# (every fence of the course and its parts again for the next horse, a knocked part rebuilt
# at once), volleyball (the players on court in every rally) and ice hockey (the skaters of a
# shift named again in its face-off and events). Its song contest and gymnastics loop over
# the running order or the rotation's groups, its film shoot's takes and rolls are new, its
# polo, Highland games and powerlifting owe their soon re-references to a small field read
# in a called order, so they are not listed; fresh63's handball, water polo, kabaddi and
# netball (the players on court, in the water or on the mat named again pass after pass
# and raid after raid). Its dressage and ballet loop over the test's movements or the
# class's exercises, its triathlon's racks and its launderette's machines come back after
# a lap or a cycle, its speedway owes its soon re-references to a meeting's fourteen
# riders, so they are not listed; fresh64's sepak takraw, ultimate, lacrosse and rounders
# (the regu's three, the lines on the field and the batters and fielders named again
# touch after touch, throw after throw and ball after ball). Its roller derby and pit wall
# loop over the jammers, pivots and lines in turn or the running order, its signal box and
# ski school over the timetable's routes and levers or a group's pupils, its driving test
# centre owes its re-references to the routes' junctions and candidates coming back, so
# they are not listed; fresh65's squash, badminton, croquet and korfball (the two players of
# a squash match, the four on a badminton court, the croquet turn's balls and hoops and the
# korfball attack's four named again shot after shot, stroke after stroke and pass after
# pass). Its judo and boxing read a contest's or a bout's pair with the officials between,
# its ten-pin and canoe slalom loop over the bowlers' frames or the course's gates, its
# dental practice walks a recall list with the teeth of each patient new, so they are not
# listed; fresh66's table tennis, petanque and backgammon (the two players of a set point
# after point, the jack read again after every boule, a board's points move after move).
# Its Scrabble and car boot sale scan new tiles and new items, its greyhounds come back
# after four nights, its cattery's larger rounds loop over 80 pens, its cribbage and mahjong
# deal from a pack or a wall of tiles that comes round hand after hand, so they are not
# listed; fresh67's dominoes, quoits and carrom (a hand's two open ends of the line, the hob
# read after every quoit, a board's men struck again and again). Its go and shogi games
# move over a board's points and squares (a fight's stones, the pieces advancing), its poker
# deals new cards every hand, its canasta lays two packs and looks at the discard pile, its
# gymkhana loops over each class's kit and its sauna suite's guests stay for minutes, so
# they are not listed; fresh68's oware, shove ha'penny, tiddlywinks and nine men's morris
# (a board's twelve pits sown again and again, the same five halfpennies and nine beds, a
# mat's 24 winks, a board's 24 points). Its ludo tokens go round a 52-square track, its
# euchre deals a fresh pack every hand, its tombola draws new tickets, its jumble sales lay
# out new items, and its bonsai nursery waters every bench each morning, so they are not
# listed; fresh69's draughts, peg solitaire, marbles and pinball (a board's 32 dark squares,
# the 33 holes, a ring's 49 marbles, a machine's thirty targets shot again and again). Its
# yahtzee fills new score cards, its battleships call squares of new grids, its mastermind
# reads back earlier rows, its sweet shop checks every jar on Mondays and its haberdashery
# counts every line each month, so they are not listed.
RECENCY_FAMILIES = {"fresh9": ({"backfwd", "video", "vo"}, 0.5, 0.6),
                    "fresh10": ({"multigrid", "slippy"}, 0.25, 0.55),
                    "fresh11": ({"tsdb", "gcheap", "git"}, 0.45, 0.4),
                    "fresh12": ({"icache", "pileup", "fft"}, 0.8, 0.6),
                    "fresh13": ({"ebook", "passes", "hls"}, 0.55, 0.3),
                    "fresh14": ({"vtex", "broker", "editor"}, 0.6, 0.6),
                    "fresh15": ({"dnn", "survey", "slices"}, 0.5, 0.4),
                    "fresh16": ({"wavefront", "mergesort", "isp"}, 0.5, 0.8),
                    "fresh17": ({"malloc", "vertex"}, 0.85, 0.8),
                    "fresh18": ({"dfa", "museum"}, 0.85, 0.65),
                    "fresh19": ({"methods", "diy"}, 0.85, 0.75),
                    "fresh20": ({"mcts", "tug"}, 0.75, 0.7),
                    "fresh21": ({"frontal", "scrub"}, 0.6, 0.55),
                    "fresh22": ({"hpa", "fryer"}, 0.75, 0.3),
                    "fresh23": ({"codesearch", "utxo"}, 0.4, 0.5),
                    "fresh24": ({"tlsresume", "notebook"}, 0.5, 0.8),
                    "fresh25": ({"pacs", "asr"}, 0.4, 0.8),
                    "fresh26": ({"tf", "shell"}, 0.8, 0.7),
                    "fresh27": ({"raft", "mapmatch"}, 0.7, 0.8),
                    "fresh28": ({"tcp", "crdt"}, 0.6, 0.6),
                    "fresh29": ({"smoother", "cad"}, 0.8, 0.6),
                    "fresh30": ({"tailsampler", "dcs"}, 0.55, 0.45),
                    "fresh31": ({"otp", "delivery"}, 0.55, 0.3),
                    "fresh32": ({"auction", "spooler"}, 0.5, 0.45),
                    "fresh33": ({"helpdesk", "stories"}, 0.6, 0.6),
                    "fresh34": ({"kds", "liveblog"}, 0.8, 0.4),
                    "fresh35": ({"forum", "puzzle"}, 0.6, 0.55),
                    "fresh36": ({"ski", "festival"}, 0.8, 0.5),
                    "fresh37": ({"cbtc", "handover"}, 0.8, 0.55),
                    "fresh38": ({"bowling", "golf"}, 0.9, 0.6),
                    "fresh39": ({"swim", "racing", "carwash"}, 0.85, 0.85),
                    "fresh40": ({"tennis", "sawmill", "dialysis"}, 0.8, 0.85),
                    "fresh41": ({"brewery", "lab", "laundromat"}, 0.75, 0.5),
                    "fresh42": ({"bakery", "fishfarm", "packhouse"}, 0.9, 0.65),
                    "fresh43": ({"tram", "escape"}, 0.9, 0.6),
                    "fresh44": ({"irrigation"}, 0.9, 0.8),
                    "fresh45": ({"karting", "lasertag"}, 0.9, 0.65),
                    "fresh46": ({"darts", "sewer"}, 0.4, 0.7),
                    "fresh47": ({"trampoline", "canal"}, 0.45, 0.8),
                    "fresh48": ({"regatta", "harvester"}, 0.7, 0.75),
                    "fresh49": ({"bells"}, 0.9, 0.9),
                    "fresh50": ({"vinyl"}, 0.8, 0.6),
                    "fresh51": ({"dive"}, 0.6, 0.65),
                    "fresh52": ({"letterpress"}, 0.8, 0.75),
                    "fresh53": ({"embroidery", "bindery"}, 0.85, 0.85),
                    "fresh54": ({"glass"}, 0.9, 0.9),
                    "fresh55": ({"quilt"}, 0.85, 0.9),
                    "fresh56": ({"signwriter", "forge"}, 0.9, 0.85),
                    "fresh57": ({"maltings"}, 0.9, 0.9),
                    "fresh58": ({"perfumery", "rally"}, 0.85, 0.6),
                    "fresh59": ({"fencing", "lookout"}, 0.6, 0.75),
                    "fresh60": ({"radiosonde", "velodrome"}, 0.7, 0.75),
                    "fresh61": ({"bridge", "sevens", "dancesport"}, 0.9, 0.8),
                    "fresh62": ({"showjumping", "volleyball", "hockey"}, 0.9, 0.9),
                    "fresh63": ({"handball", "waterpolo", "kabaddi", "netball"}, 0.9, 0.95),
                    "fresh64": ({"takraw", "ultimate", "lacrosse", "rounders"}, 0.9, 0.95),
                    "fresh65": ({"squash", "badminton", "croquet", "korfball"}, 0.9, 0.95),
                    "fresh66": ({"tabletennis", "petanque", "backgammon"}, 0.9, 0.95),
                    "fresh67": ({"dominoes", "quoits", "carrom"}, 0.9, 0.95),
                    "fresh68": ({"oware", "shove", "winks", "morris"}, 0.9, 0.95),
                    "fresh69": ({"draughts", "solitaire", "marbles", "pinball"}, 0.9, 0.85)}


@pytest.mark.parametrize("variants", RECENCY_FAMILIES)
def test_the_recency_families_reuse_keys_soon(variants: str) -> None:
    """Most keys used again come back within a short time (counted in events, a property
    of the stream alone)."""
    families, share, soon_share = RECENCY_FAMILIES[variants]
    n = 10_000
    for name, gen in getattr(HELDOUT, f"{variants}_variants")(n).items():
        if name.split("_")[0] not in families:
            continue
        again, soon = _reuses(gen())
        assert again > share * n and soon > soon_share * again, (name, again, soon)


def test_the_variants_help_names_every_held_out_set() -> None:
    """--variants' help describes every registered held-out set, the newest included."""
    out = subprocess.run([sys.executable, str(BENCH / "cache_rule_heldout.py"), "--help"],
                         capture_output=True, text=True, check=True).stdout
    text = " ".join(out.split())
    # The round is the one the set's paragraph says it was written in.
    assert set(HELDOUT.WRITTEN_IN) >= set(HELDOUT.HELD_OUT)
    assert (HELDOUT.WRITTEN_IN["fresh69"], HELDOUT.WRITTEN_IN["fresh70"],
            HELDOUT.WRITTEN_IN["fresh75"], HELDOUT.WRITTEN_IN["fresh76"]) == (81, 84, 90, 96)
    for k in range(7, len(SETS) + 8):
        assert f"fresh{k}: round {HELDOUT.WRITTEN_IN[f'fresh{k}']}'s held-out set" in text, k


def test_a_ward_chart_has_the_sections_its_rounds_read() -> None:
    with pytest.raises(ValueError):
        next(HELDOUT.ward_charts(1, 4, 2.0, 4, 10, 1.0, 50))

