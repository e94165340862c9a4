/** The first-party recipes every release must ship, by category (the folder under `recipes/`). */
export const REQUIRED_RECIPES: Record<string, string[]> = {
  feedback: ["feedback_basic", "feedback_tunnel", "feedback_tunnel_performable", "feedback_zoom_blur", "datamosh_echo", "slit_scan"],
  audio: ["audio_reactive_basic", "audio_level_meter", "spectrum_bars", "spectrum_bands", "waveform_scope", "sidechain_pump", "tempo_clock", "sonification"],
  glsl: ["glsl_basic", "glsl_kaleidoscope", "raymarch_tunnel", "raymarch_spheres", "reaction_diffusion", "slime_mold", "strange_attractor", "chrome_blobs", "displacement_warp"],
  post: ["color_grade", "glitch", "halftone", "dither", "ascii_render", "luma_keyer", "strobe", "histogram_scope", "mirror_kaleido", "chromatic_aberration"],
  generative: ["noise_landscape", "noise_flow_field", "particle_system", "particle_galaxy", "growth_system", "fluid_sim"],
  scene3d: ["scene_basic", "depth_displacement"],
  text: ["lower_third", "kinetic_text", "text_path_follow", "text_audio_reactive"],
  mixing: ["ab_decks", "layer_stack", "crossfade", "transition_dissolve"],
  show: ["timeline_demo", "keyframe_animation", "test_pattern_grid", "led_strip_mapper", "projection_mapping", "foh_dashboard"],
  tracking: ["body_tracking_reactive", "pose_skeleton", "face_overlay", "kinect_silhouette", "optical_flow_particles"],
  synth: ["video_synth_oscillator", "webcam_glitch"],
};

export const REQUIRED_FILES: string[] = Object.entries(REQUIRED_RECIPES).flatMap(([category, names]) => names.map((n) => `${category}/${n}.svcnet`));
