/**
 * Each tool's one code name. Folders and modules use it in kebab case (`press-release/`), types,
 * plan features and allowances as written here; only the pages' URLs and the product names the
 * visitor reads (VoxRelease, /voxrelease) differ, because they are the brand.
 */
export type ToolId = "tts" | "sentiment" | "live" | "pressRelease" | "voiceConversion" | "deepfake";
