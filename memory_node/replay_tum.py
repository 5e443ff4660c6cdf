"""`python -m memory_node.replay_tum SEQUENCE_DIR ...`: see memory_node.nodes.tum_replay."""

import sys

from memory_node.nodes.tum_replay import main

if __name__ == "__main__":
    sys.exit(main())
