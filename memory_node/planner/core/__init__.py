"""Planner core: no rclpy below this folder (tested without ROS in test/planner/)."""
