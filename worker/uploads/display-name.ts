/** Keeps the user's file name readable in lists without letting it shape a storage key. */
export function displayName(name: string): string {
  const cleaned = [...name]
    .filter((char) => char >= " " && char !== "/" && char !== "\\")
    .join("")
    .trim()
    .slice(0, 200);
  return cleaned || "Recording";
}
