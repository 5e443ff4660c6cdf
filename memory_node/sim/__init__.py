"""The simulated household (evaluation only): a world with rooms, furniture, small objects
and symbolic object states, rendered by MuJoCo; sensors as ROS 2 topics and skills as
ROS 2 actions. A robot install leaves this package out; nothing outside `memory_node.sim`
and `bench/` imports it.
"""
