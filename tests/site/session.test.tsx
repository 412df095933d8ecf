import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { clearSession, useStoredUser } from "../../site/src/api/session.ts";

describe("stored session", () => {
  it("reads the stored user and treats a tampered value as signed out", () => {
    localStorage.setItem("userObj", JSON.stringify({ name: "Bisi", subscription_status: 2 }));
    const { result, rerender } = renderHook(() => useStoredUser());
    expect(result.current).toEqual({ name: "Bisi", subscription_status: 2 });
    localStorage.setItem("userObj", "{not json");
    rerender();
    expect(result.current).toBeNull();
    localStorage.setItem("userObj", JSON.stringify({ name: 42 }));
    rerender();
    expect(result.current).toBeNull();
  });

  it("clearSession removes token and user and notifies subscribers", () => {
    localStorage.setItem("token", "t");
    localStorage.setItem("userObj", JSON.stringify({ name: "Bisi" }));
    const { result } = renderHook(() => useStoredUser());
    expect(result.current?.name).toBe("Bisi");
    act(() => clearSession());
    expect(result.current).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
  });
});
