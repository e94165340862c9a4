"""host: the Web Server DAT host that serves the bridge (run_host.py starts it)."""
