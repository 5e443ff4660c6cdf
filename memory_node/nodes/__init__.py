"""Thin rclpy shells around memory_node.core: parameters, topics, services, conversion."""
