"""The bridge's version, on its own so that every module can import it without importing the package.

BRIDGE_VERSION changes with every change to the bridge's files (a test checks
bridge/VERSION_FINGERPRINT against the sources); svc reads it from this file's text.
"""

BRIDGE_VERSION = "0.2.63"
