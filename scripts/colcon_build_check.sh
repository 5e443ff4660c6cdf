#!/usr/bin/env bash
# The robot install path, proven here: `colcon build` of this package in a workspace whose
# underlay is the wheel-based ROS 2 in .venv (instead of /opt/ros/<distro>). Checks that the
# interfaces, node executables, launch files and config land where `ros2 run` and
# `ros2 launch` look for them, and that the installed package imports.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$root/.venv"
ws="$root/build/colcon_ws"
mkdir -p "$ws/src"
ln -sfn "$root" "$ws/src/memory_node"
export VIRTUAL_ENV="$venv" AMENT_PREFIX_PATH="$venv" CMAKE_PREFIX_PATH="$venv" PATH="$venv/bin:$PATH"
cd "$ws"
# colcon gives make "-jN -lN" (N = cores): on two cores the compile's own load soon passes
# N and make then runs one job at a time, or none while other work loads the machine (the
# check took 7.4 min at load ~3.5). A -j of our own in MAKEFLAGS replaces both.
export MAKEFLAGS="${MAKEFLAGS:--j$(nproc)}"
# The build tree is the one scripts/setup.sh compiled the interfaces in (same sources, same
# compiler flags): colcon reconfigures it for its own install prefix and installs. The
# install option is given because that tree was configured with it off.
# build/ is inside the package source; tell colcon not to crawl into it.
touch "$root/build/COLCON_IGNORE"
colcon --log-base "$ws/log" build --base-paths src --build-base "$ws/build" \
  --install-base "$ws/install" --cmake-args -DBUILD_TESTING=OFF -DMEMORY_NODE_INSTALL_PYTHON=ON \
  -DPython3_EXECUTABLE="$venv/bin/python" >"$ws/colcon.log" 2>&1 \
  || { tail -60 "$ws/colcon.log" >&2; exit 1; }
prefix="$ws/install/memory_node"
for f in lib/memory_node/memory_server share/memory_node/launch/memory.launch.py \
         share/memory_node/config/memory.yaml share/memory_node/package.xml \
         share/ament_index/resource_index/packages/memory_node; do
  [ -e "$prefix/$f" ] || { echo "colcon install lacks $f" >&2; exit 1; }
done
site="$prefix/lib/python3.11/site-packages"
(cd / && LD_LIBRARY_PATH="$prefix/lib:${LD_LIBRARY_PATH:-}" PYTHONPATH="$site" \
  "$venv/bin/python" -S -c "
import site, sys; site.main()
sys.path.insert(0, '$site')
import memory_node, memory_node.msg, memory_node.srv, memory_node.nodes.memory_server
assert memory_node.__file__.startswith('$site'), memory_node.__file__
print('colcon build: ok,', memory_node.__file__)")
