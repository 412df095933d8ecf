import { render, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { expect } from "vitest";
import { CaptionViewer } from "../../site/src/live/caption-viewer.tsx";
import { RelaySocket } from "./relay-socket.ts";

/** A caption link's page, open, with its socket to the relay (`speakForTheRelay`) ready to be spoken for. */
export async function openWatchPage(): Promise<RelaySocket> {
  render(
    <MemoryRouter initialEntries={["/watch/token"]}>
      <Routes>
        <Route path="/watch/:token" element={<CaptionViewer />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect(RelaySocket.latest).not.toBeNull());
  return RelaySocket.latest as RelaySocket;
}
