"""Task suites for the household benchmark (pure Python, no ROS): our JSON format, KARMA's
ALFRED-L files, long random task streams, and the metrics computed from a run's records.
See bench/README_tasks.md."""
