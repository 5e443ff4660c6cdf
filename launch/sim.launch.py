"""ros2 launch memory_node sim.launch.py [params_file:=...] [with_memory:=true]

Starts the household world (sensors, /clock, map/places, the base and arm skill servers)
with config/sim.yaml; with with_memory:=true also the memory server and the perception
node with config/memory.yaml. Where `ros2 launch` is not installed (ROS 2 from PyPI
wheels), `python -m memory_node.sim.bringup [--with-memory]` starts the same nodes.
"""

import os

from ament_index_python.packages import get_package_share_directory
from launch.actions import DeclareLaunchArgument, SetEnvironmentVariable
from launch.conditions import IfCondition
from launch.substitutions import LaunchConfiguration
from launch_ros.actions import Node

from launch import LaunchDescription
from memory_node.transport import PROFILE_ENV, large_message_env


def generate_launch_description() -> LaunchDescription:
    share = get_package_share_directory("memory_node")
    params_file = LaunchConfiguration("params_file")
    memory_params = LaunchConfiguration("memory_params")
    with_memory = IfCondition(LaunchConfiguration("with_memory"))
    # Whole camera images in shared memory (config/fastdds_large_messages.xml) when /dev/shm
    # can hold a segment per process; otherwise a warning and Fast DDS's defaults
    # (memory_node/transport.py, docs/deployment.md). The camera driver's launch needs it too.
    transport = [SetEnvironmentVariable(PROFILE_ENV, profile) for profile in
                 [large_message_env(processes=4).get(PROFILE_ENV)] if profile]
    return LaunchDescription([
        *transport,
        DeclareLaunchArgument("params_file",
                              default_value=os.path.join(share, "config", "sim.yaml"),
                              description="Parameter file of the household world."),
        DeclareLaunchArgument("memory_params",
                              default_value=os.path.join(share, "config", "memory.yaml"),
                              description="Parameter file of the memory nodes."),
        DeclareLaunchArgument("with_memory", default_value="false",
                              description="Also start the memory server and perception."),
        Node(package="memory_node", executable="household_world", name="household_world",
             output="screen", respawn=True, respawn_delay=2.0, parameters=[params_file],
             additional_env={"MUJOCO_GL": "egl"}),
        Node(package="memory_node", executable="memory_server", name="memory_server",
             output="screen", respawn=True, respawn_delay=2.0, parameters=[memory_params],
             condition=with_memory),
        Node(package="memory_node", executable="perception_node", name="perception_node",
             output="screen", respawn=True, respawn_delay=2.0, parameters=[memory_params],
             condition=with_memory),
    ])
