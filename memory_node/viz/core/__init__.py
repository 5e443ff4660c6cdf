"""What the browser view draws, without ROS: scene layers with level of detail, recent
changes, the robot path, and their logging to rerun."""
