"""ros2 launch memory_node memory.launch.py [params_file:=...] [memory_dir:=...]

Starts the memory server and the perception node with config/memory.yaml (rviz:
`rviz2 -d $(ros2 pkg prefix memory_node)/share/memory_node/config/memory.rviz`). Where
`ros2 launch` is not installed (ROS 2 from PyPI wheels), `python -m memory_node.bringup`
starts the same nodes from the same file.
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
    memory_dir = LaunchConfiguration("memory_dir")
    namespace = LaunchConfiguration("namespace")
    # Whole camera images in shared memory (config/fastdds_large_messages.xml) when /dev/shm
    # can hold a segment per process; otherwise a warning and Fast DDS's defaults
    # (memory_node/transport.py, docs/deployment.md). The camera driver's launch needs it too.
    transport = [SetEnvironmentVariable(PROFILE_ENV, profile) for profile in
                 [large_message_env(processes=4).get(PROFILE_ENV)] if profile]
    return LaunchDescription([
        *transport,
        DeclareLaunchArgument(
            "params_file", default_value=os.path.join(share, "config", "memory.yaml"),
            description="Parameter file of the memory_node nodes."),
        DeclareLaunchArgument(
            "namespace", default_value="",
            description="Namespace of this robot's memory nodes (all names are relative)."),
        DeclareLaunchArgument(
            "memory_dir", default_value=os.path.expanduser("~/.ros/memory_node"),
            description="Directory of the SQLite memory and its snapshots."),
        Node(
            package="memory_node", executable="memory_server", name="memory_server",
            namespace=namespace, output="screen", respawn=True, respawn_delay=2.0,
            parameters=[params_file, {"memory_dir": memory_dir}],
        ),
        # Camera + SLAM pose + detections -> /memory/observations, in its own process so
        # the point-cloud work never stalls the memory's services.
        DeclareLaunchArgument(
            "start_perception", default_value="true",
            description="Start the perception node (camera, pose and detection topics)."),
        Node(
            package="memory_node", executable="perception_node", name="perception_node",
            namespace=namespace, output="screen", respawn=True, respawn_delay=2.0,
            parameters=[params_file],
            condition=IfCondition(LaunchConfiguration("start_perception")),
        ),
        # Optional: object states read off stored crops by a VLM (needs an endpoint).
        DeclareLaunchArgument(
            "start_vlm_state", default_value="false",
            description="Start the vlm_state node (OpenAI-compatible VLM endpoint)."),
        Node(
            package="memory_node", executable="vlm_state_node", name="vlm_state",
            namespace=namespace, output="screen", respawn=True, respawn_delay=5.0,
            parameters=[params_file],
            condition=IfCondition(LaunchConfiguration("start_vlm_state")),
        ),
    ])
