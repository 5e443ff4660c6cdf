"""The memory itself, in plain Python: nothing under this package imports rclpy."""
