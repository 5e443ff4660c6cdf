"""ROS 2 shell of the planner: the ExecuteInstruction server and ExecuteSkill clients."""
