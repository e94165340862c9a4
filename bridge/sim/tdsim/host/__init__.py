"""host: the Web Server DAT host that serves the bridge (run_host.py starts it), and the td names in
`__main__` as in TouchDesigner's textport."""
