/**
 * How a network picture looks: TouchDesigner's editor colours by family on a dark background.
 * The colours are close to TouchDesigner's defaults as seen in its editor (UNVERIFIED against a
 * running build: compare a picture with the editor and adjust here).
 */
import type { Family } from "../../compiler/model.js";

export const FAMILY_COLOURS: Record<Family, string> = {
  TOP: "#8e5bb5",
  CHOP: "#4f9c4a",
  SOP: "#3f72b8",
  POP: "#c7793a",
  DAT: "#b5527f",
  MAT: "#a8a13c",
  COMP: "#7a7a7a",
};
export const UNKNOWN_FAMILY_COLOUR = "#5a5a5a";

export const PICTURE = {
  background: "#1c1c1c",
  panel: "#262626",
  panelStroke: "#4a4a4a",
  tile: "#333333",
  text: "#e6e6e6",
  dimText: "#a0a0a0",
  wire: "#c8c8c8",
  displayFlag: "#3fa7ff",
  bypassFlag: "#d6b34a",
  font: "DejaVu Sans, Verdana, Arial, sans-serif",
  /** Picture units per TouchDesigner unit: tiles of 160 × 130 become 120 × 97.5. */
  scale: 0.75,
  padding: 24,
  titleHeight: 28,
  /** Gap between a level's nodes and the boxes of the COMPs inside it. */
  gap: 24,
  headerHeight: 22,
  connector: 5,
};
