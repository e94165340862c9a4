/** The looks create_generative_art offers, each a recipe of the library (shared with the planner). */
export const GENERATIVE_STYLES = {
  flow_field: "noise_flow_field",
  landscape: "noise_landscape",
  attractor: "strange_attractor",
  reaction_diffusion: "reaction_diffusion",
  slime_mold: "slime_mold",
  galaxy: "particle_galaxy",
  blobs: "chrome_blobs",
} as const;
