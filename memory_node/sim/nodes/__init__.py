"""Thin ROS 2 shells over memory_node.sim.core."""
