"""tdsim's tests. Importing the package puts bridge/sim on the import path, where td, tdu and
tdsim are."""
import os
import sys

SIM = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "bridge", "sim"))
if SIM not in sys.path:
    sys.path.insert(0, SIM)
