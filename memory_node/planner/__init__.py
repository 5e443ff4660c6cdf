"""The planner: instruction + memory -> validated skill calls on the base and the arm.

`core/` is pure Python (plan loop, prompt, LLM backends, parsing and validation, offline
planner); `nodes/` holds the thin ROS 2 node around it.
"""
