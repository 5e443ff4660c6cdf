"""memory_node: long- and short-term memory for an LLM-planned mobile manipulator."""
# The generated interface modules (memory_node.msg/srv/action) are installed by the CMake
# build into site-packages, while the Python code may come from the source tree (editable
# install). extend_path joins both directories into one package.
from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)
