import { z } from "zod";
import { colour } from "./artist-schemas.js";
import { defineRecipeTool } from "./define-recipe-tool.js";

export const createParticleSystem = defineRecipeTool({
  name: "create_particle_system",
  title: "Particle system",
  description:
    "Build a particle fountain (the particle_system recipe) with gravity, wind and turbulence, drawn as glowing sprites, with a live control panel.",
  recipe: "particle_system",
  network: "particles",
  args: {
    birth: z.number().min(0).max(500).optional().describe("particles born per frame (0..500)"),
    life: z.number().min(0.1).max(10).optional().describe("seconds each lives (0.1..10)"),
    gravity: z.number().min(-10).max(10).optional().describe("(-10..10)"),
    wind: z.number().min(-5).max(5).optional().describe("(-5..5)"),
    turbulence: z.number().min(0).max(5).optional().describe("(0..5)"),
    size: z.number().min(1).max(40).optional().describe("sprite size in pixels (1..40)"),
    color: colour.optional(),
  },
});
