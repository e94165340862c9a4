"""CHOPs: the CHOP class, its channels and the cook model that computes them."""
