/**
 * Every svc tool, one line each, in name order: its name, the profiles it declares and whether it
 * runs client Python, which is all a server needs to pick a profile's tools without importing the
 * others (a tool file builds its zod schemas when imported, which is most of the start-up time).
 * To add a tool, write its file (a `defineTool(...)`, see registry.ts) and add its line here;
 * `test/mcp/tool-manifest.test.ts` fails until the line matches the file, and a call to a tool that
 * disagrees with its line fails. `npm run build` writes its tools/list entry (generated-tool-list.ts).
 */
import type { AnyToolDefinition, ProfileTag, ToolFeature } from "./registry.js";

export interface ToolManifestEntry {
  name: string;
  profiles: readonly ProfileTag[];
  rawPython?: true;
  /** Offered only when this feature is on as well (see ToolSelection). */
  feature?: ToolFeature;
  /** Imports the tool's file: the only place its module is named. */
  load(): Promise<AnyToolDefinition>;
}

export const toolManifest: readonly ToolManifestEntry[] = [
  {
    name: "adopt_network",
    profiles: ["core"],
    load: async () => (await import("./network/adopt-network.js")).adoptNetwork,
  },
  {
    name: "analyze_project",
    profiles: ["core", "safe"],
    load: async () => (await import("./project/analyze-project.js")).analyzeProject,
  },
  {
    name: "animate_parameter",
    profiles: [],
    load: async () => (await import("./blocks/animate-parameter.js")).animateParameter,
  },
  {
    name: "apply_creative_card",
    profiles: ["core", "safe"],
    feature: "creative-apply-card",
    load: async () => (await import("./creative/apply-creative-card.js")).applyCreativeCard,
  },
  {
    name: "apply_network",
    profiles: ["core"],
    load: async () => (await import("./network/apply-network.js")).applyNetwork,
  },
  {
    name: "apply_recipe",
    profiles: ["core", "safe"],
    load: async () => (await import("./artist/apply-recipe.js")).applyRecipe,
  },
  {
    name: "apply_vault_note",
    profiles: [],
    load: async () => (await import("./vault/apply-vault-note.js")).applyVaultNote,
  },
  {
    name: "arrange_network",
    profiles: [],
    load: async () => (await import("./edit/arrange-network.js")).arrangeNetwork,
  },
  {
    name: "author_script_operator",
    profiles: [],
    rawPython: true,
    load: async () => (await import("./live/author-script-operator.js")).authorScriptOperator,
  },
  {
    name: "auto_repair_loop",
    profiles: [],
    load: async () => (await import("./edit/auto-repair-loop.js")).autoRepairLoop,
  },
  {
    name: "batch_operations",
    profiles: [],
    load: async () => (await import("./edit/batch-operations.js")).batchOperations,
  },
  {
    name: "bundle_dependencies",
    profiles: [],
    load: async () => (await import("./packaging/bundle-dependencies.js")).bundleDependencies,
  },
  { name: "caption_top", profiles: ["safe"], load: async () => (await import("./copilot/caption-top.js")).captionTop },
  {
    name: "check_operator_availability",
    profiles: ["core", "safe"],
    load: async () => (await import("./knowledge/check-operator-availability.js")).checkOperatorAvailability,
  },
  {
    name: "compact_graph_digest",
    profiles: ["core", "safe"],
    load: async () => (await import("./network/compact-graph-digest.js")).compactGraphDigest,
  },
  { name: "connect_nodes", profiles: [], load: async () => (await import("./edit/connect-nodes.js")).connectNodes },
  {
    name: "control_timeline_transport",
    profiles: [],
    load: async () => (await import("./project/control-timeline-transport.js")).controlTimelineTransport,
  },
  {
    name: "copilot_vision",
    profiles: ["safe"],
    load: async () => (await import("./copilot/copilot-vision.js")).copilotVision,
  },
  {
    name: "create_audio_reactive",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-audio-reactive.js")).createAudioReactive,
  },
  {
    name: "create_color_grade",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-color-grade.js")).createColorGrade,
  },
  {
    name: "create_control_panel",
    profiles: [],
    load: async () => (await import("./blocks/create-control-panel.js")).createControlPanel,
  },
  {
    name: "create_decks",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-decks.js")).createDecks,
  },
  {
    name: "create_dither",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-dither.js")).createDither,
  },
  {
    name: "create_external_io",
    profiles: [],
    load: async () => (await import("./blocks/create-external-io.js")).createExternalIo,
  },
  {
    name: "create_feedback_network",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-feedback-network.js")).createFeedbackNetwork,
  },
  {
    name: "create_fluid_sim",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-fluid-sim.js")).createFluidSim,
  },
  {
    name: "create_generative_art",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-generative-art.js")).createGenerativeArt,
  },
  {
    name: "create_glitch",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-glitch.js")).createGlitch,
  },
  {
    name: "create_growth_system",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-growth-system.js")).createGrowthSystem,
  },
  {
    name: "create_halftone",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-halftone.js")).createHalftone,
  },
  {
    name: "create_kaleidoscope",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-kaleidoscope.js")).createKaleidoscope,
  },
  { name: "create_macro", profiles: [], load: async () => (await import("./artist/create-macro.js")).createMacro },
  {
    name: "create_node_chain",
    profiles: [],
    load: async () => (await import("./edit/create-node-chain.js")).createNodeChain,
  },
  { name: "create_panic", profiles: [], load: async () => (await import("./artist/create-panic.js")).createPanic },
  {
    name: "create_particle_system",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-particle-system.js")).createParticleSystem,
  },
  {
    name: "create_python_script",
    profiles: [],
    rawPython: true,
    load: async () => (await import("./live/create-python-script.js")).createPythonScript,
  },
  {
    name: "create_safety_blackout_chain",
    profiles: [],
    load: async () => (await import("./artist/create-safety-blackout-chain.js")).createSafetyBlackoutChain,
  },
  {
    name: "create_scene_timeline",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-scene-timeline.js")).createSceneTimeline,
  },
  {
    name: "create_setlist_runner",
    profiles: [],
    load: async () => (await import("./artist/create-setlist-runner.js")).createSetlistRunner,
  },
  {
    name: "create_show_failover",
    profiles: [],
    load: async () => (await import("./artist/create-show-failover.js")).createShowFailover,
  },
  {
    name: "create_stage_dashboard",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-stage-dashboard.js")).createStageDashboard,
  },
  { name: "create_td_node", profiles: [], load: async () => (await import("./edit/create-td-node.js")).createTdNode },
  {
    name: "create_visual_system",
    profiles: ["safe"],
    load: async () => (await import("./artist/create-visual-system.js")).createVisualSystem,
  },
  { name: "delete_td_node", profiles: [], load: async () => (await import("./edit/delete-td-node.js")).deleteTdNode },
  {
    name: "diff_network",
    profiles: ["core", "safe"],
    load: async () => (await import("./network/diff-network.js")).diffNetwork,
  },
  {
    name: "disconnect_nodes",
    profiles: [],
    load: async () => (await import("./edit/disconnect-nodes.js")).disconnectNodes,
  },
  {
    name: "duplicate_network",
    profiles: [],
    load: async () => (await import("./project/duplicate-network.js")).duplicateNetwork,
  },
  {
    name: "edit_dat_content",
    profiles: [],
    load: async () => (await import("./edit/edit-dat-content.js")).editDatContent,
  },
  {
    name: "edit_node_metadata",
    profiles: [],
    load: async () => (await import("./editor/edit-node-metadata.js")).editNodeMetadata,
  },
  {
    name: "enhance_build",
    profiles: ["safe"],
    load: async () => (await import("./copilot/enhance-build.js")).enhanceBuild,
  },
  {
    name: "exec_node_method",
    profiles: [],
    rawPython: true,
    load: async () => (await import("./live/exec-node-method.js")).execNodeMethod,
  },
  {
    name: "execute_python_script",
    profiles: [],
    rawPython: true,
    load: async () => (await import("./live/execute-python-script.js")).executePythonScript,
  },
  {
    name: "export_externalized_tree",
    profiles: [],
    load: async () => (await import("./packaging/export-externalized-tree.js")).exportExternalizedTree,
  },
  {
    name: "export_look_tox",
    profiles: [],
    load: async () => (await import("./packaging/export-look-tox.js")).exportLookTox,
  },
  {
    name: "export_network",
    profiles: ["core", "safe"],
    load: async () => (await import("./network/export-network.js")).exportNetworkTool,
  },
  {
    name: "find_td_nodes",
    profiles: ["core", "safe"],
    load: async () => (await import("./live/find-td-nodes.js")).findTdNodes,
  },
  {
    name: "find_td_parameters",
    profiles: ["safe"],
    load: async () => (await import("./live/find-td-parameters.js")).findTdParameters,
  },
  {
    name: "focus_network_editor",
    profiles: ["safe"],
    load: async () => (await import("./editor/focus-network-editor.js")).focusNetworkEditor,
  },
  {
    name: "format_network",
    profiles: ["core", "safe"],
    load: async () => (await import("./language/format-network.js")).formatNetwork,
  },
  {
    name: "generate_readme",
    profiles: ["safe"],
    load: async () => (await import("./packaging/generate-readme.js")).generateReadme,
  },
  {
    name: "get_dat_content",
    profiles: ["safe"],
    load: async () => (await import("./live/get-dat-content.js")).getDatContent,
  },
  {
    name: "get_inline_preview",
    profiles: ["core", "safe"],
    load: async () => (await import("./live/get-inline-preview.js")).getInlinePreview,
  },
  {
    name: "get_network_picture",
    profiles: ["safe"],
    load: async () => (await import("./language/get-network-picture.js")).getNetworkPicture,
  },
  {
    name: "get_node_state_runtime",
    profiles: ["safe"],
    load: async () => (await import("./live/get-node-state-runtime.js")).getNodeStateRuntime,
  },
  {
    name: "get_parameter_menu",
    profiles: ["core", "safe"],
    load: async () => (await import("./knowledge/get-parameter-menu.js")).getParameterMenu,
  },
  { name: "get_preview", profiles: ["safe"], load: async () => (await import("./live/get-preview.js")).getPreview },
  {
    name: "get_td_docs",
    profiles: ["core", "safe"],
    load: async () => (await import("./knowledge/get-td-docs.js")).getTdDocs,
  },
  {
    name: "get_td_info",
    profiles: ["core", "safe"],
    load: async () => (await import("./live/get-td-info.js")).getTdInfo,
  },
  {
    name: "get_td_logs",
    profiles: ["core", "safe"],
    load: async () => (await import("./project/get-td-logs.js")).getTdLogs,
  },
  {
    name: "get_td_node_errors",
    profiles: ["core", "safe"],
    load: async () => (await import("./live/get-td-node-errors.js")).getTdNodeErrors,
  },
  {
    name: "get_td_node_flags",
    profiles: ["safe"],
    load: async () => (await import("./live/get-td-node-flags.js")).getTdNodeFlags,
  },
  {
    name: "get_td_system",
    profiles: ["safe"],
    load: async () => (await import("./project/get-td-system.js")).getTdSystem,
  },
  {
    name: "insert_operator_at_selection",
    profiles: [],
    load: async () => (await import("./editor/insert-operator-at-selection.js")).insertOperatorAtSelection,
  },
  {
    name: "layout_annotations",
    profiles: [],
    load: async () => (await import("./editor/layout-annotations.js")).layoutAnnotations,
  },
  {
    name: "link_vault_note",
    profiles: [],
    load: async () => (await import("./vault/link-vault-note.js")).linkVaultNote,
  },
  {
    name: "list_vault_notes",
    profiles: ["safe"],
    load: async () => (await import("./vault/list-vault-notes.js")).listVaultNotes,
  },
  {
    name: "load_session_profile",
    profiles: ["safe"],
    load: async () => (await import("./session/load-session-profile.js")).loadSessionProfile,
  },
  {
    name: "make_portable_tox",
    profiles: [],
    load: async () => (await import("./packaging/make-portable-tox.js")).makePortableTox,
  },
  {
    name: "manage_agent_skills",
    profiles: [],
    load: async () => (await import("./packaging/manage-agent-skills.js")).manageAgentSkills,
  },
  {
    name: "manage_annotation",
    profiles: [],
    load: async () => (await import("./editor/manage-annotation.js")).manageAnnotation,
  },
  {
    name: "manage_artist_workspace",
    profiles: [],
    load: async () => (await import("./editor/manage-artist-workspace.js")).manageArtistWorkspace,
  },
  {
    name: "manage_component",
    profiles: [],
    load: async () => (await import("./packaging/manage-component.js")).manageComponent,
  },
  { name: "manage_cue", profiles: [], load: async () => (await import("./artist/manage-cue.js")).manageCue },
  {
    name: "manage_custom_parameters",
    profiles: [],
    load: async () => (await import("./editor/manage-custom-parameters.js")).manageCustomParameters,
  },
  {
    name: "manage_packages",
    profiles: [],
    load: async () => (await import("./packaging/manage-packages.js")).managePackages,
  },
  {
    name: "narrate_set",
    profiles: ["safe"],
    load: async () => (await import("./copilot/narrate-set.js")).narrateSetTool,
  },
  {
    name: "plan_network",
    profiles: ["core", "safe"],
    load: async () => (await import("./network/plan-network.js")).planNetwork,
  },
  {
    name: "plan_vault_note",
    profiles: ["safe"],
    load: async () => (await import("./vault/plan-vault-note.js")).planVaultNote,
  },
  {
    name: "plan_visual",
    profiles: ["core", "safe"],
    load: async () => (await import("./artist/plan-visual.js")).planVisual,
  },
  {
    name: "provenance_stamp",
    profiles: [],
    load: async () => (await import("./packaging/provenance-stamp.js")).provenanceStamp,
  },
  {
    name: "publish_recipe_bundle",
    profiles: [],
    load: async () => (await import("./packaging/publish-recipe-bundle.js")).publishRecipeBundle,
  },
  {
    name: "pulse_parameter",
    profiles: [],
    load: async () => (await import("./editor/pulse-parameter.js")).pulseParameter,
  },
  {
    name: "read_vault_note",
    profiles: ["safe"],
    load: async () => (await import("./vault/read-vault-note.js")).readVaultNote,
  },
  {
    name: "rebuild_network",
    profiles: [],
    load: async () => (await import("./edit/rebuild-network.js")).rebuildNetwork,
  },
  { name: "reload_bridge", profiles: [], load: async () => (await import("./live/reload-bridge.js")).reloadBridge },
  {
    name: "release_network",
    profiles: [],
    load: async () => (await import("./network/release-network.js")).releaseNetwork,
  },
  { name: "repair_network", profiles: [], load: async () => (await import("./edit/repair-network.js")).repairNetwork },
  {
    name: "replace_project_brief",
    profiles: [],
    load: async () => (await import("./session/replace-project-brief.js")).replaceProjectBrief,
  },
  { name: "save_node", profiles: [], load: async () => (await import("./project/save-node.js")).saveNode },
  { name: "save_project", profiles: [], load: async () => (await import("./project/save-project.js")).saveProject },
  {
    name: "search_operators",
    profiles: ["core", "safe"],
    load: async () => (await import("./knowledge/search-operators.js")).searchOperators,
  },
  {
    name: "search_td_code",
    profiles: ["safe"],
    load: async () => (await import("./live/search-td-code.js")).searchTdCode,
  },
  { name: "search_vault", profiles: ["safe"], load: async () => (await import("./vault/search-vault.js")).searchVault },
  {
    name: "serialize_network",
    profiles: ["safe"],
    load: async () => (await import("./edit/serialize-network.js")).serializeNetwork,
  },
  {
    name: "set_dat_content",
    profiles: [],
    load: async () => (await import("./edit/set-dat-content.js")).setDatContent,
  },
  { name: "set_parameter", profiles: [], load: async () => (await import("./edit/set-parameter.js")).setParameter },
  {
    name: "set_parameter_expression",
    profiles: [],
    load: async () => (await import("./edit/set-parameter-expression.js")).setParameterExpression,
  },
  {
    name: "set_perform_mode",
    profiles: [],
    load: async () => (await import("./project/set-perform-mode.js")).setPerformMode,
  },
  {
    name: "summarize_td_errors",
    profiles: ["safe"],
    load: async () => (await import("./live/summarize-td-errors.js")).summarizeTdErrors,
  },
  { name: "swap_operator", profiles: [], load: async () => (await import("./edit/swap-operator.js")).swapOperator },
  {
    name: "validate_network",
    profiles: ["core", "safe"],
    load: async () => (await import("./language/validate-network.js")).validateNetwork,
  },
  { name: "watch_node", profiles: ["safe"], load: async () => (await import("./project/watch-node.js")).watchNode },
  {
    name: "write_vault_note",
    profiles: [],
    load: async () => (await import("./vault/write-vault-note.js")).writeVaultNote,
  },
];
