import { useUser } from "./use-user.ts";

/** Mounted by the layout after first paint, so every page keeps the session fresh. */
export default function SessionRefresher() {
  useUser();
  return null;
}
