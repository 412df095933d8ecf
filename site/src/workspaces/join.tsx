import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useSWRConfig } from "swr";
import { signOut } from "../account/sign-out.ts";
import { ApiError, EMAIL_UNVERIFIED } from "../api/client.ts";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { DocumentTitle } from "../ui/document-title.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import { useModals } from "../ui/modal-context.ts";
import { toast } from "../ui/toast.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { forgetJoinToken, joinPath, keepJoinToken, keptJoinToken } from "./join-token.ts";
import { useSwitchWorkspace } from "./use-workspace.ts";
import { acceptInvitation, WORKSPACES_KEY } from "./workspaces-api.ts";

type Problem = "another" | "gone" | "unverified" | { readonly message: string };

/** Why an invitation could not be accepted, in words that say what to do. */
function problemOf(error: unknown): Problem {
  if (error instanceof ApiError && error.code === "invitation_for_another") return "another";
  if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return "gone";
  if (error instanceof ApiError && error.code === EMAIL_UNVERIFIED) return "unverified";
  return { message: errorMessage(error) };
}

/**
 * The invitation's token: the link's, kept for the tab, or the one kept before signing up. None
 * while the page hydrates: the build cannot know the query string.
 */
function useJoinToken(): string | null {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const fromLink = (hydrated && params.get("token")?.trim()) || null;
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    if (fromLink) keepJoinToken(fromLink);
    else if (hydrated) setKept(keptJoinToken());
  }, [fromLink, hydrated]);
  return fromLink ?? kept;
}

function SignedOut({ token }: { token: string }) {
  const { openModal } = useModals();
  const logIn = () => openModal("login", { continueTo: { label: "your invitation", path: joinPath(token) } });
  // A new person signs up first; the form says how to log in instead.
  useEffect(() => openModal("signup"), [openModal]);
  return (
    <>
      <p>
        You were invited to work with a team on Vox. Create an account with the e-mail address the invitation was sent
        to, or log in if you have one: you come back here to accept it.
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => openModal("signup")}>
          Create account
        </button>
        <button type="button" className="button button--ghost" onClick={logIn}>
          Log in
        </button>
      </div>
    </>
  );
}

function SignedIn({ token, email }: { token: string; email: string | undefined }) {
  const { openModal } = useModals();
  const { mutate } = useSWRConfig();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const accept = async () => {
    setAccepting(true);
    setProblem(null);
    try {
      const { workspace } = await acceptInvitation(token);
      forgetJoinToken();
      // The header's list first, so the choice is one of its workspaces when it is stored.
      await mutate(WORKSPACES_KEY);
      await switchTo(workspace.id);
      toast.success(`You joined ${workspace.name}.`);
      navigate(PATHS.solutions);
    } catch (error) {
      const found = problemOf(error);
      if (found === "gone") forgetJoinToken();
      setProblem(found);
    } finally {
      setAccepting(false);
    }
  };

  return (
    <>
      <p>
        You were invited to work with a team on Vox. Accept to join it{email ? ` as ${email}` : ""}; you can switch
        between your own work and theirs in the header.
      </p>
      {problem === "another" ? (
        <div role="alert">
          <p className="field__error">
            This invitation was sent to another e-mail address. Sign out and sign in with that address.
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              signOut();
              openModal("login", { continueTo: { label: "your invitation", path: joinPath(token) } });
            }}
          >
            Sign out
          </button>
        </div>
      ) : problem === "gone" ? (
        <p className="field__error" role="alert">
          This invitation has expired, was already used, or was withdrawn. Ask the person who invited you to send a new
          one.
        </p>
      ) : problem === "unverified" ? (
        <div role="alert">
          <p className="field__error">Verify your e-mail address first, then accept the invitation.</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => openModal("verifyEmail", { email: email ?? "" })}
          >
            Enter the code
          </button>
        </div>
      ) : problem ? (
        <p className="field__error" role="alert">
          {problem.message}
        </p>
      ) : null}
      {problem !== "gone" && problem !== "another" && (
        <BusyButton
          className="button button--primary"
          busy={accepting}
          busyLabel="Accepting…"
          onClick={() => void accept()}
        >
          Accept the invitation
        </BusyButton>
      )}
    </>
  );
}

/**
 * `/join?token=…`, the invitation e-mail's link. Signed in, the person accepts and is taken into the
 * workspace; signed out, the token is kept for the tab while they sign up (or log in) and they come
 * back here to accept. The Worker does not say whose workspace a token is for until it is accepted.
 */
export function Component() {
  const user = useStoredUser();
  const token = useJoinToken();
  const hydrated = useHydrated();
  return (
    <section className="narrow join">
      <DocumentTitle>Join a workspace · Vox</DocumentTitle>
      <h1>Join a workspace</h1>
      <div className="panel" data-session-dependent="">
        {!hydrated ? null : !token ? (
          <p>
            This page opens from the link in an invitation e-mail. Open that link again, or ask the person who invited
            you to send a new one.
          </p>
        ) : user ? (
          <SignedIn token={token} email={user.email} />
        ) : (
          <SignedOut token={token} />
        )}
      </div>
    </section>
  );
}
