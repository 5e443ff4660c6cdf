"""The goal checker's binding rule: within a task, a type named alone means the instance an
earlier met condition bound (the one the robot acted on in this task, from the world's own
record)."""

from __future__ import annotations

import json

from memory_node.sim.core.goals import Binding, check
from memory_node.sim.core.truth import from_state, to_state
from memory_node.sim.core.world import ACTED_KEEP


def _sorted(w, t):
    return sorted(w.of_type(t), key=lambda o: o.id)


class Bot:
    """Runs skills through the real skill logic, targets from the truth."""

    def __init__(self, world, runner, target) -> None:
        self.w, self.r, self.t = world, runner, target

    def do(self, skill, *objs, extra=()):
        targets = [self.t(self.w, o) for o in objs if o in self.w.objects]
        args = [f"mem_{o}" if o in self.w.objects else o for o in objs] + list(extra)
        out = self.r.run(self.w, skill, args, targets)
        assert out.success, out.message
        self.w = out.world
        return out


def _knife_into_a_drawer(world, runner, target):
    """Pick the knife, open the drawer nearest it and put the knife in; the other drawers
    of the house stay closed."""
    bot = Bot(world, runner, target)
    knife = _sorted(bot.w, "Knife")[0]
    bot.do("navigate", knife.id)
    bot.do("pick", knife.id)
    drawer = min(_sorted(bot.w, "Drawer"),
                 key=lambda d: float(((d.position - knife.position) ** 2).sum()))
    bot.do("navigate", drawer.id)
    bot.do("open", drawer.id)
    bot.do("put", knife.id, drawer.id, extra=["in"])
    return bot, knife, drawer


def test_close_it_means_the_drawer_the_knife_went_into(world, runner, target) -> None:
    bot, knife, drawer = _knife_into_a_drawer(world, runner, target)
    assert any(d.is_open is False for d in bot.w.of_type("Drawer"))   # others are closed
    task = ["INSIDE(Knife, Drawer)", "CLOSED(Drawer)"]
    # Judged alone, any closed drawer of the house closes "it".
    assert check(bot.w, task) == [True, True]
    binding = Binding()
    assert [binding.check(bot.w, c) for c in task] == [True, False]
    assert binding.bound["Drawer"] == {drawer.id} and binding.bound["Knife"] == {knife.id}
    bot.do("close", drawer.id)
    binding = Binding()
    assert [binding.check(bot.w, c) for c in task] == [True, True]
    # The world's record names what the arm acted on, the knife's old receptacle too.
    assert bot.w.acted[-3:] == [knife.id, drawer.id, drawer.id]   # ..., put, close


def test_the_binding_survives_the_published_ground_truth(world, runner, target) -> None:
    bot, _knife, _drawer = _knife_into_a_drawer(world, runner, target)
    again = from_state(json.loads(json.dumps(to_state(bot.w))))
    assert again.acted == bot.w.acted
    task = ["INSIDE(Knife, Drawer)", "CLOSED(Drawer)"]
    a, b = Binding(), Binding()
    assert [a.check(again, c) for c in task] == [b.check(bot.w, c) for c in task] == \
        [True, False]


def test_a_pick_records_the_receptacle_it_took_from(world, runner, target) -> None:
    bot, knife, drawer = _knife_into_a_drawer(world, runner, target)
    bot.w.acted = []
    bot.do("pick", knife.id)
    assert bot.w.acted == [knife.id, drawer.id]


def test_of_several_that_meet_it_the_one_the_robot_acted_on_binds(world, runner,
                                                                  target) -> None:
    """"Open a drawer, then close it": another drawer stood open already (a bystander).
    The robot opens one and then closes the bystander: the task's drawer is still open."""
    bot = Bot(world, runner, target)
    used, bystander = _sorted(bot.w, "Drawer")[:2]
    bot.w.objects[bystander.id].is_open = True
    bot.do("navigate", used.id)
    bot.do("open", used.id)
    binding = Binding()
    assert binding.check(bot.w, "OPEN(Drawer)")
    assert binding.bound["Drawer"] == {used.id}
    bot.do("navigate", bystander.id)
    bot.do("close", bystander.id)
    assert not binding.check(bot.w, "CLOSED(Drawer)")
    bot.do("navigate", used.id)
    bot.do("close", used.id)
    assert binding.check(bot.w, "CLOSED(Drawer)")


def test_without_an_act_all_that_meet_it_stay_candidates_then_narrow(world) -> None:
    a, b, c = _sorted(world, "Drawer")[:3]
    world.acted = []
    a.is_open = b.is_open = True
    binding = Binding()
    assert binding.check(world, "OPEN(Drawer)")
    assert binding.bound["Drawer"] == {a.id, b.id}      # no arbitrary choice
    assert not binding.check(world, "CLOSED(Drawer)")   # c is closed, but not a candidate
    a.is_open = False
    assert binding.check(world, "CLOSED(Drawer)")
    assert binding.bound["Drawer"] == {a.id}


def test_ids_are_judged_as_written_and_negative_or_unmet_goals_bind_nothing(world) -> None:
    a, b = _sorted(world, "Drawer")[:2]
    world.acted = []
    binding = Binding()
    assert binding.check(world, f"CLOSED({a.id})") and binding.bound == {}
    assert not binding.check(world, "OPEN(Drawer)") and binding.bound == {}
    b.is_open = True
    # "No drawer may stay open" does not hold: it is a failure, and binds nothing.
    assert binding.check(world, "OPEN(Drawer)", expected=False) and binding.bound == {}
    assert binding.check(world, "OPEN(Drawer)") and binding.bound["Drawer"] == {b.id}
    # An id outside the binding is still judged as written.
    assert binding.check(world, f"CLOSED({a.id})")


def test_an_earlier_tasks_act_binds_nothing_in_this_task(world, runner, target) -> None:
    """Round 84 (tune untidied 4019, "put the spoon away in the drawer and close it"): an
    earlier task opened both drawers, the second last. This task's "open a drawer" holds
    without an act; "close it" then closes the first. The earlier act on the second drawer
    must not make it this task's drawer."""
    bot = Bot(world, runner, target)
    a, b = _sorted(bot.w, "Drawer")[:2]
    for d in (a, b):                       # the earlier task
        bot.do("navigate", d.id)
        bot.do("open", d.id)
    binding = Binding(since=bot.w.acted_count)   # this task starts
    assert binding.check(bot.w, "OPEN(Drawer)")
    assert binding.bound["Drawer"] == {a.id, b.id}      # this task acted on neither
    bot.do("navigate", a.id)
    bot.do("close", a.id)
    assert binding.check(bot.w, "CLOSED(Drawer)")
    assert binding.bound["Drawer"] == {a.id}


def test_the_tasks_start_survives_the_records_truncation_and_the_ground_truth(world) -> None:
    a, b = _sorted(world, "Drawer")[:2]
    a.is_open = b.is_open = True
    world.record_acted(*[b.id] * (ACTED_KEEP + 5))   # earlier tasks: more than the record keeps
    binding = Binding(since=world.acted_count)
    world.record_acted(a.id)                          # this task acts on a
    again = from_state(json.loads(json.dumps(to_state(world))))
    assert again.acted_count == world.acted_count and len(again.acted) == ACTED_KEEP
    assert binding.check(again, "OPEN(Drawer)") and binding.bound["Drawer"] == {a.id}
    later = Binding(since=again.acted_count)          # a task that has not acted yet
    assert later.check(again, "OPEN(Drawer)") and later.bound["Drawer"] == {a.id, b.id}
