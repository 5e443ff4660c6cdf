"""A browser view of the memory (rerun web viewer): a thin ROS bridge over a pure core."""
