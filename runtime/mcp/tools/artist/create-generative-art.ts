import { defineSettingsTool } from "./define-settings-tool.js";
import { GENERATIVE_STYLES } from "./generative-styles.js";

export const createGenerativeArt = defineSettingsTool({
  name: "create_generative_art",
  title: "Generative art",
  description:
    "Build a self-running generative piece from the library in the chosen style (flow field, landscape, attractor, reaction-diffusion, slime mold, galaxy, blobs), with its control panel.",
  recipe: GENERATIVE_STYLES,
  network: "generative",
});
