"""Pure-Python core of the household world (no rclpy): world model, layouts, state rules,
goal checker, navigation, skill logic, rendering and the detection error model."""
