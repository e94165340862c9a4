"""TOPs: the TOP class and what a TOP shows (previews, GLSL shaders, feedback)."""
