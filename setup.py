"""Python packaging of memory_node.

On a robot, `colcon build` uses CMakeLists.txt (ament_cmake) and never runs this file. It is
what `pip install -e .` uses on a machine whose ROS 2 comes from PyPI wheels
(scripts/setup.sh), and what a user of the pure-Python core installs without ROS.
"""

from setuptools import find_packages, setup

setup(
    name="memory_node",
    version="0.1.0",
    description="Long- and short-term memory for an LLM-planned mobile manipulator (ROS 2)",
    license="Apache-2.0",
    python_requires=">=3.10",
    packages=find_packages(include=["memory_node", "memory_node.*"]),
    package_data={"memory_node": ["py.typed"]},
    entry_points={
        "console_scripts": [
            "memory_node_bringup = memory_node.bringup:main",
            "memory_server = memory_node.nodes.memory_server:main",
        ],
    },
)
